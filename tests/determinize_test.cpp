// Game::determinize: what a seat cannot see is dealt again at random, what it sees stays, and two games that differ
// only in what it cannot see become the same game for the same seed.
#include <gtest/gtest.h>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_rules;
using testing_support::load_text;

// Two players are dealt two cards each from a shuffled hidden deck into private hands, then each plays one card to
// the public table: the higher card played wins.
const char* const secret_hands = R"(
game "Secret hands" {
  players 2
}
card Num {
  value: int
} shown as "{value}"
deck nums: Num = [Num(value: v) for v in 1..8]
zone deck: Num, ordered, hidden = nums
zone hand: Num, per player, private
zone table: Num, public
player {
  played: int = 0
}
setup {
  shuffle deck
  repeat 2 times {
    for p in players {
      move top(deck) to p.hand
    }
  }
}
play {
  for p in players {
    let c = choose one of p.hand by p "play which card?"
    p.played = c.value
    move c to table
  }
}
score(p) = p.played
)";

Game start(const std::shared_ptr<const GameDefinition>& game, int players, std::uint64_t seed) {
    Settings settings;
    settings.players = players;
    settings.seed = seed;
    return Game(game, resolve_settings(*game, settings));
}

// Plays the first action of every deciding seat until the end; the views of `seat` along the way.
std::vector<std::vector<std::string>> play_first_actions(Game game, int seat) {
    std::vector<std::vector<std::string>> views;
    while (!game.finished()) {
        views.push_back(view_facts(game, seat));
        for (const int s : game.to_act()) game.apply(s, 0);
    }
    views.push_back(view_facts(game, seat));
    return views;
}

TEST(Determinize, KeepsWhatTheSeatSeesAndDealsTheRestAgain) {
    const auto game = load_text("determinize_secret_hands", secret_hands);
    ASSERT_TRUE(game);
    const Game original = start(game, 2, 11);
    bool opponent_hand_changed = false;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const Game guess = original.determinized(0, seed);
        EXPECT_EQ(view_facts(guess, 0), view_facts(original, 0));    // own hand, table, fields
        EXPECT_EQ(view_facts(guess, -1), view_facts(original, -1));  // every zone keeps its size
        opponent_hand_changed = opponent_hand_changed || view_facts(guess, 1) != view_facts(original, 1);
    }
    EXPECT_TRUE(opponent_hand_changed);
}

TEST(Determinize, GamesDifferingOnlyInWhatTheSeatCannotSeeBecomeEqual) {
    const auto game = load_text("determinize_secret_hands", secret_hands);
    ASSERT_TRUE(game);
    const Game original = start(game, 2, 5);
    // Another opponent hand (and deck order): the first seed that deals seat 1 another hand.
    std::uint64_t seed = 100;
    while (view_facts(original.determinized(0, seed), 1) == view_facts(original, 1)) ++seed;
    const Game other = original.determinized(0, seed);
    EXPECT_TRUE(original.determinized(0, 3) == other.determinized(0, 3));
    EXPECT_FALSE(original.determinized(0, 3) == original.determinized(0, 4));
    // For the opponent, seat 0's hand is a secret that differs: no reason to become equal.
    EXPECT_FALSE(original.determinized(1, 3) == other.determinized(1, 3));
}

TEST(Determinize, ShufflesTheOrderOfAHiddenDeck) {
    const auto diamant = load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    const Game original = start(diamant, 3, 21);
    const Game other = original.determinized(1, 1234);
    EXPECT_EQ(view_facts(other, -1), view_facts(original, -1));
    EXPECT_TRUE(original.determinized(1, 8) == other.determinized(1, 8));
    // The deck's order decides the cards turned up next: some seed turns up other cards than the original game.
    const auto original_views = play_first_actions(original, -1);
    bool order_changed = false;
    for (std::uint64_t seed = 0; seed < 10 && !order_changed; ++seed)
        order_changed = play_first_actions(original.determinized(1, seed), -1) != original_views;
    EXPECT_TRUE(order_changed);
}

TEST(Determinize, WithdrawsTheOtherSeatsSecretAnswers) {
    const auto diamant = load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    Game stays = start(diamant, 3, 4);
    ASSERT_EQ(stays.to_act(), (std::vector<int>{0, 1, 2}));  // stay or leave, all at once
    Game leaves = stays;
    stays.apply(2, 0);
    leaves.apply(2, 1);
    const Game guess = stays.determinized(0, 6);
    EXPECT_EQ(guess.to_act(), (std::vector<int>{0, 1, 2}));
    EXPECT_TRUE(guess.history().empty());
    EXPECT_TRUE(guess == leaves.determinized(0, 6));
    // Seat 2 knows its own answer.
    EXPECT_EQ(stays.determinized(2, 6).to_act(), (std::vector<int>{0, 1}));
}

TEST(Determinize, ADeterminizedGamePlaysOnToTheEnd) {
    const auto game = load_text("determinize_secret_hands", secret_hands);
    ASSERT_TRUE(game);
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Game guess = start(game, 2, seed).determinized(1, seed);
        while (!guess.finished()) {
            for (const int s : guess.to_act()) guess.apply(s, static_cast<int>(seed % 2));
        }
        const Results results = guess.results();
        EXPECT_EQ(results.scores.size(), 2u);
    }
}

}  // namespace
}  // namespace rulesrun::runtime
