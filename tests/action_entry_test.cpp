// How `play` reads a typed action: by number, by exact name, by name with other case and blanks; never a guess.
#include "action_entry.hpp"

#include <gtest/gtest.h>

namespace rulesrun::cli {
namespace {

const std::vector<std::string> names = {"stay", "leave", "take all", "Take All Gems"};

TEST(ActionEntry, NumbersCountFromOneAndComeFirst) {
    EXPECT_EQ(parse_action_entry("1", names), 0);
    EXPECT_EQ(parse_action_entry("  4 ", names), 3);
    EXPECT_EQ(parse_action_entry("0", names), std::nullopt);
    EXPECT_EQ(parse_action_entry("5", names), std::nullopt);
    EXPECT_EQ(parse_action_entry("2x", names), std::nullopt);
}

TEST(ActionEntry, ExactAndLooseNames) {
    EXPECT_EQ(parse_action_entry("leave", names), 1);
    EXPECT_EQ(parse_action_entry("\tTAKE   all ", names), 2);
    EXPECT_EQ(parse_action_entry("take all gems", names), 3);
    EXPECT_EQ(parse_action_entry("take", names), std::nullopt);
    EXPECT_EQ(parse_action_entry("", names), std::nullopt);
}

TEST(ActionEntry, AnEntryThatFitsTwoActionsNamesNone) {
    const std::vector<std::string> twins = {"Pass", "pass "};
    EXPECT_EQ(parse_action_entry("PASS", twins), std::nullopt);
    EXPECT_EQ(parse_action_entry("Pass", twins), 0);
}

TEST(ActionEntry, GridCoordinatesWithAnyCaseAndSeparators) {
    const std::vector<std::string> moves = {"a1-a3", "c3-c5", "c3-e3", "remove c3", "c1"};
    EXPECT_EQ(parse_action_entry("c3-c5", moves), 1);
    EXPECT_EQ(parse_action_entry("C3 C5", moves), 1);
    EXPECT_EQ(parse_action_entry("c3c5", moves), 1);
    EXPECT_EQ(parse_action_entry("c3 to e3", moves), 2);
    EXPECT_EQ(parse_action_entry("C1", moves), 4);
    EXPECT_EQ(parse_action_entry("c3", moves), std::nullopt);      // "remove c3" is not coordinates alone
    EXPECT_EQ(parse_action_entry("c5-c3", moves), std::nullopt);   // the order counts
    EXPECT_EQ(parse_action_entry("c3-c6", moves), std::nullopt);
    EXPECT_EQ(parse_action_entry("c3 x c5", moves), std::nullopt);  // a stray word is not a separator
}

}  // namespace
}  // namespace rulesrun::cli

namespace rulesrun::cli {
namespace {

// The takes of a Diam's market adding up to 10, as `play` lists them.
const std::vector<std::string> takes = {
    "5 blue + 3 orange + 2 pink",
    "5 blue + 3 orange (special purity) + 2 pink",
    "7 red + 3 orange",
    "7 red + 3 orange (special purity)",
    "1 purple + 9 black",
    "10 brown",
};

TEST(SelectionEntry, ElementsInAnyOrderNameTheSelection) {
    EXPECT_EQ(parse_action_entry("9 1", takes), 4);
    EXPECT_EQ(parse_action_entry("black, purple", takes), 4);
    EXPECT_EQ(parse_action_entry("2 + 3 + 5", takes), 0);
    EXPECT_EQ(parse_action_entry("pink 5 3", takes), 0);
    EXPECT_EQ(parse_action_entry("3 ORANGE, 7", takes), 2);
}

TEST(SelectionEntry, TheFewestUnsaidWordsWinAndSayingMorePicksTheRarerCard) {
    EXPECT_EQ(parse_action_entry("3 7", takes), 2);
    EXPECT_EQ(parse_action_entry("3 special, 7", takes), 3);
    EXPECT_EQ(parse_action_entry("7 red + 3 orange (special purity)", takes), 3);
    EXPECT_EQ(parse_action_entry("2, 5, 3 purity", takes), 1);
    EXPECT_EQ(parse_action_entry("2 5 3 purity", takes), std::nullopt);  // without commas: four elements
}

TEST(SelectionEntry, NoMatchWhenElementsAreMissingExtraOrUnknown) {
    EXPECT_EQ(parse_action_entry("5 3", takes), std::nullopt);      // the 2 is missing
    EXPECT_EQ(parse_action_entry("10 1", takes), std::nullopt);     // no such take
    EXPECT_EQ(parse_action_entry("7 3 3", takes), std::nullopt);    // one 3 too many
    EXPECT_EQ(parse_action_entry("green 7", takes), std::nullopt);
    // A single number is the action's number, as everywhere; "10 brown" is named by its name.
    EXPECT_EQ(parse_action_entry("6", takes), 5);
    EXPECT_EQ(parse_action_entry("brown", takes), 5);
}

TEST(SelectionEntry, TwoEquallyGoodSelectionsNameNone) {
    const std::vector<std::string> twins = {"gem a + gem b", "gem b + gem c"};
    EXPECT_EQ(parse_action_entry("gem, b", twins), std::nullopt);
    EXPECT_EQ(parse_action_entry("b, c", twins), 1);
}

TEST(SelectionEntry, ASingleWordNeverPicksAMenuOptionByPartOfItsName) {
    EXPECT_EQ(match_selection("take", names), std::nullopt);
    EXPECT_EQ(match_selection("all, take", names), std::nullopt);  // one element per item: "take all" is one
    EXPECT_EQ(split_elements("a + b c + d"), (std::vector<std::string_view>{"a", "b c", "d"}));
}

}  // namespace
}  // namespace rulesrun::cli
