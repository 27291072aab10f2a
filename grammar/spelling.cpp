#include "spelling.hpp"

#include <algorithm>

namespace rulesrun {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance over three rows.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                current[j] = std::min(current[j], before[j - 2] + 1);
            }
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::string nearest_word(std::string_view word, const std::vector<std::string_view>& candidates) {
    // Allow about one mistake per three letters, at least one and at most three.
    const std::size_t allowed = std::clamp<std::size_t>(word.size() / 3, 1, 3);
    std::string_view best;
    std::size_t best_distance = allowed + 1;
    for (std::string_view candidate : candidates) {
        if (candidate == word) continue;
        const std::size_t d = edit_distance(word, candidate);
        if (d < best_distance || (d == best_distance && !best.empty() && candidate < best)) {
            best = candidate;
            best_distance = d;
        }
    }
    return best_distance <= allowed ? std::string(best) : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
    const std::string best = nearest_word(word, candidates);
    return best.empty() ? std::string() : " (did you mean '" + best + "'?)";
}

}  // namespace rulesrun
