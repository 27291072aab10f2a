// Numbers drawn again: the search bot's guesses of what chance gave that its seat did not see
// (view/unseen_redraw.hpp), and the leak audit's (audit/history_audit.hpp). The game's own generator still gives
// every number, so the rest of the game's chance (shuffles, later draws) stays as it was; a number drawn by one of the
// chosen rules is then replaced by another. For the audit, the order a chosen `shuffle` left is changed too: two of
// its cards swapped (a few times), which a seat that sees neither cannot tell.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "program.hpp"
#include "random.hpp"

namespace rulesrun::runtime {

// A rule that draws numbers (a roll or random), named by where it is written.
using ChanceSite = std::uint64_t;

inline ChanceSite chance_site(const SourceLocation& loc) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(loc.file + 1)) << 32) | loc.offset;
}

struct ChanceRedraw {
    Rng numbers{1};
    std::vector<ChanceSite> redrawn_sites;  // the rules whose numbers are drawn again
    std::vector<ChanceSite> drawing_sites;  // every rule that drew a number since it was last cleared
    std::vector<ChanceSite> reshuffled_sites;  // the shuffles whose order is changed (the audit's)
    std::vector<ChanceSite> shuffling_sites;   // every shuffle since it was last cleared
    int swaps = 2;                          // cards swapped after each of those shuffles
    int changed = 0;                        // numbers (and shuffles) that came out different from the game's own

    // A shuffle's order as the game's generator gave it, kept or changed in place.
    template <typename Card, typename Placed>
    void shuffled(Card* cards, int count, const SourceLocation& loc, const Placed& placed) {
        const ChanceSite site = chance_site(loc);
        if (std::find(shuffling_sites.begin(), shuffling_sites.end(), site) == shuffling_sites.end())
            shuffling_sites.push_back(site);
        if (count < 2 || std::find(reshuffled_sites.begin(), reshuffled_sites.end(), site) == reshuffled_sites.end())
            return;
        for (int k = 0; k < swaps; ++k) {
            const auto i = static_cast<int>(numbers.below(static_cast<std::uint32_t>(count)));
            const auto j = static_cast<int>(numbers.below(static_cast<std::uint32_t>(count)));
            if (i == j || cards[i] == cards[j]) continue;
            std::swap(cards[i], cards[j]);
            placed(i, cards[i]);
            placed(j, cards[j]);
            ++changed;
        }
    }

    // `drawn`, from `low` to `high`, as the game's generator gave it: kept, or drawn again.
    Value number(Value drawn, Value low, Value high, const SourceLocation& loc) {
        const ChanceSite site = chance_site(loc);
        if (std::find(drawing_sites.begin(), drawing_sites.end(), site) == drawing_sites.end()) drawing_sites.push_back(site);
        if (std::find(redrawn_sites.begin(), redrawn_sites.end(), site) == redrawn_sites.end()) return drawn;
        const Value again = low + static_cast<Value>(numbers.below(static_cast<std::uint32_t>(std::int64_t{high} - low + 1)));
        if (again != drawn) ++changed;
        return again;
    }
};

}  // namespace rulesrun::runtime
