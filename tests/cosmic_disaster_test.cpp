// Cosmic Disaster (docs/games/cosmic_disaster.md, rules/cosmic_disaster.rules): seeded games of every mode
// (1 to 4 players, teams) played to the end with random choices: the hands dealt, exactly one of the three endings,
// one winner (or one team). Set positions (chain reactions, the ways to rescue, refilling with J cards, the team
// gift, solo play) are position fixtures: tests/fixtures/cosmic_disaster/.
#include <gtest/gtest.h>

#include <algorithm>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using Options = std::vector<std::pair<std::string, std::string>>;

Game start(const std::shared_ptr<const GameDefinition>& game, int players, const Options& options = {},
           std::uint64_t seed = 1) {
    Settings settings;
    settings.players = players;
    settings.seed = seed;
    settings.options = options;
    return Game(game, resolve_settings(*game, settings), true);
}

// ---- seeded random games of every mode ------------------------------------------------------------------------------

int hand_size(const Game& g, int seat) {
    for (const auto& fact : view_facts(g, -1)) {
        const std::string prefix = "player " + std::to_string(seat + 1) + ".hand = ";
        if (fact.rfind(prefix, 0) == 0) return std::stoi(fact.substr(prefix.size()));
    }
    return -1;
}

struct Ending {
    int everybody_lost = 0, earthlings_gone = 0, goal_reached = 0;
};

Ending ending_of(const Game& g) {
    Ending e;
    const auto& stats = g.definition().stats();
    for (const auto& sample : g.samples()) {
        const auto& name = stats[static_cast<std::size_t>(sample.stat)].name;
        if (name == "everybody_lost") e.everybody_lost = sample.value;
        if (name == "earthlings_gone") e.earthlings_gone = sample.value;
        if (name == "goal_reached") e.goal_reached = sample.value;
    }
    return e;
}

void play_random_games(int players, const Options& options, int games) {
    const auto game = testing_support::load_rules("cosmic_disaster.rules");
    const int expected_hand = players == 1 || players == 4 ? 5 : 6;
    for (int seed = 1; seed <= games; ++seed) {
        Game g = start(game, players, options, static_cast<std::uint64_t>(seed));
        for (int seat = 0; seat < players; ++seat) EXPECT_EQ(hand_size(g, seat), expected_hand) << "seed " << seed;
        std::uint64_t pick = static_cast<std::uint64_t>(seed);
        while (!g.finished()) {
            const int seat = g.to_act().front();
            pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
            g.apply(seat, static_cast<int>((pick >> 33) % static_cast<std::uint64_t>(g.action_count(seat))));
        }
        const Ending e = ending_of(g);
        EXPECT_EQ(e.everybody_lost + e.earthlings_gone + e.goal_reached, 100) << "exactly one ending, seed " << seed;
        const Results r = g.results();
        EXPECT_EQ(r.everybody_loses, e.everybody_lost == 100) << "seed " << seed;
        if (!r.everybody_loses) {
            const int winners = static_cast<int>(std::count(r.winners.begin(), r.winners.end(), true));
            const bool teams = !options.empty();
            EXPECT_EQ(winners, teams ? 2 : 1) << "one Great King Angolmois (or one team), seed " << seed;
            if (teams) {
                EXPECT_EQ(r.winners[0], r.winners[2]);
            }
        }
    }
}

TEST(CosmicDisaster, RandomGamesOfEveryPlayerCountEndWithOneEnding) {
    for (int players = 1; players <= 4; ++players) play_random_games(players, {}, 60);
    play_random_games(4, {{"teams", "true"}}, 60);
}

// "As soon as 8 stars are destroyed" ends the game in the middle of a chain, but the Sun or the Moon flips the Earth
// with it: a game ends with 8 stars destroyed, or 9 when the 8th was the Sun or the Moon (rare: about 0.4% of random
// games of 3 players), never more.
TEST(CosmicDisaster, TheEndComesAtTheEighthStarOrTheNinthWithTheEarth) {
    const auto game = testing_support::load_rules("cosmic_disaster.rules");
    int nine = 0, lost = 0;
    for (int seed = 1; seed <= 1500; ++seed) {
        Game g = start(game, 3, {}, static_cast<std::uint64_t>(seed));
        std::uint64_t pick = static_cast<std::uint64_t>(seed);
        while (!g.finished()) {
            const int seat = g.to_act().front();
            pick = pick * 6364136223846793005ULL + 1442695040888963407ULL;
            g.apply(seat, static_cast<int>((pick >> 33) % static_cast<std::uint64_t>(g.action_count(seat))));
        }
        int destroyed = -1;
        for (const auto& sample : g.samples()) {
            if (g.definition().stats()[static_cast<std::size_t>(sample.stat)].name == "destroyed") destroyed = sample.value;
        }
        if (!g.results().everybody_loses) continue;
        ++lost;
        EXPECT_TRUE(destroyed == 8 || destroyed == 9) << "seed " << seed << ": " << destroyed << " stars destroyed";
        nine += destroyed == 9;
    }
    EXPECT_GT(lost, 1000);
    EXPECT_GE(nine, 1) << "the Sun or the Moon as the 8th star takes the Earth with it";
    EXPECT_LT(nine, lost / 50);
}

}  // namespace
}  // namespace rulesrun::runtime
