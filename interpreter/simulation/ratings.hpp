// Ratings of bots from their games against each other: the Bradley-Terry model (bot i scores against bot j with
// probability g_i / (g_i + g_j)), fitted by maximum likelihood with the MM algorithm (Hunter 2004), shown on the Elo
// scale (400 log10 of the strengths' ratio) with 95% intervals from the Fisher information. Each game counts once
// between two bots: their seats' results are averaged (ranked before: 1, level: 1/2, after: 0), so a game of one bot
// against three seats of another is one trial, not three. Every figure is a function of exact counts alone, so the
// same games give the same bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "proportions.hpp"
#include "simulation.hpp"

namespace rulesrun {

// What bots scored against each other: points[i][j] is what i took from j over games[i][j] games (games symmetric,
// points[i][j] + points[j][i] == games[i][j]).
struct PairwiseTally {
    std::vector<std::vector<double>> points;
    std::vector<std::vector<std::int64_t>> games;
    // Comparisons of a seat of one bot with a seat of another where one was ranked before the other: with none, the
    // tally cannot tell the bots apart.
    std::int64_t decisive_comparisons = 0;

    PairwiseTally() = default;
    explicit PairwiseTally(std::size_t bots)
        : points(bots, std::vector<double>(bots, 0)), games(bots, std::vector<std::int64_t>(bots, 0)) {}
    [[nodiscard]] std::size_t bots() const { return points.size(); }
};

// Adds the games of a report between different bots to the tally: `bot_of_seat[s]` is the bot (its index in the tally)
// of seat s. For two bots a and b, each game gives a the mean, over each of its seats against each of b's, of 1 when
// a's seat was ranked before b's, 1/2 when level, 0 after (report.ranked_before).
void add_seat_results(PairwiseTally& tally, const SimulationReport& report,
                      const std::vector<std::size_t>& bot_of_seat);

// The Elo scale: 400 points are a factor of 10 in strength (the stronger scores 10/11, about 91%).
inline constexpr double elo_per_natural_unit = 173.71779276130073;  // 400 / ln 10

// The expected score of a bot rated `gap` Elo above another.
double expected_score(double gap);

struct RatingFit {
    std::vector<double> elo;         // per bot; the anchor is 0
    std::vector<Interval> interval;  // 95%, of the difference from the anchor (the anchor's own is [0, 0])
    std::vector<std::vector<double>> covariance;  // of the ratings (Elo squared), the anchor's row and column 0
    std::size_t anchor = 0;
    // The maximum likelihood exists: every group of bots scored something against the others. Otherwise some bot (or
    // group) won or lost every game against the rest, its rating would be infinite, and the fit adds one virtual
    // draw to every pairing that played: the ratings are then finite but the gaps are lower bounds.
    bool bounded = true;
    bool informative = true;  // some game put one bot ahead of another (tally.decisive_comparisons > 0)
};

// Fits the tally; `anchor` is rated 0. Bots that never met still get a rating when others connect them; a bot cut off
// from the rest gets an infinite interval.
RatingFit fit_ratings(const PairwiseTally& tally, std::size_t anchor);

// The gap between the strongest and the weakest bot, with its 95% interval (when all are rated alike, 0 with the
// interval of the first two's difference).
struct RatingGap {
    std::size_t strongest = 0, weakest = 0;
    double elo = 0;
    Interval interval;
};
RatingGap rating_gap(const RatingFit& fit);

// Bots that were ranked before (or after) every other bot's seats in every game they played: why a fit is unbounded.
std::vector<std::size_t> took_every_point(const PairwiseTally& tally);
std::vector<std::size_t> took_no_point(const PairwiseTally& tally);

}  // namespace rulesrun
