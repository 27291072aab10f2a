// The grammar can never loop without consuming input: PEGTL's analysis finds no problem.
#include <gtest/gtest.h>
#include <tao/pegtl/contrib/analyze.hpp>

#include "rules_grammar.hpp"

TEST(Grammar, AnalyzeFindsNoInfiniteLoop) {
    EXPECT_EQ(tao::pegtl::analyze<rulesrun::grammar::next_declaration>(1), 0U);
}
