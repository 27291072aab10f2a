// The runtime on small rules files written for each feature: decisions, simultaneous secrets, chance, zones, events,
// the end, statistics, views, and the limits that stop runaway rules.
#include <regex>

#include <gtest/gtest.h>

#include "game.hpp"
#include "seat_view.hpp"
#include "program.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;

// The message of the RuleError that starting the game throws, or "" when it starts.
std::string rule_error_at_start(const std::shared_ptr<const GameDefinition>& game);

Game start(const std::shared_ptr<const GameDefinition>& game, int players = 0, std::uint64_t seed = 1,
           std::vector<std::pair<std::string, std::string>> options = {}) {
    Settings s;
    s.players = players;
    s.seed = seed;
    s.options = std::move(options);
    return Game(game, resolve_settings(*game, s));
}

std::string rule_error_at_start(const std::shared_ptr<const GameDefinition>& game) {
    try {
        start(game);
    } catch (const RuleError& e) {
        return e.what();
    }
    return "";
}

// The first seat's score in a game that ends without a decision (-1 after a reported failure).
int first_score_of_game_without_decisions(const std::string& name, const std::string& rules) {
    auto game = load_text(name, rules);
    if (!game) return -1;
    Game g = start(game);
    if (!g.finished()) {
        ADD_FAILURE() << name << ": the game waits for a decision";
        return -1;
    }
    return g.results().scores[0];
}

int action_named(const Game& g, int seat, const std::string& name) {
    for (int a = 0; a < g.action_count(seat); ++a) {
        if (g.action_name(seat, a) == name) return a;
    }
    ADD_FAILURE() << "no action named " << name;
    return 0;
}

std::vector<std::string> names_of_actions(const Game& g, int seat) {
    std::vector<std::string> names;
    for (int a = 0; a < g.action_count(seat); ++a) names.push_back(g.action_name(seat, a));
    return names;
}

TEST(Runtime, MenuOptionsFollowTheirConditionsAndTheGameEndsWithTheGivenWinners) {
    auto game = load_text("menu", R"(game "Menu" {
  players 2
}
state {
  count: int = 0
}
play {
  repeat {
    choose step by first_player() "count is {count}" {
      option add "add one" { count += 1 }
      option stop "stop" when count >= 2 { end game with winners [next_seat(first_player())] }
    }
  }
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    EXPECT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_EQ(names_of_actions(g, 0), std::vector<std::string>{"add"});
    g.apply(0, action_named(g, 0, "add"));
    g.apply(0, action_named(g, 0, "add"));
    EXPECT_EQ(names_of_actions(g, 0), (std::vector<std::string>{"add", "stop"}));
    g.apply(0, action_named(g, 0, "stop"));
    ASSERT_TRUE(g.finished());
    const Results r = g.results();
    EXPECT_EQ(r.winners, (std::vector<bool>{false, true}));
    EXPECT_FALSE(r.shared_win);
    EXPECT_FALSE(r.everybody_loses);
}

TEST(Runtime, SimultaneousChoicesStayHiddenUntilEveryoneHasChosen) {
    auto game = load_text("secret", R"(game "Secret" {
  players 3
}
enum Hand { rock, paper }
player {
  shown: Hand? = none
}
play {
  simultaneously for each p in players {
    let h = choose one of Hand by p "your hand?"
    p.shown = h
    say "{p} shows {h}"
  }
}
score(p) = if p.shown == paper then 1 else 0
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    g.keep_messages(true);
    EXPECT_EQ(g.to_act(), (std::vector<int>{0, 1, 2}));
    g.apply(1, action_named(g, 1, "paper"));
    // Seat 2's choice is made, but nothing is revealed: no field changed, nothing said, the others still decide.
    EXPECT_EQ(g.to_act(), (std::vector<int>{0, 2}));
    EXPECT_TRUE(g.take_messages().empty());
    for (const auto& fact : view_facts(g, 0)) EXPECT_EQ(fact.find("paper"), std::string::npos) << fact;
    g.apply(0, action_named(g, 0, "rock"));
    g.apply(2, action_named(g, 2, "paper"));
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(messages_for(g.take_messages(), -1), (std::vector<std::string>{"player 1 shows rock", "player 2 shows paper", "player 3 shows paper"}));
    const Results r = g.results();
    EXPECT_EQ(r.scores, (std::vector<std::int32_t>{0, 1, 1}));
    EXPECT_TRUE(r.shared_win);
    EXPECT_EQ(r.ranks, (std::vector<int>{3, 1, 1}));
}

TEST(Runtime, AnEndlessLoopStopsWithAnErrorNamingTheRuleAndLine) {
    auto game = load_text("endless", R"(game "Endless" {
  players 1
}
state {
  n: int = 0
}
play {
  spin()
}
procedure spin() {
  while true {
    n += 1
  }
}
)");
    ASSERT_TRUE(game);
    const std::string message = rule_error_at_start(game);
    ASSERT_NE(message, "") << "the endless loop was not stopped";
        EXPECT_NE(message.find("endless.rules:"), std::string::npos) << message;
        EXPECT_NE(message.find("procedure spin"), std::string::npos) << message;
        EXPECT_NE(message.find("endless loop"), std::string::npos) << message;
}

// A field of a local compared with something (`s.mark == 0`, `q.coins == 0`) is read in place by the comparison;
// when the local holds none, the error is still the field's, at the field.
TEST(Runtime, AFieldOfALocalThatIsNoneIsAnErrorAtTheField) {
    const std::string rules = R"(game "Fields" {
  players 2
}
board squares: grid 2 by 2 of Square {
  mark: int = 0
}
player {
  coins: int = 0
}
state {
  result: int = 0
}
play {
  let s = if result == 0 then at(squares[1, 1], ROWS, 0) else none
  let q = if result == 0 then PLAYER else first_player()
  if q.coins == 0 {
    result = 1
  }
  if 0 < s.mark {
    result = 2
  }
}
score(p) = result
)";
    auto with = [&](const std::string& rows, const std::string& player) {
        std::string text = std::regex_replace(rules, std::regex("ROWS"), rows);
        return std::regex_replace(text, std::regex("PLAYER"), player);
    };
    auto fine = load_text("fields", with("1", "first_player()"));
    ASSERT_TRUE(fine);
    EXPECT_EQ(rule_error_at_start(fine), "");
    const std::string no_space = rule_error_at_start(load_text("fields", with("-1", "first_player()")));
    EXPECT_NE(no_space.find("fields.rules:19:11"), std::string::npos) << no_space;
    EXPECT_NE(no_space.find("no space here ('none')"), std::string::npos) << no_space;
    const std::string no_player = rule_error_at_start(load_text("fields", with("1", "none")));
    EXPECT_NE(no_player.find("fields.rules:16:7"), std::string::npos) << no_player;
    EXPECT_NE(no_player.find("no player here ('none')"), std::string::npos) << no_player;
}

TEST(Runtime, EndlessRecursionStopsWithAnError) {
    auto game = load_text("recursion", R"(game "Recursion" {
  players 1
}
function deep(n: int): int = deep(n + 1)
state {
  x: int = 0
}
play {
  x = deep(0)
  again()
}
procedure again() {
  again()
}
)");
    ASSERT_TRUE(game);
    const std::string message = rule_error_at_start(game);
    ASSERT_NE(message, "") << "the recursion was not stopped";
    EXPECT_NE(message.find("function deep"), std::string::npos) << message;
}

// A compiled expression holds at most max_expr_children parts: a longer written-out list is an error at its place,
// and one just under the limit still runs.
TEST(Runtime, AWrittenOutListOfTooManyItemsIsAnErrorAtItsPlace) {
    auto game_with_items = [](std::size_t items) {
        std::string list;
        for (std::size_t i = 0; i < items; ++i) list += i == 0 ? "1" : ",1";
        return "game \"Long\" {\n  players 1\n}\nstate {\n  x: int = 0\n}\nplay {\n  x = sum([" + list + "])\n}\n";
    };
    const LoadedGame too_long = testing_support::load_written("too_long", game_with_items(max_expr_children + 1));
    EXPECT_FALSE(too_long.game);
    bool reported = false;
    for (const Diagnostic& d : too_long.diagnostics) {
        if (d.message.find("at most 65535 items") != std::string::npos && d.loc.line == 8) reported = true;
    }
    EXPECT_TRUE(reported) << "no error at line 8 about the list's length";

    auto game = load_text("long_enough", game_with_items(max_expr_children));
    ASSERT_TRUE(game);
    Game g = start(game);
    EXPECT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores.size(), 1u);
}

// Small functions are copied into their callers (compiler_inlining.cpp): they compute the same values, nested and
// with their own comprehensions, and an error in one still names the function and its line.
TEST(Runtime, SmallFunctionsCopiedIntoTheirCallersKeepTheirValuesAndTheirNames) {
    auto game = load_text("inlined", R"(game "Inlined" {
  players 1
}
state {
  total: int = 0
}
function scaled(x: int, k: int): int = x * k
function scaled_sum(xs: list of int, k: int): int = sum([scaled(x, k) for x in xs])
function ratio(a: int, b: int): int = a / b
play {
  total = scaled_sum([1, 2, 3], scaled(2, 5)) + scaled(scaled(1, 2), 3)
  total += ratio(total, total - 66)
}
stat final_total "the total" = total
)");
    ASSERT_TRUE(game);
    const std::string message = rule_error_at_start(game);
    EXPECT_NE(message.find("inlined.rules:9:41: in function ratio: division of 66 by zero"), std::string::npos) << message;
}

// Small procedures are copied into their callers (compiler_procedure_inlining.cpp): arguments, `let`, loops with
// `break`, an early `return`, nested copies, texts, a menu and simultaneous choices behave as in a call, each copy
// fresh each time it runs; an error in a copy still names the procedure and its line.
TEST(Runtime, SmallProceduresCopiedIntoTheirCallersRunAsCalledOnes) {
    const std::string rules = R"(game "Copied" {
  players 2
}
state {
  total: int = 0
}
enum Pick { low, high }
procedure add_until(limit: int, step: int) {
  let sum = 0
  for k in 1..10 {
    if sum + step > limit {
      break
    }
    sum += step
  }
  if sum == 0 {
    return
  }
  total += sum
  say "added {sum} toward {limit}"
}
procedure twice(n: int) {
  add_until(n, 3)
  add_until(n, 1)
}
procedure ask() {
  simultaneously for each p in players {
    let pick = choose one of Pick by p "low or high, {p}?"
    if pick == high {
      total += 10
    }
  }
}
procedure offer(p: player) {
  choose mode by p "how many?" {
    option one "one more" { total += 1 }
    option many "a hundred more" when total > 30 { total += 100 }
  }
}
play {
  twice(10)
  add_until(1, 5)
  ask()
  offer(first_player())
  for r in 1..2 {
    twice(r)
  }
  ask()
  total = total / (total - 145)
}
score(p) = total
)";
    auto game = load_text("copied", rules);
    ASSERT_TRUE(game);
    for (const Instr& in : game->program().code) EXPECT_NE(in.code, Code::call) << "a call was left uncopied";
    Settings settings;
    Game g(game, resolve_settings(*game, settings), true);
    // twice(10): 3 + 3 + 3, then ten ones; add_until(1, 5) returns at once.
    EXPECT_EQ(messages_for(g.take_messages(), -1), (std::vector<std::string>{"added 9 toward 10", "added 10 toward 10"}));
    EXPECT_EQ(g.prompt(0), "low or high, player 1?");
    g.apply(1, action_named(g, 1, "high"));
    g.apply(0, action_named(g, 0, "high"));
    EXPECT_EQ(names_of_actions(g, 0), (std::vector<std::string>{"one", "many"}));  // 39 > 30
    g.apply(0, action_named(g, 0, "one"));
    // twice(1): 0 then 1; twice(2): 0 then 2.
    EXPECT_EQ(messages_for(g.take_messages(), -1), (std::vector<std::string>{"added 1 toward 1", "added 2 toward 2"}));
    g.apply(0, action_named(g, 0, "low"));
    g.apply(1, action_named(g, 1, "high"));
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 53 / (53 - 145));

    std::string failing = rules;
    failing.replace(failing.find("  total += sum\n"), 0, "  total += 1 / (sum - 9)\n");
    auto broken = load_text("copied", failing);
    ASSERT_TRUE(broken);
    const std::string message = rule_error_at_start(broken);
    EXPECT_NE(message.find("copied.rules:19:14: in procedure add_until: division of 1 by zero"), std::string::npos) << message;
}

// A copied function whose body is a comprehension, used as what another comprehension runs over, is not built as a
// list (machine.hpp, each_source_element): the values stay the same when the outer body copies the same function
// again, and an error inside still names the function. A comprehension joined to a list is made once.
TEST(Runtime, ACopiedComprehensionReadInPlaceKeepsItsValuesAndItsName) {
    const std::string rules = R"(game "Fused" {
  players 1
}
state {
  total: int = 0
}
function multiples(xs: list of int, k: int): list of int = [x * k for x in xs where x != 0]
function ratios(xs: list of int, k: int): list of int = [k / x for x in xs]
play {
  total = sum([y + sum(multiples([y, 1], 100)) for y in multiples([1, 0, 2, 3], 10)])
  total += sum([5] + [x * 2 for x in [1, 2, 3] where x != 2])
  DIVIDE
}
score(p) = total
)";
    // y = 10, 20, 30: y + 100 * y + 100 each; then a list joined to a comprehension: 5 + 2 + 6.
    EXPECT_EQ(first_score_of_game_without_decisions("fused", std::regex_replace(rules, std::regex("DIVIDE"), "")),
              101 * 60 + 300 + 13);

    auto failing = load_text("fused", std::regex_replace(rules, std::regex("DIVIDE"), "total = sum([r for r in ratios([1, 0], 6)])"));
    ASSERT_TRUE(failing);
    const std::string message = rule_error_at_start(failing);
    EXPECT_NE(message.find("fused.rules:8:60: in function ratios: division of 6 by zero"), std::string::npos) << message;
}

// A function of nothing (no parameter, no state read, no chance; options are not state) is worked out once, when the
// settings are resolved, and every game starts with its value (machine/instance.cpp): the value is the one the rules
// compute with those settings, and one that fails or never ends stops the game only where the rules call it, with the
// error the call gives.
TEST(Runtime, FunctionsOfNothingAreWorkedOutOnceAndFailOnlyWhereTheRulesCallThem) {
    const std::string rules = R"(game "Constants" {
  players 1
}
option bonus: 1 to 9 = 4 "added at the end"
state {
  total: int = 0
}
function halves(): list of int = [x / 2 for x in 1..6]
function broken(): int = 6 / 0
function forever(): int = forever() + 1
function doubled_bonus(): int = 2 * bonus
play {
  total = sum(halves()) + size(halves())
  CALL
  total += doubled_bonus()
}
score(p) = total
)";
    auto with_call = [&](const std::string& call) { return std::regex_replace(rules, std::regex("CALL"), call); };
    EXPECT_EQ(first_score_of_game_without_decisions("constants", with_call("")), 9 + 6 + 8);
    EXPECT_EQ(first_score_of_game_without_decisions("constants", with_call("total += sum(halves())")), 9 + 6 + 9 + 8);
    auto game = load_text("constants", with_call(""));
    ASSERT_TRUE(game);
    EXPECT_EQ(start(game, 1, 1, {{"bonus", "3"}}).results().scores[0], 9 + 6 + 6) << "the option's value of these settings";

    auto dividing = load_text("constants", with_call("total += broken()"));
    ASSERT_TRUE(dividing);
    std::string message = rule_error_at_start(dividing);
    EXPECT_NE(message.find("constants.rules:9:28: in function broken: division of 6 by zero"), std::string::npos)
        << message;

    auto endless = load_text("constants", with_call("total += forever()"));
    ASSERT_TRUE(endless);
    message = rule_error_at_start(endless);
    EXPECT_NE(message.find("in function forever: calls nested"), std::string::npos) << message;
}

// A copied function reads its local and constant arguments in place (compiler_inlining.cpp): through nested copies,
// from a comprehension's variable, from a local that a comprehension's variable of the same name hides, and while
// another comprehension runs over the copy's own comprehension.
TEST(Runtime, ACopiedFunctionReadsItsLocalAndConstantArgumentsInPlace) {
    const int score = first_score_of_game_without_decisions("in_place", R"(game "InPlace" {
  players 1
}
state {
  total: int = 0
}
function tens(n: int): list of int = [y * 10 for y in [n, n + 1]]
function weighted(a: int, k: int): int = a * k + sum([a for q in [1, 2]])
function outer(a: int): int = weighted(a, 100) + weighted(2, a)
play {
  let v = 3
  total = sum([v for v in tens(v)])
  total += sum([weighted(x, 2) for x in [1, 2, 3]])
  total += outer(v)
  total += sum([w + v for w in tens(v + 1)])
}
score(p) = total
)");
    // tens(3): 30 + 40; weighted(x, 2) = 4x: 24; outer(3): 306 + 10; tens(4) + 3 each: 43 + 53.
    EXPECT_EQ(score, 70 + 24 + 316 + 96);
}

// Loops over the players, an enum's values and a range count their numbers instead of copying them to a list: the
// range is fixed when the loop starts, may end at the largest number, and may be empty.
TEST(Runtime, LoopsOverPlayersEnumsAndRangesVisitEachNumberOnce) {
    const int score = first_score_of_game_without_decisions("numbers", R"(game "Numbers" {
  players 3
}
enum Colour { red, green, blue }
state {
  total: int = 0
  last: int = 0
  high: int = 4
}
play {
  for p in players {
    total += seat(p)
  }
  for c in Colour where c != green {
    total += 10
  }
  for i in 1..high {
    high += 1
    total += 100 * i
  }
  for i in 2147483646..2147483647 {
    last = i
    total += 1000
  }
  for i in 5..4 {
    total = 0
  }
}
score(p) = if last == 2147483647 then total else 0
)");
    EXPECT_EQ(score, 6 + 20 + 1000 + 2000);
}

// A zone's cards lie together somewhere in its region (StateData::zone_cards): cards taken from the top, the middle
// or the bottom, and put on top, at the bottom or at a position, keep every zone in the order the rules say.
TEST(Runtime, CardsTakenAndPutAnywhereKeepTheirZonesInOrder) {
    const int score = first_score_of_game_without_decisions("order", R"(game "Order" {
  players 1
}
card Num {
  value: int
}
deck nums: Num = [Num(value: v) for v in 1..6]
zone pile: Num, ordered = nums
zone other: Num, ordered
state {
  code: int = 0
}
play {
  move top(pile) to other
  move top(pile) to other
  move top(other) to pile at bottom
  move top(other) to pile
  move pile[4] to other
  move top(other) to pile at position 3
  move pile[2] to other at bottom
  move pile[5] to other
  for c in pile {
    code = code * 10 + c.value
  }
  code = code * 1000
  for c in other {
    code = code * 10 + c.value
  }
}
score(p) = code
)");
    // pile 1 5 4 6 (top first), other 2 3.
    EXPECT_EQ(score, 154600023);
}

// A loop over a zone is read in place when its body cannot move a card, and runs over a copy when it can: both see
// every card of the zone as it was when the loop began, once.
TEST(Runtime, LoopsOverZonesSeeEachCardOnceWhetherOrNotTheyMoveCards) {
    const int score = first_score_of_game_without_decisions("loops", R"(game "Loops" {
  players 1
}
card Num {
  value: int
}
deck nums: Num = [Num(value: v) for v in 1..5]
zone pile: Num, ordered = nums
zone other: Num, ordered
state {
  read: int = 0
  moved: int = 0
}
procedure note(c: Num) {
  moved = moved * 10 + c.value
}
play {
  for c in pile where c.value != 3 {
    read = read * 10 + c.value
    if c.value == 4 {
      break
    }
  }
  for c in pile {
    move c to other at bottom
    note(c)
  }
  end game with winners [first_player()]
}
score(p) = read * 1000000 + moved * 10 + size(other)
)");
    EXPECT_EQ(score, 124 * 1000000 + 12345 * 10 + 5);
}

TEST(Runtime, AHugeDeckIsRefusedWithAnError) {
    auto game = load_text("huge", R"(game "Huge" {
  players 1
}
card Grain {
  size: int = 1
}
deck sand: Grain = [Grain() copies 1000000 for x in 1..1000]
zone beach: Grain = sand
play {
}
)");
    ASSERT_TRUE(game);
    const std::string message = rule_error_at_start(game);
    ASSERT_NE(message, "") << "a deck of a billion cards was built";
        EXPECT_NE(message.find("more than 100000 cards"), std::string::npos) << message;
}

TEST(Runtime, FieldsWithoutADefaultStartEmpty) {
    auto game = load_text("empty_fields", R"(game "Empty" {
  players 1
}
state {
  t: text
  l: list of int
  n: int
  who: player?
}
play {
  n = size(l)
  say "[{t}] {n} {who}"
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    const auto v = view_facts(g, 0);
    EXPECT_NE(std::find(v.begin(), v.end(), "t = "), v.end()) << testing::PrintToString(v);
    EXPECT_NE(std::find(v.begin(), v.end(), "l = []"), v.end()) << testing::PrintToString(v);
    EXPECT_NE(std::find(v.begin(), v.end(), "n = 0"), v.end()) << testing::PrintToString(v);
    EXPECT_NE(std::find(v.begin(), v.end(), "who = none"), v.end()) << testing::PrintToString(v);
}

TEST(Runtime, NumbersOutOfRangeAreErrorsNotWrapAround) {
    auto game = load_text("overflow", R"(game "Overflow" {
  players 1
}
state {
  n: int = 2147483647
}
play {
  n += 1
}
)");
    ASSERT_TRUE(game);
    const std::string message = rule_error_at_start(game);
    ASSERT_NE(message, "") << "2147483647 + 1 did not stop the game";
        EXPECT_NE(message.find("overflow.rules:8:3: in play: the number 2147483648 is out of range"), std::string::npos)
            << message;
}

TEST(Runtime, ListsTextsAndRecordsCompareByContent) {
    auto game = load_text("equality", R"(game "Equality" {
  players 1
}
record Pair {
  a: int
  b: text
}
state {
  nested: bool = false
  texts: bool = false
  records: bool = false
  different: bool = true
}
play {
  nested = [[1, 2], [3]] == [[1, 2], [3]]
  texts = ["a" + "b"] == ["ab"]
  records = [Pair(a: 1, b: "x" + "y")] == [Pair(a: 1, b: "xy")]
  different = [[1, 2]] == [[2, 1]]
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    const auto v = view_facts(g, 0);
    for (const char* fact : {"nested = true", "texts = true", "records = true", "different = false"}) {
        EXPECT_NE(std::find(v.begin(), v.end(), fact), v.end()) << fact << " in " << testing::PrintToString(v);
    }
}

// Texts are joined and compared where they are (a text of the rules file, one made on the heap), letter by letter,
// letters outside ASCII included.
TEST(Runtime, TextsAreJoinedAndComparedLetterByLetter) {
    auto game = load_text("texts", R"(game "Texts" {
  players 1
}
state {
  joined: text = ""
  same: bool = false
  prefix: bool = true
  other_letter: bool = true
  member: bool = false
  counted: int = 0
  empty: bool = false
}
play {
  let made = "pa" + "ré"
  joined = made + "!" + made
  same = made == "paré"
  prefix = made == "par"
  other_letter = made == "parè"
  member = "paré" in ["x", made]
  counted = count(["paré", made, "pare", "x" + "paré"], made)
  empty = "" + "" == ""
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    const auto v = view_facts(g, 0);
    for (const char* fact : {"joined = paré!paré", "same = true", "prefix = false", "other_letter = false", "member = true",
                             "counted = 2", "empty = true"}) {
        EXPECT_NE(std::find(v.begin(), v.end(), fact), v.end()) << fact << " in " << testing::PrintToString(v);
    }
}

TEST(Runtime, AFailingStrategyLeavesTheGameAsItWas) {
    auto game = load_text("failing_strategy", R"(game "Failing strategy" {
  players 1
}
state {
  total: int = 0
}
function ratio(x: int): int {
  let q = 12 / x
  return q
}
play {
  let k = choose one of 0..2 by first_player() "k"
  total = k
}
strategy divider "prefers by 12 / choice" {
  on k prefer ratio(choice)
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    const Game before = g;
    EXPECT_THROW((void)g.preferences(0, 0), RuleError);
    EXPECT_TRUE(g == before);
    g.apply(0, 2);
    EXPECT_TRUE(g.finished());
}

TEST(Runtime, IdenticalCardsAreOneChoiceInASubset) {
    auto game = load_text("identical", R"(game "Identical" {
  players 1
}
card Gem {
  value: int
  label: text
} shown as "{label}"
deck gems: Gem = [Gem(value: v, label: "gem " + text(v)) copies 3 for v in 1..2]
zone bag: Gem = gems
state {
  got: int = 0
}
play {
  let picked = choose subset of bag where sum([g.value for g in picked]) == 2 by first_player()
  got = size(picked)
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    // Two of the three gems of value 1, or one of value 2: two different selections, not the 3 + 3 sets of cards.
    EXPECT_EQ(names_of_actions(g, 0), (std::vector<std::string>{"gem 1 + gem 1", "gem 2"}));
}

TEST(Runtime, SubsetsAreListedInAStableOrderAndOptionalAddsPass) {
    auto game = load_text("subsets", R"(game "Subsets" {
  players 1
}
state {
  total: int = -1
}
play {
  let picked = choose optional subset of [1, 2, 3] where sum(picked) == 3 by first_player() "make 3"
  total = sum(picked)
}
score(p) = total
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    EXPECT_EQ(names_of_actions(g, 0), (std::vector<std::string>{"pass", "1 + 2", "3"}));
    g.apply(0, action_named(g, 0, "1 + 2"));
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 3);
}

TEST(Runtime, CardsMoveBetweenZonesAndEventsRunAfterTheMove) {
    auto game = load_text("zones", R"(game "Zones" {
  players 2
}
card Token {
  value: int
  state marks: int = 0
} shown as "T{value}"
deck tokens: Token = [Token(value: v) for v in 1..5]
zone pile: Token, ordered, hidden = tokens
zone hand: Token, per player, private
zone table: Token, public
state {
  taken: int = 0
}
when t leaves pile where t.value >= 4 {
  taken += t.value
}
play {
  move top(pile) to first_player().hand
  move top_cards(pile, 3) to next_seat(first_player()).hand
  let c = choose one of first_player().hand by first_player() "play a token"
  c.marks += 1
  move c to table
  move table to pile at bottom
}
score(p) = size(p.hand)
)");
    ASSERT_TRUE(game);
    Game g = start(game, 2);
    EXPECT_EQ(names_of_actions(g, 0), std::vector<std::string>{"T1"});
    // The zones seen by seat 1: its own hand's cards, only the size of the other hand and of the hidden pile.
    const auto view = view_facts(g, 0);
    auto has = [&](const std::string& fact) { return std::find(view.begin(), view.end(), fact) != view.end(); };
    EXPECT_TRUE(has("player 1.hand = [T1 (marks 0)]")) << testing::PrintToString(view);
    EXPECT_TRUE(has("player 2.hand = 3 cards (secret)")) << testing::PrintToString(view);
    EXPECT_TRUE(has("pile = 1 card (face down)")) << testing::PrintToString(view);
    EXPECT_TRUE(has("taken = 4")) << testing::PrintToString(view);  // T4 left the pile; T2, T3 are below 4
    g.apply(0, 0);
    ASSERT_TRUE(g.finished());
    const auto end = view_facts(g, 1);
    EXPECT_NE(std::find(end.begin(), end.end(), "pile = 2 cards (face down)"), end.end()) << testing::PrintToString(end);
    EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{0, 3}));
}

// `end game as soon as`: the moment its condition holds, in the middle of a step (`end game when` waits for the
// step to resolve: tests/outcomes_test.cpp).
TEST(Runtime, EndGameAsSoonAsHoldsTheMomentItsConditionDoes) {
    auto game = load_text("ending", R"(game "Ending" {
  players 2
}
state {
  n: int = 0
  after: int = 0
}
end game as soon as n >= 3 with winners [first_player()]
play {
  repeat {
    n += 1
    after += 1
  }
}
stat final_after "after at the end" = after
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    ASSERT_TRUE(g.finished());
    // The game ended right after n became 3: the next statement did not run.
    ASSERT_EQ(g.samples().size(), 1u);
    EXPECT_EQ(g.samples()[0].value, 2);
    EXPECT_EQ(g.results().winners, (std::vector<bool>{true, false}));
}

// Functions remember their value until something they read changes: a write of another kind keeps it, a write of a
// kind they read forgets it.
TEST(Runtime, FunctionsRememberOnlyWhatStaysTrue) {
    auto game = load_text("remembering", R"(game "Remembering" {
  players 2
}
player {
  gold: int = 0
}
state {
  level: int = 0
  stale: int = 0
}
function richest_gold(): int = max([p.gold for p in players])
function level_twice(): int = 2 * level
play {
  let twice_before = level_twice()
  let before = richest_gold()
  level = 5
  first_player().gold += 7
  if richest_gold() != before + 7 {
    stale += 1
  }
  if level_twice() != twice_before + 10 {
    stale += 1
  }
  first_player().gold -= 7
  if richest_gold() != before {
    stale += 1
  }
}
stat stale_values "functions that gave an old value" = stale
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    ASSERT_TRUE(g.finished());
    ASSERT_EQ(g.samples().size(), 1u);
    EXPECT_EQ(g.samples()[0].value, 0);
}

TEST(Runtime, AGameIsDeterminedBySeedAndActions) {
    auto game = load_text("dice", R"(game "Dice" {
  players 2
}
die d6: 6 faces
player {
  total: int = 0
}
play {
  repeat 20 times {
    for p in players {
      choose go by p {
        option roll { p.total += roll(d6) }
        option skip { }
      }
    }
  }
}
score(p) = p.total
)");
    ASSERT_TRUE(game);
    Game a = start(game, 2, 42), b = start(game, 2, 42), c = start(game, 2, 43);
    while (!a.finished()) {
        const int seat = a.to_act().front();
        a.apply(seat, 0);
        b.apply(seat, 0);
        c.apply(seat, 0);
    }
    EXPECT_TRUE(a == b);
    EXPECT_EQ(a.results().scores, b.results().scores);
    EXPECT_NE(a.results().scores, c.results().scores);
}

TEST(Runtime, ACloneIsIndependentOfItsOriginal) {
    auto game = load_text("clone", R"(game "Clone" {
  players 1
}
state {
  n: int = 0
}
play {
  repeat 3 times {
    let k = choose one of 1..3 by first_player()
    n += k
  }
}
score(p) = n
)");
    ASSERT_TRUE(game);
    Game a = start(game);
    a.apply(0, 2);
    Game b = a;
    EXPECT_TRUE(a == b);
    b.apply(0, 0);
    EXPECT_FALSE(a == b);
    a.apply(0, 0);
    EXPECT_TRUE(a == b);
}

TEST(Runtime, ArithmeticCombinationsUseEveryNumberOnce) {
    auto game = load_text("combine", R"(game "Combine" {
  players 1
}
state {
  yes: bool = false
  no: bool = true
  exact: bool = true
  how: text = ""
}
play {
  yes = combines_to([3, 5, 2], 6, false)
  no = combines_to([3, 5, 2], 11, false)
  exact = combines_to([7, 2], 3, true)
  how = combination_text([3, 5, 2], 6, false)
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    const auto v = view_facts(g, 0);
    auto has = [&](const std::string& fact) { return std::find(v.begin(), v.end(), fact) != v.end(); };
    EXPECT_TRUE(has("yes = true")) << testing::PrintToString(v);
    EXPECT_TRUE(has("no = false")) << testing::PrintToString(v);    // 3+5+2 = 10 is the most: 11 cannot be made
    EXPECT_TRUE(has("exact = false")) << testing::PrintToString(v); // 7/2 is not exact
    EXPECT_TRUE(has("how = 3+5-2") || has("how = 5+3-2") || has("how = 3-2+5") || has("how = 5-2+3"))
        << testing::PrintToString(v);
}

TEST(Runtime, SettingsAreChecked) {
    auto game = load_text("settings", R"(game "Settings" {
  players 2 to 4
}
option speed: slow | fast = slow "how fast"
option goal: 1 to 9 = 3 "the goal"
option pairs: false | true = false when players 4 "two against two"
play {
}
)");
    ASSERT_TRUE(game);
    auto error_of = [&](int players, std::vector<std::pair<std::string, std::string>> options) -> std::string {
        try {
            start(game, players, 1, std::move(options));
        } catch (const SettingsError& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(error_of(5, {}).find("2 to 4 players, not 5"), std::string::npos);
    EXPECT_NE(error_of(2, {{"sped", "fast"}}).find("did you mean 'speed'"), std::string::npos);
    EXPECT_NE(error_of(2, {{"speed", "quick"}}).find("one of slow, fast"), std::string::npos);
    EXPECT_NE(error_of(2, {{"goal", "10"}}).find("from 1 to 9"), std::string::npos);
    EXPECT_NE(error_of(2, {{"goal", "3x"}}).find("from 1 to 9"), std::string::npos);
    EXPECT_NE(error_of(2, {{"goal", "3"}, {"goal", "4"}}).find("twice"), std::string::npos);
    EXPECT_EQ(error_of(3, {{"speed", "fast"}, {"goal", "9"}}), "");
    // An option for some player counts: its default goes with any count, another value only with those.
    EXPECT_NE(error_of(3, {{"pairs", "true"}}).find("option pairs=true is for games of 4 players, not 3"),
              std::string::npos);
    EXPECT_EQ(error_of(3, {{"pairs", "false"}}), "");
    EXPECT_EQ(error_of(4, {{"pairs", "true"}}), "");
}

TEST(Runtime, WrongActionsAreRefused) {
    auto game = load_text("refuse", R"(game "Refuse" {
  players 2
}
play {
  let x = choose one of [1, 2] by first_player()
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    EXPECT_THROW(g.apply(1, 0), UsageError);
    EXPECT_THROW(g.apply(0, 2), UsageError);
    EXPECT_THROW(g.apply(0, -1), UsageError);
    g.apply(0, 1);
    EXPECT_TRUE(g.finished());
    EXPECT_THROW(g.apply(0, 0), UsageError);
}

TEST(Runtime, TheHeapStaysSmallInALongGame) {
    auto game = load_text("long", R"(game "Long" {
  players 2
}
state {
  n: int = 0
}
play {
  repeat 20000 times {
    let k = choose one of [p for p in players] + players by first_player()
    let label = text(k) + "!"
    n += size([q for q in players where q == k]) + (if label == "player 1!" then 1 else 0)
  }
}
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    std::size_t largest = 0;
    for (int i = 0; i < 20000; ++i) {
        g.apply(0, i % 2);  // equal options are offered once: the two players
        largest = std::max(largest, g.state_values());
    }
    ASSERT_TRUE(g.finished());
    // Each decision makes about ten small lists and texts; without collection 20 000 of them would hold some
    // 200 000 values. The collector keeps the state small, so copies stay cheap.
    EXPECT_LT(largest, 20000u);
}

// The collector moves remembered values with the heap: a remembered list, and the list argument it was remembered
// for, are still right after collections, and are not worked out again (each decision takes the same steps).
TEST(Runtime, RememberedValuesSurviveTheCollector) {
    auto game = load_text("remembering", R"(game "Remembering" {
  players 1
}
state {
  total: int = 0
}
function table(): list of list of int = [[r * 10 + c for c in 1..3] for r in 1..3]
function doubled(xs: list of int): list of int = [x * 2 for x in xs]
play {
  let row = [4, 5, 6]
  repeat 3000 times {
    let k = choose one of [1, 2, 3] by first_player()
    let junk = text(k) + "?"
    total += sum(table()[k]) + sum(doubled(row)) + (if junk == "9?" then 1 else 0)
  }
}
score(p) = total
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    std::int64_t expected = 0;
    std::vector<std::int64_t> steps;
    std::size_t largest = 0;
    bool collected = false;
    for (int i = 0; i < 3000; ++i) {
        const int k = i % 3 + 1;
        expected += 3 * 10 * k + 6 + 30;  // table()[k] = [10k + 1, 10k + 2, 10k + 3]; doubled(row) adds up to 30
        const std::int64_t before = g.steps();
        g.apply(0, k - 1);
        steps.push_back(g.steps() - before);
        collected = collected || g.state_values() < largest;
        largest = std::max(largest, g.state_values());
    }
    ASSERT_TRUE(g.finished());
    EXPECT_TRUE(collected) << "no collection happened: the test does not test it";
    EXPECT_EQ(g.results().scores[0], expected);
    // (from the second round on: the first works doubled(row) out)
    for (std::size_t i = 6; i + 1 < steps.size(); ++i) ASSERT_EQ(steps[i], steps[i - 3]) << "decision " << i;
}

TEST(Runtime, TheDeclaredWinnersRankFirstWhateverTheirScores) {
    // Player 3 wins by the rules with the lowest score: rank 1; the others follow by score.
    auto game = load_text("underdog", R"(game "Underdog" {
  players 3
}
player {
  points: int = 0
}
play {
  let first = first_player()
  let second = next_seat(first)
  let third = next_seat(second)
  let n = choose one of [1, 2] by first "pick"
  first.points = 5
  second.points = 7
  end game with winners [third]
}
score(p) = p.points
)");
    ASSERT_TRUE(game);
    Game g = start(game);
    g.apply(0, 0);
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().ranks, (std::vector<int>{3, 2, 1}));
}

TEST(Runtime, ACountInATextTakesTheSingularOnlyForOne) {
    auto game = load_text("counts", R"(game "Counts" {
  players 1
}
play {
  for n in [0, 1, 2, -1] {
    say "{n:diamond}, {n:box}, {n:billion earthling/billion earthlings}"
  }
  end game
}
)");
    ASSERT_TRUE(game);
    Game g(game, resolve_settings(*game, Settings{1, {}, 1}), true);  // keeps what setup and play say
    EXPECT_EQ(messages_for(g.take_messages(), 0),
              (std::vector<std::string>{"0 diamonds, 0 boxes, 0 billion earthlings", "1 diamond, 1 box, 1 billion earthling",
                                        "2 diamonds, 2 boxes, 2 billion earthlings",
                                        "-1 diamond, -1 box, -1 billion earthling"}));
}

}  // namespace
}  // namespace rulesrun::runtime
