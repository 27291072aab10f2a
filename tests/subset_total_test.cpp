// `choose subset of ... with total FIELD == TARGET`: only the selections that add up to the total are listed, each
// once, in the same order as the same condition written as a `where`, and fast on domains far too large to enumerate.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using testing_support::action_names;
using testing_support::start_game;

// A bag of gems whose values are 0..5 (value 0: worthless glass), `copies` of each; `choice` is the subset choice.
std::string gems_game(int copies, const std::string& choice) {
    return R"(game "Gems" {
  players 1
}
option target: 0 to 100 = 6
card Gem {
  value: int
} shown as "gem {value}"
deck gems: Gem = [Gem(value: v) copies )" + std::to_string(copies) + R"( for v in 0..5]
zone bag: Gem = gems
state {
  got: int = -1
}
play {
  let picked = )" + choice + R"(
  got = sum([g.value for g in picked])
}
score(p) = got
)";
}

TEST(SubsetTotal, ListsTheSameSelectionsInTheSameOrderAsTheEquivalentWhere) {
    for (const std::string target : {"0", "1", "6", "11", "30", "31"}) {
        SCOPED_TRACE("target " + target);
        auto with_total = load_text("gems_total", gems_game(2, "choose subset of bag with total value == target by first_player()"));
        auto with_where = load_text("gems_where", gems_game(2, "choose subset of bag where sum([g.value for g in picked]) == target by first_player()"));
        ASSERT_TRUE(with_total && with_where);
        if (target == "31") {  // no selection reaches it: no legal option, reported as such by both
            EXPECT_THROW(start_game(with_total, 0, 1, {{"target", target}}), RuleError);
            continue;
        }
        const Game a = start_game(with_total, 0, 1, {{"target", target}});
        const Game b = start_game(with_where, 0, 1, {{"target", target}});
        EXPECT_EQ(action_names(a, 0), action_names(b, 0));
        EXPECT_GT(a.action_count(0), 0);
    }
}

TEST(SubsetTotal, ANegativeOrZeroAmountIsAddedUpLikeAnyOther) {
    auto game = load_text("signed", R"(game "Signed" {
  players 1
}
play {
  let picked = choose subset of [-2, 0, 3, 5] with total == 3 by first_player()
  say "{picked}"
}
)");
    ASSERT_TRUE(game);
    EXPECT_EQ(action_names(start_game(game), 0),
              (std::vector<std::string>{"3", "0 + 3", "-2 + 5", "-2 + 0 + 5"}));
}

TEST(SubsetTotal, OptionalAddsPassFirstAndWhereStillFilters) {
    auto game = load_text("gems_optional",
                          gems_game(1, "choose optional subset of bag with total value == target where size(picked) <= 2 by first_player()"));
    ASSERT_TRUE(game);
    // 6 = 1 + 5 = 2 + 4 (size 2); 0 + 1 + 5, 1 + 2 + 3, ... are left out by the `where`.
    EXPECT_EQ(action_names(start_game(game), 0), (std::vector<std::string>{"pass", "gem 2 + gem 4", "gem 1 + gem 5"}));
}

// 40 copies of six values: 41^6 (4.75 billion) selections, of which a few hundred add up to 12. Enumerating them all
// would pass the step limit; the search visits only the ones that can still reach the total.
TEST(SubsetTotal, AHugeDomainOffersOnlyWhatAddsUp) {
    auto game = load_text("gems_many", gems_game(40, "choose subset of bag with total value == 12 where size(picked) > 0 by first_player()"));
    ASSERT_TRUE(game);
    const Game g = start_game(game);
    // Without the 0-valued glass: the partitions of 12 into parts 1..5 (parts at most 40 times each) = 47 ways;
    // each can take 0 to 40 pieces of glass: 47 * 41.
    EXPECT_EQ(g.action_count(0), 47 * 41);
}

// `where size(picked) == N` is searched as a total of ones (compiler_statements.cpp): the same selections, in the
// same order, as a size the compiler does not recognise (counted by a comprehension), alone, with more conditions,
// optional, and with sizes the domain cannot give.
TEST(SubsetTotal, ASizeConditionListsWhatTheSameConditionWrittenOtherwiseLists) {
    const std::vector<std::pair<std::string, std::string>> conditions = {
        {"size(picked) == target", "size([g for g in picked]) == target"},
        {"target == size(picked)", "target == size([g for g in picked])"},
        {"size(picked) == target and sum([g.value for g in picked]) > 4",
         "size([g for g in picked]) == target and sum([g.value for g in picked]) > 4"},
    };
    for (const auto& [recognised, counted] : conditions) {
        for (const std::string optional : {"", "optional "}) {
            for (const std::string target : {"0", "1", "3", "12", "13"}) {
                SCOPED_TRACE(optional + recognised + ", target " + target);
                auto fast = load_text("sizes", gems_game(2, "choose " + optional + "subset of bag where " + recognised + " by first_player()"));
                auto slow = load_text("sizes", gems_game(2, "choose " + optional + "subset of bag where " + counted + " by first_player()"));
                ASSERT_TRUE(fast && slow);
                std::vector<std::string> a, b;
                try {
                    a = action_names(start_game(fast, 0, 1, {{"target", target}}), 0);
                } catch (const RuleError& e) {
                    a = {e.what()};
                }
                try {
                    b = action_names(start_game(slow, 0, 1, {{"target", target}}), 0);
                } catch (const RuleError& e) {
                    b = {e.what()};
                }
                EXPECT_EQ(a, b);
            }
        }
    }
}

// Two of 40 different numbers: 780 selections, where listing all 2^40 subsets to test their size would be refused.
TEST(SubsetTotal, ASizeConditionOnAHugeDomainVisitsOnlyThatSize) {
    auto game = load_text("pairs", R"(game "Pairs" {
  players 1
}
play {
  let picked = choose subset of 1..40 where size(picked) == 2 by first_player()
  say "{picked}"
}
)");
    ASSERT_TRUE(game);
    const Game g = start_game(game);
    ASSERT_EQ(g.action_count(0), 780);
    EXPECT_EQ(g.action_name(0, 0), "1 + 2");
    EXPECT_EQ(g.action_name(0, 779), "39 + 40");
}

TEST(SubsetTotal, AnElementWithoutAnAmountStopsTheGameWithAnError) {
    auto game = load_text("no_amount", R"(game "T" {
  players 1
}
card Gem {
  value: int? = none
}
deck gems: Gem = [Gem(value: 1), Gem()]
zone bag: Gem = gems
play {
  let picked = choose subset of bag with total value == 1 by first_player()
  say "{picked}"
}
)");
    ASSERT_TRUE(game);
    try {
        start_game(game);
        ADD_FAILURE() << "no error";
    } catch (const RuleError& e) {
        EXPECT_NE(std::string(e.what()).find("no amount to add up"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("no_amount.rules:10:3"), std::string::npos) << e.what();
    }
}

TEST(SubsetTotal, TheCheckerNamesWrongFieldsAndMisuse) {
    auto loaded = testing_support::load_written("total_errors", R"(game "T" {
  players 1
}
card Gem {
  value: int
  name: text
}
deck gems: Gem = [Gem(value: 1, name: "a")]
zone bag: Gem = gems
play {
  let a = choose subset of bag with total valeu == 1 by first_player()
  let b = choose subset of bag with total name == 1 by first_player()
  let c = choose one of bag with total value == 1 by first_player()
  let d = choose subset of bag with total == 1 by first_player()
  let e = choose subset of bag with total value == "x" by first_player()
  say "{a} {b} {c} {d} {e}"
}
)");
    std::string messages;
    for (const auto& d : loaded.diagnostics) messages += d.message + "\n";
    EXPECT_NE(messages.find("has no field 'valeu' (did you mean 'value'?)"), std::string::npos) << messages;
    EXPECT_NE(messages.find("the field 'name' is text"), std::string::npos) << messages;
    EXPECT_NE(messages.find("'with total' belongs to 'choose subset of'"), std::string::npos) << messages;
    EXPECT_NE(messages.find("name the field to add up"), std::string::npos) << messages;
    EXPECT_NE(messages.find("the total of a choice"), std::string::npos) << messages;
}

}  // namespace
}  // namespace rulesrun::runtime
