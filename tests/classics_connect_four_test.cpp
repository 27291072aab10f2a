// Connect Four (rules/classics/connect_four.rules) against known figures: the number of sequences of moves of each
// length from the empty grid (perft: 7, 49, 343, 2401, 16807, 117649, 823536 for 1 to 7 moves, as published), checked
// first against a small independent enumerator written here (a grid of bits, nothing shared with the rules file or the
// benchmark's hand-written game), which also counts the games won at each length; then lines of four in every
// direction, and a game that fills the grid with no line, a draw.
//
// Depth 7 is the first where the game can end (Red's fourth disc), but the count of sequences of 7 moves is the
// count of moves after every sequence of 6, none of which has ended the game: 7^7 less one for each of the 7
// sequences that filled a column with 6 discs, 823543 - 7. Wins first lower the count at depth 8.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::action_names;
using testing_support::load_rules;
using testing_support::perft;
using testing_support::start_plain_game;

std::shared_ptr<const GameDefinition> connect_four() {
    static const auto game = load_rules("classics/connect_four.rules");
    return game;
}

Game started() { return start_plain_game(connect_four()); }

// Plays the named moves, each by the one seat to act.
void play_out(Game& g, const std::vector<std::string>& moves) {
    for (const std::string& name : moves) {
        ASSERT_FALSE(g.finished()) << "before " << name;
        const int seat = g.to_act().front();
        const auto names = action_names(g, seat);
        const auto found = std::find(names.begin(), names.end(), name);
        ASSERT_NE(found, names.end()) << name << " is not legal";
        g.apply(seat, static_cast<int>(found - names.begin()));
    }
}

// ---- The independent enumerator ---------------------------------------------------------------------------------

// One bit per square, 7 bits per column (the 7th always empty, so that lines never wrap from one column into the
// next): bit 7 * column + row. A position is the discs of each player and the height of each column.
struct BitGrid {
    std::array<std::uint64_t, 2> discs{};
    std::array<int, 7> heights{};
    int to_move = 0;

    static bool has_four(std::uint64_t b) {
        for (const int shift : {1, 7, 8, 6}) {  // up a column, along a row, both diagonals
            const std::uint64_t pairs = b & (b >> shift);
            if (pairs & (pairs >> (2 * shift))) return true;
        }
        return false;
    }
};

struct Level {
    std::int64_t sequences = 0;
    std::int64_t won = 0;  // sequences whose last move made four in a line
};

void enumerate(BitGrid& grid, int depth, int max_depth, std::vector<Level>& levels) {
    if (depth == max_depth) return;
    for (int column = 0; column < 7; ++column) {
        if (grid.heights[column] == 6) continue;
        const std::uint64_t bit = std::uint64_t{1} << (7 * column + grid.heights[column]);
        grid.discs[grid.to_move] |= bit;
        ++grid.heights[column];
        ++levels[depth + 1].sequences;
        if (BitGrid::has_four(grid.discs[grid.to_move])) {
            ++levels[depth + 1].won;
        } else {
            grid.to_move = 1 - grid.to_move;
            enumerate(grid, depth + 1, max_depth, levels);
            grid.to_move = 1 - grid.to_move;
        }
        --grid.heights[column];
        grid.discs[grid.to_move] &= ~bit;
    }
}

std::vector<Level> enumerated(int max_depth) {
    std::vector<Level> levels(static_cast<std::size_t>(max_depth) + 1);
    BitGrid grid;
    enumerate(grid, 0, max_depth, levels);
    return levels;
}

const std::vector<std::int64_t> published = {7, 49, 343, 2401, 16807, 117649, 823536};

// ---- The tests ---------------------------------------------------------------------------------------------------

TEST(ConnectFour, TheIndependentEnumeratorAgreesWithThePublishedCounts) {
    const std::vector<Level> levels = enumerated(8);
    for (std::size_t depth = 1; depth <= published.size(); ++depth)
        EXPECT_EQ(levels[depth].sequences, published[depth - 1]) << "depth " << depth;
    // No game ends before Red's fourth disc; at depth 7 some do (four in a line of Red's four discs).
    for (int depth = 1; depth <= 6; ++depth) EXPECT_EQ(levels[static_cast<std::size_t>(depth)].won, 0);
    EXPECT_GT(levels[7].won, 0);
    // So the count first falls below 7 times the last at depth 8: the games won at depth 7 go no further.
    EXPECT_LT(levels[8].sequences, 7 * (levels[7].sequences - levels[7].won));
}

TEST(ConnectFour, TheFirstMovesAreTheBottomSquares) {
    ASSERT_TRUE(connect_four());
    const Game g = started();
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"a1", "b1", "c1", "d1", "e1", "f1", "g1"}));
}

TEST(ConnectFour, ThePublishedCountsUpToDepth7) {
    ASSERT_TRUE(connect_four());
    const Game g = started();
    for (int depth = 1; depth <= static_cast<int>(published.size()); ++depth)
        EXPECT_EQ(perft(g, depth), published[static_cast<std::size_t>(depth - 1)]) << "depth " << depth;
}

// The games won at depth 7, made and looked at one by one, as the enumerator counts them.
TEST(ConnectFour, TheGamesWonAtDepth7AreThoseTheEnumeratorCounts) {
    ASSERT_TRUE(connect_four());
    std::int64_t won = 0;
    std::function<void(const Game&, int)> walk = [&](const Game& g, int depth) {
        const int seat = g.to_act().front();
        for (int a = 0; a < g.action_count(seat); ++a) {
            Game next = g;
            next.apply(seat, a);
            if (depth == 7) {
                won += next.finished() ? 1 : 0;
                continue;
            }
            ASSERT_FALSE(next.finished());
            walk(next, depth + 1);
        }
    };
    // Every sequence of 6 moves, then the 7th: the 823536 positions after 7 moves are made.
    walk(started(), 1);
    EXPECT_EQ(won, enumerated(7)[7].won);
}

TEST(ConnectFour, FourUpAColumnWins) {
    Game g = started();
    play_out(g, {"a1", "b1", "a2", "b2", "a3", "b3", "a4"});
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().winners, (std::vector<bool>{true, false}));
}

TEST(ConnectFour, FourAlongARowWinsForYellowToo) {
    Game g = started();
    play_out(g, {"a1", "d1", "a2", "e1", "b1", "f1", "a3", "g1"});
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().winners, (std::vector<bool>{false, true}));
}

// Red's discs on a1, b2, c3, d4 (the rising diagonal), then on g1, f2, e3, d4 (the falling one) in another game.
TEST(ConnectFour, FourAlongEitherDiagonalWins) {
    Game rising = started();
    play_out(rising, {"a1", "b1", "b2", "c1", "c2", "d1", "c3", "d2", "d3", "g1", "d4"});
    ASSERT_TRUE(rising.finished());
    EXPECT_EQ(rising.results().winners, (std::vector<bool>{true, false}));
    Game falling = started();
    play_out(falling, {"g1", "f1", "f2", "e1", "e2", "d1", "e3", "d2", "d3", "a1", "d4"});
    ASSERT_TRUE(falling.finished());
    EXPECT_EQ(falling.results().winners, (std::vector<bool>{true, false}));
}

TEST(ConnectFour, AFullColumnIsNoLongerOffered) {
    Game g = started();
    play_out(g, {"c1", "c2", "c3", "c4", "c5", "c6"});
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"a1", "b1", "d1", "e1", "f1", "g1"}));
}

// 42 discs and no line of four (found by a search: rows in pairs, colours alternating along the rows, the pairs of
// rows shifted, one disc changed so that each player has 21): a draw.
TEST(ConnectFour, AFullGridWithoutALineIsADraw) {
    Game g = started();
    play_out(g, {"c1", "a1", "a2", "a3", "c2", "a4", "a5", "b1", "a6", "b2", "b3", "c3", "b4", "b5",
                 "e1", "b6", "e2", "c4", "c5", "d1", "c6", "d2", "d3", "e3", "d4", "d5", "g1", "d6",
                 "g2", "e4", "e5", "f1", "e6", "f2", "f3", "g3", "f4", "g4", "g5", "f5", "g6", "f6"});
    ASSERT_TRUE(g.finished());
    EXPECT_TRUE(g.results().draw);
    EXPECT_EQ(g.results().winners, (std::vector<bool>{false, false}));
}

}  // namespace
}  // namespace rulesrun::runtime
