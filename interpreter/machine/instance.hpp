// Building the Instance (state.hpp) for one set of settings.
#pragma once

#include <memory>

#include "state.hpp"

namespace rulesrun::runtime {

// Throws RuleError when a declaration fails (a board of size 0, a deck that reads a missing table entry...).
std::shared_ptr<const Instance> build_instance(const Program& program, const ResolvedSettings& settings);

}  // namespace rulesrun::runtime
