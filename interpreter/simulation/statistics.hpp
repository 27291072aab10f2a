// An exact accumulator of integer samples. Count, sum and sum of squares are integers, so adding samples in any
// order and merging partial accumulators in any grouping gives the same bits: a simulation reports the same figures
// on 1 thread or 64.
#pragma once

#include <cstdint>

namespace rulesrun {

class Accumulator {
public:
    // GCC and Clang's 128-bit integer: a sum of squares of int64 samples needs more than 64 bits.
    __extension__ using Int128 = __int128;

    // An accumulator from the figures another one reported (a partial result read back from a file).
    static Accumulator from_parts(std::int64_t count, std::int64_t sum, Int128 sum_squares, std::int64_t min,
                                  std::int64_t max);

    void add(std::int64_t sample);
    void merge(const Accumulator& other);

    [[nodiscard]] std::int64_t count() const { return count_; }
    [[nodiscard]] std::int64_t sum() const { return sum_; }
    [[nodiscard]] Int128 sum_squares() const { return sum_squares_; }
    // Only meaningful when count() > 0.
    [[nodiscard]] std::int64_t min() const { return min_; }
    [[nodiscard]] std::int64_t max() const { return max_; }

    // 0 when there is no sample.
    [[nodiscard]] double mean() const;
    // The sample standard deviation (divides by n - 1); 0 for fewer than 2 samples.
    [[nodiscard]] double stddev() const;
    // Half-width of the 95% confidence interval of the mean (normal approximation, 1.96 sd / sqrt(n)); 0 for fewer
    // than 2 samples.
    [[nodiscard]] double ci95() const;

    friend bool operator==(const Accumulator& a, const Accumulator& b);

private:
    std::int64_t count_ = 0;
    std::int64_t sum_ = 0;
    Int128 sum_squares_ = 0;
    std::int64_t min_ = 0;
    std::int64_t max_ = 0;
};

}  // namespace rulesrun
