// Bradley-Terry ratings (ratings.hpp) against figures worked out by hand: the log-odds of two bots, the Fisher
// interval and how it widens with fewer games, a cycle of three, the likelihood equations of a transitive three, a
// bot that never loses, games that tell nothing, and the tally read from a report's seats.
#include <gtest/gtest.h>

#include <cmath>

#include "ratings.hpp"

namespace rulesrun {
namespace {

// Two bots: `a` points for bot 0 against `b` for bot 1.
PairwiseTally two(double a, double b) {
    PairwiseTally tally(2);
    tally.points[0][1] = a;
    tally.points[1][0] = b;
    tally.games[0][1] = tally.games[1][0] = static_cast<std::int64_t>(a + b);
    tally.decisive_comparisons = static_cast<std::int64_t>(a + b);
    return tally;
}

void meet(PairwiseTally& tally, std::size_t i, std::size_t j, double i_points, std::int64_t games) {
    tally.points[i][j] += i_points;
    tally.points[j][i] += static_cast<double>(games) - i_points;
    tally.games[i][j] += games;
    tally.games[j][i] += games;
    tally.decisive_comparisons += games;
}

TEST(Ratings, ThirtyWinsToTenAreLogOddsOfThree) {
    const RatingFit fit = fit_ratings(two(30, 10), 1);
    // 400 log10(30 / 10)
    EXPECT_NEAR(fit.elo[0], 190.848501887865, 1e-9);
    EXPECT_EQ(fit.elo[1], 0.0);
    // Fisher information of the log-odds: 40 games * 3/4 * 1/4 = 7.5; its standard error on the Elo scale
    // (400 / ln 10) / sqrt(7.5) = 63.4329, times 1.95996 = 124.326.
    EXPECT_NEAR(fit.interval[0].high - fit.elo[0], 124.326, 1e-3);
    EXPECT_NEAR(fit.elo[0] - fit.interval[0].low, 124.326, 1e-3);
    EXPECT_EQ(fit.interval[1].low, 0.0);
    EXPECT_EQ(fit.interval[1].high, 0.0);
    EXPECT_TRUE(fit.bounded);
    EXPECT_TRUE(fit.informative);
}

TEST(Ratings, FewerGamesWidenTheIntervalBySquareRoot) {
    const RatingFit many = fit_ratings(two(30, 10), 1);
    const RatingFit few = fit_ratings(two(3, 1), 1);
    EXPECT_NEAR(few.elo[0], many.elo[0], 1e-9);
    const double many_half = many.interval[0].high - many.elo[0];
    const double few_half = few.interval[0].high - few.elo[0];
    EXPECT_NEAR(few_half / many_half, std::sqrt(10.0), 1e-9);
}

TEST(Ratings, TheAnchorOnlyMovesTheZero) {
    const RatingFit from_weaker = fit_ratings(two(30, 10), 1);
    const RatingFit from_stronger = fit_ratings(two(30, 10), 0);
    EXPECT_NEAR(from_stronger.elo[1], -from_weaker.elo[0], 1e-9);
    EXPECT_NEAR(from_stronger.interval[1].low, -from_weaker.interval[0].high, 1e-9);
}

TEST(Ratings, GapOfTwoBotsIsTheirDifference) {
    const RatingGap gap = rating_gap(fit_ratings(two(10, 30), 0));
    EXPECT_EQ(gap.strongest, 1U);
    EXPECT_EQ(gap.weakest, 0U);
    EXPECT_NEAR(gap.elo, 190.848501887865, 1e-9);
    EXPECT_NEAR(gap.interval.high - gap.elo, 124.326, 1e-3);
    EXPECT_NEAR(expected_score(gap.elo), 0.75, 1e-12);
}

TEST(Ratings, ACycleRatesEveryoneAlike) {
    PairwiseTally tally(3);
    meet(tally, 0, 1, 20, 30);
    meet(tally, 1, 2, 20, 30);
    meet(tally, 2, 0, 20, 30);
    const RatingFit fit = fit_ratings(tally, 0);
    for (const double elo : fit.elo) EXPECT_NEAR(elo, 0.0, 1e-9);
}

// At the maximum of the likelihood each bot's expected points equal its points (the likelihood equations).
TEST(Ratings, ExpectedPointsEqualPointsAtTheFit) {
    PairwiseTally tally(3);
    meet(tally, 0, 1, 25, 40);
    meet(tally, 0, 2, 33, 40);
    meet(tally, 1, 2, 24.5, 40);
    const RatingFit fit = fit_ratings(tally, 2);
    EXPECT_GT(fit.elo[0], fit.elo[1]);
    EXPECT_GT(fit.elo[1], fit.elo[2]);
    for (std::size_t i = 0; i < 3; ++i) {
        double points = 0, expected = 0;
        for (std::size_t j = 0; j < 3; ++j) {
            if (i == j) continue;
            points += tally.points[i][j];
            expected += static_cast<double>(tally.games[i][j]) * expected_score(fit.elo[i] - fit.elo[j]);
        }
        EXPECT_NEAR(expected, points, 1e-6) << "bot " << i;
    }
    // Anchored at the weakest, the gap is the strongest's rating, with its interval.
    const RatingGap gap = rating_gap(fit);
    EXPECT_EQ(gap.strongest, 0U);
    EXPECT_EQ(gap.weakest, 2U);
    EXPECT_NEAR(gap.elo, fit.elo[0], 1e-9);
    EXPECT_NEAR(gap.interval.low, fit.interval[0].low, 1e-9);
}

TEST(Ratings, ABotThatNeverLosesGetsAVirtualDrawAndIsFlagged) {
    const PairwiseTally tally = two(10, 0);
    const RatingFit fit = fit_ratings(tally, 1);
    EXPECT_FALSE(fit.bounded);
    // One virtual draw: 10.5 to 0.5, 400 log10(21).
    EXPECT_NEAR(fit.elo[0], 400 * std::log10(21.0), 1e-9);
    EXPECT_EQ(took_every_point(tally), std::vector<std::size_t>{0});
    EXPECT_EQ(took_no_point(tally), std::vector<std::size_t>{1});
}

TEST(Ratings, GamesThatAreAllLevelTellNothing) {
    PairwiseTally tally = two(5, 5);
    tally.decisive_comparisons = 0;
    const RatingFit fit = fit_ratings(tally, 0);
    EXPECT_FALSE(fit.informative);
    EXPECT_NEAR(fit.elo[1], 0.0, 1e-9);
}

// Bot 0 alone in seat 1, bot 1 in seats 2 and 3: each game gives bot 0 the mean of its two comparisons.
TEST(Ratings, SeatResultsAverageTheComparisonsOfAGame) {
    SimulationReport report;
    report.games = 4;
    report.ranked_before = {{0, 2, 3}, {1, 0, 0}, {1, 0, 0}};
    PairwiseTally tally(2);
    add_seat_results(tally, report, {0, 1, 1});
    // Against seat 2: 2 before, 1 after, 1 level; against seat 3: 3 before, 1 after. (2 + 3 + 1/2) / 2 comparisons.
    EXPECT_DOUBLE_EQ(tally.points[0][1], 2.75);
    EXPECT_DOUBLE_EQ(tally.points[1][0], 1.25);
    EXPECT_EQ(tally.games[0][1], 4);
    EXPECT_EQ(tally.games[1][0], 4);
    EXPECT_EQ(tally.decisive_comparisons, 7);
}

}  // namespace
}  // namespace rulesrun
