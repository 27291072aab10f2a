// `rulesrun sweep`'s results as a table (one row per configuration: its settings, then every figure's mean with its
// 95% interval) or as one JSON object.
#pragma once

#include <ostream>
#include <string>

#include "sweep_results.hpp"

namespace rulesrun::cli {

void print_sweep_text(std::ostream& out, const SweepResults& results);

// {"game", "games", "seed", "axes": [{"name", "values"}], ("sample": {"design", "grid"} when the configurations are a
// sample of the grid,) "bots", "warnings", "configurations": [{"players", "options", "bots", "games", "warnings",
// "figures": [{"name", "percent", "mean", "ci95_low", "ci95_high"}]}]}; a figure without samples has null numbers.
std::string sweep_json(const SweepResults& results);

}  // namespace rulesrun::cli
