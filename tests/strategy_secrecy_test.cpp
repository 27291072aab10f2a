// A strategy gains nothing from another seat's secrets. Its options are scored on a determinized copy of the game
// (Game::preferences), where the other seats' private zones are dealt again; their private player fields keep their
// true values there, so the checker rejects a strategy that reads one (interpreter/check/checker_secrecy.cpp). Both
// halves together: two games that differ only in another seat's private field and private hand give the deciding
// seat's strategy the same preferences.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using testing_support::load_written;
using testing_support::start_game;

// Two seats, two cards each from a shuffled hidden deck into private hands and a private number of chips each; then
// each says how much it raises. The strategy reads its own chips and hand, and the rival's hand (a guess).
const std::string secret_chips = R"(game "Secret chips" {
  players 2
}
card Num {
  value: int
} shown as "{value}"
deck nums: Num = [Num(value: v) for v in 1..8]
zone deck: Num, ordered, hidden = nums
zone hand: Num, per player, private
player {
  private chips: int = 0
  raised: int = 0
}
function hand_value(p: player): int = sum([c.value for c in p.hand])
setup {
  shuffle deck
  repeat 2 times {
    for p in players {
      move top(deck) to p.hand
    }
  }
  for p in players {
    p.chips = random(1, 9)
  }
}
play {
  for p in players {
    let raise = choose one of 0..3 by p "raise how much?"
    p.raised = raise
  }
}
score(p) = p.raised + p.chips + hand_value(p)
strategy shrewd "raises with many chips and a hand better than the rival's" {
  on raise prefer choice * (me.chips + hand_value(me) - hand_value(RIVAL))
}
)";

std::string with_rival(const std::string& rival) {
    std::string text = secret_chips;
    text.replace(text.find("RIVAL"), 5, rival);
    return text;
}

// The deck's first four cards (dealt 1st and 3rd to seat 1, 2nd and 4th to seat 2) and each seat's chips.
std::vector<ForcedChance> deal(std::vector<std::string> top_cards, int chips_1, int chips_2) {
    return {{ForcedChance::Kind::order, 0, std::move(top_cards), "deal"},
            {ForcedChance::Kind::number, chips_1, {}, "chips of seat 1"},
            {ForcedChance::Kind::number, chips_2, {}, "chips of seat 2"}};
}

Game dealt(const std::shared_ptr<const GameDefinition>& game, std::uint64_t seed, std::vector<ForcedChance> forced) {
    Game g = start_game(game, 2, seed);
    g.restart(seed, std::move(forced));
    EXPECT_TRUE(g.forced_chance_left().empty());
    EXPECT_EQ(g.to_act(), std::vector<int>{0});
    return g;
}

TEST(StrategySecrecy, AnotherSeatsPrivateFieldAndHandDoNotChangeThePreferences) {
    const auto game = load_text("strategy_secrecy", with_rival("next_seat(me)"));
    ASSERT_TRUE(game);
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        // Seat 1 holds 1 and 3 with 4 chips in both games; seat 2 holds 2 and 4 with 2 chips, or 5 and 6 with 8.
        const Game a = dealt(game, seed, deal({"1", "2", "3", "4"}, 4, 2));
        const Game b = dealt(game, seed, deal({"1", "5", "3", "6"}, 4, 8));
        ASSERT_FALSE(a == b);
        ASSERT_NE(view_facts(a, 1), view_facts(b, 1));  // seat 2's hand and chips differ
        EXPECT_EQ(view_facts(a, 0), view_facts(b, 0));  // seat 1 sees the same
        const auto preferences = a.preferences(0, 0);
        EXPECT_EQ(preferences.size(), 4U);
        EXPECT_EQ(preferences, b.preferences(0, 0));
    }
}

// The control: what seat 1 itself holds does change its strategy's preferences (the test above is not vacuous).
TEST(StrategySecrecy, TheSeatsOwnPrivateFieldChangesThePreferences) {
    const auto game = load_text("strategy_secrecy_own", with_rival("next_seat(me)"));
    ASSERT_TRUE(game);
    const Game few = dealt(game, 1, deal({"1", "2", "3", "4"}, 1, 2));
    const Game many = dealt(game, 1, deal({"1", "2", "3", "4"}, 9, 2));
    EXPECT_NE(few.preferences(0, 0), many.preferences(0, 0));
}

// The same strategy reading the rival's chips would see through the guess: the checker refuses the file, at the read.
TEST(StrategySecrecy, ReadingAnotherSeatsPrivateFieldIsRefused) {
    const std::string text = with_rival("next_seat(me)") + R"(strategy peeker "raises when the rival is poor" {
  on raise prefer choice * (9 - next_seat(me).chips)
}
)";
    const LoadedGame loaded = load_written("strategy_secrecy_peeker", text);
    EXPECT_FALSE(loaded.game);
    std::vector<std::string> errors;
    for (const auto& d : loaded.diagnostics) {
        if (d.severity == Severity::error) errors.push_back(std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + ": " + d.message);
    }
    ASSERT_EQ(errors.size(), 1U);
    EXPECT_EQ(errors[0], "37:33: strategy 'peeker' reads 'next_seat(me).chips', private to next_seat(me): a strategy "
                         "knows only what its player sees; read private fields of 'me' only");
}

}  // namespace
}  // namespace rulesrun::runtime
