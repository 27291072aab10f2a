// Compiles a checked rules file into a Program: names become indices, statements become instructions.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "loader.hpp"
#include "program.hpp"

namespace rulesrun::checking {
class Checker;
}

namespace rulesrun::runtime {

// Loads `path` with its imports, checks and compiles them: the program, or null when `diagnostics` (sorted, warnings
// included) hold an error. The program still has to be made runnable (prepare_to_run, machine.hpp).
std::shared_ptr<Program> compile_rules_file(const std::string& path, SourceSet& sources,
                                            std::vector<Diagnostic>& diagnostics);

// `checker` has run over `files` without errors. Constructs the language cannot run yet are reported in
// `diagnostics` (and the result is null).
std::shared_ptr<Program> compile_program(const checking::Checker& checker, const std::vector<LoadedFile>& files,
                                         const SourceSet& sources, std::vector<Diagnostic>& diagnostics);

}  // namespace rulesrun::runtime
