// `tell PLAYERS whether CONDITION for CARD in CARDS` and zones `hidden from owner` (docs/language.md, "Secrets"):
// what a seat is told of the cards it cannot see holds in every guess a search bot makes at them (determinize), and
// is forgotten once the seat loses track of those cards.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using testing_support::start_game;

// Twelve tiles, four colours of three; each player holds three facing the other one. The first player names a
// colour and the second learns which of his tiles have it; then, when the first player asks, the second's tiles go
// back under the pile, which is shuffled, and he is dealt three again.
const std::string rules = R"(game "Told" { players 2 }
card Tile { colour: int, label: text } shown as "{label}"
deck tiles: Tile = [Tile(colour: k, label: "c" + text(k) + "." + text(n)) for k in 1..4 for n in 1..3]
zone pile: Tile, ordered, hidden = tiles
zone hand: Tile, per player, ordered, hidden from owner
setup {
  shuffle pile
  for p in players {
    repeat 3 times {
      move top(pile) to p.hand at top
    }
  }
}
play {
  let p = first_player()
  let q = next_seat(p)
  let k = choose one of 1..4 by p "which colour?"
  tell q whether c.colour == k for c in q.hand
  let mix = choose one of 1..2 by p "shuffle his tiles back (2)?"
  if mix == 2 {
    move q.hand to pile at bottom
    shuffle pile
    repeat 3 times {
      move top(pile) to q.hand at top
    }
  }
  let stop = choose one of 1..2 by q "done?"
  end game
}
)";

std::vector<int> colours_in(const std::string& fact) {
    std::vector<int> out;
    for (std::size_t at = fact.find('c'); at != std::string::npos; at = fact.find('c', at + 1)) out.push_back(fact[at + 1] - '0');
    return out;
}

std::string fact(const Game& g, const std::string& name, int viewer) {
    for (const auto& f : view_facts(g, viewer))
        if (f.rfind(name + " = ", 0) == 0) return f.substr(name.size() + 3);
    ADD_FAILURE() << "no fact " << name;
    return "";
}

Game told_game(std::uint64_t seed, int colour, bool mix) {
    auto game = load_text("told", rules);
    Game g = start_game(game, 2, seed);
    g.apply(0, colour - 1);
    g.apply(0, mix ? 1 : 0);
    return g;
}

TEST(ToldCards, EveryGuessFitsWhatTheSeatWasTold) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const Game g = told_game(seed, 2, false);
        const std::vector<int> truth = colours_in(fact(g, "player 2.hand", 0));
        ASSERT_EQ(truth.size(), 3U);
        int guessed_otherwise = 0;
        for (std::uint64_t guess = 1; guess <= 50; ++guess) {
            const std::vector<int> seen = colours_in(fact(g.determinized(1, guess), "player 2.hand", 0));
            ASSERT_EQ(seen.size(), 3U);
            for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(seen[k] == 2, truth[k] == 2) << "seed " << seed << " tile " << k;
            if (seen != truth) ++guessed_otherwise;
        }
        EXPECT_GT(guessed_otherwise, 10) << "seed " << seed;  // guesses, not the truth
    }
}

TEST(ToldCards, TheGuessesKeepTheFactsWithThePlaces) {
    // Determinizing twice is the same as once: the facts moved with the cards dealt again.
    const Game g = told_game(7, 3, false);
    const Game once = g.determinized(1, 11);
    const std::vector<int> truth = colours_in(fact(g, "player 2.hand", 0));
    for (std::uint64_t guess = 1; guess <= 30; ++guess) {
        const std::vector<int> seen = colours_in(fact(once.determinized(1, guess), "player 2.hand", 0));
        for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(seen[k] == 3, truth[k] == 3) << "guess " << guess;
    }
}

TEST(ToldCards, ShuffledAwayTheFactsAreForgotten) {
    // The tiles went back into the pile, it was shuffled and three were dealt again: player 2 no longer knows which
    // tile is which, so what he was told binds none of his guesses (were it kept, a told tile dealt again would
    // carry it to its new place).
    int unbound = 0;
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        const Game g = told_game(seed, 1, true);
        const std::vector<int> truth = colours_in(fact(g, "player 2.hand", 0));
        ASSERT_EQ(truth.size(), 3U);
        for (std::uint64_t guess = 1; guess <= 30; ++guess) {
            const std::vector<int> seen = colours_in(fact(g.determinized(1, guess), "player 2.hand", 0));
            for (std::size_t k = 0; k < 3; ++k) unbound += (seen[k] == 1) != (truth[k] == 1) ? 1 : 0;
        }
    }
    EXPECT_GT(unbound, 50);
}

TEST(ToldCards, TheOwnerSeesHisHandFaceAwayAndTheOthersSeeIt) {
    const Game g = told_game(2, 1, false);
    EXPECT_EQ(fact(g, "player 2.hand", 1), "3 cards (seen by the others)");
    EXPECT_EQ(colours_in(fact(g, "player 2.hand", 0)).size(), 3U);
    EXPECT_TRUE(has_secrets(g, 0));   // player 1's screen shows player 2's tiles: pass the keyboard with care
}

}  // namespace
}  // namespace rulesrun::runtime
