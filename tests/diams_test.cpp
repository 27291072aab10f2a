// Diam's through the API: where the closure card is shuffled in, and what a seat may know of the others' hands.
// (Positions and powers are position fixtures: tests/fixtures/diams/.)
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::action_names;
using testing_support::chi_square_uniform;
using testing_support::start_game;

std::shared_ptr<const GameDefinition> test_game(const std::string& file) {
    return testing_support::expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/" + file));
}

// How often the closure card lies at each depth (1: last card) over `deals` seeded set-ups.
std::map<int, int> closure_depths(int players, const std::string& closure, int deals) {
    static const auto game = test_game("diams_closure_depth.rules");
    std::map<int, int> counts;
    for (int seed = 1; seed <= deals; ++seed) {
        const Game g = start_game(game, players, static_cast<std::uint64_t>(seed), {{"closure", closure}});
        for (const StatSample& s : g.samples()) ++counts[s.value];
    }
    return counts;
}

TEST(Diams, TheClosureCardIsUniformOverTheLast15CardsWithTwoOrThreePlayers) {
    const int deals = 3000;
    for (const int players : {2, 3}) {
        const auto counts = closure_depths(players, "standard", deals);
        EXPECT_EQ(counts.begin()->first, 1);
        EXPECT_EQ(counts.rbegin()->first, 15);  // never deeper
        EXPECT_EQ(counts.size(), 15U);
        // 14 degrees of freedom: 36.1 is exceeded by chance once in a thousand.
        EXPECT_LT(chi_square_uniform(counts, 15, deals), 36.1) << players << " players";
    }
}

TEST(Diams, TheClosureCardIsUniformOverTheLast5CardsWithFourOrFivePlayers) {
    const int deals = 2000;
    for (const int players : {4, 5}) {
        const auto counts = closure_depths(players, "standard", deals);
        EXPECT_EQ(counts.begin()->first, 1);
        EXPECT_EQ(counts.rbegin()->first, 5);
        // 4 degrees of freedom: 18.5 is exceeded by chance once in a thousand.
        EXPECT_LT(chi_square_uniform(counts, 5, deals), 18.5) << players << " players";
    }
}

TEST(Diams, TheFixedClosureCardIsAlwaysLast) {
    for (const int players : {2, 5}) {
        EXPECT_EQ(closure_depths(players, "fixed", 200), (std::map<int, int>{{1, 200}}));
    }
}

// Two games that differ only in the hands of players 2 and 3: player 1 sees the same, may do the same, and every
// strategy (even one that tries to read player 2's hand) prefers the same, through his whole first turn.
TEST(Diams, ASeatKnowsNothingOfTheOtherHands) {
    const auto game = test_game("diams_swapped_hands.rules");
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Game a = start_game(game, 3, seed, {{"swap", "false"}});
        Game b = start_game(game, 3, seed, {{"swap", "true"}});
        ASSERT_FALSE(a == b);
        ASSERT_NE(view_facts(a, 1), view_facts(b, 1));  // player 2 sees his own hand change
        int decisions = 0;
        while (a.to_act() == std::vector<int>{0}) {
            ASSERT_EQ(b.to_act(), std::vector<int>{0});
            EXPECT_EQ(view_facts(a, 0), view_facts(b, 0));
            EXPECT_EQ(view_text(a, 0), view_text(b, 0));
            EXPECT_EQ(action_names(a, 0), action_names(b, 0));
            for (int s = 0; s < static_cast<int>(game->strategies().size()); ++s) {
                EXPECT_EQ(a.preferences(s, 0), b.preferences(s, 0)) << game->strategies()[static_cast<std::size_t>(s)].name;
            }
            const int action = static_cast<int>((seed + static_cast<std::uint64_t>(decisions)) % static_cast<std::uint64_t>(a.action_count(0)));
            a.apply(0, action);
            b.apply(0, action);
            ++decisions;
        }
        EXPECT_GE(decisions, 2);
    }
}

}  // namespace
}  // namespace rulesrun::runtime
