// The hand-written Diablo of the benchmark (tools/bench/diablo.hpp) against rules/diablo.rules run by the interpreter,
// both played by the benchmark's random bot (tools/bench/playout.hpp): if they play the same game, the mean game
// length under random play agrees within its confidence interval. Both draw the dice and the bot's choices alike, so
// each seed even gives the same game on both sides, which is checked too.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "interpreter_playout.hpp"
#include "native_diablo_playout.hpp"
#include "statistics.hpp"
#include "test_games.hpp"

namespace rulesrun::bench {
namespace {

void compare_on(int size, int games) {
    InterpreterPlayout interpreter(testing_support::load_rules("diablo.rules"), 2, "game_length",
                                   {{"size", std::to_string(size)}});
    const NativeDiabloPlayout native(size);
    Accumulator interpreted_length, native_length;
    int same_games = 0;
    for (int seed = 1; seed <= games; ++seed) {
        const GameOutcome a = interpreter(static_cast<std::uint64_t>(seed));
        const GameOutcome b = native(static_cast<std::uint64_t>(seed));
        interpreted_length.add(a.length);
        native_length.add(b.length);
        if (a.length == b.length && a.decisions == b.decisions) ++same_games;
    }
    const double difference = std::abs(interpreted_length.mean() - native_length.mean());
    EXPECT_LE(difference, std::hypot(interpreted_length.ci95(), native_length.ci95()))
        << size << "x" << size << ": mean game length " << interpreted_length.mean() << " (interpreter) against "
        << native_length.mean() << " (hand-written)";
    EXPECT_EQ(same_games, games) << size << "x" << size << ": games of the same seed differ";
}

TEST(DiabloDifferential, MeanGameLengthAgreesWithTheHandWrittenGame) {
    compare_on(4, 400);
    compare_on(6, 300);
    compare_on(8, 100);
}

}  // namespace
}  // namespace rulesrun::bench
