// How often each value came up (a statistic's distribution, for histograms). Counts are integers kept by value, so
// merging partial histograms in any grouping gives the same result: reports stay the same on any thread count.
#pragma once

#include <cstdint>
#include <map>

namespace rulesrun {

class Histogram {
public:
    // Allocates only the first time a value comes up.
    void add(std::int64_t value) { ++counts_[value]; }
    // The value came up `count` times more (a histogram read back from a partial result).
    void add(std::int64_t value, std::int64_t count) { counts_[value] += count; }
    void merge(const Histogram& other) {
        for (const auto& [value, count] : other.counts_) counts_[value] += count;
    }
    [[nodiscard]] const std::map<std::int64_t, std::int64_t>& counts() const { return counts_; }

    friend bool operator==(const Histogram&, const Histogram&) = default;

private:
    std::map<std::int64_t, std::int64_t> counts_;
};

}  // namespace rulesrun
