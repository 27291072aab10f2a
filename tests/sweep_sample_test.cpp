// sweep --sample's design (tools/rulesrun/sweep_sample.hpp): distinct configurations of the grid in its order, the
// same from the same seed, a Latin hypercube on every axis, and spread wider than configurations picked at random.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "random.hpp"
#include "sweep_sample.hpp"

namespace rulesrun::cli {
namespace {

using Points = std::vector<std::vector<std::size_t>>;

// The distance of the two closest points, each axis scaled to [0, 1].
double closest_distance(const Points& points, const std::vector<std::size_t>& sizes) {
    double closest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < points.size(); ++i)
        for (std::size_t j = i + 1; j < points.size(); ++j) {
            double sum = 0;
            for (std::size_t a = 0; a < sizes.size(); ++a) {
                const double d = (static_cast<double>(points[i][a]) - static_cast<double>(points[j][a])) /
                                 static_cast<double>(sizes[a] - 1);
                sum += d * d;
            }
            closest = std::min(closest, std::sqrt(sum));
        }
    return closest;
}

void expect_distinct_in_grid(const Points& points, const std::vector<std::size_t>& sizes, std::size_t count) {
    ASSERT_EQ(points.size(), count);
    EXPECT_TRUE(std::is_sorted(points.begin(), points.end()));
    EXPECT_EQ(std::set<std::vector<std::size_t>>(points.begin(), points.end()).size(), count);
    for (const auto& point : points) {
        ASSERT_EQ(point.size(), sizes.size());
        for (std::size_t a = 0; a < sizes.size(); ++a) EXPECT_LT(point[a], sizes[a]);
    }
}

TEST(SweepSample, GridSizeSaturates) {
    EXPECT_EQ(grid_size({4, 7, 8}), 224U);
    EXPECT_EQ(grid_size({}), 1U);
    EXPECT_EQ(grid_size({std::size_t{1} << 40, std::size_t{1} << 40}), std::numeric_limits<std::uint64_t>::max());
}

TEST(SweepSample, DistinctInGridOrderAndDrawnFromTheSeed) {
    const std::vector<std::size_t> sizes{4, 7, 8};
    const auto sample = space_filling_sample(sizes, 20, 9);
    expect_distinct_in_grid(sample, sizes, 20);
    EXPECT_EQ(space_filling_sample(sizes, 20, 9), sample);
    EXPECT_NE(space_filling_sample(sizes, 20, 10), sample);
}

// With as many values on an axis as points, every value is taken exactly once.
TEST(SweepSample, EveryAxisIsALatinHypercube) {
    const std::vector<std::size_t> sizes{10, 10, 10};
    const auto sample = space_filling_sample(sizes, 10, 3);
    expect_distinct_in_grid(sample, sizes, 10);
    for (std::size_t a = 0; a < sizes.size(); ++a) {
        std::set<std::size_t> values;
        for (const auto& point : sample) values.insert(point[a]);
        EXPECT_EQ(values.size(), 10U) << "axis " << a;
    }
}

// Its closest pair is farther apart than in any of 200 random picks of as many configurations.
TEST(SweepSample, WiderThanRandomPicks) {
    const std::vector<std::size_t> sizes{4, 7, 8};
    const double ours = closest_distance(space_filling_sample(sizes, 20, 1), sizes);
    Rng rng(1);
    std::vector<std::size_t> indices(grid_size(sizes));
    for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = i;
    double best_random = 0;
    for (int draw = 0; draw < 200; ++draw) {
        rng.shuffle(indices.data(), static_cast<int>(indices.size()));
        Points picked;
        for (std::size_t i = 0; i < 20; ++i)
            picked.push_back({indices[i] / 56, indices[i] / 8 % 7, indices[i] % 8});
        best_random = std::max(best_random, closest_distance(picked, sizes));
    }
    EXPECT_GT(ours, best_random);
}

// Nearly the whole grid, and a grid too large to list: every point distinct all the same.
TEST(SweepSample, DuplicatesAreMovedToFreeConfigurations) {
    expect_distinct_in_grid(space_filling_sample({4, 7, 8}, 223, 5), {4, 7, 8}, 223);
    expect_distinct_in_grid(space_filling_sample({2, 3}, 5, 5), {2, 3}, 5);
    const std::vector<std::size_t> large{64, 15, 7, 10, 7, 200};
    expect_distinct_in_grid(space_filling_sample(large, 300, 5), large, 300);
}

}  // namespace
}  // namespace rulesrun::cli
