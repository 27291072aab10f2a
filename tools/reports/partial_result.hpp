// The exact figures of a partial run (one shard of a simulation or of a comparison) as JSON, and back: every count,
// sum, sum of squares and histogram of a SimulationReport as integers (the sums of squares, which need 128 bits, as
// decimal text), and a comparison's per-game figures as numbers that read back to the same doubles. Reading a part
// back and merging it gives the same bits as the run played in one go.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"

namespace rulesrun::cli {

using PartJson = nlohmann::ordered_json;

// A part that cannot be read: a missing or mistyped field, a number out of range, figures that do not fit the game.
struct PartFormatError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

[[nodiscard]] PartJson report_to_json(const SimulationReport& report);
// Reads a report written by report_to_json into `shape` (empty_simulation_report of the game and player count), whose
// sizes it must match. Throws PartFormatError.
[[nodiscard]] SimulationReport report_from_json(const PartJson& json, SimulationReport shape);

// values[f][j] as numbers, null for a game without the figure (NaN).
[[nodiscard]] PartJson figures_to_json(const RunFigures& figures);
// Throws PartFormatError.
[[nodiscard]] RunFigures figures_from_json(const PartJson& json);

}  // namespace rulesrun::cli
