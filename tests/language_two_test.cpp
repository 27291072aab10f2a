// The language's second round (issue 41): the unshuffled-deck lint and where it stays quiet, `return` from `play`.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "check.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

namespace fs = std::filesystem;

const std::string game_head = R"(game "T" {
  players 2
}

card C {
  value: int
}
deck cards: C = [C(value: v) for v in 1..5]
zone hand: C, per player, private
zone discard: C, public
)";

int unshuffled_warnings(const std::string& name, const std::string& text) {
    const auto loaded = testing_support::load_written(name, text);
    int count = 0;
    for (const auto& d : loaded.diagnostics) {
        EXPECT_NE(d.severity, Severity::error) << d.message;
        if (d.message.find("nothing shuffles it") != std::string::npos) ++count;
    }
    return count;
}

TEST(UnshuffledDeck, AHiddenStartingDeckNeverShuffledIsWarnedAbout) {
    EXPECT_EQ(unshuffled_warnings("never_shuffled", game_head + R"(zone pile: C, ordered, hidden = cards
play {
  move top(pile) to first_player().hand
  end game
}
)"), 1);
}

TEST(UnshuffledDeck, AShuffleByNameOrThroughProceduresIsEnough) {
    EXPECT_EQ(unshuffled_warnings("shuffled_in_setup", game_head + R"(zone pile: C, ordered, hidden = cards
setup {
  shuffle pile
}
play {
  move top(pile) to first_player().hand
  end game
}
)"), 0);
    // Passed on twice before the shuffle, as stdlib's draw_with_reshuffle does.
    EXPECT_EQ(unshuffled_warnings("shuffled_deeper", game_head + R"(zone pile: C, ordered, hidden = cards
procedure mix(z: zone) {
  shuffle z
}
procedure prepare(deck: zone, other: zone) {
  move other to deck
  mix(deck)
}
play {
  prepare(pile, discard)
  move top(pile) to first_player().hand
  end game
}
)"), 0);
}

TEST(UnshuffledDeck, ZonesWhoseOrderIsSeenOrThatStartEmptyAreNotWarnedAbout) {
    EXPECT_EQ(unshuffled_warnings("public_row", game_head + R"(zone row: C, ordered, public = cards
zone stock: C, ordered, hidden
play {
  move top(row) to stock
  move top(stock) to first_player().hand
  end game
}
)"), 0);
}

// Every rules file of the project shuffles its starting decks.
TEST(UnshuffledDeck, NoRulesFileOfTheProjectIsWarnedAbout) {
    for (const auto& folder : {"rules", "docs/examples", "tests/games"}) {
        for (const auto& entry : fs::recursive_directory_iterator(fs::path(RULESRUN_SOURCE_DIR) / folder)) {
            if (entry.path().extension() != ".rules") continue;
            SourceSet sources;
            const auto report = check_rules_file(entry.path().string(), sources);
            for (const auto& d : report.diagnostics)
                EXPECT_EQ(d.message.find("nothing shuffles it"), std::string::npos) << entry.path() << ": " << d.message;
        }
    }
}

// `return` in `play` ends `play`, and so the game: the checker does not call such a game endless.
TEST(ReturnFromPlay, EndsTheGame) {
    const auto game = testing_support::load_text("return_from_play", R"(game "T" {
  players 2
}
state {
  steps: int = 0
}
play {
  repeat {
    choose step by first_player() {
      option stop {
        return
      }
      option go {
        steps += 1
      }
    }
  }
}
score(p) = steps
)");
    ASSERT_TRUE(game);
    auto g = testing_support::start_game(game, 2);
    g.apply(0, 1);  // go
    g.apply(0, 1);
    EXPECT_FALSE(g.finished());
    g.apply(0, 0);  // stop
    EXPECT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 2);
}

// A text's hole may hold any expression: a call, arithmetic, a count of a computed number.
TEST(TextHoles, HoldExpressions) {
    const auto game = testing_support::load_text("text_hole_expressions", R"(game "T" {
  players 2
}
enum Role { duke, captain }
state {
  bonus: int = 2
}
function role_name(r: Role): text = if r == duke then "the Duke" else "the Captain"
play {
  for r in Role {
    say "{role_name(r)}: {bonus * 2 + 1}, {size([r, r, r]):card}, {size([r]):card}, {text(bonus)}"
  }
  end game
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    const auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 2U);
    EXPECT_EQ(messages[0].text, "the Duke: 5, 3 cards, 1 card, 2");
    EXPECT_EQ(messages[1].text, "the Captain: 5, 3 cards, 1 card, 2");
}

// An enum value's index (from 1) and the order of one enum's values.
TEST(EnumOrder, IndexAndComparisons) {
    const auto game = testing_support::load_text("enum_order", R"(game "T" {
  players 2
}
enum Rank { low, middle, high }
card C {
  rank: Rank
}
deck cards: C = [C(rank: r) for r in Rank]
zone pile: C = cards
play {
  let r = middle
  say "{index(low)} {index(r)} {index(high)}"
  say "{r < high} {r <= middle} {high > r} {low >= r}"
  say "{size([c for c in pile where c.rank >= middle])} {[index(c.rank) for c in pile where middle > c.rank]}"
  end game
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    const auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 3U);
    EXPECT_EQ(messages[0].text, "1 2 3");
    EXPECT_EQ(messages[1].text, "true true true false");
    EXPECT_EQ(messages[2].text, "2 [1]");  // a list reads in brackets
}

// A procedure's value inside a statement's expressions: each call runs once, in order, before the statement, and a
// decision inside one suspends the game there.
TEST(ProcedureValues, RunOnceInOrderBeforeTheStatement) {
    const auto game = testing_support::load_text("procedure_values", R"(game "T" {
  players 2
}
card C {
  value: int
}
deck cards: C = [C(value: v) for v in 1..12]
zone pile: C, ordered = cards
zone hand: C, per player
state {
  total: int = 0
}
procedure draw(p: player): C {
  let c = top(pile)
  move c to p.hand
  return c
}
procedure draw_values(n: int): list of int {
  let out: list of int = []
  repeat n times {
    out = out + [draw(first_player()).value]
  }
  return out
}
procedure agrees(p: player): bool {
  let answer = choose one of [true, false] by p "agree?"
  return answer
}
play {
  say "{draw(first_player()).value} then {draw(first_player()).value}"
  say "{sum(draw_values(3)) * 10 + max(draw_values(2))}"
  total = draw(first_player()).value + draw(first_player()).value
  say "{total}"
  if agrees(first_player()) and total > 0 {
    say "agreed"
  } else {
    say "refused"
  }
  while draw(first_player()).value < 12 {
    total += 1
  }
  say "{total}"
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 3U);
    EXPECT_EQ(messages[0].text, "1 then 2");
    EXPECT_EQ(messages[1].text, "127");  // 3 + 4 + 5 = 12, then 6 and 7
    EXPECT_EQ(messages[2].text, "17");   // 8 + 9
    ASSERT_FALSE(g.finished());
    EXPECT_EQ(g.action_name(0, 0), "true");
    g.apply(0, 0);
    messages = g.take_messages();
    ASSERT_EQ(messages.size(), 2U);
    EXPECT_EQ(messages[0].text, "agreed");
    EXPECT_EQ(messages[1].text, "19");  // 10 and 11 drawn in the loop, 12 ends it
    EXPECT_TRUE(g.finished());
}

// `sorted`: numbers and enum values either way, any elements by a key function (stable: equal keys keep their order).
TEST(Sorted, DescendingAndByAKey) {
    const auto game = testing_support::load_text("sorted_by_key", R"(game "T" {
  players 2
}
enum Suit { clubs, hearts }
card C {
  value: int
  suit: Suit
}
deck cards: C = [C(value: v, suit: s) for s in Suit for v in [3, 1, 2]]
zone pile: C, ordered = cards
function strength(c: C): int = c.value
function suit_of(c: C): Suit = c.suit
play {
  say "{sorted([3, 1, 2])} {sorted([3, 1, 2], descending: true)} {sorted([hearts, clubs, hearts])}"
  say "{[c.value for c in sorted(pile, by: strength)]}"
  say "{[c.value for c in sorted(pile, by: suit_of, descending: true)]}"
  end game
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    const auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 3U);
    EXPECT_EQ(messages[0].text, "[1, 2, 3] [3, 2, 1] [clubs, hearts, hearts]");
    EXPECT_EQ(messages[1].text, "[1, 1, 2, 2, 3, 3]");
    EXPECT_EQ(messages[2].text, "[3, 1, 2, 3, 1, 2]");
}

// Helper functions may build a deck's cards (each call makes new cards: the same call twice makes twice the cards).
TEST(DeckHelpers, FunctionsBuildADecksCards) {
    const auto game = testing_support::load_text("deck_helpers", R"(game "T" {
  players 2
}
enum Suit { hearts, spades }
card Card {
  suit: Suit
  rank: int
}
function suit_cards(s: Suit): list of Card = [Card(suit: s, rank: r) for r in 1..3]
function all_cards(): list of Card = suit_cards(hearts) + suit_cards(spades)
deck cards: Card = all_cards() + suit_cards(hearts)
zone pile: Card, ordered = cards
zone hand: Card, per player
play {
  move top(pile) to first_player().hand
  say "{size(pile)}: {[c.rank for c in pile]}, {[c.suit for c in pile where c.rank == 1]}"
  end game
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    const auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].text, "8: [2, 3, 1, 2, 3, 1, 2, 3], [spades, hearts]");
}

// `zone of T`: a helper's zone keeps its cards' type, so their fields read (and show) as declared.
TEST(TypedZones, ACardKeepsItsTypeThroughAHelper) {
    const auto game = testing_support::load_text("typed_zones", R"(game "T" {
  players 2
}
enum Animal { fish, bird }
card Tile {
  animal: Animal
}
deck tiles: Tile = [Tile(animal: a) for a in Animal]
zone row1: Tile, ordered = tiles
zone row2: Tile, ordered
function line(i: int): zone of Tile = if i == 1 then row1 else row2
procedure shift(from: zone of Tile, to: zone of Tile) {
  move top(from) to to
}
play {
  shift(line(1), line(2))
  say "{top(line(2)).animal} then {[t.animal for t in line(1)]}"
  end game
}
)");
    ASSERT_TRUE(game);
    runtime::Game g(game, runtime::resolve_settings(*game, {2, {}, 1}), true);
    const auto messages = g.take_messages();
    ASSERT_EQ(messages.size(), 1U);
    EXPECT_EQ(messages[0].text, "fish then [bird]");
}

// A choice among records that hold cards offers records with interchangeable cards once, as it does the cards.
TEST(RecordOptions, RecordsOfInterchangeableCardsAreOfferedOnce) {
    const auto game = testing_support::load_text("records_of_cards", R"(game "T" {
  players 2
}
enum Kind { tempura, sashimi }
card Dish {
  kind: Kind
}
record Pick {
  dish: Dish
  doubled: bool
}
deck dishes: Dish = [Dish(kind: k) copies 3 for k in Kind]
zone hand: Dish = dishes
zone eaten: Dish
play {
  let pick = choose one of [Pick(dish: d, doubled: b) for d in hand for b in [false, true]] by first_player()
  move pick.dish to eaten
  end game
}
)");
    ASSERT_TRUE(game);
    auto g = testing_support::start_game(game, 2);
    ASSERT_EQ(g.action_count(0), 4);  // tempura, tempura twice, sashimi, sashimi twice
}

// `shown when` on a zone: on screens (text and data) only while it holds.
TEST(ShownWhen, AZoneIsShownOnlyWhileItsConditionHolds) {
    const auto game = testing_support::load_text("zone_shown_when", R"(game "T" {
  players 2 to 4
}
card C {
  value: int
}
deck cards: C = [C(value: v) for v in 1..4]
zone pile: C, ordered = cards "the pile"
zone display_3: C "third display" shown when size(players) >= 3
play {
  move top(pile) to display_3
  end game
}
)");
    ASSERT_TRUE(game);
    const auto two = testing_support::start_game(game, 2);
    const auto three = testing_support::start_game(game, 3);
    EXPECT_NE(runtime::view_text(two, 0).find("the pile"), std::string::npos);
    EXPECT_EQ(runtime::view_text(two, 0).find("third display"), std::string::npos);
    EXPECT_NE(runtime::view_text(three, 0).find("third display"), std::string::npos);
    EXPECT_EQ(runtime::view_json(two, 0).dump().find("third display"), std::string::npos);
    EXPECT_NE(runtime::view_json(three, 0).dump().find("third display"), std::string::npos);
}

}  // namespace
}  // namespace rulesrun
