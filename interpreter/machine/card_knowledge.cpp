// What each seat knows of where the cards are (card_knowledge.hpp; docs/engine.md, "Determinization").
//
// A seat knows where a card is once the card is in a zone the seat sees, or came from nowhere (the first cards of
// a game are dealt in the order the rules declare them). Moves are public events: a seat that knows a card keeps
// knowing it wherever it goes, and everyone sees the position a card leaves a hidden pile from or goes to, so
// places in a pile stay known until it is shuffled. In a hand the seat cannot see, nobody but the owner follows the
// order: when a card leaves it for another place the seat cannot see, the seat cannot tell which card moved, and
// forgets where all the cards it knew there are. A card put at a random position of a pile gets a window (where it
// may lie, from the bottom), which the later moves of that pile shift or narrow.
#include "card_knowledge.hpp"

#include <algorithm>

#include "state.hpp"

namespace rulesrun::runtime {

namespace {

// Positions counted from the bottom of a zone, from 1: draws and cards put on top do not change them.
std::int32_t from_bottom(const StateData& s, std::int32_t zone, std::int32_t position) {
    return s.zone_size[static_cast<std::size_t>(zone)] - position;
}

template <typename Visit>
void each_card_in(const StateData& s, std::int32_t zone, Visit&& visit) {
    const auto z = static_cast<std::size_t>(zone);
    const Value* cards = s.zone_cards.data() + s.zone_top(z);
    for (Value i = 0; i < s.zone_size[z]; ++i) visit(cards[i], i);
}

// The seats in `seats` lose track of `card`: they no longer know it, nor what they were told of it.
void forget_card(StateData& s, Value card, SeatMask seats) {
    s.card_known[static_cast<std::size_t>(card)] &= ~seats;
    s.told.forget(card, seats);
}

// A window narrowed to one place is a known place; a window nobody keeps is gone.
void settle(StateData& s, Value card) {
    CardWindow& w = s.card_window[static_cast<std::size_t>(card)];
    if (w.seats != 0 && w.low < w.high) return;
    s.card_known[static_cast<std::size_t>(card)] |= w.seats;
    w = {};
}

// A card left `zone` from `place` (from the bottom, counted before it left). The cards put at random positions
// above it move down one place; those whose window held `place` lose that place, and the seats in `unsure` (who
// could not see which card left) lose them unless the move's events tell them apart: the card that left may have
// been theirs.
void windows_after_removal(StateData& s, std::int32_t zone, std::int32_t place, SeatMask unsure, MoveEvents& events) {
    std::int32_t top = 0;
    each_card_in(s, zone, [&](Value card, Value) {
        CardWindow& w = s.card_window[static_cast<std::size_t>(card)];
        if (w.seats == 0) return;
        if (place < w.low) {
            --w.low;
            --w.high;
        } else if (place <= w.high) {
            if ((w.seats & unsure) != 0 && !events.tell_apart(card)) w.seats &= ~unsure;
            --w.high;
        }
        settle(s, card);
        if (w.seats != 0) top = std::max(top, w.high);
    });
    s.zone_window_top[static_cast<std::size_t>(zone)] = top;
}

// `card` went into `zone` somewhere between the places `low` and `high` (from the bottom, counted after): the
// windows that may lie above it move up one place.
void windows_after_insertion(StateData& s, std::int32_t zone, Value card, std::int32_t low,
                             std::int32_t high) {
    std::int32_t top = 0;
    each_card_in(s, zone, [&](Value other, Value) {
        CardWindow& w = s.card_window[static_cast<std::size_t>(other)];
        if (other == card || w.seats == 0) return;
        if (w.low >= high) ++w.low;
        if (w.high >= low) ++w.high;
        top = std::max(top, w.high);
    });
    s.zone_window_top[static_cast<std::size_t>(zone)] = top;
}

// After `card` went into a pile at a random place between `low` and `high` (truly `place`): a card whose place the
// seats knew, and which now lies between them, is one place higher or not; they get a window of those two places
// (or forget it, when it already has a window for other seats).
void blur_known_places(StateData& s, const Instance& in, std::int32_t zone, Value card, std::int32_t place,
                       std::int32_t low, std::int32_t high) {
    const SeatMask blind = in.all_seats & ~in.zone_seers[static_cast<std::size_t>(zone)];
    std::int32_t& top = s.zone_window_top[static_cast<std::size_t>(zone)];
    each_card_in(s, zone, [&](Value other, Value position) {
        const std::int32_t now = from_bottom(s, zone, position);
        const SeatMask unsure = s.card_known[static_cast<std::size_t>(other)] & blind;
        if (other == card || now < low || now > high || unsure == 0) return;
        forget_card(s, other, unsure);
        CardWindow& w = s.card_window[static_cast<std::size_t>(other)];
        if (w.seats != 0) return;
        const std::int32_t before = now < place ? now : now - 1;
        w = {unsure, before, before + 1};
        top = std::max(top, w.high);
    });
}

// The seats in `blind` forget where the cards of `zone` are.
void forget_zone(StateData& s, std::int32_t zone, SeatMask blind) {
    each_card_in(s, zone, [&](Value card, Value) { forget_card(s, card, blind); });
}

// The card arrived in a pile: the windows there move, and at a random position it gets one.
void arrive_in_pile(StateData& s, const Instance& in, const CardMove& m) {
    const auto c = static_cast<std::size_t>(m.card);
    const std::int32_t size = s.zone_size[static_cast<std::size_t>(m.to)];
    const std::int32_t place = from_bottom(s, m.to, s.card_pos[c] - s.zone_start[static_cast<std::size_t>(m.to)]);
    std::int32_t low = place, high = place;
    if (m.random_low != 0) {
        low = size + 1 - std::clamp(m.random_high, 1, size);
        high = size + 1 - std::clamp(m.random_low, 1, size);
    }
    if (low == high) {
        if (place <= s.zone_window_top[static_cast<std::size_t>(m.to)]) windows_after_insertion(s, m.to, m.card, low, high);
        return;
    }
    windows_after_insertion(s, m.to, m.card, low, high);
    blur_known_places(s, in, m.to, m.card, place, low, high);
    const SeatMask unsure = s.card_known[c] & ~in.zone_seers[static_cast<std::size_t>(m.to)];
    if (unsure == 0) return;
    forget_card(s, m.card, unsure);
    s.card_window[c] = {unsure, low, high};
    std::int32_t& top = s.zone_window_top[static_cast<std::size_t>(m.to)];
    top = std::max(top, high);
}

}  // namespace

void learn_from_move(StateData& s, const Instance& in, const CardMove& m, MoveEvents& events) {
    const auto c = static_cast<std::size_t>(m.card);
    SeatMask& known = s.card_known[c];
    s.card_window[c] = {};  // who sees where it goes learns it below; for the others it is gone
    if (m.from < 0) {
        known = in.all_seats;
    } else {
        const auto from = static_cast<std::size_t>(m.from);
        const SeatMask blind = in.all_seats & ~in.zone_seers[from] & ~in.zone_seers[static_cast<std::size_t>(m.to)];
        if (in.zone_is_pile[from]) {
            const std::int32_t place = m.from_size - m.from_position;
            if (place <= s.zone_window_top[from]) windows_after_removal(s, m.from, place, blind & ~known, events);
        } else if (blind != 0) {
            forget_card(s, m.card, blind);
            forget_zone(s, m.from, blind);
        }
    }
    known |= in.zone_seers[static_cast<std::size_t>(m.to)];
    if (in.zone_is_pile[static_cast<std::size_t>(m.to)]) arrive_in_pile(s, in, m);
}

void forget_shuffled(StateData& s, const Instance& in, std::int32_t zone) {
    // Outside piles nobody follows the order: a shuffle changes nothing anyone knew.
    if (!in.zone_is_pile[static_cast<std::size_t>(zone)]) return;
    const SeatMask seers = in.zone_seers[static_cast<std::size_t>(zone)];
    each_card_in(s, zone, [&](Value card, Value) {
        forget_card(s, card, ~seers);
        s.card_window[static_cast<std::size_t>(card)] = {};
    });
    s.zone_window_top[static_cast<std::size_t>(zone)] = 0;
}

void forget_all_but(StateData& s, SeatMask keep) {
    const Instance& in = *s.instance;
    for (std::size_t c = 0; c < s.card_known.size(); ++c) {
        const Value zone = s.card_zone[c];
        const SeatMask seers = zone < 0 ? in.all_seats : in.zone_seers[static_cast<std::size_t>(zone)];
        s.card_known[c] = seers | (s.card_known[c] & keep);
        CardWindow& w = s.card_window[c];
        w.seats &= keep;
        if (w.seats == 0) w = {};
    }
    s.told.forget_all_but(keep);
    recount_windows(s);
}

void ToldCards::learn(std::int32_t card, SeatMask seats, const std::uint64_t* may_be, std::int32_t cards_count,
                      int players) {
    if (seats_.empty()) {
        words_ = (cards_count + 63) / 64;
        players_ = std::min(players, seats_with_memory);
        seats_.assign(static_cast<std::size_t>(cards_count), 0);
        may_be_.assign(static_cast<std::size_t>(cards_count) * static_cast<std::size_t>(players_ * words_), 0);
    }
    for (int seat = 0; seat < players_; ++seat) {
        if ((seats & seat_bit(seat)) == 0) continue;
        std::uint64_t* set = may_be_.data() + (static_cast<std::size_t>(card) * players_ + seat) * words_;
        const bool told_before = (seats_[static_cast<std::size_t>(card)] & seat_bit(seat)) != 0;
        for (std::int32_t w = 0; w < words_; ++w) set[w] = told_before ? set[w] & may_be[w] : may_be[w];
        seats_[static_cast<std::size_t>(card)] |= seat_bit(seat);
    }
}

const std::uint64_t* ToldCards::may_be(std::int32_t card, int seat) const {
    if (seats_.empty() || seat < 0 || seat >= players_ || (seats_[static_cast<std::size_t>(card)] & seat_bit(seat)) == 0)
        return nullptr;
    return may_be_.data() + (static_cast<std::size_t>(card) * players_ + seat) * words_;
}

void ToldCards::forget_all_but(SeatMask keep) {
    for (SeatMask& seats : seats_) seats &= keep;
}

void ToldCards::keep_only(int seat, const std::vector<std::int32_t>& moved_to) {
    if (seats_.empty()) return;
    thread_local std::vector<std::uint64_t> kept;  // the seat's facts, at the cards they move to
    kept.assign(seats_.size() * static_cast<std::size_t>(words_), 0);
    thread_local std::vector<std::uint8_t> told;
    told.assign(seats_.size(), 0);
    for (std::size_t card = 0; card < seats_.size(); ++card) {
        const std::uint64_t* set = may_be(static_cast<std::int32_t>(card), seat);
        if (set == nullptr || moved_to[card] < 0) continue;
        const auto to = static_cast<std::size_t>(moved_to[card]);
        std::copy(set, set + words_, kept.data() + to * words_);
        told[to] = 1;
    }
    std::fill(may_be_.begin(), may_be_.end(), 0);
    for (std::size_t card = 0; card < seats_.size(); ++card) {
        seats_[card] = told[card] != 0 ? seat_bit(seat) : 0;
        if (told[card] == 0) continue;
        std::copy(kept.data() + card * words_, kept.data() + (card + 1) * words_,
                  may_be_.data() + (card * players_ + static_cast<std::size_t>(seat)) * words_);
    }
}

void recount_windows(StateData& s) {
    for (std::size_t z = 0; z < s.zone_window_top.size(); ++z) {
        std::int32_t top = 0;
        each_card_in(s, static_cast<std::int32_t>(z), [&](Value card, Value) {
            const CardWindow& w = s.card_window[static_cast<std::size_t>(card)];
            if (w.seats != 0) top = std::max(top, w.high);
        });
        s.zone_window_top[z] = top;
    }
}

}  // namespace rulesrun::runtime
