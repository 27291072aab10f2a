// Length limits: a game whose bots block each other forever is stopped at the run's cap on a game's length, counted
// as a draw and reported; a limit the rules declare (`end game after N actions`) ends the game with its outcome, in
// every front end (Game::apply), with the same result after a restart or a copy.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

const std::string standoff_path = std::string(RULESRUN_SOURCE_DIR) + "/tests/games/standoff.rules";

std::string standoff_text() {
    std::ifstream in(standoff_path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

SimulationRequest standoff_request(std::shared_ptr<const runtime::GameDefinition> game, const std::string& bots,
                                   std::int64_t max_actions) {
    SimulationRequest r;
    r.game = std::move(game);
    r.settings = runtime::resolve_settings(*r.game, {2, {}, 7});
    r.bots = parse_bot_list(bots, r.game->strategies(), false);
    r.games = 40;
    r.threads = 2;
    r.max_actions = max_actions;
    return r;
}

TEST(LengthLimit, TwoStrategiesThatBlockEachOtherForeverAreStoppedAtTheCap) {
    const auto game = testing_support::expect_game(runtime::load_game(standoff_path));
    const auto report = simulate(standoff_request(game, "wall,wall", 300));
    EXPECT_EQ(report.games, 40);
    EXPECT_EQ(report.stopped_games, 40);
    EXPECT_EQ(report.limit_games, 0);
    EXPECT_EQ(report.draws, 40);  // a game stopped did not end by its rules: nobody won it
    EXPECT_EQ(report.length.min(), 300);
    EXPECT_EQ(report.length.max(), 300);
}

TEST(LengthLimit, TheDefaultCapStopsAnEndlessGame) {
    const auto game = testing_support::expect_game(runtime::load_game(standoff_path));
    auto request = standoff_request(game, "wall,wall", default_max_actions);
    request.games = 2;
    const auto report = simulate(request);
    EXPECT_EQ(report.stopped_games, 2);
    EXPECT_EQ(report.length.max(), default_max_actions);
}

TEST(LengthLimit, GamesThatEndByTheirRulesAreNotCounted) {
    const auto game = testing_support::expect_game(runtime::load_game(standoff_path));
    const auto report = simulate(standoff_request(game, "random,random", 300));
    EXPECT_EQ(report.stopped_games, 0);
    EXPECT_EQ(report.draws, 0);
    EXPECT_EQ(report.wins[0] + report.wins[1], 40);
}

TEST(LengthLimit, TheRulesLimitEndsTheGameWithItsOutcome) {
    const auto game = testing_support::load_text(
        "standoff_limited", standoff_text() + "\nend game after 51 actions with winners [first_player()]\n");
    ASSERT_TRUE(game);
    const auto report = simulate(standoff_request(game, "wall,wall", 300));
    EXPECT_EQ(report.limit_games, 40);
    EXPECT_EQ(report.stopped_games, 0);
    EXPECT_EQ(report.wins[0], 40);
    EXPECT_EQ(report.length.max(), 51);

    // The run's cap, when lower, stops the game first, as a draw.
    const auto capped = simulate(standoff_request(game, "wall,wall", 20));
    EXPECT_EQ(capped.stopped_games, 40);
    EXPECT_EQ(capped.draws, 40);
}

// Without an outcome, the game ends as `end game` ends it: the scores rank the players (here 1 point to 0).
TEST(LengthLimit, TheRulesLimitWithoutOutcomeRanksByScore) {
    const auto game = testing_support::load_text("standoff_scored", standoff_text() + "\nend game after 3 actions\n");
    ASSERT_TRUE(game);
    auto g = testing_support::start_game(game, 2);
    g.keep_messages(true);
    const auto act = [&](const std::string& name) {
        const int seat = g.to_act().front();
        for (int a = 0; a < g.action_count(seat); ++a)
            if (g.action_name(seat, a) == name) return g.apply(seat, a);
        FAIL() << "no action " << name;
    };
    act("advance");  // seat 1 scores
    act("block");
    ASSERT_FALSE(g.finished());
    runtime::Game copy = g;
    act("block");
    ASSERT_TRUE(g.finished());
    EXPECT_TRUE(g.ended_at_rules_limit());
    EXPECT_FALSE(g.stopped_at_cap());
    EXPECT_TRUE(g.results().winners[0]);
    EXPECT_FALSE(g.results().winners[1]);
    bool told = false;
    for (const auto& m : g.take_messages()) told = told || m.text.find("ends after 3 actions") != std::string::npos;
    EXPECT_TRUE(told);
    // A copy taken before reaches the same end.
    copy.apply(copy.to_act().front(), 1);
    EXPECT_TRUE(copy.finished());
    EXPECT_TRUE(copy.ended_at_rules_limit());
}

}  // namespace
}  // namespace rulesrun
