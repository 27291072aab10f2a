// Simulations: the same report bits for 1 and 3 threads, figures that add up, statistics counted per round and per
// seat, progress reports, and a failing game reported by its index and seed whatever the thread count.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>

#include <fmt/format.h>

#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using testing_support::load_rules;

SimulationRequest request(const std::string& rules, int players, const std::string& bots, std::int64_t games,
                          int threads, std::uint64_t seed = 1) {
    SimulationRequest r;
    r.game = load_rules(rules);
    r.settings = runtime::resolve_settings(*r.game, {players, {}, seed});
    r.bots = parse_bot_list(bots, r.game->strategies(), false);
    r.games = games;
    r.threads = threads;
    return r;
}

int stat_index(const runtime::GameDefinition& game, const std::string& name) {
    for (std::size_t i = 0; i < game.stats().size(); ++i)
        if (game.stats()[i].name == name) return static_cast<int>(i);
    ADD_FAILURE() << "no statistic " << name;
    return 0;
}

TEST(Simulation, TheThreadCountChangesNoBit) {
    for (const auto& [rules, players, bots] :
         {std::tuple{"diamant.rules", 4, "random,stay,cautious,bold"}, std::tuple{"pig.rules", 2, "hold_at_20,random"}}) {
        const auto one = simulate(request(rules, players, bots, 301, 1));
        const auto three = simulate(request(rules, players, bots, 301, 3));
        EXPECT_EQ(one, three) << rules;
        EXPECT_EQ(one.games, 301) << rules;
        EXPECT_EQ(one.scores[0].mean(), three.scores[0].mean()) << rules;
    }
}

TEST(Simulation, TheSeedChangesTheGames) {
    EXPECT_NE(simulate(request("pig.rules", 2, "random,random", 50, 2, 1)),
              simulate(request("pig.rules", 2, "random,random", 50, 2, 2)));
}

TEST(Simulation, EveryGameHasOneOutcome) {
    const auto r = simulate(request("diamant.rules", 3, "cautious,cautious,bold", 400, 2));
    const auto sole_wins = std::accumulate(r.wins.begin(), r.wins.end(), std::int64_t{0});
    EXPECT_EQ(sole_wins + r.shared_win_games + r.draws + r.everybody_loses, r.games);
    EXPECT_GT(r.shared_win_games, 0);  // two identical cautious bots often tie
    EXPECT_GE(std::accumulate(r.shared_wins.begin(), r.shared_wins.end(), std::int64_t{0}), 2 * r.shared_win_games);
    EXPECT_EQ(r.length.count(), r.games);
    EXPECT_GT(r.length.min(), 0);
    EXPECT_EQ(r.seat_names.size(), 3U);
}

TEST(Simulation, StatisticsAreCountedPerRoundAndPerSeat) {
    const auto req = request("diamant.rules", 3, "random,stay,bold", 200, 3);
    const auto r = simulate(req);
    const auto& game = *req.game;
    EXPECT_EQ(r.stats[stat_index(game, "cards_turned")].all.count(), 5 * 200);  // 5 rounds a game
    const auto& final_diamonds = r.stats[stat_index(game, "final_diamonds")];
    ASSERT_EQ(final_diamonds.per_seat.size(), 3U);
    EXPECT_EQ(final_diamonds.all.count(), 3 * 200);
    for (int seat = 0; seat < 3; ++seat) {
        EXPECT_EQ(final_diamonds.per_seat[seat].count(), 200);
        EXPECT_EQ(final_diamonds.per_seat[seat].sum(), r.scores[seat].sum());  // the score is the chest
    }
    EXPECT_EQ(final_diamonds.per_seat[1].max(), 0);  // "stay" never leaves the mine with anything
    EXPECT_TRUE(r.stats[stat_index(game, "winners_count")].per_seat.empty());
}

TEST(Simulation, ProgressEndsWithEveryGame) {
    auto req = request("pig.rules", 2, "random,random", 100, 2);
    std::int64_t last = -1;
    bool decreasing = false;
    req.progress = [&](std::int64_t done) {
        decreasing = decreasing || done < last;
        last = done;
    };
    simulate(req);
    EXPECT_EQ(last, 100);
    EXPECT_FALSE(decreasing);
}

TEST(Simulation, WrongRequestsAreRefused) {
    auto req = request("pig.rules", 2, "random", 10, 1);
    EXPECT_THROW(simulate(req), BotListError);  // one bot for two seats
    req.bots = parse_bot_list("human,random", req.game->strategies(), true);
    EXPECT_THROW(simulate(req), BotListError);
    req.bots = parse_bot_list("random,random", req.game->strategies(), false);
    req.threads = 0;
    EXPECT_THROW(simulate(req), std::invalid_argument);
}

// A game that fails when its die shows 6: the failure reported is the first such game, for any thread count.
TEST(Simulation, AFailingGameIsReportedByIndexAndSeed) {
    const auto dir = std::filesystem::temp_directory_path() / "rulesrun_simulation_test";
    std::filesystem::create_directories(dir);
    const auto path = (dir / "fragile.rules").string();
    std::ofstream(path) << R"(game "Fragile" {
  players 1
}
die d6: 6 faces
state {
  highest: int = 0
}
play {
  let face = roll(d6)
  highest = max([x for x in [face] where x < 6])
  choose step by first_player() "go on" {
    option go "go" { end game }
  }
}
score(p) = highest
)";
    SimulationRequest req;
    req.game = testing_support::expect_game(runtime::load_game(path));
    req.settings = runtime::resolve_settings(*req.game, {1, {}, 3});
    req.bots = parse_bot_list("random", req.game->strategies(), false);
    req.games = 500;
    std::int64_t first_failure = -1;
    for (const int threads : {1, 4}) {
        req.threads = threads;
        try {
            simulate(req);
            ADD_FAILURE() << "no game failed";
        } catch (const SimulationError& e) {
            if (first_failure < 0) first_failure = e.game_index;
            EXPECT_EQ(e.game_index, first_failure);
            EXPECT_EQ(e.game_seed, simulation_game_seed(3, e.game_index));
            const std::string message = e.what();
            EXPECT_NE(message.find(std::to_string(e.game_seed)), std::string::npos) << message;
            EXPECT_NE(message.find("max"), std::string::npos) << message;
        }
    }
    EXPECT_LT(first_failure, 50);  // one game in six fails
}

// A game that never ends stops at max_actions_per_game with an error naming the decision it keeps asking, and the
// game's seed, instead of running on for ever (or for 10 million actions, as it once did), when the run sets no cap
// on a game's length (the commands' default cap stops it earlier, as a draw: length_limit_test.cpp).
TEST(Simulation, AnEndlessGameStopsWithAnErrorNamingItsDecision) {
    SimulationRequest req;
    req.game = testing_support::expect_game(runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/endless.rules"));
    req.settings = runtime::resolve_settings(*req.game, {2, {}, 3});
    req.bots = parse_bot_list("random,random", req.game->strategies(), false);
    req.games = 4;
    req.threads = 2;
    req.max_actions = 0;
    try {
        simulate(req);
        ADD_FAILURE() << "the endless game ended";
    } catch (const SimulationError& e) {
        EXPECT_EQ(e.game_index, 0);
        const std::string message = e.what();
        EXPECT_NE(message.find(fmt::format("has not ended after {} actions", runtime::max_actions_per_game)),
                  std::string::npos) << message;
        EXPECT_NE(message.find("endless.rules:14:37"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace rulesrun
