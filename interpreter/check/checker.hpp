// The meaning-level checks over parsed rules files.
#pragma once

#include <vector>

#include "loader.hpp"

namespace rulesrun {

// `files` as load_rules returns them: imports first, the root file last. Warnings about unused declarations are
// given for the root file only (a library need not use everything it offers).
std::vector<Diagnostic> check_program(const std::vector<LoadedFile>& files);

}  // namespace rulesrun
