#include "action_entry.hpp"
#include "expression_entry.hpp"

#include <cctype>
#include <charconv>

namespace rulesrun::cli {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Lower case, blanks and underscores squeezed to one space and trimmed.
std::string loose(std::string_view text) {
    std::string out;
    bool blank = false;
    for (const char c : trim(text)) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == '_') {
            blank = true;
            continue;
        }
        if (blank) out += ' ';
        blank = false;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// The index of the only name for which `same(name)` holds.
template <typename Predicate>
std::optional<int> only_match(const std::vector<std::string>& names, Predicate same) {
    std::optional<int> found;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!same(names[i])) continue;
        if (found) return std::nullopt;
        found = static_cast<int>(i);
    }
    return found;
}

constexpr EntryMatcher matchers[] = {match_number,     match_exact_name, match_loose_name, match_coordinates,
                                     match_expression, match_selection,  match_prefix};

}  // namespace

std::optional<int> match_number(std::string_view entry, const std::vector<std::string>& action_names) {
    int number = 0;
    const auto [end, error] = std::from_chars(entry.data(), entry.data() + entry.size(), number);
    if (error != std::errc() || end != entry.data() + entry.size()) return std::nullopt;
    if (number < 1 || number > static_cast<int>(action_names.size())) return std::nullopt;
    return number - 1;
}

std::optional<int> match_exact_name(std::string_view entry, const std::vector<std::string>& action_names) {
    return only_match(action_names, [&](const std::string& name) { return name == entry; });
}

std::optional<int> match_loose_name(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto wanted = loose(entry);
    if (wanted.empty()) return std::nullopt;
    return only_match(action_names, [&](const std::string& name) { return loose(name) == wanted; });
}

std::vector<std::size_t> actions_starting_with(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto wanted = loose(entry);
    std::vector<std::size_t> found;
    if (wanted.empty()) return found;
    for (std::size_t i = 0; i < action_names.size(); ++i) {
        if (loose(action_names[i]).starts_with(wanted)) found.push_back(i);
    }
    return found;
}

std::optional<int> match_prefix(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto found = actions_starting_with(entry, action_names);
    if (found.size() != 1) return std::nullopt;
    return static_cast<int>(found.front());
}

std::optional<int> parse_action_entry(std::string_view entry, const std::vector<std::string>& action_names) {
    entry = trim(entry);
    for (const auto matcher : matchers)
        if (const auto action = matcher(entry, action_names)) return action;
    return std::nullopt;
}

}  // namespace rulesrun::cli
