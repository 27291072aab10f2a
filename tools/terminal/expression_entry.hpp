// An arithmetic expression typed to pick an action: "5+3-2" names the action whose name shows an expression over the
// same numbers with the same value ("rescue 6 = 3+5-2"), whatever the order of the numbers or the parentheses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rulesrun::cli {

struct ArithmeticReading {
    std::int64_t value = 0;
    std::vector<std::int64_t> numbers;  // every number written, in ascending order
    int operators = 0;                  // binary operators
};

// The whole text read as an expression of whole numbers with + - x * / (division only when exact), unary minus and
// parentheses; blanks are ignored. Nothing for anything else, an inexact division or a result beyond 64 bits.
std::optional<ArithmeticReading> read_arithmetic(std::string_view text);

// The entry must be an expression with at least one operator; an action's name shows an expression when its longest
// ending that reads as one does (the "3+5-2" of "rescue 6 = 3+5-2").
std::optional<int> match_expression(std::string_view entry, const std::vector<std::string>& action_names);

}  // namespace rulesrun::cli
