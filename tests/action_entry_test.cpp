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

}  // namespace
}  // namespace rulesrun::cli
