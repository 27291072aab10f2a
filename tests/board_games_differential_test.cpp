// The hand-written board games of the benchmark (tools/bench/tic_tac_toe.hpp, connect_four.hpp and
// connect_four_kept_heights.hpp, breakthrough.hpp)
// against their rules files run by the interpreter, both played by the benchmark's random bot (tools/bench/playout.hpp:
// below(number of legal moves) from the bot's own generator). The hand-written games list their moves in the rules
// files' order, so each seed must give the same game on both sides: the same moves, by name, and the same winner.
// Then the benchmark's two playouts must agree on every seed (moves per game), hence on the mean game length.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "breakthrough.hpp"
#include "connect_four.hpp"
#include "connect_four_kept_heights.hpp"
#include "interpreter_playout.hpp"
#include "native_board_playout.hpp"
#include "statistics.hpp"
#include "test_games.hpp"
#include "tic_tac_toe.hpp"

namespace rulesrun::bench {
namespace {

constexpr int games = 200;

std::string square_name(int row, int column) {  // both from 0
    return std::string(1, static_cast<char>('a' + column)) + std::to_string(row + 1);
}

// A game played on both sides: the names of its moves and its winner (a seat, or -1 for none).
struct Played {
    std::vector<std::string> moves;
    int winner = -1;
};

Played interpreted(const std::shared_ptr<const runtime::GameDefinition>& definition, std::uint64_t seed) {
    runtime::Game game = testing_support::start_game(definition, 2, seed);
    game.keep_knowledge(false);
    Rng bot = random_bot_rng(seed);
    Played played;
    while (!game.finished()) {
        const int seat = game.to_act().front();
        const int action = static_cast<int>(bot.below(static_cast<std::uint32_t>(game.action_count(seat))));
        played.moves.push_back(game.action_name(seat, action));
        game.apply(seat, action);
    }
    const std::vector<bool> winners = game.results().winners;
    for (int seat = 0; seat < 2; ++seat)
        if (winners[static_cast<std::size_t>(seat)] && !winners[static_cast<std::size_t>(1 - seat)]) played.winner = seat;
    return played;
}

// Plays a hand-written game with the random bot; `name` names a move before it is made.
template <class Game, class Move, class Name>
Played hand_written(std::uint64_t seed, Name&& name) {
    Rng bot = random_bot_rng(seed);
    Game game;
    std::vector<Move> moves;
    Played played;
    for (game.legal_moves(moves); !moves.empty(); game.legal_moves(moves)) {
        const Move move = moves[bot.below(static_cast<std::uint32_t>(moves.size()))];
        played.moves.push_back(name(game, move));
        game.apply(move);
    }
    played.winner = game.winner();
    return played;
}

template <class Native>
void expect_same_games(const std::string& rules_path, Native&& native) {
    const auto definition = runtime::load_game(rules_path).game;
    ASSERT_TRUE(definition) << rules_path;
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
        const Played a = interpreted(definition, seed);
        const Played b = native(seed);
        ASSERT_EQ(a.moves, b.moves) << rules_path << ", seed " << seed;
        ASSERT_EQ(a.winner, b.winner) << rules_path << ", seed " << seed;
    }
}

// The benchmark's playouts: the same moves per game for every seed, so the same mean length.
template <class NativePlayout>
void expect_same_lengths(const std::string& rules_path) {
    InterpreterPlayout interpreter(load_rules(rules_path), 2, "");
    NativePlayout native;
    Accumulator interpreted_length, native_length;
    for (std::uint64_t seed = 1; seed <= games; ++seed) {
        const GameOutcome a = interpreter(seed);
        const GameOutcome b = native(seed);
        EXPECT_EQ(a.length, b.length) << rules_path << ", seed " << seed;
        EXPECT_EQ(a.decisions, b.decisions) << rules_path << ", seed " << seed;
        interpreted_length.add(a.length);
        native_length.add(b.length);
    }
    EXPECT_EQ(interpreted_length.mean(), native_length.mean()) << rules_path;
}

std::string source(const std::string& path) { return std::string(RULESRUN_SOURCE_DIR) + "/" + path; }

TEST(BoardGamesDifferential, TicTacToeGamesAreTheSameOnBothSides) {
    expect_same_games(source("tests/games/tic_tac_toe.rules"), [](std::uint64_t seed) {
        return hand_written<TicTacToeGame, int>(
            seed, [](const TicTacToeGame&, int cell) { return square_name(cell / 3, cell % 3); });
    });
    expect_same_lengths<NativeBoardPlayout<TicTacToeGame, int>>(source("tests/games/tic_tac_toe.rules"));
}

// Connect Four as OpenSpiel writes it, and the faster one that keeps the columns' heights.
template <class ConnectFour>
void expect_same_connect_four_games() {
    const std::string rules = source("rules/classics/connect_four.rules");
    expect_same_games(rules, [](std::uint64_t seed) {
        // A disc comes to rest on the lowest empty square of its column.
        return hand_written<ConnectFour, int>(seed, [](const ConnectFour& game, int column) {
            int row = 0;
            while (game.cell(row, column) != ConnectFour::kNobody) ++row;
            return square_name(row, column);
        });
    });
    expect_same_lengths<NativeBoardPlayout<ConnectFour, int>>(rules);
}

TEST(BoardGamesDifferential, ConnectFourGamesAreTheSameOnBothSides) {
    expect_same_connect_four_games<ConnectFourGame>();
    expect_same_connect_four_games<ConnectFourKeptHeightsGame>();
}

TEST(BoardGamesDifferential, BreakthroughGamesAreTheSameOnBothSides) {
    const std::string rules = source("rules/classics/breakthrough.rules");
    expect_same_games(rules, [](std::uint64_t seed) {
        return hand_written<BreakthroughGame, BreakthroughMove>(seed, [](const BreakthroughGame&, BreakthroughMove m) {
            const int side = BreakthroughGame::kSide;
            return square_name(m.from / side, m.from % side) + "-" + square_name(m.to / side, m.to % side);
        });
    });
    expect_same_lengths<NativeBoardPlayout<BreakthroughGame, BreakthroughMove>>(rules);
}

}  // namespace
}  // namespace rulesrun::bench
