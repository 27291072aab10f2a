// `rulesrun fmt`: the one canonical layout of a rules file.
//
// The layout keeps the author's line breaks and comments and fixes the rest: two spaces per level of braces for each
// line that starts a declaration, statement or clause, and its closing brace one level out; lines that continue a
// statement keep their alignment relative to its first line (at least one level deeper); one space around binary
// operators, after commas and colons, none inside brackets, before calls, indexes and `..`; a comment at the end of a
// line keeps its column when the code leaves room; comment lines take the indentation of their block (or keep their
// place under the line above when indented deeper than the block); no trailing blanks, at most two blank lines in a
// row, one newline at the end. A file with a syntax error is not formatted.
// Formatting a formatted file changes nothing, and the formatted file parses to the same syntax tree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "source_location.hpp"

namespace rulesrun {

struct FormatResult {
    std::string text;                     // the formatted file; empty when diagnostics has an error
    std::vector<Diagnostic> diagnostics;  // why the file was not formatted (its syntax errors)
    [[nodiscard]] bool ok() const { return diagnostics.empty(); }
};

FormatResult format_rules(std::string_view text, int file_index = 0);

}  // namespace rulesrun
