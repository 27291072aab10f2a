// Breakthrough (rules/classics/breakthrough.rules) against the number of sequences of moves of each length from the
// start (perft). No published figures were found, so they come from a small independent enumerator written here
// (boards of bits, nothing shared with the rules file or the benchmark's hand-written game), whose first counts are
// checked by hand: 22 first moves (each of White's 8 front pawns straight ahead, and diagonally ahead where the board
// allows: 8 + 7 + 7), and 22 x 22 after one move each, since the two armies are still apart. Then a race to the far
// row. Capturing every pawn, and that a pawn never captures straight ahead, are position fixtures
// (tests/fixtures/classics/breakthrough_*.rules).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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

std::shared_ptr<const GameDefinition> breakthrough() {
    static const auto game = load_rules("classics/breakthrough.rules");
    return game;
}

Game started() { return start_plain_game(breakthrough()); }

// ---- The independent enumerator ---------------------------------------------------------------------------------

// Bit 8 * (row - 1) + (column - 1): a1 is bit 0, h8 bit 63. White moves towards the high bits.
constexpr std::uint64_t column_a = 0x0101010101010101ULL;
constexpr std::uint64_t column_h = column_a << 7;
constexpr std::uint64_t row_1 = 0xFFULL;
constexpr std::uint64_t row_8 = row_1 << 56;

struct Bits {
    std::uint64_t mine;
    std::uint64_t theirs;
    bool white;  // whether "mine" are White's pawns
};

// The squares `shift` bits ahead of `pawns`, ahead as the mover sees the board.
std::uint64_t ahead(std::uint64_t pawns, bool white, int shift) {
    return white ? pawns << shift : pawns >> shift;
}

struct Level {
    std::int64_t sequences = 0;
    std::int64_t won = 0;
};

void enumerate(const Bits& b, int depth, int max_depth, std::vector<Level>& levels) {
    if (depth == max_depth) return;
    const std::uint64_t empty = ~(b.mine | b.theirs);
    const std::uint64_t goal = b.white ? row_8 : row_1;
    // (shift, pawns that may step that way without leaving the board on the side, whether captures are allowed)
    struct Step {
        int shift;
        std::uint64_t movable;
        bool captures;
    };
    // White: up = +8, up-left = +7 (not from column a), up-right = +9 (not from column h). Black mirrored: down = -8,
    // down-left = -9 (not from column a), down-right = -7 (not from column h).
    const Step steps[3] = {{8, ~0ULL, false},
                           {b.white ? 7 : 9, ~column_a, true},
                           {b.white ? 9 : 7, ~column_h, true}};
    for (const Step& s : steps) {
        std::uint64_t targets = ahead(b.mine & s.movable, b.white, s.shift) & (s.captures ? ~b.mine : empty);
        for (; targets != 0; targets &= targets - 1) {
            const std::uint64_t to = targets & (0 - targets);
            const std::uint64_t from = b.white ? to >> s.shift : to << s.shift;
            const std::uint64_t mine = (b.mine & ~from) | to;
            const std::uint64_t theirs = b.theirs & ~to;
            ++levels[static_cast<std::size_t>(depth) + 1].sequences;
            if ((to & goal) != 0 || theirs == 0) {
                ++levels[static_cast<std::size_t>(depth) + 1].won;
                continue;
            }
            enumerate({theirs, mine, !b.white}, depth + 1, max_depth, levels);
        }
    }
}

std::vector<Level> enumerated(int max_depth) {
    std::vector<Level> levels(static_cast<std::size_t>(max_depth) + 1);
    const std::uint64_t white = 0xFFFFULL;
    const std::uint64_t black = 0xFFFFULL << 48;
    enumerate({white, black, true}, 0, max_depth, levels);
    return levels;
}

// ---- The tests ---------------------------------------------------------------------------------------------------

TEST(Breakthrough, TheIndependentEnumeratorCountsByHandAtDepths1And2) {
    const std::vector<Level> levels = enumerated(6);
    EXPECT_EQ(levels[1].sequences, 22);
    EXPECT_EQ(levels[2].sequences, 22 * 22);
    // The armies meet after White's third move at the earliest: nobody wins this early.
    for (const Level& level : levels) EXPECT_EQ(level.won, 0);
}

TEST(Breakthrough, TheFirstMoves) {
    ASSERT_TRUE(breakthrough());
    const Game g = started();
    EXPECT_EQ(action_names(g, 0),
              (std::vector<std::string>{"a2-a3", "a2-b3", "b2-a3", "b2-b3", "b2-c3", "c2-b3", "c2-c3", "c2-d3",
                                        "d2-c3", "d2-d3", "d2-e3", "e2-d3", "e2-e3", "e2-f3", "f2-e3", "f2-f3",
                                        "f2-g3", "g2-f3", "g2-g3", "g2-h3", "h2-g3", "h2-h3"}));
}

// Depths 1 to 4 made by the interpreter (about 11 000 positions), against the enumerator.
TEST(Breakthrough, TheCountsUpToDepth4AgreeWithTheEnumerator) {
    ASSERT_TRUE(breakthrough());
    const std::vector<Level> levels = enumerated(4);
    const Game g = started();
    for (int depth = 1; depth <= 4; ++depth)
        EXPECT_EQ(perft(g, depth), levels[static_cast<std::size_t>(depth)].sequences) << "depth " << depth;
}

// Depth 5, where pawns first meet and capture (about 250 000 positions made).
TEST(Breakthrough, TheCountAtDepth5AgreesWithTheEnumerator) {
    ASSERT_TRUE(breakthrough());
    EXPECT_EQ(perft(started(), 5), enumerated(5)[5].sequences);
}

// White's a-pawn runs up, takes b7 and a8; Black's h-pawn, one move behind, has only reached g2.
TEST(Breakthrough, APawnOnTheFarRowWins) {
    Game g = started();
    for (const std::string name : {"a2-a3", "h7-h6", "a3-a4", "h6-h5", "a4-a5", "h5-h4", "a5-a6", "h4-h3", "a6-b7",
                                   "h3-g2", "b7-a8"}) {
        ASSERT_FALSE(g.finished()) << name;
        const int seat = g.to_act().front();
        const auto names = action_names(g, seat);
        const auto found = std::find(names.begin(), names.end(), name);
        ASSERT_NE(found, names.end()) << name << " is not legal";
        g.apply(seat, static_cast<int>(found - names.begin()));
    }
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().winners, (std::vector<bool>{true, false}));
}

}  // namespace
}  // namespace rulesrun::runtime
