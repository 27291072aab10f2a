// What each seat knows of where the cards are, kept up to date as cards move (docs/engine.md, "Determinization"):
// determinize deals again only the cards a seat does not know, and only among the places they could be.
#pragma once

#include <cstdint>
#include <vector>

namespace rulesrun::runtime {

struct StateData;
struct Instance;

// One bit per seat; seats from 64 on (and spectators) are never credited with knowledge: they know only what they
// see now, which is safe (forgetting never reveals anything).
using SeatMask = std::uint64_t;
inline constexpr int seats_with_memory = 64;
inline SeatMask seat_bit(int seat) { return seat >= 0 && seat < seats_with_memory ? SeatMask{1} << seat : 0; }

// A card put at a random position of a zone where `seats` cannot see it: for them it lies somewhere between
// `low` and `high`, counted from the bottom of that zone (1: the bottom card), evenly.
struct CardWindow {
    SeatMask seats = 0;
    std::int32_t low = 0;
    std::int32_t high = 0;
    friend bool operator==(const CardWindow&, const CardWindow&) = default;
};

// What seats were told about cards they cannot see (`tell ... whether`): for a card and a seat, the cards of the
// game it may still be, one bit each. The facts belong to the card where it lies (the seat follows its place), so a
// determinization keeps them with the place, whatever card it deals there. Empty until the first `tell`.
class ToldCards {
public:
    [[nodiscard]] bool empty() const { return seats_.empty(); }
    // `seats` learned that `card` is one of the cards whose bit is set in `may_be` (cards_count bits).
    void learn(std::int32_t card, SeatMask seats, const std::uint64_t* may_be, std::int32_t cards_count, int players);
    // The cards `card` may be for `seat`, or nullptr when it was told nothing.
    [[nodiscard]] const std::uint64_t* may_be(std::int32_t card, int seat) const;
    // `seats` no longer follow where `card` is: what they were told of it no longer belongs to any place.
    void forget(std::int32_t card, SeatMask seats) {
        if (!seats_.empty()) seats_[static_cast<std::size_t>(card)] &= ~seats;
    }
    void forget_all_but(SeatMask keep);
    // Only `seat`'s facts are kept, each moved from the card it was told about to the card `moved_to` gives for it
    // (determinize: the cards dealt again take the places, and the facts, of those they replace); -1: forgotten.
    void keep_only(int seat, const std::vector<std::int32_t>& moved_to);
    [[nodiscard]] static bool holds(const std::uint64_t* may_be, std::int32_t card) {
        return (may_be[card / 64] >> (card % 64) & 1) != 0;
    }
    friend bool operator==(const ToldCards&, const ToldCards&) = default;

private:
    std::vector<SeatMask> seats_;        // per card: the seats told something about it
    std::vector<std::uint64_t> may_be_;  // per card and seat: `words_` words
    std::int32_t words_ = 0;
    std::int32_t players_ = 0;
};

// A card's move, as every seat saw it happen: where it was (position from the top, from 0, and that zone's size
// before), where it went, and for a random position the positions from the top (from 1) it could have gone to.
struct CardMove {
    std::int32_t card = 0;
    std::int32_t from = -1;  // -1: the card was in no zone (the first cards of the game)
    std::int32_t from_position = 0;
    std::int32_t from_size = 0;
    std::int32_t to = 0;
    std::int32_t random_low = 0;  // 0: the position is known
    std::int32_t random_high = 0;
};

// Whether what followed a move tells `card` apart from the card that moved: everyone sees whether the move's events
// fire (Diam's closure card, drawn, is set aside at once). Asked only about a card put at a random position that the
// card taken from a pile, face down, may have been.
class MoveEvents {
public:
    virtual bool tell_apart(std::int32_t card) = 0;

protected:
    ~MoveEvents() = default;
};

// Called after each move when the game has secrets (Instance::tracks_knowledge): a few integer operations, more
// only when the move touches a zone holding cards put at random positions, or leaves a zone whose order nobody
// follows for a place the seat cannot see.
void learn_from_move(StateData& s, const Instance& in, const CardMove& move, MoveEvents& events);
// After a shuffle: the seats that cannot see the zone no longer know where its cards are.
void forget_shuffled(StateData& s, const Instance& in, std::int32_t zone);
// Every seat but those of `keep` forgets what it knew and knows only what it sees now (forgetting never reveals
// anything): the others in a determinized world, everyone when a game starts keeping knowledge again.
void forget_all_but(StateData& s, SeatMask keep);
// The highest window of each zone, computed again (after determinize rewrote the windows).
void recount_windows(StateData& s);

}  // namespace rulesrun::runtime
