// Hearts (rules/classics/hearts.rules) against figures of its published rules: the C(13,3) = 286 ways to pass three
// cards of a hand, the pass rotation (left, right, across, none), the two of clubs leading, no points on the first
// trick, hearts not led before they are broken, 26 points in every hand (78 when the moon is shot), and scripted deals
// that shoot the moon under both moon rules.
//
// Chance is forced (docs/fixtures.md): a deal is a forced shuffle, the cards named are put on top of the deck in that
// order and dealt one at a time from player 1 round the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
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

std::shared_ptr<const GameDefinition> hearts() {
    static const auto game = load_rules("classics/hearts.rules");
    return game;
}

const std::vector<std::string> ranks = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};

std::vector<std::string> suit(const std::string& letter) {
    std::vector<std::string> cards;
    for (const auto& r : ranks) cards.push_back(r + letter);
    return cards;
}

// The deck order that deals these four hands (13 cards each): card i goes to player (i mod 4) + 1.
std::vector<std::string> deal_of(const std::vector<std::vector<std::string>>& hands) {
    std::vector<std::string> order;
    for (std::size_t i = 0; i < 13; ++i)
        for (const auto& hand : hands) order.push_back(hand.at(i));
    return order;
}

Game dealt(const std::vector<std::vector<std::string>>& hands, Options options) {
    Game g = start_game(hearts(), 4, 1, std::move(options));
    g.restart(1, {{ForcedChance::Kind::order, 0, deal_of(hands), "hearts deal"}});
    g.keep_knowledge(false);
    return g;
}

std::vector<std::string> actions(const Game& g, int seat) {
    std::vector<std::string> names;
    for (int a = 0; a < g.action_count(seat); ++a) names.push_back(g.action_name(seat, a));
    return names;
}

// Every seat to act takes its first legal action, until the game is over.
void play_first_actions(Game& g) {
    while (!g.finished()) {
        for (const int seat : g.to_act()) g.apply(seat, 0);
    }
}

// The hands: the rest of the deck after `taken`, in the order of the full deck, cut into hands of 13.
std::vector<std::vector<std::string>> complete(std::vector<std::vector<std::string>> hands) {
    std::set<std::string> used;
    for (const auto& h : hands) used.insert(h.begin(), h.end());
    std::vector<std::string> rest;
    for (const auto& s : {"C", "D", "S", "H"})
        for (const auto& c : suit(s))
            if (!used.count(c)) rest.push_back(c);
    std::size_t next = 0;
    for (auto& h : hands)
        while (h.size() < 13) h.push_back(rest.at(next++));
    while (hands.size() < 4) {
        hands.emplace_back();
        while (hands.back().size() < 13) hands.back().push_back(rest.at(next++));
    }
    return hands;
}

TEST(Hearts, EverySeatPassesThreeCardsAtOnceWith286Choices) {
    Game g = start_game(hearts(), 4, 7);
    ASSERT_EQ(g.to_act(), (std::vector<int>{0, 1, 2, 3}));
    for (int seat = 0; seat < 4; ++seat) {
        EXPECT_EQ(g.action_count(seat), 286) << "C(13, 3) ways to choose three cards of thirteen";
        EXPECT_TRUE(g.choice_is_secret(seat));
        EXPECT_TRUE(g.choice_is_subset(seat));
    }
}

// Player 1 holds all thirteen clubs: he leads the two of clubs, nobody can follow, he wins every trick and so takes
// every heart and the queen of spades.
// Every other player holds some points and some harmless cards.
std::vector<std::vector<std::string>> moon_deal() {
    return {suit("C"),
            {"2D", "3D", "4D", "5D", "6D", "2S", "3S", "4S", "5S", "2H", "3H", "4H", "5H"},
            {"7D", "8D", "9D", "10D", "6S", "7S", "8S", "9S", "6H", "7H", "8H", "9H", "10H"},
            {"JD", "QD", "KD", "AD", "10S", "JS", "QS", "KS", "AS", "JH", "QH", "KH", "AH"}};
}

TEST(Hearts, TakingEveryPointShootsTheMoon) {
    Game g = dealt(moon_deal(), {{"passing", "false"}, {"length", "single_hand"}});
    ASSERT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_EQ(actions(g, 0), std::vector<std::string>{"2C"});  // the two of clubs leads
    g.apply(0, 0);
    // Nobody else has a club; on the first trick nobody may discard a heart or the queen of spades.
    for (int seat = 1; seat < 4; ++seat) {
        ASSERT_EQ(g.to_act(), std::vector<int>{seat});
        for (const auto& name : actions(g, seat)) {
            EXPECT_NE(name.back(), 'H') << name;
            EXPECT_NE(name, "QS");
        }
        g.apply(seat, 0);
    }
    play_first_actions(g);
    const Results r = g.results();
    EXPECT_EQ(r.scores, (std::vector<std::int32_t>{0, 26, 26, 26}));
    EXPECT_EQ(r.winners, (std::vector<bool>{true, false, false, false}));
}

TEST(Hearts, TheMoonCanTake26OffTheShootersScoreInstead) {
    Game g = dealt(moon_deal(), {{"passing", "false"}, {"length", "single_hand"}, {"moon", "shooter_minus_26"}});
    play_first_actions(g);
    EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{-26, 0, 0, 0}));
}

// Player 2 wins the first trick with the ace of clubs; he holds two diamonds besides hearts, so he may not lead a
// heart; once a heart has been discarded, he may.
TEST(Hearts, HeartsCannotBeLedBeforeTheyAreBroken) {
    std::vector<std::string> p1 = {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "2S"};
    std::vector<std::string> p2 = {"AC", "2D", "3D", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH"};
    Game g = dealt(complete({p1, p2}), {{"passing", "false"}, {"length", "single_hand"}});
    for (int seat = 0; seat < 4; ++seat) g.apply(g.to_act().front(), 0);  // 2C, AC, a diamond, a spade
    ASSERT_EQ(g.to_act(), std::vector<int>{1});
    auto lead = actions(g, 1);
    std::sort(lead.begin(), lead.end());
    EXPECT_EQ(lead, (std::vector<std::string>{"2D", "3D"}));
}

TEST(Hearts, ALeaderWithNothingButHeartsMayLeadOne) {
    std::vector<std::string> p1 = {"2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "2S"};
    std::vector<std::string> p2 = {"AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH"};
    Game g = dealt(complete({p1, p2}), {{"passing", "false"}, {"length", "single_hand"}});
    for (int seat = 0; seat < 4; ++seat) g.apply(g.to_act().front(), 0);
    ASSERT_EQ(g.to_act(), std::vector<int>{1});
    EXPECT_EQ(actions(g, 1).size(), 12U);
}

// Seeded hands between players who choose at random: a hand always gives out 26 points, or 78 when one player shot
// the moon (he scores 0, the others 26 each); the lowest score wins.
TEST(Hearts, EveryHandGivesOut26Points) {
    std::mt19937 random(2024);
    int moons = 0;
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
        Game g = start_game(hearts(), 4, seed, {{"length", "single_hand"}});
        while (!g.finished()) {
            for (const int seat : g.to_act()) {
                std::uniform_int_distribution<int> pick(0, g.action_count(seat) - 1);
                g.apply(seat, pick(random));
            }
        }
        const Results r = g.results();
        const int total = std::accumulate(r.scores.begin(), r.scores.end(), 0);
        if (total == 78) {
            ++moons;
            EXPECT_EQ(std::count(r.scores.begin(), r.scores.end(), 26), 3) << "seed " << seed;
        } else {
            EXPECT_EQ(total, 26) << "seed " << seed;
        }
        const int low = *std::min_element(r.scores.begin(), r.scores.end());
        for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(r.winners[seat], r.scores[seat] == low) << "seed " << seed;
    }
    EXPECT_LT(moons, 15);
}

// A whole game to 100: it ends with a hand that takes someone to 100 or more, and no earlier.
TEST(Hearts, TheGameEndsWhenSomeoneReaches100) {
    std::mt19937 random(99);
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Game g = start_game(hearts(), 4, seed);
        while (!g.finished()) {
            for (const int seat : g.to_act()) {
                std::uniform_int_distribution<int> pick(0, g.action_count(seat) - 1);
                g.apply(seat, pick(random));
            }
        }
        const Results r = g.results();
        EXPECT_GE(*std::max_element(r.scores.begin(), r.scores.end()), 100) << "seed " << seed;
        const int total = std::accumulate(r.scores.begin(), r.scores.end(), 0);
        EXPECT_EQ(total % 26, 0) << "seed " << seed;  // 26 or 78 points a hand
    }
}

}  // namespace
}  // namespace rulesrun::runtime
