// Chance results forced by a test (docs/fixtures.md). roll, random and shuffle come here only when a forced result
// is waiting, so real games never pay for them. A forced result must be one the rules could have drawn at that
// point; anything else stops the game with an error naming both the rule and where the test forced it. A probe
// (ForcedChance::Kind::probe) only notes what the rules draw there. The results used are kept (forced_used), so that the
// game can be played again (Game::chance_to_replay); a forced number may be drawn again as a seeded one may
// (chance_redraw.hpp: the search bot's replays).
#include <algorithm>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

Value Machine::forced_number(Value low, Value high, const std::string& what, const SourceLocation& loc,
                             bool may_redraw) {
    const ForcedChance& f = s_.forced[s_.forced_next++];
    if (f.kind == ForcedChance::Kind::probe) {  // the game tree asks what this number may be (game_tree.cpp)
        s_.probed = {ChanceProbe::Kind::number, low, high, {}, true};
        return low;
    }
    if (f.kind != ForcedChance::Kind::number) {
        fail(loc, fmt::format("the rules draw {} here, but the next forced result ({}) is a shuffle order", what, f.origin));
    }
    if (f.number < low || f.number > high) {
        fail(loc, fmt::format("forced result {} ({}) is not {}: it must be from {} to {}", f.number, f.origin, what,
                              low, high));
    }
    Value number = f.number;
    if (s_.chance_redraw && may_redraw) number = s_.chance_redraw->number(number, low, high, loc);
    s_.forced_used.push_back({ForcedChance::Kind::number, number, {}, f.origin});
    return number;
}

// After the zone's usual shuffle, the named cards are taken to its top in the forced order; the others keep their
// shuffled order below them.
void Machine::force_order(std::int32_t zone, const SourceLocation& loc) {
    const ForcedChance& f = s_.forced[s_.forced_next++];
    if (f.kind == ForcedChance::Kind::probe) {  // the game tree keeps the seeded shuffle (game_tree.cpp)
        probe_shuffle(zone);
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
    s_.forced_used.push_back(f);
}

// What a probe notes of a shuffle: the zone's cards by name, in card order (not the order the seeded shuffle left),
// and whether every two cards of the same name are of the same type with fields that show the same values.
void Machine::probe_shuffle(std::int32_t zone) {
    const auto z = static_cast<std::size_t>(zone);
    std::vector<Value> cards(s_.zone_cards.begin() + s_.zone_top(z),
                             s_.zone_cards.begin() + s_.zone_top(z) + s_.zone_size[z]);
    std::sort(cards.begin(), cards.end());
    ChanceProbe probed{ChanceProbe::Kind::shuffle, 0, 0, {}, true};
    std::vector<std::string> contents;  // each card's type and shown fields, to compare cards of the same name
    for (const Value card : cards) {
        const auto c = static_cast<std::size_t>(card);
        const CardType& type = p_.card_types[static_cast<std::size_t>(in_.card_type[c])];
        std::string content = type.name;
        for (std::size_t f = 0; f < type.fields.size(); ++f) {
            const Value v = s_.slots[static_cast<std::size_t>(in_.card_base[c]) + f];
            content += '\n' + show(v, type.fields[f].type);
        }
        probed.cards.push_back(card_name(card));
        contents.push_back(std::move(content));
    }
    for (std::size_t i = 0; i < cards.size(); ++i) {
        for (std::size_t j = i + 1; j < cards.size(); ++j) {
            if (probed.cards[i] == probed.cards[j] && contents[i] != contents[j]) probed.alike_when_shown_alike = false;
        }
    }
    s_.probed = std::move(probed);
}

}  // namespace rulesrun::runtime
