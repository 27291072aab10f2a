// Determinization (Game::determinize): one possible truth behind what a seat sees, for information-set search.
#include <algorithm>

#include "game.hpp"
#include "seeds.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

namespace {

// Whether `seat` may see the cards of zone instance `zone`.
bool unseen_by(const Program& p, const Instance& in, std::size_t zone, int seat) {
    const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[zone])];
    return d.visibility == Visibility::hidden || (d.visibility == Visibility::private_ && in.zone_owner[zone] != seat);
}

// The zone instances `seat` cannot see whose declared card type is `card_type` (-1: any card), in instance order.
void unseen_zones_of_type(const Program& p, const Instance& in, int seat, int card_type, std::vector<std::size_t>& out) {
    out.clear();
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        if (unseen_by(p, in, z, seat) && p.zones[static_cast<std::size_t>(in.zone_decl[z])].card_type == card_type)
            out.push_back(z);
    }
}

// Deals the cards of `zones` again at random: gathered and sorted first, so that the deal depends only on which
// cards are there, never on where they were.
void redeal(StateData& s, const std::vector<std::size_t>& zones, Rng& rng, std::vector<Value>& cards) {
    cards.clear();
    for (const std::size_t z : zones) {
        const auto first = s.zone_cards.begin() + static_cast<std::ptrdiff_t>(s.zone_top(z));
        cards.insert(cards.end(), first, first + s.zone_size[z]);
    }
    std::sort(cards.begin(), cards.end());
    rng.shuffle(cards.data(), static_cast<int>(cards.size()));
    std::size_t next = 0;
    for (const std::size_t z : zones) {
        for (Value i = 0; i < s.zone_size[z]; ++i) {
            const Value card = cards[next++];
            s.zone_cards[s.zone_top(z) + static_cast<std::size_t>(i)] = card;
            s.card_zone[static_cast<std::size_t>(card)] = static_cast<Value>(z);
            s.card_pos[static_cast<std::size_t>(card)] = s.zone_start[z] + i;
        }
    }
}

}  // namespace

void Game::determinize(int seat, std::uint64_t seed) {
    StateData& s = *state_;
    const Instance& in = *s.instance;
    const Program& p = definition_->program();
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(static_cast<std::int64_t>(seat) + 1)));

    // Zones of one declared card type can only trade cards with each other; the seat knows no more than that.
    // Kept from call to call: search bots determinize once per iteration, and should not allocate each time.
    thread_local std::vector<std::size_t> zones;
    thread_local std::vector<Value> cards;
    thread_local std::vector<int> types_done;
    types_done.clear();
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        const int type = p.zones[static_cast<std::size_t>(in.zone_decl[z])].card_type;
        if (!unseen_by(p, in, z, seat) || std::find(types_done.begin(), types_done.end(), type) != types_done.end())
            continue;
        types_done.push_back(type);
        unseen_zones_of_type(p, in, seat, type, zones);
        redeal(s, zones, rng, cards);
    }

    for (Pending& d : s.pending) {
        if (d.seat != seat) d.answer = -1;
    }
    s.history.clear();
    s.rng = Rng(rng.next());
    s.forced.clear();  // chance a test forced is future chance too: sampled anew like the rest
    s.forced_next = 0;
    ++s.version;  // functions remembered values of the old deal
}

Game Game::determinized(int seat, std::uint64_t seed) const {
    Game copy(*this);
    copy.determinize(seat, seed);
    return copy;
}

}  // namespace rulesrun::runtime
