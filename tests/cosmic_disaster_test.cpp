// Cosmic Disaster (/work/shared/games/cosmic_disaster.md, rules/cosmic_disaster.rules) in set positions: the test
// copies the rules file, replaces its `setup` by a scenario (tokens on stars, pawns, hands, the draw pile stacked
// card by card) and checks what the real rules then do: chain reactions, the Sun taking the Earth with it, deaths in
// ascending order after a Great Prosperity, pawns fleeing a dying star, the ways to rescue, refilling with J cards,
// the team gift. Then seeded random games of every mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "expression_entry.hpp"
#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using Options = std::vector<std::pair<std::string, std::string>>;

const std::string rules_path = std::string(RULESRUN_SOURCE_DIR) + "/rules/cosmic_disaster.rules";

std::string rules_text() {
    std::ifstream in(rules_path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// Procedures a scenario uses to arrange the table. Card 0 stands for a J.
const std::string scenario_helpers = R"(
function matches(c: Asrus, k: int): bool = (k == 0 and c.kind == jack) or (k > 0 and c.number == k)
# The cards put on top of the draw pile, the first one on top (taken from the bottom, never one already stacked).
procedure stack(cards: list of int) {
  for i in 1..size(cards) {
    let k = cards[size(cards) + 1 - i]
    move last([c for c in draw_pile where matches(c, k)]) to draw_pile at top
  }
}
procedure give(p: player, cards: list of int) {
  for k in cards {
    move last([c for c in draw_pile where matches(c, k)]) to p.hand
  }
}
procedure destroy_star(k: int) {
  drop(sky[k])
  move star_card(sky[k]) to dead_stars
}
)";

// The rules file with its setup replaced by the ring of stars, every pawn on star 12, the first seat to play, and
// then `scenario` (lines of the language). Solo play reveals 4 cards, the others 3.
std::shared_ptr<const GameDefinition> with_scenario(const std::string& name, const std::string& scenario) {
    std::string text = rules_text();
    const auto begin = text.find("\nsetup {");
    const auto end = text.find("\n}\n", begin);
    EXPECT_NE(begin, std::string::npos);
    text.replace(begin, end + 3 - begin,
                 "\nsetup {\n  lay_out_the_stars()\n  shuffle draw_pile\n  first_to_play = first_player()\n"
                     "  for p in players { p.pawn = sky[12] }\n" + scenario +
                     "\n}\n" + scenario_helpers);
    // One file per test and scenario: ctest runs tests in parallel processes.
    static int made = 0;
    const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    return load_text("cosmic_" + test + "_" + name + std::to_string(++made), text);
}

Game start(const std::shared_ptr<const GameDefinition>& game, int players, const Options& options = {},
           std::uint64_t seed = 1) {
    Settings settings;
    settings.players = players;
    settings.seed = seed;
    settings.options = options;
    return Game(game, resolve_settings(*game, settings), true);
}

std::vector<std::string> action_names(const Game& g, int seat) {
    std::vector<std::string> names;
    for (int a = 0; a < g.action_count(seat); ++a) names.push_back(g.action_name(seat, a));
    return names;
}

void act(Game& g, int seat, const std::string& name) {
    const auto names = action_names(g, seat);
    const auto found = std::find(names.begin(), names.end(), name);
    ASSERT_NE(found, names.end()) << name << " is not among " << ::testing::PrintToString(names);
    g.apply(seat, static_cast<int>(found - names.begin()));
}

// A fact of the spectator's view ("sky 6: number = 6, tokens = 2").
bool sees(const Game& g, const std::string& fact, int viewer = -1) {
    const auto v = g.view(viewer);
    return std::find(v.begin(), v.end(), fact) != v.end();
}

std::string star(int k, int tokens, bool alive = true) {
    return "sky " + std::to_string(k) + ": number = " + std::to_string(k) + ", tokens = " + std::to_string(tokens) +
           (alive ? "" : " (gone)");
}

// The messages that announce a death or a migration, in order.
std::vector<std::string> exodus(Game& g) {
    std::vector<std::string> out;
    for (const auto& m : g.take_messages())
        if (m.find("dies") != std::string::npos || m.find("refugees") != std::string::npos ||
            m.find("Earth is destroyed") != std::string::npos)
            out.push_back(m);
    return out;
}

TEST(CosmicDisaster, MigrantsKillTheStarTheyReachAndMoveOn) {
    // Star 3 (capacity 2) and star 6 (capacity 5) are full. The 3 revealed kills star 3: 1 token returns, 1 flees 3
    // stars clockwise (4, 5, 6) and kills star 6, whose 5 tokens split: 2 return, 3 flee 2 stars (7, 8) to the Earth.
    // (The deck holds copies(k) - 1 cards of number k: one of each is a star.)
    auto game = with_scenario("chain", R"(
  sky[3].tokens = 2
  sky[6].tokens = 5
  players[1].pawn = sky[12]
  give(players[1], [9, 9, 9, 9, 9])
  stack([3, 3, 2, 10, 10, 10])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 1);
    EXPECT_EQ(exodus(g), (std::vector<std::string>{
                             "Star 3 dies! 1 billion earthlings flee.",
                             "The refugees travel 3 stars clockwise to star 6.",
                             "Star 6 dies! 3 billion earthlings flee.",
                             "The refugees travel 2 stars clockwise to star 8.",
                         }));
    EXPECT_TRUE(sees(g, star(3, 0, false)));
    EXPECT_TRUE(sees(g, star(6, 0, false)));
    EXPECT_TRUE(sees(g, star(8, 3)));
    EXPECT_TRUE(sees(g, star(10, 3)));  // solo play reveals 4 cards: the three after the chain
}

TEST(CosmicDisaster, TheSunTakesTheEarthWithIt) {
    // Star 2 (capacity 1) dies; its refugee travels 14 stars from star 1 (2 is gone: 3..15 then 1) to the Sun, which
    // dies with it, and the Earth with the Sun: 4 tokens, 2 return and 2 flee 3 stars from star 7, to star 11.
    auto game = with_scenario("sun", R"(
  sky[2].tokens = 1
  earth().tokens = 4
  players[1].pawn = sky[12]
  give(players[1], [9, 9, 9, 9, 9])
  stack([2, 14, 3, 10, 10, 10])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 1);
    EXPECT_EQ(exodus(g), (std::vector<std::string>{
                             "Star 2 dies! 1 billion earthlings flee.",
                             "The refugees travel 14 stars clockwise to star 1.",
                             "Star 1 dies! 0 billion earthlings flee.",
                             "The Earth is destroyed with it.",
                             "Star 8 dies! 2 billion earthlings flee.",
                             "The refugees travel 3 stars clockwise to star 11.",
                         }));
    EXPECT_TRUE(sees(g, star(1, 0, false)));
    EXPECT_TRUE(sees(g, star(8, 0, false)));
    EXPECT_TRUE(sees(g, star(11, 2)));
}

TEST(CosmicDisaster, AGreatProsperityKillsStarsInAscendingOrder) {
    // Stars 4 (3 tokens, capacity 3) and 2 (1 token, capacity 1) are full; star 6 holds 1. The J: star 6 grows to 2,
    // then star 2 dies first (1 flees 5 stars from star 1: 3, 4, 5, 6, 7), then star 4 (2 flee 5 from star 3: 9).
    auto game = with_scenario("prosperity", R"(
  sky[4].tokens = 3
  sky[2].tokens = 1
  sky[6].tokens = 1
  players[1].pawn = sky[12]
  give(players[1], [9, 9, 9, 9, 9])
  stack([0, 5, 5, 10, 10, 10])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 1);
    EXPECT_EQ(exodus(g), (std::vector<std::string>{
                             "Star 2 dies! 1 billion earthlings flee.",
                             "The refugees travel 5 stars clockwise to star 7.",
                             "Star 4 dies! 2 billion earthlings flee.",
                             "The refugees travel 5 stars clockwise to star 9.",
                         }));
    EXPECT_TRUE(sees(g, star(6, 2)));
    EXPECT_TRUE(sees(g, star(7, 1)));  // the refugees do not grow: the prosperity came before they did
    EXPECT_TRUE(sees(g, star(9, 2)));
    EXPECT_TRUE(sees(g, "great_prosperities = 1"));
}

TEST(CosmicDisaster, APawnOnADyingStarFleesToTheNeighbourItsOwnerChooses) {
    auto game = with_scenario("pawn", R"(
  sky[3].tokens = 2
  players[1].pawn = sky[3]
  players[2].pawn = sky[3]
  give(players[1], [9, 9, 9, 9, 9, 9])
  give(players[2], [7, 7, 7, 7, 7, 7])
  stack([3, 4, 11, 11, 11])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 2);
    ASSERT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_EQ(g.choice_name(0), "refuge");
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"sky 2", "sky 4"}));
    act(g, 0, "sky 4");
    EXPECT_EQ(g.choice_name(1), "refuge");  // then the other pawn on it
    act(g, 1, "sky 2");
    EXPECT_TRUE(sees(g, "player 1.pawn = sky 4"));
    EXPECT_TRUE(sees(g, "player 2.pawn = sky 2"));
    EXPECT_TRUE(sees(g, star(7, 1)));  // the refugee travelled 4 stars from star 2: 4, 5, 6, 7
}

// The cards each way to rescue uses, read back from its name "rescue 6 = EXPR", which must make the star's number.
std::vector<std::vector<std::int64_t>> ways_shown(const Game& g, int target) {
    std::vector<std::vector<std::int64_t>> ways;
    if (g.to_act() != std::vector<int>{0} || g.choice_name(0) != "way") return ways;
    for (const auto& name : action_names(g, 0)) {
        if (name == "pass") continue;
        const std::string prefix = "rescue " + std::to_string(target) + " = ";
        EXPECT_EQ(name.rfind(prefix, 0), 0U) << name;
        const auto reading = cli::read_arithmetic(name.substr(prefix.size()));
        EXPECT_TRUE(reading && reading->value == target) << name;
        if (reading) ways.push_back(reading->numbers);
    }
    std::sort(ways.begin(), ways.end());
    return ways;
}

Game at_rescue(const std::string& hand, const Options& options) {
    auto game = with_scenario("rescue", R"(
  sky[6].tokens = 1
  players[1].pawn = sky[6]
  give(players[1], )" + hand + R"()
  stack([10, 10, 10])
)");
    Game g = start(game, 2, options);
    act(g, 0, "pass");  // stay on star 6: the rescue is offered only when some cards make 6
    return g;
}

using Ways = std::vector<std::vector<std::int64_t>>;

TEST(CosmicDisaster, EveryDifferentWayToRescueIsOfferedOnce) {
    // + and -: 2+4, 3+5-2, 4+5-3, 2+3+5-4; nothing else of 2, 3, 4, 5 makes 6.
    EXPECT_EQ(ways_shown(at_rescue("[2, 3, 4, 5]", {}), 6), (Ways{{2, 3, 4, 5}, {2, 3, 5}, {2, 4}, {3, 4, 5}}));
    // Three 4s are interchangeable: 2+4 is one way, not three (and 4+4-2, 2+4+4-4 one each).
    EXPECT_EQ(ways_shown(at_rescue("[4, 4, 4, 2]", {}), 6), (Ways{{2, 4}, {2, 4, 4}, {2, 4, 4, 4}}));
    EXPECT_EQ(ways_shown(at_rescue("[6, 9, 12]", {}), 6), (Ways{{6}, {6, 12}}));
    EXPECT_EQ(ways_shown(at_rescue("[9, 10]", {}), 6), (Ways{}));  // no choice at all: the turn goes on
}

TEST(CosmicDisaster, ScienceAddsTimesAndExactDivision) {
    EXPECT_EQ(ways_shown(at_rescue("[2, 3, 4]", {}), 6), (Ways{{2, 4}}));
    EXPECT_EQ(ways_shown(at_rescue("[2, 3, 4]", {{"science", "true"}}), 6), (Ways{{2, 3}, {2, 3, 4}, {2, 4}}));
    EXPECT_EQ(ways_shown(at_rescue("[3, 3]", {{"science", "true"}}), 6), (Ways{{3, 3}}));  // 3+3 once
    EXPECT_EQ(ways_shown(at_rescue("[4, 4, 4, 2]", {{"science", "true"}}), 6),
              (Ways{{2, 4}, {2, 4, 4}, {2, 4, 4, 4}}));  // x and / add nothing here: 4, 4, 4 never make 6
    EXPECT_EQ(ways_shown(at_rescue("[4, 7]", {{"science", "true"}}), 6), (Ways{}));  // 11, 3, 28; 7/4 is not exact
}

TEST(CosmicDisaster, ARescueTakesATokenAndTheWholeHandEarnsTheReward) {
    Game g = at_rescue("[2, 4]", {});
    act(g, 0, "rescue 6 = 2+4");
    EXPECT_TRUE(sees(g, "player 1.rescued = 2"));  // the token and the reward: the rescue used the whole hand
    EXPECT_TRUE(sees(g, star(6, 0)));
}

TEST(CosmicDisaster, EachJDrawnWhileRefillingCausesAProsperityAndShrinksTheHand) {
    // 2 players: a hand of 6. Player 1 holds 3 cards and does nothing; refilling draws J, 9, J and stops at 4 cards.
    auto game = with_scenario("refill", R"(
  players[1].pawn = sky[12]
  players[2].pawn = sky[12]
  sky[5].tokens = 1
  give(players[1], [4, 4, 3])
  give(players[2], [5, 5, 6, 6, 7, 7])
  stack([10, 10, 10, 0, 9, 0, 11, 11, 11])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 2);
    act(g, 0, "pass");
    ASSERT_EQ(g.to_act(), std::vector<int>{1});
    EXPECT_TRUE(sees(g, "player 1.hand = [4, 4, 3, 9]", 0));
    EXPECT_TRUE(sees(g, "great_prosperities = 2"));
    EXPECT_TRUE(sees(g, star(5, 3)));  // grew twice
}

TEST(CosmicDisaster, TeamMatesMayGiveACardAfterRefilling) {
    auto game = with_scenario("gift", R"(
  players[1].pawn = sky[12]
  players[2].pawn = sky[12]
  players[3].pawn = sky[12]
  players[4].pawn = sky[12]
  earth().tokens = 4
  give(players[1], [2, 3, 4, 5, 6])
  give(players[3], [9, 9, 9, 9, 9])
  stack([10, 10, 10])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 4, {{"teams", "true"}});
    act(g, 0, "pass");
    EXPECT_EQ(g.choice_name(0), "gift");
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"2", "3", "4", "5", "6", "pass"}));
    act(g, 0, "4");
    EXPECT_TRUE(sees(g, "player 3.hand = [9, 9, 9, 9, 9, 4]", 2));
}

TEST(CosmicDisaster, SoloRevealsFourCards) {
    auto game = with_scenario("solo", R"(
  players[1].pawn = sky[12]
  earth().tokens = 4
  give(players[1], [2, 3, 4, 5, 6])
  stack([10, 10, 10, 10, 11])
)");
    ASSERT_TRUE(game);
    Game g = start(game, 1);
    EXPECT_TRUE(sees(g, star(10, 4)));
    EXPECT_TRUE(sees(g, star(11, 0)));
}

// ---- seeded random games of every mode ------------------------------------------------------------------------------

int hand_size(const Game& g, int seat) {
    for (const auto& fact : g.view(-1)) {
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
            if (teams) EXPECT_EQ(r.winners[0], r.winners[2]);
        }
    }
}

TEST(CosmicDisaster, RandomGamesOfEveryPlayerCountEndWithOneEnding) {
    for (int players = 1; players <= 4; ++players) play_random_games(players, {}, 60);
    play_random_games(4, {{"teams", "true"}}, 60);
}

}  // namespace
}  // namespace rulesrun::runtime
