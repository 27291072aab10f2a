#include "ratings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rulesrun {

namespace {

constexpr double z95 = 1.959963984540054;
constexpr double infinity = std::numeric_limits<double>::infinity();
// The MM iterations stop when no strength moves by more than this fraction, or after this many rounds.
constexpr double converged = 1e-13;
constexpr int most_rounds = 100'000;

using Matrix = std::vector<std::vector<double>>;

// Whether every bot that played can reach every other through "scored something against": the condition for the
// maximum likelihood to exist (Zermelo, Ford).
bool strongly_connected(const PairwiseTally& tally) {
    const std::size_t n = tally.bots();
    std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) reach[i][j] = i == j || (tally.games[i][j] > 0 && tally.points[i][j] > 0);
    for (std::size_t k = 0; k < n; ++k)
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = 0; j < n; ++j) reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j)
            if (!reach[i][j]) return false;
    return true;
}

PairwiseTally with_virtual_draws(PairwiseTally tally) {
    for (std::size_t i = 0; i < tally.bots(); ++i)
        for (std::size_t j = 0; j < tally.bots(); ++j)
            if (i != j && tally.games[i][j] > 0) {
                tally.points[i][j] += 0.5;
                ++tally.games[i][j];
            }
    return tally;
}

std::int64_t games_of(const PairwiseTally& tally, std::size_t i) {
    std::int64_t games = 0;
    for (std::size_t j = 0; j < tally.bots(); ++j) games += j == i ? 0 : tally.games[i][j];
    return games;
}

// The strengths g that maximise the likelihood, by the MM update g_i = W_i / sum_j n_ij / (g_i + g_j), scaled so
// that their logarithms average 0 (a bot that played nothing keeps 1).
std::vector<double> mm_strengths(const PairwiseTally& tally) {
    const std::size_t n = tally.bots();
    std::vector<double> strength(n, 1.0), next(n, 1.0);
    for (int round = 0; round < most_rounds; ++round) {
        for (std::size_t i = 0; i < n; ++i) {
            double won = 0, denominator = 0;
            for (std::size_t j = 0; j < n; ++j) {
                if (j == i || tally.games[i][j] == 0) continue;
                won += tally.points[i][j];
                denominator += static_cast<double>(tally.games[i][j]) / (strength[i] + strength[j]);
            }
            next[i] = denominator > 0 ? won / denominator : strength[i];
        }
        double log_sum = 0;
        for (const double g : next) log_sum += std::log(g);
        const double scale = std::exp(-log_sum / static_cast<double>(n));
        double moved = 0;
        for (std::size_t i = 0; i < n; ++i) {
            next[i] *= scale;
            moved = std::max(moved, std::abs(next[i] / strength[i] - 1));
        }
        strength.swap(next);
        if (moved < converged) break;
    }
    return strength;
}

// The inverse of a symmetric positive definite matrix by Gauss-Jordan elimination; empty when it is singular.
Matrix inverse(Matrix a) {
    const std::size_t n = a.size();
    Matrix inv(n, std::vector<double>(n, 0));
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
        if (std::abs(a[pivot][col]) < 1e-12) return {};
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        const double p = a[col][col];
        for (std::size_t c = 0; c < n; ++c) {
            a[col][c] /= p;
            inv[col][c] /= p;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col || a[r][col] == 0) continue;
            const double f = a[r][col];
            for (std::size_t c = 0; c < n; ++c) {
                a[r][c] -= f * a[col][c];
                inv[r][c] -= f * inv[col][c];
            }
        }
    }
    return inv;
}

// The covariance of the log-strengths with the anchor's fixed at 0: the inverse of the Fisher information
// (sum over pairs of n_ij p_ij p_ji (e_i - e_j)(e_i - e_j)^T) without the anchor's row and column. Infinite where
// the information does not reach (a bot cut off from the anchor).
Matrix log_strength_covariance(const PairwiseTally& tally, const std::vector<double>& strength, std::size_t anchor) {
    const std::size_t n = tally.bots();
    Matrix information(n, std::vector<double>(n, 0));
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < n; ++j) {
            if (i == j || tally.games[i][j] == 0) continue;
            const double p = strength[i] / (strength[i] + strength[j]);
            const double w = static_cast<double>(tally.games[i][j]) * p * (1 - p);
            information[i][i] += w;
            information[i][j] -= w;
        }
    std::vector<std::size_t> free;
    for (std::size_t i = 0; i < n; ++i)
        if (i != anchor) free.push_back(i);
    Matrix reduced(free.size(), std::vector<double>(free.size()));
    for (std::size_t a = 0; a < free.size(); ++a)
        for (std::size_t b = 0; b < free.size(); ++b) reduced[a][b] = information[free[a]][free[b]];
    const Matrix inv = inverse(reduced);
    Matrix covariance(n, std::vector<double>(n, 0));
    for (std::size_t a = 0; a < free.size(); ++a)
        for (std::size_t b = 0; b < free.size(); ++b)
            covariance[free[a]][free[b]] = inv.empty() ? (a == b ? infinity : 0) : inv[a][b];
    return covariance;
}

Interval around(double centre, double variance) {
    const double half = z95 * std::sqrt(std::max(0.0, variance));
    return {centre - half, centre + half};
}

}  // namespace

void add_seat_results(PairwiseTally& tally, const SimulationReport& report,
                      const std::vector<std::size_t>& bot_of_seat) {
    const std::size_t seats = bot_of_seat.size();
    for (std::size_t a = 0; a < tally.bots(); ++a)
        for (std::size_t b = a + 1; b < tally.bots(); ++b) {
            // Over every game: pairs of a's seat and b's seat, and those where a's (or b's) was ranked before.
            std::int64_t pairs = 0, a_before = 0, b_before = 0;
            for (std::size_t s = 0; s < seats; ++s)
                for (std::size_t t = 0; t < seats; ++t)
                    if (bot_of_seat[s] == a && bot_of_seat[t] == b) {
                        ++pairs;
                        a_before += report.ranked_before[s][t];
                        b_before += report.ranked_before[t][s];
                    }
            if (pairs == 0 || report.games == 0) continue;
            const auto level = static_cast<double>(pairs * report.games - a_before - b_before);
            const double per_pair = 1.0 / static_cast<double>(pairs);
            tally.points[a][b] += (static_cast<double>(a_before) + level / 2) * per_pair;
            tally.points[b][a] += (static_cast<double>(b_before) + level / 2) * per_pair;
            tally.games[a][b] += report.games;
            tally.games[b][a] += report.games;
            tally.decisive_comparisons += a_before + b_before;
        }
}

double expected_score(double gap) { return 1 / (1 + std::pow(10.0, -gap / 400)); }

RatingFit fit_ratings(const PairwiseTally& tally, std::size_t anchor) {
    RatingFit fit;
    fit.anchor = anchor;
    fit.informative = tally.decisive_comparisons > 0;
    fit.bounded = strongly_connected(tally);
    const PairwiseTally used = fit.bounded ? tally : with_virtual_draws(tally);
    const std::vector<double> strength = mm_strengths(used);
    const Matrix covariance = log_strength_covariance(used, strength, anchor);
    const std::size_t n = tally.bots();
    const double anchor_log = std::log(strength[anchor]);
    constexpr double scale2 = elo_per_natural_unit * elo_per_natural_unit;
    fit.covariance.assign(n, std::vector<double>(n, 0));
    for (std::size_t i = 0; i < n; ++i) {
        fit.elo.push_back(i == anchor ? 0.0 : (std::log(strength[i]) - anchor_log) * elo_per_natural_unit);
        for (std::size_t j = 0; j < n; ++j) fit.covariance[i][j] = covariance[i][j] * scale2;
        fit.interval.push_back(i == anchor ? Interval{0, 0} : around(fit.elo[i], fit.covariance[i][i]));
        if (games_of(tally, i) == 0 && i != anchor) fit.interval.back() = {-infinity, infinity};
    }
    return fit;
}

RatingGap rating_gap(const RatingFit& fit) {
    RatingGap gap;
    for (std::size_t i = 0; i < fit.elo.size(); ++i) {
        if (fit.elo[i] > fit.elo[gap.strongest]) gap.strongest = i;
        if (fit.elo[i] < fit.elo[gap.weakest]) gap.weakest = i;
    }
    // Every bot rated alike: the gap is 0, with the interval of the first two bots' difference.
    if (gap.strongest == gap.weakest && fit.elo.size() > 1) gap.weakest = gap.strongest == 0 ? 1 : 0;
    const std::size_t s = gap.strongest, w = gap.weakest;
    gap.elo = fit.elo.empty() ? 0 : fit.elo[s] - fit.elo[w];
    if (s == w) return gap;
    const double variance = fit.covariance[s][s] + fit.covariance[w][w] - 2 * fit.covariance[s][w];
    gap.interval = std::isfinite(variance) ? around(gap.elo, variance) : Interval{-infinity, infinity};
    return gap;
}

std::vector<std::size_t> took_every_point(const PairwiseTally& tally) {
    std::vector<std::size_t> bots;
    for (std::size_t i = 0; i < tally.bots(); ++i) {
        double points = 0;
        for (std::size_t j = 0; j < tally.bots(); ++j) points += j == i ? 0 : tally.points[i][j];
        if (games_of(tally, i) > 0 && points == static_cast<double>(games_of(tally, i))) bots.push_back(i);
    }
    return bots;
}

std::vector<std::size_t> took_no_point(const PairwiseTally& tally) {
    std::vector<std::size_t> bots;
    for (std::size_t i = 0; i < tally.bots(); ++i) {
        double points = 0;
        for (std::size_t j = 0; j < tally.bots(); ++j) points += j == i ? 0 : tally.points[i][j];
        if (games_of(tally, i) > 0 && points == 0) bots.push_back(i);
    }
    return bots;
}

}  // namespace rulesrun
