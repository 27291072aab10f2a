// The baselines draw from the interpreter's generator (basics/random.hpp), so that they and the interpreter draw alike.
#pragma once

#include "random.hpp"

namespace rulesrun::bench {
using rulesrun::Rng;
}  // namespace rulesrun::bench
