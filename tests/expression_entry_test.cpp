// Typing an arithmetic expression in `play` names the action whose name shows an equivalent expression.
#include "action_entry.hpp"
#include "expression_entry.hpp"

#include <gtest/gtest.h>

namespace rulesrun::cli {
namespace {

const std::vector<std::string> rescues = {"sky 6", "rescue 6 = 6", "rescue 6 = 3+5-2", "rescue 6 = 2x9/3",
                                          "rescue 6 = 4+4-2", "pass"};

TEST(ExpressionEntry, ReadsWholeNumberArithmetic) {
    const auto r = read_arithmetic(" (5 - 2) x 4 / 6 ");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->value, 2);
    EXPECT_EQ(r->numbers, (std::vector<std::int64_t>{2, 4, 5, 6}));
    EXPECT_EQ(r->operators, 3);
    EXPECT_EQ(read_arithmetic("-3+10")->value, 7);
    EXPECT_EQ(read_arithmetic("2*3")->value, 6);
    EXPECT_FALSE(read_arithmetic("7/2"));          // division must be exact
    EXPECT_FALSE(read_arithmetic("3/0"));
    EXPECT_FALSE(read_arithmetic("3+"));
    EXPECT_FALSE(read_arithmetic("(3+5"));
    EXPECT_FALSE(read_arithmetic("3 = 3"));
    EXPECT_FALSE(read_arithmetic(""));
    EXPECT_FALSE(read_arithmetic("99999999999999999999"));  // beyond 64 bits
    EXPECT_FALSE(read_arithmetic(std::string(500, '(') + "1" + std::string(500, ')')));  // too deep
}

TEST(ExpressionEntry, AnyOrderAndParenthesesOfTheSameNumbersMatch) {
    EXPECT_EQ(parse_action_entry("3+5-2", rescues), 2);
    EXPECT_EQ(parse_action_entry("5 - 2 + 3", rescues), 2);
    EXPECT_EQ(parse_action_entry("5-(2-3)", rescues), 2);
    EXPECT_EQ(parse_action_entry("9/3*2", rescues), 3);
    EXPECT_EQ(parse_action_entry("(9x2)/3", rescues), 3);
    EXPECT_EQ(parse_action_entry("4-2+4", rescues), 4);
}

TEST(ExpressionEntry, OtherNumbersOrAnotherValueMatchNothing) {
    EXPECT_EQ(parse_action_entry("3+5+2", rescues), std::nullopt);  // 10: not the value shown
    EXPECT_EQ(parse_action_entry("8-2", rescues), std::nullopt);    // 6, but not over 2, 3, 5
    EXPECT_EQ(parse_action_entry("3+5-2-0", rescues), std::nullopt);
    EXPECT_EQ(parse_action_entry("6", rescues), 5);                 // a bare number is the action's number
    EXPECT_EQ(match_expression("6", rescues), std::nullopt);        // ... never an expression
}

TEST(ExpressionEntry, AnEntryThatFitsTwoActionsNamesNone) {
    const std::vector<std::string> twins = {"a: 1+2", "b: 2+1"};
    EXPECT_EQ(parse_action_entry("1+2", twins), std::nullopt);
}

}  // namespace
}  // namespace rulesrun::cli
