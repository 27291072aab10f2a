// Comparing two rules files on the same seeds (simulate --compare): the same file gives the same games, so every
// difference is exactly 0; a real change is found with its sign, and the pairing narrows the interval.
#include <gtest/gtest.h>

#include "comparison.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

SimulationRequest pig_run(const std::string& target, std::int64_t games) {
    const auto game = testing_support::load_rules("pig.rules");
    runtime::Settings settings;
    settings.players = 2;
    settings.options = {{"target", target}};
    SimulationRequest request{game, runtime::resolve_settings(*game, settings), {}, games, 2, {}, {}, {}};
    request.bots.assign(2, BotSpec{});
    return request;
}

const FigureComparison& figure(const ComparisonReport& report, const std::string& name) {
    for (const auto& f : report.figures)
        if (f.name == name) return f;
    throw std::runtime_error("no figure " + name);
}

TEST(Comparison, TheSameFileOnTheSameSeedsDiffersInNothing) {
    const auto report = compare_simulations(pig_run("100", 200), pig_run("100", 200));
    EXPECT_EQ(report.games, 200);
    ASSERT_FALSE(report.figures.empty());
    for (const auto& f : report.figures) {
        if (!f.a) continue;  // a figure without samples
        EXPECT_TRUE(f.paired) << f.name;
        EXPECT_EQ(*f.difference, 0.0) << f.name;
        EXPECT_EQ(*f.ci95, 0.0) << f.name;
        EXPECT_FALSE(f.significant()) << f.name;
    }
}

TEST(Comparison, AShorterGoalMakesShorterGames) {
    const auto report = compare_simulations(pig_run("100", 300), pig_run("20", 300));
    const auto& length = figure(report, "game length (actions)");
    EXPECT_TRUE(length.paired);
    EXPECT_LT(*length.difference, 0);
    EXPECT_TRUE(length.significant());
    EXPECT_NEAR(*length.difference, *length.b - *length.a, 1e-9);
    EXPECT_EQ(figure(report, "share of the wins: player 1 (%)").count_a, 300);
}

TEST(Comparison, RunsThatDoNotMatchAreRefused) {
    EXPECT_THROW(compare_simulations(pig_run("100", 10), pig_run("100", 20)), std::invalid_argument);
}

}  // namespace
}  // namespace rulesrun
