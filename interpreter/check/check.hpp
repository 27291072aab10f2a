// Checking a rules file: load and parse it with its imports, then resolve names and check types, arity, option values,
// duplicates, unused and unreachable code, and that the game can end. Reports every diagnostic it can find.
#pragma once

#include <string>
#include <vector>

#include "source_set.hpp"

namespace rulesrun {

struct CheckReport {
    std::vector<Diagnostic> diagnostics;  // sorted by file, line and column
    [[nodiscard]] bool has_errors() const;
};

CheckReport check_rules_file(const std::string& path, SourceSet& sources);

bool has_errors(const std::vector<Diagnostic>& diagnostics);
// By file, line and column; diagnostics at one place keep the order they were found in. Only the first
// max_reported_errors errors are kept (and the warnings before the last of them), followed by one saying how many
// more there were: a file of thousands of mistakes gets a readable answer, in bounded time and space.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);
inline constexpr std::size_t max_reported_errors = 50;

}  // namespace rulesrun
