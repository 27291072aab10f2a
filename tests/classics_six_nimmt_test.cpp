// 6 nimmt! (rules/classics/six_nimmt.rules) against figures of its published rules: 104 cards carrying 171 bull heads
// (7 on the 55, 5 on the other multiples of 11, 3 on the multiples of 10, 2 on the other multiples of 5, 1 elsewhere),
// every player choosing at once, cards placed from the lowest, the sixth card taking its row, a card lower than every
// row taking a row of its player's choice, and the game ending at 66 bull heads with the fewest winning.
//
// Chance is forced (docs/fixtures.md): a deal is a forced shuffle; the rules deal ten cards to player 1, ten to player
// 2, ..., then one card to each of the four rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_rules;
using testing_support::start_game;
using Options = std::vector<std::pair<std::string, std::string>>;

std::shared_ptr<const GameDefinition> six_nimmt() {
    static const auto game = load_rules("classics/six_nimmt.rules");
    return game;
}

// The bull heads printed on card n, from the publisher's card list.
int heads(int n) {
    if (n == 55) return 7;
    if (n % 11 == 0) return 5;
    if (n % 10 == 0) return 3;
    if (n % 5 == 0) return 2;
    return 1;
}

int action_named(const Game& g, int seat, const std::string& name) {
    for (int a = 0; a < g.action_count(seat); ++a)
        if (g.action_name(seat, a) == name) return a;
    ADD_FAILURE() << "no action " << name << " for seat " << seat;
    return 0;
}

std::string fact(const Game& g, const std::string& name) {
    for (const auto& f : view_facts(g, -1))
        if (f.rfind(name + " = ", 0) == 0) return f.substr(name.size() + 3);
    ADD_FAILURE() << "no fact " << name;
    return "";
}

// The numbers of the cards of a zone shown as [n, n, ...].
std::vector<int> numbers(const std::string& zone) {
    std::vector<int> ns;
    int n = -1;
    for (const char ch : zone) {
        if (ch >= '0' && ch <= '9') {
            n = (n < 0 ? 0 : n * 10) + (ch - '0');
        } else if (n >= 0) {
            ns.push_back(n);
            n = -1;
        }
    }
    return ns;
}

void play_randomly(Game& g, std::mt19937& random) {
    while (!g.finished()) {
        for (const int seat : g.to_act()) {
            std::uniform_int_distribution<int> pick(0, g.action_count(seat) - 1);
            g.apply(seat, pick(random));
        }
    }
}

TEST(SixNimmt, TheDeckHas104CardsAnd171BullHeads) {
    int total = 0;
    for (int n = 1; n <= 104; ++n) total += heads(n);
    EXPECT_EQ(total, 171);
    // With 10 players every card is in play: 100 in the hands, 4 starting the rows. At the end of a round, the bull
    // heads taken and those left in the rows are all of them.
    std::mt19937 random(6);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Game g = start_game(six_nimmt(), 10, seed, {{"length", "single_round"}});
        EXPECT_EQ(g.to_act().size(), 10U);  // everyone chooses at once
        for (int seat = 0; seat < 10; ++seat) EXPECT_EQ(g.action_count(seat), 10);
        play_randomly(g, random);
        const Results r = g.results();
        int in_rows = 0;
        int cards_in_rows = 0;
        for (const std::string row : {"row1", "row2", "row3", "row4"}) {
            for (const int n : numbers(fact(g, row))) {
                in_rows += heads(n);
                ++cards_in_rows;
            }
        }
        EXPECT_EQ(std::accumulate(r.scores.begin(), r.scores.end(), 0) + in_rows, 171) << "seed " << seed;
        EXPECT_GE(cards_in_rows, 4);
        EXPECT_LE(cards_in_rows, 20);  // at most five cards in each row
    }
}

// Player 1 holds 11, 13, 15, ..., player 2 holds 12, 14, 1, ...; the rows start with 10, 50, 60 and 70.
Game scripted() {
    const std::vector<std::string> order = {"11", "13", "15", "21", "22", "23", "24", "25", "26", "27",  // player 1
                                            "12", "14", "1",  "31", "32", "33", "34", "35", "36", "37",  // player 2
                                            "10", "50", "60", "70"};                                     // the rows
    Game g = start_game(six_nimmt(), 2, 1, {{"length", "single_round"}});
    g.restart(1, {{ForcedChance::Kind::order, 0, order, "six nimmt deal"}});
    g.keep_knowledge(false);
    return g;
}

void both_play(Game& g, const std::string& first, const std::string& second) {
    ASSERT_EQ(g.to_act(), (std::vector<int>{0, 1}));
    g.apply(0, action_named(g, 0, first));
    g.apply(1, action_named(g, 1, second));
}

TEST(SixNimmt, TheSixthCardTakesTheRowAndALowCardTakesARowOfItsPlayersChoice) {
    Game g = scripted();
    EXPECT_EQ(numbers(fact(g, "row1")), std::vector<int>{10});
    both_play(g, "11", "12");
    both_play(g, "13", "14");
    EXPECT_EQ(numbers(fact(g, "row1")), (std::vector<int>{10, 11, 12, 13, 14}));
    // 1 is lower than every row: its player chooses which row to take before 15 is placed (the lowest card first).
    both_play(g, "15", "1");
    ASSERT_EQ(g.to_act(), std::vector<int>{1});
    EXPECT_EQ(g.action_count(1), 4);
    g.apply(1, action_named(g, 1, "row4"));
    EXPECT_EQ(fact(g, "player 2.bull_heads"), "3");   // the 70
    EXPECT_EQ(numbers(fact(g, "row4")), std::vector<int>{1});
    // 15 is the sixth card of row 1: player 1 takes 10 to 14, 3 + 5 + 1 + 1 + 1 bull heads, and 15 starts the row.
    EXPECT_EQ(fact(g, "player 1.bull_heads"), "11");
    EXPECT_EQ(numbers(fact(g, "row1")), std::vector<int>{15});
    EXPECT_EQ(g.to_act(), (std::vector<int>{0, 1}));
}

// Whole games to 66 between random players: the game ends at the end of the round in which someone reaches 66 (a
// round gives out at most 171 bull heads, so the round before ended below 66 for everyone), and the fewest win.
TEST(SixNimmt, TheGameEndsAt66AndTheFewestBullHeadsWin) {
    std::mt19937 random(66);
    for (const int players : {2, 5, 10}) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            Game g = start_game(six_nimmt(), players, seed);
            play_randomly(g, random);
            const Results r = g.results();
            EXPECT_GE(*std::max_element(r.scores.begin(), r.scores.end()), 66);
            const int low = *std::min_element(r.scores.begin(), r.scores.end());
            for (int seat = 0; seat < players; ++seat) EXPECT_EQ(r.winners[seat], r.scores[seat] == low);
        }
    }
}

TEST(SixNimmt, TheTacticalVariantUsesTenCardsAPlayerAndFour) {
    std::mt19937 random(3);
    Game g = start_game(six_nimmt(), 3, 5, {{"length", "single_round"}, {"tactical", "true"}});
    for (const std::string row : {"row1", "row2", "row3", "row4"})
        for (const int n : numbers(fact(g, row))) EXPECT_LE(n, 34);
    play_randomly(g, random);
    int in_rows = 0;
    for (const std::string row : {"row1", "row2", "row3", "row4"})
        for (const int n : numbers(fact(g, row))) in_rows += heads(n);
    int all = 0;
    for (int n = 1; n <= 34; ++n) all += heads(n);
    const Results r = g.results();
    EXPECT_EQ(std::accumulate(r.scores.begin(), r.scores.end(), 0) + in_rows, all);
}

}  // namespace
}  // namespace rulesrun::runtime
