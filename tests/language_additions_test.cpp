// Procedures that give a value, assignment to a list's element, comprehensions with several `for`, and equal options
// offered once (docs/language.md).
#include <gtest/gtest.h>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::action_names;
using testing_support::load_text;
using testing_support::start_game;

// The first seat's score of a one-player game without decisions whose `play` is `body` (score(p) = result).
int result_of(const std::string& name, const std::string& declarations, const std::string& body) {
    auto game = load_text(name, "game \"" + name + "\" {\n  players 1\n}\nstate {\n  result: int = 0\n}\n" +
                                    declarations + "play {\n" + body + "\n}\nscore(p) = result\n");
    if (!game) return -999;
    Game g = start_game(game);
    EXPECT_TRUE(g.finished());
    return g.results().scores[0];
}

TEST(ProcedureValues, LetAssignmentAndReturnTakeTheValue) {
    const std::string procedures = R"(procedure twice(n: int): int {
  result += 100
  return 2 * n
}
procedure four_times(n: int): int {
  let doubled = twice(n)
  return twice(doubled)
}
)";
    // each call of twice adds 100 first: the calls run in order, once each
    EXPECT_EQ(result_of("let_value", procedures, "  let x = twice(3)\n  result += x"), 106);
    EXPECT_EQ(result_of("assign_value", procedures, "  result = twice(4)"), 8);
    EXPECT_EQ(result_of("add_value", procedures, "  result += four_times(5)"), 220);
    EXPECT_EQ(result_of("dropped_value", procedures, "  twice(1)"), 100);
}

// A procedure that asks a decision gives its value once the decision is made.
TEST(ProcedureValues, AValueAfterADecision) {
    auto game = load_text("pick_value", R"(game "Pick" {
  players 1
}
player {
  total: int = 0
}
procedure pick(p: player): int {
  let n = choose one of [2, 5, 7] by p "a number"
  return n * 10
}
play {
  let p = first_player()
  repeat 2 times {
    let v = pick(p)
    p.total += v
  }
}
score(p) = p.total
)");
    Game g = start_game(game);
    g.apply(0, 1);  // 5
    ASSERT_FALSE(g.finished());
    g.apply(0, 2);  // 7
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 120);
}

TEST(ListElements, AssignmentReplacesOneElementOfACopy) {
    // lists are values: `before` keeps the old list
    EXPECT_EQ(result_of("local_element", "", R"(  let xs = [1, 2, 3]
  let before = xs
  xs[2] = 20
  xs[3] += 5
  result = sum(xs) * 100 + sum(before))"),
              (1 + 20 + 8) * 100 + 6);
    EXPECT_EQ(result_of("field_element", "player {\n  cards: list of int = [0, 0, 0]\n}\n", R"(  let p = first_player()
  p.cards[3] = 7
  p.cards[1] -= 2
  result = p.cards[1] * 10 + p.cards[3])"),
              -20 + 7);
    EXPECT_EQ(result_of("nested_element", "", R"(  let grid = [[1, 2], [3, 4]]
  grid[2][1] = 30
  result = grid[2][1] + grid[1][2])"),
              32);
}

TEST(ListElements, APositionOutsideTheListStopsTheGameWithItsPlace) {
    auto game = load_text("outside", R"(game "Outside" {
  players 1
}
play {
  let xs = [1, 2]
  xs[3] = 1
}
)");
    try {
        start_game(game);
        FAIL() << "no error";
    } catch (const RuleError& e) {
        EXPECT_NE(std::string(e.what()).find("6:5"), std::string::npos) << e.what();  // at the position
        EXPECT_NE(std::string(e.what()).find("position 3 is outside the list, which has 2 elements"), std::string::npos)
            << e.what();
    }
}

TEST(Comprehensions, SeveralForNestWithTheirWhere) {
    // pairs (a, b), a not 2, b above a, from 1..4: 12 13 14 34
    EXPECT_EQ(result_of("pairs", "", R"(  let pairs = [a * 10 + b for a in 1..4 where a != 2 for b in 1..4 where b > a]
  result = size(pairs) * 1000 + sum(pairs))"),
              4 * 1000 + 12 + 13 + 14 + 34);
    EXPECT_EQ(result_of("triples", "", R"(  let xs = [a + b + c for a in 1..2 for b in 1..3 for c in 1..4]
  result = size(xs) * 1000 + xs[1] * 10 + xs[24])"),
              24 * 1000 + 3 * 10 + 9);
}

// A board's spaces filtered on a field (`where s.mark == p`) are scanned in place: the same spaces as the condition
// written so that it is evaluated for each space (`where (s.mark == p) == true`), for grids and rings with dropped
// spaces, in comprehensions of one `for` and of two, in a search, and as a choice's options.
TEST(Comprehensions, ABoardsSpacesFilteredOnAFieldAreThoseTheConditionKeeps) {
    auto game = load_text("scan", R"(game "Scan" {
  players 2
}
board squares: grid 3 by 4 of Square {
  mark: player? = none
  height: int = 0
}
board sky: ring 6 of Star {
  tokens: int = 0
}
state {
  result: int = 0
}
function code(xs: list of Square): int = sum([row(s) * 10 + column(s) for s in xs]) + 1000 * size(xs)
function star_code(xs: list of Star): int = sum([row(s) for s in xs]) + 1000 * size(xs)
play {
  let p = first_player()
  let k = 3
  squares[1, 2].mark = p
  squares[3, 4].mark = p
  squares[2, 1].mark = next_seat(p)
  squares[2, 2].height = 3
  squares[3, 4].height = 3
  sky[2].tokens = 1
  sky[5].tokens = 1
  drop(sky[5])
  let same = [
    code([s for s in spaces(squares) where s.mark == p]) == code([s for s in spaces(squares) where (s.mark == p) == true]),
    code([s for s in spaces(squares) where s.mark != none]) == code([s for s in spaces(squares) where (s.mark != none) == true]),
    code([s for s in spaces(squares) where s.height == k]) == code([s for s in spaces(squares) where (s.height == k) == true]),
    star_code([t for t in spaces(sky) where t.tokens == 0]) == star_code([t for t in spaces(sky) where (t.tokens == 0) == true]),
    star_code([t for t in spaces(sky) where t.tokens != 0]) == star_code([t for t in spaces(sky) where (t.tokens != 0) == true]),
    sum([row(s) * 100 + row(t) * 10 + column(t) for s in spaces(squares) where s.mark == p for t in spaces(squares) where t.mark != p])
      == sum([row(s) * 100 + row(t) * 10 + column(t) for s in spaces(squares) where (s.mark == p) == true for t in spaces(squares) where (t.mark != p) == true]),
    any([s.height == k for s in spaces(squares) where s.mark == p]) == any([s.height == k for s in spaces(squares) where (s.mark == p) == true])
  ]
  result = size([x for x in same where x])
  result = result * 100000 + code([s for s in spaces(squares) where s.mark == p])
  let c = choose one of spaces(squares) where c.mark == none by p "a square"
  let t = choose one of spaces(sky) where t.tokens == 0 by p "a star"
  result += row(t) + 10 * column(c)
}
score(p) = result
)");
    ASSERT_TRUE(game);
    Game g = start_game(game);
    ASSERT_EQ(g.action_count(0), 9);  // the empty squares, from a1
    EXPECT_EQ(g.action_name(0, 0), "a1");
    g.apply(0, 0);
    ASSERT_EQ(g.action_count(0), 4);  // stars 1, 3, 4 and 6: 2 has a token, 5 is dropped
    g.apply(0, 0);
    ASSERT_TRUE(g.finished());
    // The seven forms alike; p marked squares[1, 2] and [3, 4] (codes 12 and 34); then star 1 and column 1 chosen.
    EXPECT_EQ(g.results().scores[0], 7 * 100000 + 2000 + 12 + 34 + 1 + 10);
}

TEST(EqualOptions, AreOfferedOnceTheFirstOfEach) {
    auto game = load_text("guards", R"(game "Guards" {
  players 1
}
enum Role { guard, priest, baron }
card Letter {
  role: Role
} shown as "{role}"
deck letters: Letter = [Letter(role: r) for r in [guard, priest, guard, baron, guard]]
zone hand: Letter, per player, private = letters
zone played: Letter, ordered
player {
  picked: int = 0
}
play {
  let p = first_player()
  let c = choose one of p.hand by p "play a card"
  move c to played
  let n = choose one of [3, 1, 3, 2, 1] by p "a number"
  p.picked = n
}
score(p) = p.picked
)");
    Game g = start_game(game);
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"guard", "priest", "baron"}));
    g.apply(0, 0);
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"3", "1", "2"}));
    g.apply(0, 2);
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 2);
}

// Beyond a dozen options the repeats are found another way (a filter of fingerprints): the first of each is kept,
// in order, for numbers and for records; options that are all different are all offered.
TEST(EqualOptions, ManyAreOfferedOnceTheFirstOfEach) {
    auto game = load_text("many", R"(game "Many" {
  players 1
}
record Pair {
  a: int
  b: int
}
player {
  picked: int = 0
}
play {
  let p = first_player()
  let n = choose one of [k % 7 for k in 1..40] by p "a remainder"
  let q = choose one of [Pair(a: k % 3, b: k % 2) for k in 1..30] by p "a pair"
  let m = choose one of [k * 3 for k in 1..40] by p "a multiple"
  p.picked = n * 10000 + (q.a * 10 + q.b) * 1000 + m
}
score(p) = p.picked
)");
    Game g = start_game(game);
    EXPECT_EQ(action_names(g, 0), (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "0"}));
    g.apply(0, 6);
    ASSERT_EQ(g.action_count(0), 6);  // (1,1) (2,0) (0,1) (1,0) (2,1) (0,0)
    g.apply(0, 2);
    ASSERT_EQ(g.action_count(0), 40);
    EXPECT_EQ(g.action_name(0, 39), "120");
    g.apply(0, 39);
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 0 * 10000 + 1 * 1000 + 120);
}

// Options made in increasing order are seen to differ in one pass; a repeat after such a run, records of one or two
// fields (compared by their values side by side) and of three (by a hash) are still offered once, the first kept.
TEST(EqualOptions, ARepeatAfterOptionsInOrderIsOfferedOnce) {
    auto game = load_text("ordered", R"(game "Ordered" {
  players 1
}
record Pair {
  a: int
  b: int
}
record Triple {
  a: int
  b: int
  c: int
}
player {
  picked: int = 0
}
play {
  let p = first_player()
  let n = choose one of [k for k in 1..20] + [7] + [k for k in 21..25] + [-3, -1, -3] by p "a number"
  let q = choose one of [Pair(a: k / 5, b: k % 5) for k in 0..24] + [Pair(a: 2, b: 3)] by p "a pair"
  let t = choose one of [Triple(a: k % 2, b: k % 3, c: k % 5) for k in 1..40] by p "a triple"
  p.picked = n * 10000 + (q.a * 10 + q.b) * 100 + t.a * 4 + t.b * 2 + t.c
}
score(p) = p.picked
)");
    Game g = start_game(game);
    ASSERT_EQ(g.action_count(0), 27);  // 1 to 25, -3, -1
    EXPECT_EQ(g.action_name(0, 6), "7");
    EXPECT_EQ(g.action_name(0, 20), "21");
    EXPECT_EQ(g.action_name(0, 25), "-3");
    EXPECT_EQ(g.action_name(0, 26), "-1");
    g.apply(0, 24);
    ASSERT_EQ(g.action_count(0), 25);  // (2, 3) once
    g.apply(0, 13);                    // k = 13: (2, 3)
    ASSERT_EQ(g.action_count(0), 30);  // k = 1 to 30: every remainder by 2, 3 and 5 once
    g.apply(0, 29);                    // k = 30: (0, 0, 0)
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 25 * 10000 + 23 * 100);
}

// `if C then x else none` is an optional value, whatever x is (a space, a player).
TEST(OptionalValues, AnIfWithNoneInOneBranchIsOptional) {
    EXPECT_EQ(result_of("optional_if", "board squares: grid 3 by 3 of Square {\n  mark: int = 0\n}\n", R"(  let far: Square? = if result > 0 then squares[3, 3] else none
  let near = if result == 0 then squares[1, 2] else none
  let who: player? = if result == 0 then none else first_player()
  result = (if far == none then 1 else 0) + (if near == none then 0 else 10) + (if who == none then 100 else 0))"),
              111);
}

TEST(MenuTexts, AnOptionsDescriptionShowsTheValuesOfItsPlace) {
    auto game = load_text("described", R"(game "Described" {
  players 1
}
player {
  coins: int = 4
}
play {
  let p = first_player()
  let n = 2
  repeat {
    choose action by p "{p} has {p.coins} coins" {
      option draw "draw {n:card}" { n += 1 }
      option stop "keep {p.coins:coin}" { end game }
    }
  }
}
)");
    Game g = start_game(game);
    EXPECT_EQ(g.action_description(0, 0), "draw 2 cards");
    EXPECT_EQ(g.action_description(0, 1), "keep 4 coins");
    g.apply(0, 0);
    EXPECT_EQ(g.action_description(0, 0), "draw 3 cards");
}

// In a strategy, `choice` of a `choose optional` is optional: a pass gives none, which the preference can test.
TEST(Strategies, TheChoiceOfAnOptionalChoiceMayBeNone) {
    auto game = load_text("optional_choice", R"RULES(game "Optional" { players 1 }
play {
  let n = choose optional one of [1, 2, 3] by first_player() "a number (or pass)"
  end game
}
strategy passer "passes, else takes the highest" {
  on n prefer if choice == none then 10 else choice
}
)RULES");
    ASSERT_TRUE(game);
    const Game g = start_game(game);
    // the pass is offered after the numbers
    EXPECT_EQ(g.preferences(0, 0), (std::vector<std::int32_t>{1, 2, 3, 10}));
}

}  // namespace
}  // namespace rulesrun::runtime
