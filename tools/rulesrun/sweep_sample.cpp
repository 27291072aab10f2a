#include "sweep_sample.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <utility>

#include "random.hpp"

namespace rulesrun::cli {

namespace {

using Point = std::vector<std::size_t>;

// The Latin hypercubes drawn are compared pair by pair: about this many distances are computed in all.
constexpr double distance_budget = 2e7;
constexpr std::size_t most_designs = 200;
constexpr std::size_t most_swaps = 2000;
// Duplicates are moved to the best of at most this many free configurations (more when more points move).
constexpr std::size_t free_pool = 4096;
// Up to this size the free configurations are listed; a larger grid is mostly free and is drawn from at random.
constexpr std::uint64_t listed_grid = 2'000'000;

// Squared distance with every axis scaled to [0, 1] (an axis of one value adds nothing).
double distance2(const Point& a, const Point& b, const std::vector<std::size_t>& sizes) {
    double sum = 0;
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
        if (sizes[axis] < 2) continue;
        const double d = (static_cast<double>(a[axis]) - static_cast<double>(b[axis])) /
                         static_cast<double>(sizes[axis] - 1);
        sum += d * d;
    }
    return sum;
}

// On each axis, point j lies in stratum strata[j] of `count` equal strata of the axis' values, at a value drawn
// within it; the strata are shuffled on each axis independently.
std::vector<Point> latin_hypercube(const std::vector<std::size_t>& sizes, std::size_t count, Rng& rng) {
    std::vector<Point> points(count, Point(sizes.size(), 0));
    std::vector<std::size_t> strata(count);
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) {
        if (sizes[axis] < 2) continue;
        std::iota(strata.begin(), strata.end(), 0);
        rng.shuffle(strata.data(), static_cast<int>(count));
        const std::uint64_t values = sizes[axis];
        for (std::size_t j = 0; j < count; ++j)
            points[j][axis] = (strata[j] * values + rng.below(static_cast<std::uint32_t>(values))) / count;
    }
    return points;
}

// How spread out a design is: the squared distance of its two closest points, and how many pairs are that close.
struct Spread {
    double closest = std::numeric_limits<double>::infinity();
    std::size_t pairs = 0;
};

Spread spread_of(const std::vector<Point>& points, const std::vector<std::size_t>& sizes) {
    constexpr double tie = 1e-12;
    Spread spread;
    for (std::size_t i = 0; i < points.size(); ++i)
        for (std::size_t j = i + 1; j < points.size(); ++j) {
            const double d = distance2(points[i], points[j], sizes);
            if (d < spread.closest - tie)
                spread = {d, 1};
            else if (d <= spread.closest + tie)
                ++spread.pairs;
        }
    return spread;
}

bool wider(const Spread& a, const Spread& b) {
    constexpr double tie = 1e-12;
    if (a.closest > b.closest + tie) return true;
    if (a.closest < b.closest - tie) return false;
    return a.pairs < b.pairs;
}

// The two closest points (the first such pair).
std::pair<std::size_t, std::size_t> closest_pair(const std::vector<Point>& points, const std::vector<std::size_t>& sizes) {
    std::pair<std::size_t, std::size_t> pair{0, 1};
    double closest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < points.size(); ++i)
        for (std::size_t j = i + 1; j < points.size(); ++j)
            if (const double d = distance2(points[i], points[j], sizes); d < closest) closest = d, pair = {i, j};
    return pair;
}

// Spreads the design further by exchanges that keep it a Latin hypercube (as Morris and Mitchell's search does):
// one of the two closest points swaps its value on one axis with another point, and the swap is kept when the design
// is then wider.
void improve_by_swaps(std::vector<Point>& points, Spread& spread, const std::vector<std::size_t>& sizes,
                      std::size_t swaps, Rng& rng) {
    std::vector<std::size_t> axes;
    for (std::size_t axis = 0; axis < sizes.size(); ++axis)
        if (sizes[axis] > 1) axes.push_back(axis);
    if (axes.empty() || points.size() < 3) return;
    const auto count = static_cast<std::uint32_t>(points.size());
    for (std::size_t s = 0; s < swaps; ++s) {
        const auto [i, j] = closest_pair(points, sizes);
        const std::size_t moved = rng.coin() ? i : j;
        const std::size_t other = rng.below(count);
        const std::size_t axis = axes[rng.below(static_cast<std::uint32_t>(axes.size()))];
        if (other == moved || points[other][axis] == points[moved][axis]) continue;
        std::swap(points[moved][axis], points[other][axis]);
        const Spread swapped = spread_of(points, sizes);
        if (wider(swapped, spread))
            spread = swapped;
        else
            std::swap(points[moved][axis], points[other][axis]);
    }
}

std::uint64_t index_of(const Point& point, const std::vector<std::size_t>& sizes) {
    std::uint64_t index = 0;
    for (std::size_t axis = 0; axis < sizes.size(); ++axis) index = index * sizes[axis] + point[axis];
    return index;
}

Point point_of(std::uint64_t index, const std::vector<std::size_t>& sizes) {
    Point point(sizes.size());
    for (std::size_t axis = sizes.size(); axis-- > 0;) {
        point[axis] = static_cast<std::size_t>(index % sizes[axis]);
        index /= sizes[axis];
    }
    return point;
}

// At most `wanted` configurations that no point takes, drawn at random (every free one when there are no more).
std::vector<Point> free_configurations(const std::vector<std::size_t>& sizes, const std::set<std::uint64_t>& taken,
                                       std::size_t wanted, Rng& rng) {
    const std::uint64_t grid = grid_size(sizes);
    std::vector<std::uint64_t> free;
    if (grid <= listed_grid) {
        for (std::uint64_t i = 0; i < grid; ++i)
            if (taken.count(i) == 0) free.push_back(i);
        // The first `wanted` of a partial Fisher-Yates shuffle: a random subset.
        for (std::size_t i = 0; i < std::min(wanted, free.size()); ++i)
            std::swap(free[i], free[i + rng.below(static_cast<std::uint32_t>(free.size() - i))]);
        free.resize(std::min(wanted, free.size()));
    } else {  // the grid is far larger than the sample: random configurations are nearly always free
        std::set<std::uint64_t> drawn;
        while (free.size() < wanted) {
            Point point(sizes.size());
            for (std::size_t axis = 0; axis < sizes.size(); ++axis)
                point[axis] = rng.below(static_cast<std::uint32_t>(sizes[axis]));
            const std::uint64_t i = index_of(point, sizes);
            if (taken.count(i) == 0 && drawn.insert(i).second) free.push_back(i);
        }
    }
    std::vector<Point> points;
    for (const auto i : free) points.push_back(point_of(i, sizes));
    return points;
}

// Moves every point that repeats an earlier one to the free configuration farthest from the points kept so far.
void spread_duplicates(std::vector<Point>& points, const std::vector<std::size_t>& sizes, Rng& rng) {
    std::set<std::uint64_t> taken;
    std::vector<std::size_t> moved;
    for (std::size_t i = 0; i < points.size(); ++i)
        if (!taken.insert(index_of(points[i], sizes)).second) moved.push_back(i);
    if (moved.empty()) return;
    const std::vector<Point> pool = free_configurations(sizes, taken, free_pool + moved.size(), rng);
    std::vector<bool> is_moved(points.size(), false);
    for (const auto i : moved) is_moved[i] = true;
    // Each free configuration's squared distance to its nearest kept point; -1 once it is taken.
    std::vector<double> nearest(pool.size(), std::numeric_limits<double>::infinity());
    for (std::size_t p = 0; p < pool.size(); ++p)
        for (std::size_t i = 0; i < points.size(); ++i)
            if (!is_moved[i]) nearest[p] = std::min(nearest[p], distance2(pool[p], points[i], sizes));
    for (const auto i : moved) {
        const auto best = static_cast<std::size_t>(std::max_element(nearest.begin(), nearest.end()) - nearest.begin());
        points[i] = pool[best];
        nearest[best] = -1;
        for (std::size_t p = 0; p < pool.size(); ++p)
            if (nearest[p] >= 0) nearest[p] = std::min(nearest[p], distance2(pool[p], points[i], sizes));
    }
}

}  // namespace

std::uint64_t grid_size(const std::vector<std::size_t>& sizes) {
    std::uint64_t size = 1;
    for (const auto values : sizes) {
        if (values != 0 && size > std::numeric_limits<std::uint64_t>::max() / values)
            return std::numeric_limits<std::uint64_t>::max();
        size *= values;
    }
    return size;
}

std::vector<std::vector<std::size_t>> space_filling_sample(const std::vector<std::size_t>& sizes, std::size_t count,
                                                           std::uint64_t seed) {
    Rng rng(seed ^ 0x5eedc0ffee5a3b1eULL);  // not the games' own draws from the same seed
    // Half the budget for drawing designs, half for improving the best one by swaps (each costs two passes).
    const double pairs = static_cast<double>(count) * static_cast<double>(count) / 2 + 1;
    const double evaluations = distance_budget / 2 / (pairs * static_cast<double>(sizes.size() + 1));
    const auto designs = static_cast<std::size_t>(std::clamp(evaluations, 1.0, static_cast<double>(most_designs)));
    const auto swaps = static_cast<std::size_t>(std::clamp(evaluations / 2, 0.0, static_cast<double>(most_swaps)));
    std::vector<Point> best = latin_hypercube(sizes, count, rng);
    Spread best_spread = spread_of(best, sizes);
    for (std::size_t d = 1; d < designs; ++d) {
        auto design = latin_hypercube(sizes, count, rng);
        const Spread spread = spread_of(design, sizes);
        if (wider(spread, best_spread)) best = std::move(design), best_spread = spread;
    }
    improve_by_swaps(best, best_spread, sizes, swaps, rng);
    spread_duplicates(best, sizes, rng);
    std::sort(best.begin(), best.end());
    return best;
}

}  // namespace rulesrun::cli
