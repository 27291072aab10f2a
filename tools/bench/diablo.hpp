// Diablo (Mark Steere) written by hand in C++: the baseline the interpreter running rules/diablo.rules is measured
// against.
//
// It implements exactly the rules of rules/diablo.rules (and docs/games/diablo.md), Decisions included: Black
// on the corner square, jumping moves that never leave the board, the player choosing the stack of a forced removal
// (all his checkers go when he has fewer than he must remove), and the end checked after every action. The turn keeps
// the rules file's decision structure: a first move with either die, then a second move with the other die or a
// removal, each a choice among the legal options listed in a stable order.
//
// The board is one fixed array; playing allocates nothing. A game is played by a bot and watched by an observer (hooks
// for the tests; the default one does nothing and costs nothing).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "bench_random.hpp"

namespace rulesrun::bench {

enum class Colour : std::uint8_t { black, green };
inline constexpr Colour opponent(Colour c) { return c == Colour::black ? Colour::green : Colour::black; }

inline constexpr int kDiabloMaxSide = 10;
inline constexpr int kDiabloMaxSquares = kDiabloMaxSide * kDiabloMaxSide;
// At most half the squares hold one colour's stacks, each with 4 directions for each of 2 dice.
inline constexpr int kDiabloMaxMoves = kDiabloMaxSquares / 2 * 2 * 4;

// A stack move: the whole stack on `from` goes `die` squares along a row or column to `to`. Squares are numbered
// row * side + column, row 0 along Black's edge (row 1 in the rules file). No default values: a move list is filled
// before it is read, and zeroing its 400 slots every turn would cost more than the turn's own work.
struct DiabloMove {
    std::int8_t from;
    std::int8_t to;
    std::int8_t die;
};

// The legal moves of one decision, in the rules file's order: stacks by square, then die (first die first), then
// direction (up, down, right, left, as orthogonal_at in stdlib/grid.rules).
struct DiabloMoveList {
    std::array<DiabloMove, kDiabloMaxMoves> moves;
    int count = 0;

    void clear() { count = 0; }
    void add(int from, int to, int die) {
        moves[count++] = {static_cast<std::int8_t>(from), static_cast<std::int8_t>(to), static_cast<std::int8_t>(die)};
    }
    const DiabloMove& operator[](int i) const { return moves[i]; }
};

// The statistics rules/diablo.rules declares, and the winner.
struct DiabloResult {
    Colour winner = Colour::black;
    int turns = 0;            // game_length: turns played, the last one included
    int winner_checkers = 0;  // checkers the winner has left
    int moves_to_empty = 0;   // moves to unoccupied squares in the game

    bool operator==(const DiabloResult&) const = default;
};

class DiabloGame;

// The observer's hooks, all empty: a game played without an observer does no extra work.
struct NoDiabloObserver {
    void on_turn_start(const DiabloGame&, Colour, int /*die_a*/, int /*die_b*/) {}
    void before_move(const DiabloGame&, const DiabloMove&) {}
    void before_removal(const DiabloGame&, int /*square*/) {}
    void after_action(const DiabloGame&) {}
};

// The random bot: uniform over the legal options of every decision.
struct RandomDiabloBot {
    // The index of the chosen move in the list.
    int choose_move(const DiabloGame&, const DiabloMoveList& moves, Rng& rng) const {
        return static_cast<int>(rng.below(static_cast<std::uint32_t>(moves.count)));
    }
    // The square of the stack that loses a checker: uniform over the remover's stacks, in square order.
    int choose_removal(const DiabloGame& game, Colour remover, Rng& rng) const;
};

class DiabloGame {
public:
    // A new game on a side x side board (4, 6, 8 or 10), every square holding one checker, in a checkerboard pattern.
    explicit DiabloGame(int side) : side_(side) {
        if (side != 4 && side != 6 && side != 8 && side != 10)
            throw std::invalid_argument("Diablo is played on a 4, 6, 8 or 10 square board");
        set_up();
    }

    // ---- Whole games --------------------------------------------------------------------------------------------

    // Plays the game to its end: Black first, then turns alternate.
    template <class Bot, class Observer = NoDiabloObserver>
    DiabloResult play(Rng& rng, const Bot& bot, Observer&& observer = {}) {
        Colour mover = Colour::black;
        while (!over()) {
            // Cannot happen (see turn_bound); it turns a bug into an error instead of an endless loop.
            if (turns_played_ >= turn_bound()) throw std::logic_error("Diablo: the game did not end within its bound");
            const int die_a = roll(rng);
            const int die_b = roll(rng);
            take_turn(mover, die_a, die_b, rng, bot, observer);
            mover = opponent(mover);
        }
        return result();
    }

    // One game of random bots with the given seed.
    static DiabloResult play_random(int side, std::uint64_t seed) {
        Rng rng(seed);
        DiabloGame game(side);
        return game.play(rng, RandomDiabloBot{});
    }

    // One turn with the dice already rolled: `take_turn` of rules/diablo.rules.
    template <class Bot, class Observer>
    void take_turn(Colour mover, int die_a, int die_b, Rng& rng, const Bot& bot, Observer&& observer) {
        ++turns_played_;
        last_mover_ = mover;
        observer.on_turn_start(*this, mover, die_a, die_b);
        // A stack move of any kind with either die is compulsory; without one, two checkers go and the turn ends.
        DiabloMoveList moves;
        legal_moves(mover, die_a, die_b, true, moves);
        if (moves.count == 0) {
            remove_checkers(mover, 2, rng, bot, observer);
            return;
        }
        const DiabloMove first = moves[bot.choose_move(*this, moves, rng)];
        const bool onto_empty = empty(first.to);  // read before the move fills the square
        act(first, observer);
        if (over()) return;
        // Balancing rule: on Black's very first turn only the chosen die is used; there is no second action.
        if (turns_played_ == 1) return;
        // The second move uses the other die; after a move to an empty square it must be a merge or a capture.
        const int other_die = first.die == die_a ? die_b : die_a;
        legal_moves(mover, other_die, other_die, !onto_empty, moves);
        if (moves.count == 0) {
            remove_checkers(mover, 1, rng, bot, observer);
            return;
        }
        act(moves[bot.choose_move(*this, moves, rng)], observer);
    }

    // ---- Moves and removals -------------------------------------------------------------------------------------

    // Every stack move `mover` may make with die_a or die_b (pass the same die twice for one die). A move jumps over
    // whatever lies between (Decision of the rules file) and never leaves the board.
    void legal_moves(Colour mover, int die_a, int die_b, bool empty_allowed, DiabloMoveList& out) const {
        out.clear();
        const int sign = sign_of(mover);
        for (int from = 0; from < square_count(); ++from) {
            if (cells_[from] * sign <= 0) continue;
            add_moves_with_die(from, die_a, empty_allowed, out);
            if (die_b != die_a) add_moves_with_die(from, die_b, empty_allowed, out);
        }
    }

    // Moves the whole stack: onto an empty square, merging (heights add) or capturing (the enemy stack leaves).
    void apply_move(const DiabloMove& m) {
        const int moving = cells_[m.from];
        const int mover = index_of(moving > 0 ? Colour::black : Colour::green);
        const int target = cells_[m.to];
        if (target == 0) {
            ++moves_to_empty_;
            cells_[m.to] = static_cast<std::int8_t>(moving);
        } else if ((target > 0) == (moving > 0)) {
            --stacks_[mover];
            cells_[m.to] = static_cast<std::int8_t>(target + moving);
        } else {
            --stacks_[1 - mover];
            checkers_[1 - mover] -= std::abs(target);
            cells_[m.to] = static_cast<std::int8_t>(moving);
        }
        cells_[m.from] = 0;
    }

    // Takes one checker off the top of the stack on `square`; a stack of height 0 is gone.
    void remove_checker(int square) {
        const int owner = index_of(cells_[square] > 0 ? Colour::black : Colour::green);
        cells_[square] = static_cast<std::int8_t>(cells_[square] > 0 ? cells_[square] - 1 : cells_[square] + 1);
        --checkers_[owner];
        if (cells_[square] == 0) --stacks_[owner];
    }

    // ---- Reading the state --------------------------------------------------------------------------------------

    int side() const { return side_; }
    int square_count() const { return side_ * side_; }
    int die_faces() const { return side_ / 2; }
    int square(int row, int column) const { return row * side_ + column; }
    int row_of(int square) const { return square / side_; }
    int column_of(int square) const { return square % side_; }
    bool empty(int square) const { return cells_[square] == 0; }
    // The colour of the stack on a square that is not empty.
    Colour owner(int square) const { return cells_[square] > 0 ? Colour::black : Colour::green; }
    bool holds_stack_of(int square, Colour c) const { return cells_[square] * sign_of(c) > 0; }
    int height(int square) const { return std::abs(cells_[square]); }
    int checkers(Colour c) const { return checkers_[index_of(c)]; }
    int stacks(Colour c) const { return stacks_[index_of(c)]; }
    int turns_played() const { return turns_played_; }
    int moves_to_empty() const { return moves_to_empty_; }

    // The end is checked after every action: a player wins when the opponent has no checker left.
    bool over() const { return checkers_[0] == 0 || checkers_[1] == 0; }

    // The survivor; if both colours vanished in one action (impossible under these rules), the player who did not
    // make the action wins (Decision of the rules file).
    Colour winner() const {
        if (checkers_[0] > 0 && checkers_[1] == 0) return Colour::black;
        if (checkers_[1] > 0 && checkers_[0] == 0) return Colour::green;
        return opponent(last_mover_);
    }

    DiabloResult result() const {
        const Colour w = winner();
        return {w, turns_played_, checkers(w), moves_to_empty_};
    }

    // Every turn lowers (stacks on the board + checkers on the board) by at least one: a turn holds a merge (one stack
    // fewer), a capture (fewer checkers) or a removal (fewer checkers), since two moves to empty squares are never
    // allowed and Black's first move cannot go to an empty square on the full board. That sum starts at 2 * squares.
    int turn_bound() const { return 2 * square_count(); }

    // ---- Setting up positions (tests) ---------------------------------------------------------------------------

    void clear_board() {
        cells_ = {};
        checkers_ = {};
        stacks_ = {};
    }

    // Puts a stack of this colour and height on an empty square.
    void place(int row, int column, Colour c, int height) {
        const int s = square(row, column);
        if (!empty(s) || height < 1) throw std::invalid_argument("place: the square must be empty, the height >= 1");
        cells_[s] = static_cast<std::int8_t>(height * sign_of(c));
        checkers_[index_of(c)] += height;
        ++stacks_[index_of(c)];
    }

    // So that a set-up position is not taken for Black's first turn.
    void set_turns_played(int turns) { turns_played_ = turns; }

private:
    static int sign_of(Colour c) { return c == Colour::black ? 1 : -1; }
    static int index_of(Colour c) { return static_cast<int>(c); }

    int roll(Rng& rng) const { return 1 + static_cast<int>(rng.below(static_cast<std::uint32_t>(die_faces()))); }

    // Every square holds one checker; Decision: the corner square row 0, column 0 is Black's, and so is every square
    // of its colour.
    void set_up() {
        clear_board();
        for (int row = 0; row < side_; ++row)
            for (int column = 0; column < side_; ++column)
                place(row, column, (row + column) % 2 == 0 ? Colour::black : Colour::green, 1);
    }

    // The moves of the stack on `from` exactly `die` squares up, down, right and left, those on the board only.
    void add_moves_with_die(int from, int die, bool empty_allowed, DiabloMoveList& out) const {
        const int row = row_of(from);
        const int column = column_of(from);
        if (row + die < side_) add_if_may_land(from, from + die * side_, die, empty_allowed, out);
        if (row - die >= 0) add_if_may_land(from, from - die * side_, die, empty_allowed, out);
        if (column + die < side_) add_if_may_land(from, from + die, die, empty_allowed, out);
        if (column - die >= 0) add_if_may_land(from, from - die, die, empty_allowed, out);
    }

    // `may_land` of the rules file: an empty square only when allowed, any own stack (merge), an enemy stack of equal
    // or smaller height (capture).
    void add_if_may_land(int from, int to, int die, bool empty_allowed, DiabloMoveList& out) const {
        const int moving = cells_[from];
        const int target = cells_[to];
        const bool lands = target == 0                       ? empty_allowed
                           : (target > 0) == (moving > 0) ? true
                                                          : std::abs(target) <= std::abs(moving);
        if (lands) out.add(from, to, die);
    }

    template <class Observer>
    void act(const DiabloMove& m, Observer& observer) {
        observer.before_move(*this, m);
        apply_move(m);
        observer.after_action(*this);
    }

    // Forced removals: the player chooses the stack each time; with fewer checkers than required, all of them go.
    template <class Bot, class Observer>
    void remove_checkers(Colour remover, int count, Rng& rng, const Bot& bot, Observer& observer) {
        for (int i = 0; i < count && stacks(remover) > 0; ++i) {
            const int square = bot.choose_removal(*this, remover, rng);
            observer.before_removal(*this, square);
            remove_checker(square);
            observer.after_action(*this);
            if (over()) return;
        }
    }

    int side_;
    // One cell per square: +h a black stack of height h, -h a green one, 0 empty. A stack has one colour by
    // construction.
    std::array<std::int8_t, kDiabloMaxSquares> cells_{};
    std::array<int, 2> checkers_{};  // per colour, kept in step with cells_
    std::array<int, 2> stacks_{};
    int turns_played_ = 0;
    int moves_to_empty_ = 0;
    Colour last_mover_ = Colour::black;
};

inline int RandomDiabloBot::choose_removal(const DiabloGame& game, Colour remover, Rng& rng) const {
    int wanted = static_cast<int>(rng.below(static_cast<std::uint32_t>(game.stacks(remover))));
    for (int s = 0; s < game.square_count(); ++s) {
        if (!game.holds_stack_of(s, remover)) continue;
        if (wanted-- == 0) return s;
    }
    throw std::logic_error("choose_removal: the remover has no stack");
}

}  // namespace rulesrun::bench
