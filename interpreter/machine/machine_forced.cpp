// Chance results forced by a test (docs/fixtures.md). roll, random and shuffle come here only when a forced result
// is waiting, so real games never pay for them. A forced result must be one the rules could have drawn at that
// point; anything else stops the game with an error naming both the rule and where the test forced it. A probe
// (ForcedChance::Kind::probe) only notes what the rules draw there.
#include <algorithm>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

Value Machine::forced_number(Value low, Value high, const std::string& what, const SourceLocation& loc) {
    const ForcedChance& f = s_.forced[s_.forced_next++];
    if (f.kind == ForcedChance::Kind::probe) {  // the game tree asks what this number may be (game_tree.cpp)
        s_.probed = {ChanceProbe::Kind::number, low, high};
        return low;
    }
    if (f.kind != ForcedChance::Kind::number) {
        fail(loc, fmt::format("the rules draw {} here, but the next forced result ({}) is a shuffle order", what, f.origin));
    }
    if (f.number < low || f.number > high) {
        fail(loc, fmt::format("forced result {} ({}) is not {}: it must be from {} to {}", f.number, f.origin, what,
                              low, high));
    }
    return f.number;
}

// After the zone's usual shuffle, the named cards are taken to its top in the forced order; the others keep their
// shuffled order below them.
void Machine::force_order(std::int32_t zone, const SourceLocation& loc) {
    const ForcedChance& f = s_.forced[s_.forced_next++];
    if (f.kind == ForcedChance::Kind::probe) {  // the game tree keeps the seeded shuffle (game_tree.cpp)
        s_.probed = {ChanceProbe::Kind::shuffle, 0, 0};
        return;
    }
    const auto z = static_cast<std::size_t>(zone);
    const std::string& declared = p_.zones[static_cast<std::size_t>(in_.zone_decl[z])].name;
    const std::string zone_name =
        in_.zone_owner[z] >= 0 ? fmt::format("{}'s {}", seat_name(in_.zone_owner[z]), declared) : declared;
    if (f.kind != ForcedChance::Kind::order) {
        fail(loc, fmt::format("the rules shuffle {} here, but the next forced result ({}) is the number {}", zone_name,
                              f.origin, f.number));
    }
    Value* cards = s_.zone_cards.data() + s_.zone_top(z);
    const Value size = s_.zone_size[z];
    for (std::size_t placed = 0; placed < f.order.size(); ++placed) {
        Value* const rest = cards + placed;
        Value* const end = cards + size;
        Value* found = std::find_if(rest, end, [&](Value card) { return card_name(card) == f.order[placed]; });
        if (found == end) {
            fail(loc, fmt::format("forced shuffle order ({}): no card shown as '{}' is left in {} to put at position {}",
                                  f.origin, f.order[placed], zone_name, placed + 1));
        }
        std::rotate(rest, found, found + 1);
    }
}

}  // namespace rulesrun::runtime
