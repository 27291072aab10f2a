// Naming a selection (the options of `choose subset of`, listed as "3 orange + 5 blue + 2 pink") by its elements,
// in any order: "3 5 2", "2, 5, 3 orange", "blue + pink + 3".
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "action_entry.hpp"

namespace rulesrun::cli {

namespace {

using Words = std::vector<std::string>;

// The words of a text: runs of letters and digits, in lower case ("3 Orange (special purity)": 3, orange, special, purity).
Words words_of(std::string_view text) {
    Words words;
    std::string word;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c))) {
            word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        } else if (!word.empty()) {
            words.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty()) words.push_back(std::move(word));
    return words;
}

// Splits on any of `separators`, keeping the non-blank pieces.
std::vector<std::string_view> split(std::string_view text, std::string_view separators) {
    std::vector<std::string_view> pieces;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find_first_of(separators), text.size());
        if (!words_of(text.substr(0, end)).empty()) pieces.push_back(text.substr(0, end));
        text.remove_prefix(std::min(end + 1, text.size()));
    }
    return pieces;
}

// The elements an entry names: separated by ',' or '+' when it has any, else one word each.
std::vector<Words> entry_items(std::string_view entry) {
    const bool separated = entry.find_first_of(",+") != std::string_view::npos;
    std::vector<Words> items;
    for (const auto piece : split(entry, separated ? ",+" : " \t")) items.push_back(words_of(piece));
    return items;
}

// An item names an element when every word of the item is a word of the element's name.
bool names(const Words& item, const Words& element) {
    return std::all_of(item.begin(), item.end(),
                       [&](const std::string& w) { return std::find(element.begin(), element.end(), w) != element.end(); });
}

// Whether each item can name a different element (a perfect matching, found by augmenting paths).
bool one_to_one(const std::vector<Words>& items, const std::vector<Words>& elements) {
    if (items.size() != elements.size()) return false;
    std::vector<int> item_of(elements.size(), -1);
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::vector<bool> seen(elements.size(), false);
        auto assign = [&](auto&& self, std::size_t item) -> bool {
            for (std::size_t e = 0; e < elements.size(); ++e) {
                if (seen[e] || !names(items[item], elements[e])) continue;
                seen[e] = true;
                if (item_of[e] < 0 || self(self, static_cast<std::size_t>(item_of[e]))) {
                    item_of[e] = static_cast<int>(item);
                    return true;
                }
            }
            return false;
        };
        if (!assign(assign, i)) return false;
    }
    return true;
}

}  // namespace

// Among the actions the items name one to one, the one whose name has the fewest words, i.e. the fewest the entry
// left unsaid: "3" names "3 orange" rather than "3 orange (special purity)". Two such actions: no match.
// Only for lists of selections (some name joins elements with " + ") or entries naming several elements, so a
// single word never picks a menu option by a part of its name.
std::optional<int> match_selection(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto items = entry_items(entry);
    const bool selections = std::any_of(action_names.begin(), action_names.end(),
                                        [](const std::string& n) { return n.find(" + ") != std::string::npos; });
    if (items.empty() || (items.size() < 2 && !selections)) return std::nullopt;
    std::optional<int> best;
    std::size_t best_words = 0;
    bool tied = false;
    for (std::size_t a = 0; a < action_names.size(); ++a) {
        std::vector<Words> elements;
        std::size_t word_count = 0;
        for (const auto part : split_elements(action_names[a])) {
            elements.push_back(words_of(part));
            word_count += elements.back().size();
        }
        if (!one_to_one(items, elements)) continue;
        if (best && word_count == best_words) tied = true;
        if (!best || word_count < best_words) {
            best = static_cast<int>(a);
            best_words = word_count;
            tied = false;
        }
    }
    return tied ? std::nullopt : best;
}

// The elements of a selection's name: the pieces between " + ".
std::vector<std::string_view> split_elements(std::string_view name) {
    std::vector<std::string_view> parts;
    for (std::size_t at = name.find(" + "); at != std::string_view::npos; at = name.find(" + ")) {
        parts.push_back(name.substr(0, at));
        name.remove_prefix(at + 3);
    }
    parts.push_back(name);
    return parts;
}

}  // namespace rulesrun::cli
