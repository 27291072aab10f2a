#include "text_checks.hpp"

#include <fmt/format.h>

namespace rulesrun {
namespace {

// The length of the UTF-8 sequence starting at text[i], or 0 when it is not valid UTF-8.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    if (byte < 0x80) return 1;
    if ((byte & 0xE0) == 0xC0 && byte >= 0xC2) length = 2;
    else if ((byte & 0xF0) == 0xE0) length = 3;
    else if ((byte & 0xF8) == 0xF0 && byte <= 0xF4) length = 4;
    else return 0;
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
    }
    return length;
}

}  // namespace

std::optional<Diagnostic> find_text_problem(std::string_view text, int file_index) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const bool control = byte < 0x20 && byte != '\n' && byte != '\r' && byte != '\t';
        const std::size_t length = utf8_sequence_length(text, i);
        if (control || byte == 0x7F || length == 0) {
            return Diagnostic{Severity::error,
                              location_at(file_index, line, column, i),
                              fmt::format("this is not a text file: byte 0x{:02X} is {} (a rules file is UTF-8 text)",
                                          byte, length == 0 ? "not valid UTF-8" : "a control character")};
        }
        if (byte == '\n') {
            ++line;
            column = 1;
        } else {
            column += length;
        }
        i += length;
    }
    return std::nullopt;
}

std::size_t skip_blanks_and_comments(std::string_view text, std::size_t offset) {
    while (offset < text.size()) {
        const char c = text[offset];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++offset;
        } else if (c == '#') {
            const std::size_t newline = text.find('\n', offset);
            offset = newline == std::string_view::npos ? text.size() : newline;
        } else {
            break;
        }
    }
    return offset;
}

}  // namespace rulesrun
