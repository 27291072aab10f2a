// What a human types to pick an action in `play`: the action's number, its name, or another way of naming it. Each
// way is a matcher; they are tried in order and the first that names exactly one action wins. A new way of naming
// actions (coordinates, cards, an arithmetic expression) is one more matcher in action_entry.cpp's list.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulesrun::cli {

// A matcher gets the entry without surrounding blanks and the names of the legal actions, in their listed order; it
// returns the index of the one action the entry names, or nothing (no match, or more than one).
using EntryMatcher = std::optional<int> (*)(std::string_view entry, const std::vector<std::string>& action_names);

std::optional<int> match_number(std::string_view entry, const std::vector<std::string>& action_names);
std::optional<int> match_exact_name(std::string_view entry, const std::vector<std::string>& action_names);
// Letters compared without case, and runs of blanks count as one: "Take  ALL" names "take all".
std::optional<int> match_loose_name(std::string_view entry, const std::vector<std::string>& action_names);
// Grid coordinates in any case and with any separators: "C3 c5", "c3c5" and "c3 to c5" name "c3-c5"
// (coordinate_entry.cpp).
std::optional<int> match_coordinates(std::string_view entry, const std::vector<std::string>& action_names);
// A selection of `choose subset of` named by its elements in any order ("3 5 2", "blue, 3 orange"): see
// selection_entry.cpp.
std::optional<int> match_selection(std::string_view entry, const std::vector<std::string>& action_names);
std::vector<std::string_view> split_elements(std::string_view selection_name);
// The start of one action's name, in any case ("take_s" or "Take s" names "take_sum"), tried last.
std::optional<int> match_prefix(std::string_view entry, const std::vector<std::string>& action_names);
// The actions whose names start with the entry (in any case), in their order: for "could be ..." messages.
std::vector<std::size_t> actions_starting_with(std::string_view entry, const std::vector<std::string>& action_names);

// The action an entry names: its number in the list (from 1) or, failing that, its name, its elements or an
// arithmetic expression equivalent to the one its name shows (see the matchers; expression_entry.hpp). Numbers come
// first because they are what the list shows ("3" alone is the third action, "3 orange" the card); blanks around the
// entry do not count.
std::optional<int> parse_action_entry(std::string_view entry, const std::vector<std::string>& action_names);

}  // namespace rulesrun::cli
