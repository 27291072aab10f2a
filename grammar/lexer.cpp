#include "lexer.hpp"

#include <algorithm>
#include <array>

namespace rulesrun {
namespace {

bool is_word_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_word_char(char c) { return is_word_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

constexpr std::array<std::string_view, 7> two_char_operators = {"==", "!=", "<=", ">=", "+=", "-=", ".."};
constexpr std::string_view single_char_punctuation = "+-*/%<>=()[]{},:.?|!";

// The length of the token that starts at `at`, and its kind.
std::pair<TokenKind, std::size_t> token_at(std::string_view text, std::size_t at) {
    const char c = text[at];
    std::size_t end = at + 1;
    if (c == '#') {
        while (end < text.size() && text[end] != '\n') ++end;
        return {TokenKind::comment, end - at};
    }
    if (c == '"') {
        while (end < text.size() && text[end] != '"' && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
        end = std::min(end, text.size());
        if (end < text.size() && text[end] == '"') ++end;
        return {TokenKind::string, end - at};
    }
    if (is_digit(c)) {
        while (end < text.size() && is_digit(text[end])) ++end;
        return {TokenKind::number, end - at};
    }
    if (is_word_start(c)) {
        while (end < text.size() && is_word_char(text[end])) ++end;
        return {TokenKind::word, end - at};
    }
    const std::string_view pair = text.substr(at, 2);
    if (std::find(two_char_operators.begin(), two_char_operators.end(), pair) != two_char_operators.end()) {
        return {TokenKind::punctuation, 2};
    }
    if (single_char_punctuation.find(c) != std::string_view::npos) return {TokenKind::punctuation, 1};
    // A byte of a multi-byte UTF-8 character outside strings and comments: keep the character whole.
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    return {TokenKind::unknown, end - at};
}

}  // namespace

std::vector<Token> lex_rules(std::string_view text) {
    std::vector<Token> tokens;
    std::uint32_t line = 0, line_start = 0;
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        if (c == '\n') {
            ++line;
            line_start = static_cast<std::uint32_t>(++at);
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            ++at;
            continue;
        }
        const auto [kind, length] = token_at(text, at);
        tokens.push_back({kind, static_cast<std::uint32_t>(at), static_cast<std::uint32_t>(length), line,
                          static_cast<std::uint32_t>(at) - line_start});
        at += length;
    }
    return tokens;
}

bool is_reserved_word(std::string_view word) {
    static constexpr std::array<std::string_view, 28> reserved = {
        "and", "or", "not", "in", "if", "then", "else", "for", "each", "while", "repeat", "let", "choose",
        "simultaneously", "move", "shuffle", "return", "break", "end", "say", "show", "phase", "record", "true",
        "false", "none", "nobody", "where"};
    return std::find(reserved.begin(), reserved.end(), word) != reserved.end();
}

const std::vector<std::string_view>& keyword_words() {
    static const std::vector<std::string_view> words = {
        "actions", "after", "and", "as", "at", "board", "bookkeeping", "bottom", "break", "by", "card", "check", "choose", "columns",
        "coloured", "cooperative", "copies", "deck", "dice", "die", "down", "draw", "each", "else", "end", "enters", "enum", "everyone",
        "face", "faces", "false", "for", "from", "function", "game", "grid", "hidden", "highest", "if", "import",
        "in", "leaves", "let", "list", "lowest", "marked", "move", "nobody", "none", "not", "of", "on", "one",
        "option", "optional", "or", "ordered", "owner", "per", "phase", "pile", "play", "player", "players", "position",
        "prefer", "private", "procedure", "public", "rank", "record", "repeat", "return", "ring", "row", "say",
        "score", "seats", "secretly", "setup", "show", "shown", "shuffle", "simultaneously", "soon", "sorted", "stat", "state",
        "strategy", "subset", "table", "tell", "then", "times", "to", "top", "total", "true", "unordered", "up",
        "when", "where", "whether", "while", "winners", "with", "zone"};
    return words;
}

}  // namespace rulesrun
