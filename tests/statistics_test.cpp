// The exact accumulator and the histogram: figures checked against hand computations, and the same bits whatever
// the order of the samples and the grouping of merges.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "histogram.hpp"
#include "random.hpp"
#include "statistics.hpp"

namespace rulesrun {
namespace {

Accumulator of(const std::vector<std::int64_t>& samples) {
    Accumulator a;
    for (const auto x : samples) a.add(x);
    return a;
}

TEST(Statistics, NoSampleGivesZeros) {
    const Accumulator a;
    EXPECT_EQ(a.count(), 0);
    EXPECT_EQ(a.mean(), 0.0);
    EXPECT_EQ(a.stddev(), 0.0);
    EXPECT_EQ(a.ci95(), 0.0);
}

TEST(Statistics, OneSampleHasNoSpread) {
    const auto a = of({-7});
    EXPECT_EQ(a.count(), 1);
    EXPECT_EQ(a.mean(), -7.0);
    EXPECT_EQ(a.min(), -7);
    EXPECT_EQ(a.max(), -7);
    EXPECT_EQ(a.stddev(), 0.0);
    EXPECT_EQ(a.ci95(), 0.0);
}

TEST(Statistics, FiguresMatchAHandComputation) {
    // 2 4 4 4 5 5 7 9: mean 5, squared deviations sum to 32, sample variance 32/7.
    const auto a = of({2, 4, 4, 4, 5, 5, 7, 9});
    EXPECT_EQ(a.count(), 8);
    EXPECT_EQ(a.sum(), 40);
    EXPECT_EQ(a.mean(), 5.0);
    EXPECT_EQ(a.min(), 2);
    EXPECT_EQ(a.max(), 9);
    EXPECT_NEAR(a.stddev(), std::sqrt(32.0 / 7.0), 1e-12);
    EXPECT_NEAR(a.ci95(), 1.96 * std::sqrt(32.0 / 7.0) / std::sqrt(8.0), 1e-12);
}

TEST(Statistics, LargeValuesWithASmallSpreadKeepTheirSpread) {
    // A naive double sum of squares loses the spread of values near 2^31 entirely.
    const std::int64_t big = 2'000'000'000;
    const auto a = of({big, big + 1, big + 2});
    EXPECT_EQ(a.stddev(), 1.0);
    EXPECT_EQ(a.mean(), static_cast<double>(big + 1));
}

TEST(Statistics, OrderAndGroupingDoNotChangeAnyBit) {
    Rng rng(7);
    std::vector<std::int64_t> samples;
    for (int i = 0; i < 1000; ++i) samples.push_back(static_cast<std::int64_t>(rng.below(1'000'000)) - 500'000);
    const auto in_order = of(samples);

    auto shuffled = samples;
    rng.shuffle(shuffled.data(), static_cast<int>(shuffled.size()));
    EXPECT_EQ(of(shuffled), in_order);

    // Three uneven parts merged in two different groupings.
    const auto part = [&](std::size_t from, std::size_t to) {
        return of(std::vector<std::int64_t>(samples.begin() + from, samples.begin() + to));
    };
    auto left = part(0, 10);
    left.merge(part(10, 600));
    left.merge(part(600, 1000));
    auto right = part(600, 1000);
    auto middle = part(10, 600);
    middle.merge(part(0, 10));
    right.merge(middle);
    EXPECT_EQ(left, in_order);
    EXPECT_EQ(right, in_order);
    EXPECT_EQ(left.stddev(), in_order.stddev());
    EXPECT_EQ(left.mean(), in_order.mean());
}

TEST(Statistics, MergingAnEmptyAccumulatorChangesNothing) {
    auto a = of({3, 8});
    a.merge(Accumulator{});
    EXPECT_EQ(a, of({3, 8}));
    Accumulator empty;
    empty.merge(of({3, 8}));
    EXPECT_EQ(empty, of({3, 8}));
    EXPECT_EQ(empty.min(), 3);
}

}  // namespace
// Small values are counted in an array, the others (negative, large) in a map: counts() gives them all in order,
// and merges in any grouping give the same histogram.
TEST(Histograms, CountEveryValueSmallNegativeOrLargeWhateverTheGrouping) {
    const std::vector<std::int64_t> samples{3, 0, 3, -2, 4095, 4096, 1'000'000'000'000, 3, -2, 7, 0};
    Histogram whole;
    for (const auto x : samples) whole.add(x);
    const std::map<std::int64_t, std::int64_t> expected{{-2, 2}, {0, 2}, {3, 3}, {7, 1}, {4095, 1}, {4096, 1},
                                                        {1'000'000'000'000, 1}};
    EXPECT_EQ(whole.counts(), expected);
    Histogram first, second, third;
    for (std::size_t i = 0; i < samples.size(); ++i) (i < 4 ? first : i < 8 ? second : third).add(samples[i]);
    Histogram left = first;
    left.merge(second);
    left.merge(third);
    Histogram right = third;
    right.merge(first);
    right.merge(second);
    EXPECT_EQ(left, whole);
    EXPECT_EQ(right, whole);
    Histogram read_back;  // as a partial result is read: a value with its count
    for (const auto& [value, count] : expected) read_back.add(value, count);
    EXPECT_EQ(read_back, whole);
    whole.add(8);
    EXPECT_FALSE(read_back == whole);
    EXPECT_EQ(Histogram().counts().size(), 0U);
}

}  // namespace rulesrun
