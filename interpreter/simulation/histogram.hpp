// How often each value came up (a statistic's distribution, for histograms). Counts are integers kept by value, so
// merging partial histograms in any grouping gives the same result: reports stay the same on any thread count.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace rulesrun {

class Histogram {
public:
    // Small values (a decision's options, a game's length, most statistics) are counted in an array, since a
    // simulation adds one for every decision; the others in a map. Allocates only when a value first comes up.
    void add(std::int64_t value) { add(value, 1); }
    // The value came up `count` times more (a histogram read back from a partial result).
    void add(std::int64_t value, std::int64_t count) {
        if (value >= 0 && value < dense_limit) {
            const auto at = static_cast<std::size_t>(value);
            if (at >= small_.size()) small_.resize(at + 1, 0);
            small_[at] += count;
        } else {
            large_[value] += count;
        }
    }
    void merge(const Histogram& other) {
        for (std::size_t v = 0; v < other.small_.size(); ++v) {
            if (other.small_[v] != 0) add(static_cast<std::int64_t>(v), other.small_[v]);
        }
        for (const auto& [value, count] : other.large_) large_[value] += count;
    }
    // Each value that came up, in increasing order, with how often.
    [[nodiscard]] std::map<std::int64_t, std::int64_t> counts() const {
        std::map<std::int64_t, std::int64_t> all(large_);
        for (std::size_t v = 0; v < small_.size(); ++v) {
            if (small_[v] != 0) all[static_cast<std::int64_t>(v)] += small_[v];
        }
        return all;
    }

    friend bool operator==(const Histogram& a, const Histogram& b) { return a.counts() == b.counts(); }

private:
    static constexpr std::int64_t dense_limit = 4096;
    std::vector<std::int64_t> small_;           // small_[v]: how often v (0 <= v < dense_limit) came up
    std::map<std::int64_t, std::int64_t> large_;  // the other values
};

}  // namespace rulesrun
