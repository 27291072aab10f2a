// The tokens of a rules file, comments included: what the formatter lays out and what an editor colours. The parser
// does not use them (PEGTL reads the text itself); the two agree on what a name, number, string and comment are.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace rulesrun {

enum class TokenKind : std::uint8_t {
    word,         // a name or a keyword: most keywords are keywords only where they stand (the syntax tree says)
    number,
    string,       // with its quotes; one left open ends at the end of its line
    comment,      // from '#' to the end of the line
    punctuation,  // an operator or a bracket: == != <= >= += -= .. and single characters
    unknown,      // a byte no token starts with
};

struct Token {
    TokenKind kind{};
    std::uint32_t offset = 0;  // byte offset in the text
    std::uint32_t length = 0;
    std::uint32_t line = 0;    // 0-based
    std::uint32_t column = 0;  // 0-based, in bytes
    [[nodiscard]] std::string_view text(std::string_view source) const { return source.substr(offset, length); }
};

// Every token of `text`, in order. Never fails: a byte that starts no token is a token of kind unknown.
std::vector<Token> lex_rules(std::string_view text);

// Words that can never be names (rules_grammar.hpp, `reserved`).
bool is_reserved_word(std::string_view word);

// Every word the grammar uses as a keyword somewhere (most of them may still be names elsewhere), for completion and
// colour; tests/formatter_test.cpp checks the list against rules_grammar.hpp.
const std::vector<std::string_view>& keyword_words();

}  // namespace rulesrun
