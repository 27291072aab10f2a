// Chess (rules/classics/chess.rules) against the published move counts ("perft": the number of sequences of legal
// moves of each length, as listed by the Chess Programming Wiki's "Perft Results" page and reproduced by every
// correct move generator) from the starting position, from "Kiwipete" (Peter McKenzie's position, rich in castling,
// en passant, promotions and pins) and from "position 3" (an endgame of en passant captures and pins along a row).
// Positions other than the start are set up by tests/fixtures/chess/_kiwipete.rules and _position3.rules, files
// that import the game and add a setup block. The rules' own draws (50 moves, repetition, insufficient material)
// cannot happen within these depths, so the counts are those of pure move generation.
//
// The rules of special moves, mate, stalemate and the draws are tested one by one by the position fixtures of
// tests/fixtures/chess/.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::perft;

using testing_support::action_names;
using testing_support::expect_game;
using testing_support::load_rules;
using testing_support::start_plain_game;

std::shared_ptr<const GameDefinition> chess() {
    static const auto game = load_rules("classics/chess.rules");
    return game;
}

// A chess position set up by a file of tests/fixtures/chess/.
std::shared_ptr<const GameDefinition> position(const std::string& file) {
    return expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/fixtures/chess/" + file));
}

Game started(const std::shared_ptr<const GameDefinition>& game) { return start_plain_game(game); }

void expect_counts(const std::shared_ptr<const GameDefinition>& game, const std::vector<std::int64_t>& published) {
    ASSERT_TRUE(game);
    const Game g = started(game);
    for (int depth = 1; depth <= static_cast<int>(published.size()); ++depth) {
        EXPECT_EQ(perft(g, depth), published[static_cast<std::size_t>(depth - 1)]) << "depth " << depth;
    }
}

TEST(Chess, TheTwentyFirstMoves) {
    ASSERT_TRUE(chess());
    const Game g = started(chess());
    EXPECT_EQ(action_names(g, 0),
              (std::vector<std::string>{"b1-a3", "b1-c3", "g1-f3", "g1-h3", "a2-a3", "a2-a4", "b2-b3", "b2-b4",
                                        "c2-c3", "c2-c4", "d2-d3", "d2-d4", "e2-e3", "e2-e4", "f2-f3", "f2-f4",
                                        "g2-g3", "g2-g4", "h2-h3", "h2-h4"}));
}

// 20, 400, 8902, 197281 sequences of 1 to 4 moves from the starting position.
TEST(Chess, ThePublishedCountsFromTheStartToDepth4) { expect_counts(chess(), {20, 400, 8902, 197281}); }

// Kiwipete, r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -: 48, 2039, 97862.
TEST(Chess, ThePublishedCountsFromKiwipeteToDepth3) { expect_counts(position("_kiwipete.rules"), {48, 2039, 97862}); }

// Position 3, 8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -: 14, 191, 2812, 43238.
TEST(Chess, ThePublishedCountsFromPosition3ToDepth4) {
    expect_counts(position("_position3.rules"), {14, 191, 2812, 43238});
}

// Stalemate, the 50-move rule, repetition and insufficient material end the game in a draw: nobody wins.
TEST(Chess, ThreefoldRepetitionIsADraw) {
    Game g = started(chess());
    for (const std::string name : {"g1-f3", "g8-f6", "f3-g1", "f6-g8", "g1-f3", "g8-f6", "f3-g1", "f6-g8"}) {
        ASSERT_FALSE(g.finished()) << name;
        const int seat = g.to_act().front();
        const auto names = action_names(g, seat);
        const auto found = std::find(names.begin(), names.end(), name);
        ASSERT_NE(found, names.end()) << name;
        g.apply(seat, static_cast<int>(found - names.begin()));
    }
    ASSERT_TRUE(g.finished());
    EXPECT_TRUE(g.results().draw);
    EXPECT_EQ(g.results().winners, (std::vector<bool>{false, false}));
}

// 4865609 sequences of 5 moves (197281 positions made and counted; about 8 s of one core).
TEST(Chess, ThePublishedCountFromTheStartAtDepth5) { EXPECT_EQ(perft(started(chess()), 5), 4865609); }

// 674624 sequences of 5 moves from position 3 (about 2 s).
TEST(Chess, ThePublishedCountFromPosition3AtDepth5) {
    EXPECT_EQ(perft(started(position("_position3.rules")), 5), 674624);
}

// 4085603 sequences of 4 moves from Kiwipete (about 5 s of one core, 18 s on a busy machine): run it with
// --gtest_also_run_disabled_tests.
TEST(Chess, DISABLED_ThePublishedCountFromKiwipeteAtDepth4) {
    EXPECT_EQ(perft(started(position("_kiwipete.rules")), 4), 4085603);
}

}  // namespace
}  // namespace rulesrun::runtime
