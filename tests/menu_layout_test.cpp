// Menus at the terminal: short or described menus one action per line, long menus of moves grouped by the piece that
// moves, other long menus packed into rows; every action keeps its number.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "menu_layout.hpp"

namespace rulesrun::cli {
namespace {

std::vector<MenuEntry> named(const std::vector<std::string>& names) {
    std::vector<MenuEntry> entries;
    for (const auto& n : names) entries.push_back({n, "", ""});
    return entries;
}

TEST(MenuLayout, AShortMenuHasOneActionPerLineWithItsDescription) {
    const std::vector<std::string> expected = {"   1. roll  roll the die", "   2. hold  bank the turn's points"};
    EXPECT_EQ(menu_lines({{"roll", "roll the die", ""}, {"hold", "bank the turn's points", ""}}, 96), expected);
    EXPECT_EQ(menu_lines(named({"a1-a2", "pass"}), 96), (std::vector<std::string>{"   1. a1-a2", "   2. pass"}));
}

TEST(MenuLayout, LongMenusOfMovesAreGroupedByPiece) {
    std::vector<std::string> names;
    for (const std::string from : {"a1", "c3", "h10"}) {
        for (const std::string to : {"b2", "d4", "e5", "f6", "g7"}) names.push_back(from + "-" + to);
    }
    const std::vector<std::string> expected = {
        "   a1:  1. b2   2. d4   3. e5   4. f6   5. g7",
        "   c3:  6. b2   7. d4   8. e5   9. f6  10. g7",
        "  h10: 11. b2  12. d4  13. e5  14. f6  15. g7",
    };
    EXPECT_EQ(menu_lines(named(names), 96), expected);
    // Narrower: a piece's moves go on as many rows as needed, under the first.
    const std::vector<std::string> narrow = {"   a1:  1. b2   2. d4   3. e5", "        4. f6   5. g7"};
    const auto lines = menu_lines(named(names), 31);
    ASSERT_GE(lines.size(), 2U);
    EXPECT_EQ(std::vector<std::string>(lines.begin(), lines.begin() + 2), narrow);
}

TEST(MenuLayout, MarksFollowTheirActions) {
    std::vector<MenuEntry> entries;
    for (const std::string to : {"b2", "d4", "e5", "f6", "g7", "h8", "a2", "a3", "a4", "a5", "a6", "a7", "a8"}) {
        entries.push_back({"a1-" + to, "", to == "b2" ? "capture" : ""});
    }
    const auto lines = menu_lines(entries, 300);
    ASSERT_EQ(lines.size(), 1U);
    EXPECT_EQ(lines[0].substr(0, 36), "  a1:  1. b2 capture   2. d4        ");
    const std::vector<std::string> short_menu = {"   1. a1-b2  capture", "   2. pass"};
    EXPECT_EQ(menu_lines({{"a1-b2", "", "capture"}, {"pass", "", ""}}, 96), short_menu);
}

TEST(MenuLayout, OtherLongMenusArePackedIntoRows) {
    std::vector<std::string> names;
    for (int i = 1; i <= 14; ++i) names.push_back("sky " + std::to_string(i));
    const auto lines = menu_lines(named(names), 41);
    ASSERT_EQ(lines.size(), 5U);
    EXPECT_EQ(lines[0], "   1. sky 1    2. sky 2    3. sky 3");
    EXPECT_EQ(lines[4], "  13. sky 13  14. sky 14");
}

TEST(MenuLayout, AMenuTooLongForTheWindowShowsThePiecesThatMove) {
    std::vector<std::string> names;
    for (const std::string from : {"a1", "c3", "h10", "b2", "d4", "e5"}) {
        for (const std::string to : {"a2", "a3", "a4", "a5", "a6"}) names.push_back(from + "-" + to);
    }
    ASSERT_EQ(menu_lines(named(names), 80).size(), 6U);
    EXPECT_EQ(fitted_menu_lines(named(names), 80, 6), menu_lines(named(names), 80)) << "it fits: every move";
    const std::vector<std::string> pieces = {
        "30 moves, by the pieces that make them (how many each):",
        "  a1 (5)   c3 (5)   h10 (5)  b2 (5)   d4 (5)   e5 (5)",
        "Type a square to see its piece's moves on the board, a move (c3-c5), or 'list'.",
    };
    const auto fitted = fitted_menu_lines(named(names), 80, 3);
    EXPECT_EQ(fitted, pieces);
    for (const auto& line : fitted) EXPECT_LE(line.size(), 80U) << line;
    // Too few lines even for the pieces: the first moves, then what to type for the others.
    EXPECT_EQ(fitted_menu_lines(named(names), 80, 2), (std::vector<std::string>{
        "   a1:  1. a2   2. a3   3. a4   4. a5   5. a6",
        "  ... 30 actions: type the start of one to see those it begins, or 'list'."}));
}

TEST(MenuLayout, AnEntryKeepsItsOwnNumber) {
    std::vector<MenuEntry> entries = {{"sky 12", "", "", 12}, {"sky 13", "", "", 13}};
    EXPECT_EQ(menu_lines(entries, 96), (std::vector<std::string>{"  12. sky 12", "  13. sky 13"}));
}

}  // namespace
}  // namespace rulesrun::cli
