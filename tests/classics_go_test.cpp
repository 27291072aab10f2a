// Go (rules/classics/go.rules) against figures derived by hand from the rules: the number of sequences of moves
// from the empty board (a pass counts as a move; two passes in succession end the game), the exact legal moves of
// set positions (suicide forbidden, a capture without an empty neighbour allowed, the ko recapture forbidden once)
// and the area scores of set final positions. The positions are files of tests/fixtures/go/, which also run as
// position fixtures (their `#>` lines).
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
using Options = std::vector<std::pair<std::string, std::string>>;

std::shared_ptr<const GameDefinition> go() {
    static const auto game = load_rules("classics/go.rules");
    return game;
}

std::shared_ptr<const GameDefinition> position(const std::string& file) {
    return expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/fixtures/go/" + file));
}

Game started(const std::shared_ptr<const GameDefinition>& game, const Options& options) {
    return start_plain_game(game, options);
}

int action_named(const Game& g, const std::string& name) {
    const int seat = g.to_act().front();
    for (int a = 0; a < g.action_count(seat); ++a) {
        if (g.action_name(seat, a) == name) return a;
    }
    ADD_FAILURE() << "no action " << name;
    return 0;
}

void play_out(Game& g, const std::vector<std::string>& moves) {
    for (const auto& name : moves) {
        ASSERT_FALSE(g.finished()) << "finished before " << name;
        g.apply(g.to_act().front(), action_named(g, name));
    }
}

// Move counts from the empty board of N points, derived by hand (every count includes "pass"; a stone can be
// captured, and a point be suicide, only once two stones of one colour can surround a corner):
//   depth 1: N + 1.
//   depth 2: N stones, each answered by N - 1 stones or a pass: N * N; a pass answered by N stones or a pass: N + 1.
//   depth 3: stone, stone, then N - 2 stones or a pass: N(N-1)(N-1); stone, pass, then N - 1 stones or a pass: N * N;
//            pass, stone, the same: N * N; pass, pass has ended the game. Total N(N-1)^2 + 2N^2.
//   depth 4 (White's second move, after Black's two moves; the cases with two passes in succession ended before):
//     stone, stone, stone: N(N-1)(N-2) sequences. White's options are the empty points and a pass, except a corner
//       whose two neighbours are both Black's: there a White stone is suicide. When White's first stone is that
//       corner, Black's second stone captured it (8 sequences: 4 corners, 2 orders): N - 2 empty points, the
//       corner suicide, N - 2 options. When the corner is empty (8(N-3) sequences: White's stone anywhere else):
//       N - 3 empty points, one suicide, N - 3 options. Otherwise N - 2 options (N - 3 points and a pass).
//     stone, stone, pass: N(N-1)(N-1) (White: N - 2 points or a pass; one Black stone surrounds nothing).
//     stone, pass, stone: N(N-1) pairs of Black stones; 8 of them surround a corner: N - 2 options, else N - 1.
//     pass, stone, stone: N(N-1)(N-1). pass, stone, pass: N * N.
// For N = 25 (5x5): 26, 651, 15650; depth 4: 8*23 + 176*22 + (13800 - 8 - 176)*23 = 317224, plus 14400 + (592*24
// + 184 = 14392) + 14400 + 625: 361041. For N = 81 (9x9): 82, 6643, 531522.
TEST(Go, MoveCountsOnTheEmpty5x5BoardToDepth4) {
    ASSERT_TRUE(go());
    const Game g = started(go(), {{"size", "5"}});
    const std::vector<std::int64_t> derived = {26, 651, 15650, 361041};
    for (int depth = 1; depth <= 4; ++depth) {
        EXPECT_EQ(perft(g, depth), derived[static_cast<std::size_t>(depth - 1)]) << "depth " << depth;
    }
}

TEST(Go, MoveCountsOnTheEmpty9x9BoardToDepth3) {
    const Game g = started(go(), {});
    const std::vector<std::int64_t> derived = {82, 6643, 531522};
    for (int depth = 1; depth <= 3; ++depth) {
        EXPECT_EQ(perft(g, depth), derived[static_cast<std::size_t>(depth - 1)]) << "depth " << depth;
    }
}

TEST(Go, BoardSizes) {
    for (const int side : {5, 7, 9, 13, 19}) {
        const Game g = started(go(), {{"size", std::to_string(side)}});
        EXPECT_EQ(g.action_count(0), side * side + 1) << side;
    }
}

// Suicide, a capture with no empty neighbour, and the ko (tests/fixtures/go/capture_suicide_and_ko.rules): after
// Black's c3, White has the 18 empty points but e5 (suicide), and a pass; a1 captures b1; Black may then play
// anywhere but b1 (the ko), e5 included (it joins his stones, which keep liberties); after a move each, b1 is
// allowed again and takes a1 back.
TEST(Go, SuicideCaptureAndKo) {
    Game g = started(position("capture_suicide_and_ko.rules"), {{"size", "5"}});
    play_out(g, {"c3"});
    const auto white_moves = action_names(g, 1);
    EXPECT_EQ(white_moves.size(), 18U);
    EXPECT_EQ(std::count(white_moves.begin(), white_moves.end(), "e5"), 0);
    EXPECT_EQ(std::count(white_moves.begin(), white_moves.end(), "a1"), 1);
    play_out(g, {"a1"});
    const auto black_moves = action_names(g, 0);
    EXPECT_EQ(black_moves.size(), 18U);
    EXPECT_EQ(std::count(black_moves.begin(), black_moves.end(), "b1"), 0);
    EXPECT_EQ(std::count(black_moves.begin(), black_moves.end(), "e5"), 1);
    play_out(g, {"d3", "e1"});
    const auto later = action_names(g, 0);
    EXPECT_EQ(std::count(later.begin(), later.end(), "b1"), 1);
}

struct Final {
    std::string file;
    Options options;
    std::vector<std::string> moves;
    std::vector<std::int32_t> scores;
    std::vector<bool> winners;
    bool draw = false;
};

// Area scores (stones plus the empty regions touching one colour only; White with komi) of set final positions.
TEST(Go, AreaScoresOfFinalPositions) {
    const std::vector<Final> finals = {
        // 6 stones + 4 points against 7 stones + 8 points + komi 7.
        {"scoring_area.rules", {{"size", "5"}}, {"pass", "pass"}, {10, 22}, {false, true}},
        {"scoring_area.rules", {{"size", "5"}, {"komi", "0"}}, {"pass", "pass"}, {10, 15}, {false, true}},
        // Columns a to c against d and e: 15 against 10 + 5, a draw; with the half point, White wins.
        {"scoring_draw_at_integer_komi.rules", {{"size", "5"}, {"komi", "5"}}, {"pass", "pass"}, {15, 15},
         {false, false}, true},
        {"scoring_draw_at_integer_komi.rules", {{"size", "5"}, {"komi", "5"}, {"half_point", "true"}},
         {"pass", "pass"}, {15, 15}, {false, true}},
        // The column c touches both colours: 10 against 10 + the stone c3 + komi 7.
        {"scoring_neutral_points.rules", {{"size", "5"}}, {"pass", "c3", "pass", "pass"}, {10, 18}, {false, true}},
    };
    for (const auto& f : finals) {
        Game g = started(position(f.file), f.options);
        play_out(g, f.moves);
        ASSERT_TRUE(g.finished()) << f.file;
        EXPECT_EQ(g.results().scores, f.scores) << f.file;
        EXPECT_EQ(g.results().winners, f.winners) << f.file;
        EXPECT_EQ(g.results().draw, f.draw) << f.file;
    }
}

// The empty board at the end of two passes: no stone, no territory (an empty region touching no stone is nobody's).
TEST(Go, TwoPassesOnTheEmptyBoard) {
    Game g = started(go(), {});
    play_out(g, {"pass", "pass"});
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{0, 7}));
    EXPECT_EQ(g.results().winners, (std::vector<bool>{false, true}));
}

}  // namespace
}  // namespace rulesrun::runtime
