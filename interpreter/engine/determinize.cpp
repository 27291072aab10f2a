// Determinization (Game::determinize): one possible truth behind what a seat has seen, for information-set search.
#include <algorithm>

#include "card_knowledge.hpp"
#include "game.hpp"
#include "machine.hpp"
#include "seeds.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

namespace {

// Whether `seat` may see the cards of zone instance `zone`.
bool unseen_by(const Program& p, const Instance& in, std::size_t zone, int seat) {
    const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[zone])];
    return d.visibility == Visibility::hidden || (d.visibility == Visibility::private_ && in.zone_owner[zone] != seat);
}

struct Place {
    std::int32_t zone = 0;
    std::int32_t position = 0;
};

// The cards a seat does not know, in the zones of one declared card type it cannot see, and the places they are in.
// Kept from call to call: search bots determinize once per iteration, and should not allocate each time.
struct Unknown {
    std::vector<Place> places;     // zone by zone, top first
    std::vector<Value> cards;      // sorted by card: the deal depends only on which cards are unknown
    std::vector<Value> windowed;   // those the seat saw put at a random position (a CardWindow), sorted
    std::vector<std::uint8_t> taken;
    std::vector<Value> known;      // scratch
};

Value& card_at(StateData& s, const Place& place) {
    return s.zone_cards[s.zone_top(static_cast<std::size_t>(place.zone)) + static_cast<std::size_t>(place.position)];
}

void put(StateData& s, const Place& place, Value card) {
    card_at(s, place) = card;
    s.card_zone[static_cast<std::size_t>(card)] = place.zone;
    s.card_pos[static_cast<std::size_t>(card)] = s.zone_start[static_cast<std::size_t>(place.zone)] + place.position;
}

// The unknown places of one zone. Outside hidden piles nobody follows the order (the seat knows which cards are
// there, not where): the known cards go first, in card order, so that the places left do not depend on it.
void gather(StateData& s, std::int32_t zone, SeatMask seat, Unknown& u) {
    const Instance& in = *s.instance;
    const auto z = static_cast<std::size_t>(zone);
    const bool pile = in.zone_is_pile[z] != 0;
    u.known.clear();
    for (std::int32_t i = 0; i < s.zone_size[z]; ++i) {
        const Value card = card_at(s, {zone, i});
        const auto c = static_cast<std::size_t>(card);
        if ((s.card_known[c] & seat) != 0) {
            u.known.push_back(card);
            continue;
        }
        if (pile) u.places.push_back({zone, i});
        ((s.card_window[c].seats & seat) != 0 ? u.windowed : u.cards).push_back(card);
    }
    if (pile) return;
    std::sort(u.known.begin(), u.known.end());
    for (std::size_t i = 0; i < u.known.size(); ++i) put(s, {zone, static_cast<std::int32_t>(i)}, u.known[i]);
    for (auto i = static_cast<std::int32_t>(u.known.size()); i < s.zone_size[z]; ++i) u.places.push_back({zone, i});
}

// A card the seat saw put at a random position goes to one of the free unknown places of its window, evenly;
// false when none is free (other windowed cards took them): it is then dealt with the others.
bool place_in_window(StateData& s, Value card, Unknown& u, Rng& rng) {
    const CardWindow& w = s.card_window[static_cast<std::size_t>(card)];
    const std::int32_t zone = s.card_zone[static_cast<std::size_t>(card)];
    auto fits = [&](std::size_t i) {
        const std::int32_t from_bottom = s.zone_size[static_cast<std::size_t>(zone)] - u.places[i].position;
        return u.taken[i] == 0 && u.places[i].zone == zone && from_bottom >= w.low && from_bottom <= w.high;
    };
    std::uint32_t count = 0;
    for (std::size_t i = 0; i < u.places.size(); ++i) count += fits(i) ? 1 : 0;
    if (count == 0) return false;
    std::uint32_t pick = rng.below(count);
    for (std::size_t i = 0; i < u.places.size(); ++i) {
        if (!fits(i) || pick-- != 0) continue;
        u.taken[i] = 1;
        put(s, u.places[i], card);
        return true;
    }
    return false;
}

// Deals the unknown cards again: the windowed ones into their windows first, then the others at random into the
// places left.
void redeal(StateData& s, Unknown& u, Rng& rng) {
    std::sort(u.windowed.begin(), u.windowed.end());
    u.taken.assign(u.places.size(), 0);
    for (const Value card : u.windowed) {
        if (!place_in_window(s, card, u, rng)) u.cards.push_back(card);
    }
    std::sort(u.cards.begin(), u.cards.end());
    rng.shuffle(u.cards.data(), static_cast<int>(u.cards.size()));
    std::size_t next = 0;
    for (std::size_t i = 0; i < u.places.size(); ++i) {
        if (u.taken[i] == 0) put(s, u.places[i], u.cards[next++]);
    }
}

}  // namespace

void Game::determinize(int seat, std::uint64_t seed) {
    const bool others_pending =
        std::any_of(state_->pending.begin(), state_->pending.end(), [&](const Pending& d) { return d.seat != seat; });
    if (!others_pending) {
        deal_unseen(seat, seed);
        return;
    }
    // Another seat's pending decision is offered again on the new deal. A deal may not allow it (that seat already
    // chose to play a special card, and the hand dealt to it holds none): another deal is tried, the seat having seen
    // that choice. After a few, the decision keeps the options of the true deal.
    const StateData before = *state_;
    for (std::uint64_t attempt = 0; attempt < 8; ++attempt) {
        if (attempt > 0) *state_ = before;
        if (!deal_unseen(seat, derive_seed(seed, attempt))) return;
        try {
            offer_pending_again(seat);
            return;
        } catch (const RuleError&) {
        }
    }
    *state_ = before;
    deal_unseen(seat, seed);
}

// Deals again what `seat` cannot know (see determinize); true when some card was dealt again.
bool Game::deal_unseen(int seat, std::uint64_t seed) {
    StateData& s = *state_;
    const Instance& in = *s.instance;
    const Program& p = definition_->program();
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(static_cast<std::int64_t>(seat) + 1)));
    const SeatMask me = seat_bit(seat);

    // Zones of one declared card type can only trade cards with each other; the seat knows no more than that.
    thread_local Unknown unknown;
    thread_local std::vector<int> types_done;
    types_done.clear();
    bool dealt = false;  // some card the seat does not know was dealt again
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        const int type = p.zones[static_cast<std::size_t>(in.zone_decl[z])].card_type;
        if (!unseen_by(p, in, z, seat) || std::find(types_done.begin(), types_done.end(), type) != types_done.end())
            continue;
        types_done.push_back(type);
        unknown.places.clear();
        unknown.cards.clear();
        unknown.windowed.clear();
        for (std::size_t other = z; other < in.zone_decl.size(); ++other) {
            if (unseen_by(p, in, other, seat) && p.zones[static_cast<std::size_t>(in.zone_decl[other])].card_type == type)
                gather(s, static_cast<std::int32_t>(other), me, unknown);
        }
        dealt = dealt || !unknown.places.empty();
        redeal(s, unknown, rng);
    }
    if (!s.knowledge_kept) throw UsageError("determinize needs the seats' knowledge, which this game does not keep (keep_knowledge)");
    if (in.tracks_knowledge) forget_all_but(s, me);  // in the guessed world the others know only what they see

    s.history.clear();
    s.secret_answerers = 0;
    s.rng = Rng(rng.next());
    s.forced.clear();  // chance a test forced is future chance too: sampled anew like the rest
    s.forced_next = 0;
    ++s.version;  // functions remembered values of the old deal
    return dealt;
}

// The pending decision's options were computed from the old deal: another seat's options may name cards dealt
// elsewhere now, so the decision is offered again (a `simultaneously` one from its first seat). The other seats'
// secret answers are withdrawn (they must answer again); `seat` keeps its own, its options being the same.
void Game::offer_pending_again(int seat) {
    StateData& s = *state_;
    if (s.finished) return;
    std::vector<std::pair<int, std::int32_t>> kept;
    for (const Pending& d : s.pending) {
        if (d.seat == seat && d.answer >= 0) kept.emplace_back(d.seat, d.answer);
    }
    Machine machine(definition_->program(), s);
    machine.offer_again();
    machine.collect_garbage();  // what the first offer left on the heap: a game determinized twice equals one done once
    for (const auto& [owner, answer] : kept) {
        for (Pending& d : s.pending) {
            if (d.seat == owner && answer < d.options_count) d.answer = answer;
        }
    }
}

Game Game::determinized(int seat, std::uint64_t seed) const {
    Game copy(*this);
    copy.determinize(seat, seed);
    return copy;
}

}  // namespace rulesrun::runtime
