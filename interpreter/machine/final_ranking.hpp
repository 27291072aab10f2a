// The order of the players at the end of a game: by the keys of `rank(p) = highest KEY, then lowest KEY`, else by the
// highest score. The machine reads it to find the players ranked first (the default winners), the engine to rank
// everybody.
#pragma once

#include <cstddef>

#include "program.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

// Whether player `a` ranks before player `b` in a finished game (equal on every key: neither does).
inline bool ranks_before(const Program& p, const StateData& s, std::size_t a, std::size_t b) {
    const std::size_t keys = p.rank_keys.size();
    if (keys == 0) return s.final_scores[a] > s.final_scores[b];
    for (std::size_t k = 0; k < keys; ++k) {
        const Value x = s.final_rank_keys[a * keys + k], y = s.final_rank_keys[b * keys + k];
        if (x != y) return (x > y) == p.rank_keys[k].highest;
    }
    return false;
}

}  // namespace rulesrun::runtime
