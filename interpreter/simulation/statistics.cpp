#include "statistics.hpp"

#include <algorithm>
#include <cmath>

namespace rulesrun {

Accumulator Accumulator::from_parts(std::int64_t count, std::int64_t sum, Int128 sum_squares, std::int64_t min,
                                    std::int64_t max) {
    Accumulator a;
    a.count_ = count;
    a.sum_ = sum;
    a.sum_squares_ = sum_squares;
    a.min_ = count == 0 ? 0 : min;
    a.max_ = count == 0 ? 0 : max;
    return a;
}

void Accumulator::add(std::int64_t sample) {
    min_ = count_ == 0 ? sample : std::min(min_, sample);
    max_ = count_ == 0 ? sample : std::max(max_, sample);
    ++count_;
    sum_ += sample;
    sum_squares_ += static_cast<Int128>(sample) * sample;
}

void Accumulator::merge(const Accumulator& other) {
    if (other.count_ == 0) return;
    min_ = count_ == 0 ? other.min_ : std::min(min_, other.min_);
    max_ = count_ == 0 ? other.max_ : std::max(max_, other.max_);
    count_ += other.count_;
    sum_ += other.sum_;
    sum_squares_ += other.sum_squares_;
}

double Accumulator::mean() const {
    return count_ == 0 ? 0.0 : static_cast<double>(sum_) / static_cast<double>(count_);
}

double Accumulator::stddev() const {
    if (count_ < 2) return 0.0;
    // n * sum(x^2) - (sum x)^2 is computed exactly, so only the final division rounds: no cancellation error even
    // when the mean is large compared with the spread.
    const Int128 n = count_;
    const Int128 numerator = n * sum_squares_ - static_cast<Int128>(sum_) * sum_;
    const long double variance =
        static_cast<long double>(numerator) / (static_cast<long double>(count_) * static_cast<long double>(count_ - 1));
    return static_cast<double>(std::sqrt(variance));
}

double Accumulator::ci95() const {
    if (count_ < 2) return 0.0;
    return 1.96 * stddev() / std::sqrt(static_cast<double>(count_));
}

bool operator==(const Accumulator& a, const Accumulator& b) {
    return a.count_ == b.count_ && a.sum_ == b.sum_ && a.sum_squares_ == b.sum_squares_ && a.min_ == b.min_ &&
           a.max_ == b.max_;
}

}  // namespace rulesrun
