// Determinization (Game::determinize): one possible truth behind what a seat has seen, for information-set search.
#include <algorithm>
#include <stdexcept>

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
    switch (d.visibility) {
        case Visibility::public_: return false;
        case Visibility::private_: return in.zone_owner[zone] != seat;
        case Visibility::hidden: return true;
        case Visibility::others_: return in.zone_owner[zone] == seat;
    }
    return true;
}

struct Place {
    std::int32_t zone = 0;
    std::int32_t position = 0;
};

// The cards a seat does not know, in the zones of one declared card type it cannot see, and the places they are in.
// Kept from call to call: search bots determinize once per iteration, and should not allocate each time.
struct Unknown {
    std::vector<Place> places;     // zone by zone, top first
    std::vector<std::int32_t> told_as;  // per place: the card whose told facts (`tell`) the card dealt there must fit, or -1
    std::vector<Value> cards;      // sorted by card: the deal depends only on which cards are unknown
    std::vector<Value> windowed;   // those the seat saw put at a random position (a CardWindow), sorted
    std::vector<std::uint8_t> taken;
    std::vector<Value> known;      // scratch
    std::vector<Value> zone_told;  // scratch: the cards of one zone with told facts, in order
};

// What `seat` was told of cards it cannot see, and where the facts go when the cards are dealt again.
struct Told {
    const ToldCards& facts;
    int seat;
    std::vector<std::int32_t>& moved_to;  // per card: the card that takes its place (and its facts)
    [[nodiscard]] bool about(Value card) const { return facts.may_be(card, seat) != nullptr; }
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
// A place holding a card the seat was told about keeps those facts (in a zone whose order nobody follows, the facts
// of its cards go to its unknown places in turn: the seat knows they are there, not where).
void gather(StateData& s, std::int32_t zone, SeatMask seat, const Told& told, Unknown& u) {
    const Instance& in = *s.instance;
    const auto z = static_cast<std::size_t>(zone);
    const bool pile = in.zone_is_pile[z] != 0;
    u.known.clear();
    u.zone_told.clear();
    for (std::int32_t i = 0; i < s.zone_size[z]; ++i) {
        const Value card = card_at(s, {zone, i});
        const auto c = static_cast<std::size_t>(card);
        if ((s.card_known[c] & seat) != 0) {
            u.known.push_back(card);
            continue;
        }
        const bool windowed = (s.card_window[c].seats & seat) != 0;
        if (pile) {
            u.places.push_back({zone, i});
            u.told_as.push_back(!windowed && told.about(card) ? card : -1);
        } else if (!windowed && told.about(card)) {
            u.zone_told.push_back(card);
        }
        if (windowed && told.about(card)) told.moved_to[c] = -1;  // where it lies is a guess: so is what it was told
        (windowed ? u.windowed : u.cards).push_back(card);
    }
    if (pile) return;
    std::sort(u.known.begin(), u.known.end());
    for (std::size_t i = 0; i < u.known.size(); ++i) put(s, {zone, static_cast<std::int32_t>(i)}, u.known[i]);
    std::size_t next_told = 0;
    for (auto i = static_cast<std::int32_t>(u.known.size()); i < s.zone_size[z]; ++i) {
        u.places.push_back({zone, i});
        u.told_as.push_back(next_told < u.zone_told.size() ? u.zone_told[next_told++] : -1);
    }
}

// A card the seat saw put at a random position goes to one of the free unknown places of its window, evenly;
// false when none is free (other windowed cards took them): it is then dealt with the others.
bool place_in_window(StateData& s, Value card, Unknown& u, Rng& rng) {
    const CardWindow& w = s.card_window[static_cast<std::size_t>(card)];
    const std::int32_t zone = s.card_zone[static_cast<std::size_t>(card)];
    auto fits = [&](std::size_t i) {
        const std::int32_t from_bottom = s.zone_size[static_cast<std::size_t>(zone)] - u.places[i].position;
        return u.taken[i] == 0 && u.told_as[i] < 0 && u.places[i].zone == zone && from_bottom >= w.low &&
               from_bottom <= w.high;
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

// Deals, into the places the seat was told about, cards that fit what it was told: a search that fills the place with
// the fewest fitting cards first, trying them from a random start, within a budget. The true deal always fits, so if
// the budget runs out (rare: facts that leave one deal among very many) those places keep their true cards.
class DealToTold {
public:
    DealToTold(StateData& s, Unknown& u, const Told& told, Rng& rng) : s_(s), u_(u), told_(told), rng_(rng) {}

    void deal() {
        order_.clear();
        for (std::size_t i = 0; i < u_.places.size(); ++i) {
            if (u_.taken[i] == 0 && u_.told_as[i] >= 0) order_.push_back(i);
        }
        fitting_.assign(u_.places.size(), 0);
        for (const std::size_t i : order_) fitting_[i] = fitting(i);
        std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) { return fitting_[a] < fitting_[b]; });
        used_.assign(u_.cards.size(), 0);
        choice_.assign(order_.size(), 0);
        budget_ = 20000;
        if (!assign(0)) keep_the_truth();
        for (std::size_t k = 0; k < order_.size(); ++k) {
            const std::size_t i = order_[k];
            const Value card = u_.cards[choice_[k]];
            put(s_, u_.places[i], card);
            u_.taken[i] = 1;
            told_.moved_to[static_cast<std::size_t>(u_.told_as[i])] = card;
        }
        std::size_t kept = 0;  // the cards left for the other places, still sorted
        for (std::size_t j = 0; j < u_.cards.size(); ++j) {
            if (used_[j] == 0) u_.cards[kept++] = u_.cards[j];
        }
        u_.cards.resize(kept);
    }

private:
    const std::uint64_t* facts(std::size_t place) const { return told_.facts.may_be(u_.told_as[place], told_.seat); }

    std::int32_t fitting(std::size_t place) const {
        const std::uint64_t* may_be = facts(place);
        return static_cast<std::int32_t>(
            std::count_if(u_.cards.begin(), u_.cards.end(), [&](Value c) { return ToldCards::holds(may_be, c); }));
    }

    bool assign(std::size_t k) {
        if (k == order_.size()) return true;
        if (--budget_ < 0) return false;
        const std::uint64_t* may_be = facts(order_[k]);
        const std::size_t n = u_.cards.size();
        const std::size_t start = rng_.below(static_cast<std::uint32_t>(n));
        for (std::size_t step = 0; step < n && budget_ >= 0; ++step) {
            const std::size_t j = (start + step) % n;
            if (used_[j] != 0 || !ToldCards::holds(may_be, u_.cards[j])) continue;
            used_[j] = 1;
            choice_[k] = j;
            if (assign(k + 1)) return true;
            used_[j] = 0;
        }
        return false;
    }

    void keep_the_truth() {
        std::fill(used_.begin(), used_.end(), 0);
        for (std::size_t k = 0; k < order_.size(); ++k) {
            const Value truth = u_.told_as[order_[k]];
            const auto at = std::lower_bound(u_.cards.begin(), u_.cards.end(), truth);
            if (at == u_.cards.end() || *at != truth) throw std::logic_error("determinize: a told card is not among the unknown ones");
            choice_[k] = static_cast<std::size_t>(at - u_.cards.begin());
            used_[choice_[k]] = 1;
        }
    }

    StateData& s_;
    Unknown& u_;
    const Told& told_;
    Rng& rng_;
    std::int64_t budget_ = 0;
    // Kept from call to call: no allocation per determinization once warm.
    static thread_local std::vector<std::size_t> order_, choice_;
    static thread_local std::vector<std::int32_t> fitting_;
    static thread_local std::vector<std::uint8_t> used_;
};

thread_local std::vector<std::size_t> DealToTold::order_, DealToTold::choice_;
thread_local std::vector<std::int32_t> DealToTold::fitting_;
thread_local std::vector<std::uint8_t> DealToTold::used_;

void deal_to_told(StateData& s, Unknown& u, const Told& told, Rng& rng) { DealToTold(s, u, told, rng).deal(); }

// Deals the unknown cards again: the windowed ones into their windows first, then cards that fit what the seat was
// told into the places it was told about (DealToTold), then the others at random into the places left.
void redeal(StateData& s, Unknown& u, const Told& told, Rng& rng) {
    std::sort(u.windowed.begin(), u.windowed.end());
    u.taken.assign(u.places.size(), 0);
    for (const Value card : u.windowed) {
        if (!place_in_window(s, card, u, rng)) u.cards.push_back(card);
    }
    std::sort(u.cards.begin(), u.cards.end());
    if (std::any_of(u.told_as.begin(), u.told_as.end(), [](std::int32_t c) { return c >= 0; })) {
        deal_to_told(s, u, told, rng);  // takes the cards it deals out of u.cards
    }
    rng.shuffle(u.cards.data(), static_cast<int>(u.cards.size()));
    std::size_t next = 0;
    for (std::size_t i = 0; i < u.places.size(); ++i) {
        if (u.taken[i] == 0) put(s, u.places[i], u.cards[next++]);
    }
}

}  // namespace

bool Game::determinize(int seat, std::uint64_t seed) {
    const bool others_pending =
        std::any_of(state_->pending.begin(), state_->pending.end(), [&](const Pending& d) { return d.seat != seat; });
    if (!others_pending) return deal_unseen(seat, seed);
    // Another seat's pending decision is offered again on the new deal. A deal may not allow it (that seat already
    // chose to play a special card, and the hand dealt to it holds none): another deal is tried, the seat having seen
    // that choice. After a few, the decision keeps the options of the true deal.
    const StateData before = *state_;
    for (std::uint64_t attempt = 0; attempt < 8; ++attempt) {
        if (attempt > 0) *state_ = before;
        if (!deal_unseen(seat, derive_seed(seed, attempt))) return true;
        try {
            offer_pending_again(seat);
            return true;
        } catch (const RuleError&) {
        }
    }
    *state_ = before;
    deal_unseen(seat, seed);
    return true;
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
    thread_local std::vector<std::int32_t> moved_to;
    types_done.clear();
    if (!s.told.empty()) {
        moved_to.resize(s.card_zone.size());
        for (std::size_t c = 0; c < moved_to.size(); ++c) moved_to[c] = static_cast<std::int32_t>(c);
    }
    const Told told{s.told, seat, moved_to};
    bool dealt = false;  // some card the seat does not know was dealt again
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        const int type = p.zones[static_cast<std::size_t>(in.zone_decl[z])].card_type;
        if (!unseen_by(p, in, z, seat) || std::find(types_done.begin(), types_done.end(), type) != types_done.end())
            continue;
        types_done.push_back(type);
        unknown.places.clear();
        unknown.told_as.clear();
        unknown.cards.clear();
        unknown.windowed.clear();
        for (std::size_t other = z; other < in.zone_decl.size(); ++other) {
            if (unseen_by(p, in, other, seat) && p.zones[static_cast<std::size_t>(in.zone_decl[other])].card_type == type)
                gather(s, static_cast<std::int32_t>(other), me, told, unknown);
        }
        dealt = dealt || !unknown.places.empty();
        redeal(s, unknown, told, rng);
    }
    s.told.keep_only(seat, moved_to);  // the seat's facts go with the places; the others' are forgotten below
    if (!s.knowledge_kept) throw UsageError("determinize needs the seats' knowledge, which this game does not keep (keep_knowledge)");
    if (in.tracks_knowledge) forget_all_but(s, me);  // in the guessed world the others know only what they see

    s.history.clear();
    s.secret_answerers = 0;
    s.rng = Rng(rng.next());
    s.forced.clear();  // chance a test forced is future chance too: sampled anew like the rest
    s.forced_next = 0;
    s.forced_used.clear();  // the history is gone: there is nothing to play again
    s.every_kind_changed();  // what functions remembered of the old deal is forgotten; functions of nothing keep theirs
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
