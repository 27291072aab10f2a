// Compiles a checked rules file into a Program: names become indices, statements become instructions.
#pragma once

#include <memory>
#include <vector>

#include "loader.hpp"
#include "program.hpp"

namespace rulesrun::checking {
class Checker;
}

namespace rulesrun::runtime {

// `checker` has run over `files` without errors. Constructs the language cannot run yet are reported in
// `diagnostics` (and the result is null).
std::shared_ptr<Program> compile_program(const checking::Checker& checker, const std::vector<LoadedFile>& files,
                                         const SourceSet& sources, std::vector<Diagnostic>& diagnostics);

}  // namespace rulesrun::runtime
