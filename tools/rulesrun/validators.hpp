// Checks of command-line values that CLI11's own would let through or word badly: a seed must be a whole number
// that fits in 64 bits (CLI11 wraps "-4" around), counts must be whole numbers from 1, durations positive numbers.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// A whole number from 0 to 2^64 - 1, digits only.
CLI::Validator seed_value();
// A whole number from 1 to `largest`.
CLI::Validator count_value(long long largest);
// A number of seconds above 0 and at most `largest` (decimals allowed: 0.5).
CLI::Validator seconds_value(double largest);

// "--shard K/N" (K from 1 to N) as the simulation's Shard (counted from 0). Throws ArgumentError naming what is wrong.
Shard parse_shard(const std::string& text);

}  // namespace rulesrun::cli
