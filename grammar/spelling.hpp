// "Did you mean ...?": the nearest known word to a misspelled one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rulesrun {

// Edit distance (insertions, deletions, substitutions and swaps of neighbours count one each).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, or "" when none is close enough to be a likely misspelling.
std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates);

// " (did you mean 'x'?)" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace rulesrun
