#include "checker.hpp"

namespace rulesrun {

std::vector<Diagnostic> check_program(const std::vector<LoadedFile>&) { return {}; }

}  // namespace rulesrun
