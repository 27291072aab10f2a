// Confidence intervals of proportions (win rates): the Wilson score interval, which stays inside [0, 1] and is
// sound for rates near 0 or 1 and for small counts, where the normal approximation is not.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace rulesrun {

struct Interval {
    double low = 0;
    double high = 0;
};

// The 95% interval of a proportion observed `hits` times in `trials` (hits may be fractional: shared wins).
inline Interval wilson95(double hits, std::int64_t trials) {
    if (trials <= 0) return {0, 1};
    constexpr double z = 1.959963984540054;
    const double n = static_cast<double>(trials);
    const double p = hits / n;
    const double denominator = 1 + z * z / n;
    const double centre = (p + z * z / (2 * n)) / denominator;
    const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator;
    // At 0 or every hit the bound is exactly 0 or 1 (rounding would leave a tiny remainder).
    return {hits <= 0 ? 0.0 : std::max(0.0, centre - half), hits >= n ? 1.0 : std::min(1.0, centre + half)};
}

}  // namespace rulesrun
