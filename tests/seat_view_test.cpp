// What a seat's screen shows: the table first (the game's fields, shared zones, boards), then each player's fields
// and zones; labels instead of names, `bookkeeping` fields and zones left out, another seat's private field and zone
// as "secret", truths as yes and no, names with spaces where no label is given.
#include <gtest/gtest.h>

#include <string>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using testing_support::load_text;
using testing_support::start_game;

const char* const table = R"(
game "Table" {
  players 2
}
card Gem {
  value: int
  state polished: bool = false "polished"
  state bookkeeping touched: int = 0
  state dust: int = 0 "dust"            # a number at 0 is left off the card, as on the table
} shown as "gem {value}"
deck gems: Gem = [Gem(value: v) for v in 1..6]
zone bag: Gem, hidden = gems
zone shelf: Gem, public "the shelf"
zone scratch: Gem, public, bookkeeping
zone pouch: Gem, per player, private "pouch"
board track: ring 3 of Step {
  marks: int = 0
} "the track"
player {
  score_so_far: int = 0
  private plan: int = 0 "secret plan"
  bookkeeping turns_taken: int = 0
  ready: bool = false
}
state {
  round_number: int = 1 "round"
  leader: player? = none "leader" shown when leader != none   # on screen once there is one
  bookkeeping phase_counter: int = 7
  bookkeeping: int = 3                  # a field may be named bookkeeping
}
setup {
  move top(bag) to shelf
  for p in players {
    move top(bag) to p.pouch
    p.plan = 5
  }
  first_player().ready = true
  if false {
    leader = first_player()
  }
  track[2].marks = 4
}
play {
  let p = first_player()
  let n = choose one of [1, 2] by p "pick"
  end game with winners [p]
}
)";

TEST(SeatView, ShowsLabelsAndLeavesOutBookkeeping) {
    const auto game = load_text("seat_view_table", table);
    ASSERT_TRUE(game);
    const auto g = start_game(game, 2, 1);
    const std::string seen = runtime::view_text(g, 0);
    const std::string expected_start =
        "  round: 1, bookkeeping: 3\n"
        "  bag: 3 cards, face down\n"
        "  the shelf: gem ";
    EXPECT_EQ(seen.substr(0, expected_start.size()), expected_start) << seen;
    EXPECT_NE(seen.find("(polished: no)"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("touched"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("dust"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("leader"), std::string::npos) << "a field whose 'shown when' fails: " << seen;
    EXPECT_EQ(seen.find("phase"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("scratch"), std::string::npos) << seen;
    EXPECT_NE(seen.find("  the track:\n"), std::string::npos) << seen;
    EXPECT_NE(seen.find("  player 1 (you): score so far: 0, secret plan: 5, ready: yes\n    pouch: gem "), std::string::npos)
        << seen;
    EXPECT_NE(seen.find("  player 2: score so far: 0, secret plan: secret, ready: no\n    pouch: 1 card, secret\n"),
              std::string::npos)
        << seen;
    EXPECT_EQ(seen.find("turns taken"), std::string::npos) << seen;
}

TEST(SeatView, AFieldIsShownWhileItsConditionHolds) {
    std::string led = table;
    led.replace(led.find("if false"), 8, "if true");
    const auto game = load_text("seat_view_led", led);
    ASSERT_TRUE(game);
    const std::string seen = runtime::view_text(start_game(game, 2, 1), 0);
    EXPECT_NE(seen.find("  round: 1, leader: player 1, bookkeeping: 3\n"), std::string::npos) << seen;
}

TEST(SeatView, ASpectatorSeesNoPrivateField) {
    const auto game = load_text("seat_view_table", table);
    ASSERT_TRUE(game);
    const std::string seen = runtime::view_text(start_game(game, 2, 1), -1);
    EXPECT_NE(seen.find("  player 1: score so far: 0, secret plan: secret, ready: yes\n    pouch: 1 card, secret\n"),
              std::string::npos)
        << seen;
}

// Two games alike but for their score: one counts the public pile, the other the secret pouch.
std::string game_scored_by(const std::string& score) {
    return std::string(R"(
game "Scored" {
  players 2
}
card Gem {
  value: int
}
deck gems: Gem = [Gem(value: v) for v in 1..6]
zone bag: Gem, hidden = gems
zone pile: Gem, per player, public
zone pouch: Gem, per player, private
function pouch_value(p: player): int = sum([g.value for g in p.pouch])
setup {
  for p in players {
    move top(bag) to p.pile
    move top(bag) to p.pouch
  }
}
play {
  let n = choose one of [1, 2] by first_player() "pick"
  end game with winners [first_player()]
}
score(p) = )") + score + "\n";
}

TEST(SeatView, ShowsTheScoreLineOnlyWhenTheScoreReadsNothingSecret) {
    const auto open_score = load_text("seat_view_open_score", game_scored_by("sum([g.value for g in p.pile])"));
    ASSERT_TRUE(open_score);
    const std::string seen = runtime::view_text(start_game(open_score, 2, 3), 0);
    EXPECT_NE(seen.find("  score: player 1 "), std::string::npos) << seen;
    for (const std::string secret : {"sum([g.value for g in p.pouch])", "pouch_value(p)", "size(bag)"}) {
        const auto hidden_score = load_text("seat_view_hidden_score", game_scored_by(secret));
        ASSERT_TRUE(hidden_score);
        const std::string view = runtime::view_text(start_game(hidden_score, 2, 3), 0);
        EXPECT_EQ(view.find("score:"), std::string::npos) << secret << "\n" << view;
    }
}

// A game drawn with the vocabulary of docs/language.md, "How things are drawn": coloured cards and spaces, a zone
// sorted by a function, a pile.
const char* const drawn = R"(
game "Drawn" {
  players 2
}
enum Hue { red, blue }
card Gem {
  value: int
  hue: Hue
} shown as "gem {value}" coloured by gem_colour
function gem_colour(g: Gem): text = text(g.hue)
function highest_first(g: Gem): int = 0 - g.value
deck gems: Gem = [Gem(value: v, hue: if v % 2 == 0 then red else blue) for v in 1..6]
zone bag: Gem, hidden = gems
zone shelf: Gem, public, sorted by highest_first
zone heap: Gem, ordered, public, pile
board row: grid 1 by 3 of Cell {
  owner: player? = none
} shown as cell_text coloured by cell_colour
function cell_text(c: Cell): text = if c.owner == none then "." else "♚"
function cell_colour(c: Cell): text = if c.owner == none then "" else (if c.owner == first_player() then "green" else "purple")
state {
  rolled: list of int = [] "rolled" shown as dice
  bookkeeping nothing_rolled: list of int = []
}
player {
  private die: int = 0 "die" shown as dice
}
setup {
  move top(bag) to shelf
  move top(bag) to shelf
  move top(bag) to shelf
  move top(bag) to heap
  move top(bag) to heap
  row[1, 2].owner = first_player()
  rolled = [3, 6]
  first_player().die = 4
}
play {
  let n = choose one of [1, 2] by first_player() "pick"
  end game with winners [first_player()]
}
)";

TEST(SeatView, DrawsSortedZonesPilesAndColours) {
    const auto game = load_text("seat_view_drawn", drawn);
    ASSERT_TRUE(game);
    const auto g = start_game(game, 2, 1);
    const std::string plain = runtime::view_text(g, 0);
    EXPECT_NE(plain.find("  shelf: gem 3, gem 2, gem 1\n"), std::string::npos) << "highest first: " << plain;
    EXPECT_NE(plain.find("  heap: gem 5 on top, 2 cards\n"), std::string::npos) << plain;
    EXPECT_NE(plain.find("       . ♚ . \n"), std::string::npos) << "a symbol takes one column: " << plain;
    EXPECT_EQ(plain.find('\x1b'), std::string::npos) << "no colour unless asked: " << plain;

    const std::string coloured = runtime::view_text(g, 0, {}, true);
    EXPECT_NE(coloured.find("  shelf: \x1b[34mgem 3\x1b[0m, \x1b[31mgem 2\x1b[0m, \x1b[34mgem 1\x1b[0m\n"), std::string::npos)
        << coloured;
    EXPECT_NE(coloured.find("\x1b[32m♚\x1b[0m"), std::string::npos) << coloured;

    const auto view = runtime::view_json(g, 0);
    const auto& heap = view["zones"][2];
    EXPECT_EQ(heap["layout"], "pile");
    EXPECT_EQ(heap["count"], 2);
    ASSERT_EQ(heap["cards"].size(), 1U) << heap.dump();
    EXPECT_EQ(heap["cards"][0]["text"], "gem 5");
    EXPECT_EQ(heap["cards"][0]["colour"], "blue");
    EXPECT_EQ(view["zones"][1]["layout"], "row");
    EXPECT_EQ(view["boards"][0]["cells"][1]["colour"], "green");
    EXPECT_EQ(view["boards"][0]["cells"][0]["colour"], "");
    EXPECT_EQ(view["fields"][0]["dice"], nlohmann::json::parse("[3, 6]"));
    EXPECT_EQ(view["players"][0]["fields"][0]["dice"], nlohmann::json::parse("[4]"));
    EXPECT_FALSE(view["players"][1]["fields"][0].contains("dice")) << "another seat's private die stays secret";
    EXPECT_NE(plain.find("  rolled: 3 and 6\n"), std::string::npos) << plain;
}

TEST(SeatView, ANameThatIsNotAColourIsTheRulesMistake) {
    std::string wrong = drawn;
    wrong.replace(wrong.find("\"purple\""), 8, "\"mauve\"");
    wrong.replace(wrong.find("row[1, 2].owner = first_player()"), 32, "row[1, 3].owner = next_seat(first_player())");
    const auto game = load_text("seat_view_mauve", wrong);
    ASSERT_TRUE(game);
    const auto g = start_game(game, 2, 1);
    try {
        (void)runtime::view_text(g, 0);
        FAIL() << "a colour outside the palette was drawn";
    } catch (const runtime::RuleError& e) {
        EXPECT_NE(std::string(e.what()).find("\"mauve\", which is not a colour"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace rulesrun
