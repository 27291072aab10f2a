// Hints for syntax borrowed from other languages (foreign_syntax.hpp).
#include "foreign_syntax.hpp"

#include <array>
#include <cctype>

#include <fmt/format.h>

namespace rulesrun::grammar {

namespace {

struct Borrowed {
    std::string_view written;  // as other languages write it
    bool word;                 // a whole word (`elif`), else symbols (`&&`)
    std::string_view instead;  // how rules files say it
};

// Longer symbols first: `!=` is the language's own and must not be taken for `!`.
constexpr std::array<Borrowed, 16> borrowed{{
    {"&&", false, "'and'"},
    {"||", false, "'or'"},
    {"++", false, "'n += 1'"},
    {"--", false, "'n -= 1'"},
    {"*=", false, "'n = n * k' (only += and -= combine with =)"},
    {"/=", false, "'n = n / k' (only += and -= combine with =)"},
    {"%=", false, "'n = n % k' (only += and -= combine with =)"},
    {"!=", false, ""},
    {"!", false, "'not'"},
    {"?", false, "'if C then A else B'"},
    {"elif", true, "'else if'"},
    {"elsif", true, "'else if'"},
    {"switch", true, "'if ... else if ...' (there is no switch)"},
    {"case", true, "'if ... else if ...' (there is no switch)"},
    {"var", true, "'let'"},
    {"def", true, "'function' or 'procedure'"},
}};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Whether `b` is written at `at` of `line` (a word: not inside a longer one).
bool written_at(std::string_view line, std::size_t at, const Borrowed& b) {
    if (line.substr(at, b.written.size()) != b.written) return false;
    if (b.written == "?") return at > 0 && line[at - 1] == ' ';  // `c ? a : b`, not an optional type (`Card?`)
    if (!b.word) return true;
    const std::size_t end = at + b.written.size();
    return (at == 0 || !word_char(line[at - 1])) && (end >= line.size() || !word_char(line[end]));
}

}  // namespace

std::string foreign_syntax_hint(std::string_view text, std::size_t offset) {
    if (offset > text.size()) return {};
    const std::size_t begin = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t start = begin == std::string_view::npos || offset == 0 ? 0 : begin + 1;
    const std::size_t stop = text.find('\n', offset);
    const std::string_view line = text.substr(start, stop == std::string_view::npos ? std::string_view::npos : stop - start);
    bool quoted = false;
    for (std::size_t at = 0; at < line.size(); ++at) {
        if (line[at] == '"' && (at == 0 || line[at - 1] != '\\')) quoted = !quoted;
        if (quoted) continue;
        if (line[at] == '#') break;
        for (const Borrowed& b : borrowed) {
            if (!written_at(line, at, b)) continue;
            if (b.instead.empty()) {  // the language's own: skip past it
                at += b.written.size() - 1;
                break;
            }
            return fmt::format("'{}' is not part of the language: write {}", b.written, b.instead);
        }
    }
    return {};
}

}  // namespace rulesrun::grammar
