// The baselines use the project's generator (interpreter/random.hpp), so that they and the interpreter draw alike.
#pragma once

#include "../../interpreter/random.hpp"

namespace rulesrun::bench {
using rulesrun::Rng;
}  // namespace rulesrun::bench
