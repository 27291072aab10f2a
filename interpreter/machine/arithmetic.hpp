// Combining numbers with arithmetic: can these numbers, each used once and all of them used, with + and - (and, with
// `science`, x and exact /) and parentheses, make the target? Used by the built-ins combines_to and combination_text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arithmetic_text.hpp"

namespace rulesrun::runtime {

// At most this many numbers: the search looks at every way of splitting them in two, 3^n in all.
inline constexpr std::size_t max_combined_numbers = 10;
// At most this many values in all the subsets' tables (x and / make them grow fast); more throws length_error.
inline constexpr std::size_t max_combination_values = 4'000'000;
// ... and at most this many pairs of values tried.
inline constexpr std::size_t max_combination_work = 20'000'000;

class Combinations {
public:
    Combinations(const std::vector<std::int32_t>& numbers, bool science);
    [[nodiscard]] bool reaches(std::int32_t target) const;
    // One expression that makes the target, written as a player would ("3+5-2"; see arithmetic_text.hpp), or nullopt.
    [[nodiscard]] std::optional<std::string> explain(std::int32_t target) const;

private:
    [[nodiscard]] bool has(std::uint32_t mask, std::int64_t value) const;
    [[nodiscard]] bool makes(std::uint32_t mask, std::int64_t value) const;
    [[nodiscard]] bool reaches_whole(std::int64_t target) const;
    [[nodiscard]] std::optional<std::uint32_t> added_part(std::int64_t target) const;
    [[nodiscard]] std::optional<WrittenCombination> formula(std::uint32_t mask, std::int64_t target) const;

    std::vector<std::int32_t> numbers_;
    bool science_;
    // With `science` only: per subset (bit mask) but the whole set, every value it can make, sorted.
    std::vector<std::vector<std::int64_t>> values_;
};

}  // namespace rulesrun::runtime
