// Actions named by grid coordinates ("c3-c5", from a grid board's space names): typed as "c3-c5", "C3 c5", "c3c5" or
// "c3 to c5"... Both the entry and the action's name are read as a sequence of coordinates (letters then digits)
// separated by blanks or punctuation; they match when the sequences are equal.
#include <cctype>

#include "action_entry.hpp"

namespace rulesrun::cli {

namespace {

bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_separator(char c) { return std::isspace(static_cast<unsigned char>(c)) || std::ispunct(static_cast<unsigned char>(c)); }

// "C3 - c5" -> {"c3", "c5"}; nothing when the text holds anything but coordinates, separators and the word "to".
std::optional<std::vector<std::string>> coordinates(std::string_view text) {
    std::vector<std::string> found;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_separator(text[i])) {
            ++i;
            continue;
        }
        std::string token;
        while (i < text.size() && is_letter(text[i])) token += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
        const std::size_t letters = token.size();
        while (i < text.size() && is_digit(text[i])) token += text[i++];
        if (token == "to") continue;
        if (letters == 0 || letters == token.size()) return std::nullopt;
        found.push_back(std::move(token));
    }
    if (found.empty()) return std::nullopt;
    return found;
}

}  // namespace

std::optional<int> match_coordinates(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto wanted = coordinates(entry);
    if (!wanted) return std::nullopt;
    std::optional<int> found;
    for (std::size_t i = 0; i < action_names.size(); ++i) {
        if (coordinates(action_names[i]) != wanted) continue;
        if (found) return std::nullopt;
        found = static_cast<int>(i);
    }
    return found;
}

}  // namespace rulesrun::cli
