#include "validators.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>

#include <fmt/format.h>

#include "commands.hpp"

namespace rulesrun::cli {

namespace {

// Parses the whole text as an unsigned number (no sign, no blanks); false when it is not one or does not fit.
template <class T>
bool parse_whole(const std::string& text, T& value) {
    if (text.empty() || text.front() < '0' || text.front() > '9') return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size();
}

// Parses the whole text as a number written with digits and maybe a decimal point (not "inf", "nan" or "1e3").
bool parse_decimal(const std::string& text, double& value) {
    if (text.empty() || text.find_first_not_of("0123456789.") != std::string::npos) return false;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error == std::errc() && end == text.data() + text.size() && std::isfinite(value);
}

}  // namespace

CLI::Validator seed_value() {
    return {[](std::string& text) -> std::string {
                std::uint64_t value = 0;
                if (parse_whole(text, value)) return {};
                return fmt::format("'{}' is not a seed: a whole number from 0 to {}", text, UINT64_MAX);
            },
            "SEED"};
}

CLI::Validator count_value(long long largest) {
    return {[largest](std::string& text) -> std::string {
                long long value = 0;
                if (parse_whole(text, value) && value >= 1 && value <= largest) return {};
                return fmt::format("'{}' is not a whole number from 1 to {}", text, largest);
            },
            "COUNT"};
}

CLI::Validator seconds_value(double largest) {
    return {[largest](std::string& text) -> std::string {
                double value = 0;
                if (parse_decimal(text, value) && value > 0 && value <= largest) return {};
                return fmt::format("'{}' is not a number of seconds above 0 and at most {}", text, largest);
            },
            "SECONDS"};
}

Shard parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    long long k = 0, n = 0;
    if (slash == std::string::npos || !parse_whole(text.substr(0, slash), k) || !parse_whole(text.substr(slash + 1), n))
        throw ArgumentError(fmt::format("--shard {}: write it K/N, the K-th of N shards (1/4, 2/4, 3/4, 4/4)", text));
    if (n < 1 || n > 1'000'000) throw ArgumentError(fmt::format("--shard {}: N must be between 1 and 1000000", text));
    if (k < 1 || k > n) throw ArgumentError(fmt::format("--shard {}: K must be between 1 and N", text));
    return Shard{k - 1, n};
}

}  // namespace rulesrun::cli
