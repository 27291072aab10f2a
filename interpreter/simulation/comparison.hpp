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
    std::optional<double> difference, ci95;
    bool paired = false;

    // Whether the 95% interval of the difference leaves 0 out: the change is very likely real.
    [[nodiscard]] bool significant() const { return difference && ci95 && std::abs(*difference) > *ci95; }
};

struct ComparisonReport {
    std::int64_t games = 0;
    std::vector<FigureComparison> figures;
};

// Runs both requests (they must have the same game count and base seed; on_game_end is theirs no more) and compares
// their figures: first the outcome (everybody loses, draws, each seat's share of the wins, scores), then the game length, then the
// statistics by name (those of A first). A statistic recorded several times in a game counts as its mean in that game.
// Throws what simulate throws, and std::invalid_argument when the runs do not match.
ComparisonReport compare_simulations(SimulationRequest a, SimulationRequest b);

}  // namespace rulesrun
