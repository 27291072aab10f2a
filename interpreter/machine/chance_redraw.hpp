// Numbers drawn again: the search bot's guesses of what chance gave that its seat did not see
// (view/unseen_redraw.hpp). The game's own generator still gives every number, so the rest of the game's chance
// (shuffles, later draws) stays as it was; a number drawn by one of the chosen rules is then replaced by another.
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
    int changed = 0;                        // numbers that came out different from the game's own

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
