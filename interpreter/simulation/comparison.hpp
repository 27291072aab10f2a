// Comparing two rules files (an original and a changed copy, a house rule) by simulation: both play the same number
// of games with the same seeds, and every figure (wins, scores, length, each statistic) is compared game by game.
// When a figure exists in the same games of both runs, the difference is paired (the mean of the per-game
// differences, whose spread is usually much smaller); otherwise the two runs are compared as independent samples.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "simulation.hpp"

namespace rulesrun {

// One figure: the mean in each run (nothing when that file has no such figure or no sample of it) and the
// difference B - A with the half-width of its 95% confidence interval.
struct FigureComparison {
    std::string name;
    std::optional<double> a, b;
    std::int64_t count_a = 0, count_b = 0;  // games with a value
    std::optional<double> min_a, max_a, min_b, max_b;  // the smallest and largest value of a game, in each run
    std::optional<double> difference, ci95;
    bool paired = false;

    // Whether the 95% interval of the difference leaves 0 out: the change is very likely real.
    [[nodiscard]] bool significant() const { return difference && ci95 && std::abs(*difference) > *ci95; }
};

struct ComparisonReport {
    std::int64_t games = 0;
    std::vector<FigureComparison> figures;
};

// Every figure of one run (or of one shard of it), game by game: values[f][j] is figure f in the run's j-th game (a
// shard's games in index order), NaN where that game has no value for it.
struct RunFigures {
    std::vector<std::string> names;
    std::vector<std::vector<double>> values;

    friend bool operator==(const RunFigures&, const RunFigures&) = default;
};

// Plays the request's games (those of its shard; on_game_end is its no more) and keeps every figure of each.
RunFigures collect_figures(SimulationRequest request);

// The figures of the whole run from those of its shards, shards[k] being shard k of shards.size(): every game back
// at its index. Throws std::invalid_argument when a shard does not have the games or the figures it should.
RunFigures merge_shard_figures(const std::vector<RunFigures>& shards, std::int64_t games);

// Compares two whole runs' figures game by game, as compare_simulations does.
ComparisonReport compare_figures(const RunFigures& a, const RunFigures& b);

// Runs both requests (they must have the same game count and base seed; on_game_end is theirs no more) and compares
// their figures: first the outcome (everybody loses, draws, each seat's share of the wins, scores), then the game length, then the
// statistics by name (those of A first). A statistic recorded several times in a game counts as its mean in that game.
// Throws what simulate throws, and std::invalid_argument when the runs do not match.
// Both requests play the whole run (no shard).
ComparisonReport compare_simulations(SimulationRequest a, SimulationRequest b);

}  // namespace rulesrun
