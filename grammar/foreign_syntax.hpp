// Syntax from other programming languages that rules files do not have (`&&`, `n++`, `c ? a : b`, `elif`): when a
// parse fails on such a line, the error says how the language writes it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace rulesrun::grammar {

// How to write what the line holding `offset` borrowed from another language, or "" when nothing there looks
// borrowed. Text in double quotes and comments are not looked at.
[[nodiscard]] std::string foreign_syntax_hint(std::string_view text, std::size_t offset);

}  // namespace rulesrun::grammar
