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
