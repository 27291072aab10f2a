// Game::action_keys, the names the search bot's action statistics are kept under: the same action has the same key
// in every state where it is offered, whoever is offered it; cards alike are one action; a subset is its elements in
// any order; the same value offered at two choice points is two actions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using runtime::Game;
using testing_support::load_text;

// Each player in turn takes one or two cards of the pool, then bids a number of them to keep; the same value (2) is
// offered as a count of cards to take and as a bid. The pool holds two cards of each value.
const char* const keyed = R"(
game "Keyed" {
  players 2
}
card Chip {
  value: int
} shown as "C{value}"
deck chips: Chip = [Chip(value: v) for v in [1, 1, 2, 2, 3, 3]]
zone pool: Chip, public = chips
zone hand: Chip, per player, public
play {
  repeat 2 times {
    for p in players {
      let count = choose one of [1, 2] by p "take how many?"
      let taken = choose subset of pool where size(taken) == count by p "take which?"
      move taken to p.hand
      let bid = choose one of [1, 2, 3] by p "bid"
    }
  }
  end game with winners nobody
}
)";

std::vector<std::uint64_t> keys(const Game& g, int seat) {
    std::vector<std::uint64_t> out;
    g.action_keys(seat, out);
    return out;
}

std::vector<std::string> names(const Game& g, int seat) {
    std::vector<std::string> out;
    for (int a = 0; a < g.action_count(seat); ++a) out.push_back(g.action_name(seat, a));
    return out;
}

int action_named(const Game& g, int seat, const std::string& name) {
    const auto all = names(g, seat);
    const auto found = std::find(all.begin(), all.end(), name);
    EXPECT_NE(found, all.end()) << name;
    return static_cast<int>(found - all.begin());
}

Game start(const std::shared_ptr<const runtime::GameDefinition>& game) {
    runtime::Settings settings;
    settings.players = 2;
    settings.seed = 3;
    return Game(game, runtime::resolve_settings(*game, settings));
}

TEST(ActionKeys, NameAnActionAlikeInEveryStateAndSeat) {
    const auto game = load_text("action_keys", keyed);
    ASSERT_TRUE(game);
    Game g = start(game);
    const auto first_counts = keys(g, 0);
    ASSERT_EQ(first_counts.size(), 2U);
    EXPECT_NE(first_counts[0], first_counts[1]);
    g.apply(0, action_named(g, 0, "2"));
    g.apply(0, 0);
    const auto bids = keys(g, 0);
    ASSERT_EQ(bids.size(), 3U);
    // A 2 bid is not a 2 taken: another choice point.
    EXPECT_NE(bids[1], first_counts[1]);
    g.apply(0, 0);
    // The other seat, later, is offered the same counts under the same keys.
    EXPECT_EQ(keys(g, 1), first_counts);
    EXPECT_TRUE(keys(g, 0).empty());  // nothing to decide
}

TEST(ActionKeys, CardsAlikeAreOneActionAndASubsetIsItsElementsInAnyOrder) {
    const auto game = load_text("action_keys", keyed);
    ASSERT_TRUE(game);
    Game g = start(game);
    g.apply(0, action_named(g, 0, "2"));
    const auto all = names(g, 0);
    const auto subset_keys = keys(g, 0);
    ASSERT_EQ(all.size(), subset_keys.size());
    // Pairs of the same values have the same key whichever copies they hold, and only they do.
    for (std::size_t i = 0; i < all.size(); ++i) {
        for (std::size_t j = 0; j < all.size(); ++j) {
            EXPECT_EQ(all[i] == all[j], subset_keys[i] == subset_keys[j]) << all[i] << " / " << all[j];
        }
    }
    // "C1 + C2" and "C2 + C1" are one action, wherever each card lies.
    std::set<std::uint64_t> distinct(subset_keys.begin(), subset_keys.end());
    std::set<std::string> distinct_names;
    for (const auto& name : all) {
        auto plus = name.find(" + ");
        std::string a = name.substr(0, plus), b = name.substr(plus + 3);
        distinct_names.insert(std::min(a, b) + "+" + std::max(a, b));
    }
    EXPECT_EQ(distinct.size(), distinct_names.size());
    // Seat 1 is later offered the other copies of C1 and C2 under the same key.
    const int one_two = action_named(g, 0, "C1 + C2");
    const std::uint64_t key = subset_keys[static_cast<std::size_t>(one_two)];
    g.apply(0, one_two);
    g.apply(0, 0);
    g.apply(1, action_named(g, 1, "2"));
    const auto later = keys(g, 1);
    EXPECT_EQ(later[static_cast<std::size_t>(action_named(g, 1, "C1 + C2"))], key);
}

// Game::action_space counts what each decision can offer from its declared type: `keyed` offers [1, 2] (numbers,
// not a written range: unbounded), subsets of the 6 chips (any of the 2^6: their size is a number chosen before, not a
// constant) and [1, 2, 3] (unbounded).
TEST(ActionSpace, CountsEachDecisionFromItsTypeAndSaysWhatLeavesItUnbounded) {
    const auto game = load_text("action_keys", keyed);
    const Game g(game, runtime::resolve_settings(*game, {2, {}, 1}));
    const runtime::ActionSpace space = g.action_space();
    ASSERT_EQ(space.decisions.size(), 3U);
    EXPECT_EQ(space.decisions[0].count, -1);
    EXPECT_EQ(space.decisions[1].count, 27);  // chips alike are one: 0 to 2 of each of the 3 values
    EXPECT_FALSE(space.bounded());
    EXPECT_NE(space.unbounded.find("action_keys"), std::string::npos) << space.unbounded;  // the file, then the place
    EXPECT_NE(space.unbounded.find("'count' offers a number"), std::string::npos) << space.unbounded;

    const auto ranged = load_text("ranged", R"(
game "Ranged" {
  players 3
}
enum Colour { red, green }
board squares: grid 2 by 3 of Square {
  owner: player? = none
}
record Mark {
  square: Square
  colour: Colour
}
play {
  for p in players {
    let bid = choose one of 1..10 by p "bid"
    let mark = choose optional one of [Mark(square: s, colour: red) for s in spaces(squares)] by p "mark"
    let whom = choose one of players by p "whom"
    choose what by p "what next?" {
      option stop "stop" { end game with winners nobody }
      option go "go on" { }
    }
  }
  end game with winners nobody
}
)");
    const Game r(ranged, runtime::resolve_settings(*ranged, {3, {}, 1}));
    const runtime::ActionSpace counted = r.action_space();
    ASSERT_TRUE(counted.bounded()) << counted.unbounded;
    ASSERT_EQ(counted.decisions.size(), 4U);
    EXPECT_EQ(counted.decisions[0].count, 10);
    EXPECT_EQ(counted.decisions[1].count, 6 * 2 + 1);  // a square and a colour, or nothing
    EXPECT_EQ(counted.decisions[2].count, 3);
    EXPECT_EQ(counted.decisions[3].count, 2);
    EXPECT_EQ(counted.count, 10 + 13 + 3 + 2);
}

// A record's fields declared with their values (`int in 1..6`, `text in [...]`) are counted by them; a text without
// them is a label (counted once); a list of cards counts the selections of the game's cards, cards alike as one.
TEST(ActionSpace, CountsFieldsByTheValuesTheyAreDeclaredWith) {
    const auto game = load_text("declared", R"(
game "Declared" {
  players 2
}
card Chip { value: int } shown as "C{value}"
deck chips: Chip = [Chip(value: v) for v in [1, 1, 2, 3]]
zone pool: Chip, public = chips
record Bid {
  quantity: int in 0..4
  face: int in 1..6
  mark: text in ["", "!"] = ""
  words: text
  chips: list of Chip
} shown as "{words}{mark}"
play {
  for p in players {
    let bid = choose one of [Bid(quantity: q, face: 6, words: text(q), chips: [c for c in pool where c.value == q])
                             for q in 1..3] by p "bid"
  }
  end game with winners nobody
}
)");
    const Game g(game, runtime::resolve_settings(*game, {2, {}, 1}));
    const runtime::ActionSpace space = g.action_space();
    ASSERT_TRUE(space.bounded()) << space.unbounded;
    ASSERT_EQ(space.decisions.size(), 1U);
    // 5 quantities x 6 faces x 2 marks x 1 label x 12 selections of the chips (0 to 2 ones, a two or not, a three
    // or not).
    EXPECT_EQ(space.decisions[0].count, 5 * 6 * 2 * 1 * 12);
}

// A value made for a field outside its declared values stops the game at the rule that made it.
TEST(ActionSpace, AValueOutsideAFieldsDeclaredValuesIsAnErrorAtTheRuleThatMadeIt) {
    const auto game = load_text("outside", R"(
game "Outside" {
  players 1
}
record Roll { die: int in 1..6 }
play {
  let n = choose one of 5..8 by first_player() "how far?"
  let r = Roll(die: n)
  end game with winners [first_player()]
}
)");
    Game g(game, runtime::resolve_settings(*game, {1, {}, 1}));
    g.apply(0, 1);  // 6: within 1..6
    ASSERT_TRUE(g.finished());
    Game h(game, runtime::resolve_settings(*game, {1, {}, 1}));
    try {
        h.apply(0, 2);  // 7
        FAIL() << "7 was accepted as a die of 1..6";
    } catch (const runtime::RuleError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("outside.rules:8:21"), std::string::npos) << message;
        EXPECT_NE(message.find("Roll's field 'die' holds only 1..6: given 7"), std::string::npos) << message;
    }
}

}  // namespace
}  // namespace rulesrun
