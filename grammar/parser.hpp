// The one entry point of the grammar: text in, syntax tree and syntax diagnostics out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "source_location.hpp"

namespace rulesrun {

struct ParseResult {
    ast::NodePtr file;  // kind file; holds every declaration that parsed, even when others did not
    std::vector<Diagnostic> diagnostics;
    // Names of declarations that failed to parse ("procedure deal" -> deal), so that the checker does not report
    // every use of them as unknown.
    std::vector<std::string> unparsed_names;
};

// Parses a whole rules file. A mistake in one declaration is reported and the parse resumes at the next line that
// starts a declaration, so one run reports the errors of every declaration. Never throws on bad input.
ParseResult parse_rules(std::string_view text, int file_index);

// Parses one expression: a text's hole (`{role_name(r)}`), whose text starts at `origin` in the file. Its tree is
// placed there; a mistake is reported there. `file` is null when it does not parse.
ParseResult parse_expression(std::string_view text, const SourceLocation& origin);

// The words that start a declaration or a statement, for suggestions.
const std::vector<std::string_view>& declaration_keywords();
const std::vector<std::string_view>& statement_keywords();

}  // namespace rulesrun
