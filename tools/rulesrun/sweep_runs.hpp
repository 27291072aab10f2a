// `rulesrun sweep`: the plan (every combination of the swept settings, each a simulation request checked against the
// rules before any game is played), its description in partial results and resume folders, and its results.
#pragma once

#include <fstream>
#include <memory>
#include <vector>

#include "commands.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"
#include "sweep_results.hpp"

namespace rulesrun::cli {

struct SweepPlan {
    std::shared_ptr<const runtime::GameDefinition> game;
    std::vector<SweepAxis> axes;  // "players" first when swept, then the options in the order given
    std::vector<std::vector<std::size_t>> at;  // each configuration's value index on each axis; last axis fastest
    std::vector<SimulationRequest> requests;   // one per configuration, the same games and seed in each
};

// Reads the swept values and checks every configuration against `game`. Throws ArgumentError naming a malformed
// --option or --players, an option the rules do not declare or one given twice, and SettingsError (with the
// configuration) for a value the rules refuse.
SweepPlan sweep_plan(std::shared_ptr<const runtime::GameDefinition> game, const SweepOptions& options);

// The "run" object of a sweep's partial results and resume folder (partial_runs.hpp has simulate's).
PartJson sweep_description(const SweepOptions& options, const SweepPlan& plan, std::int64_t shards);
// The options a sweep was given, from its description; json and report are left to the caller.
SweepOptions sweep_options_of_run(const PartJson& run);
// Throws ArgumentError when a configuration's rules no longer give the fingerprint the description recorded.
void check_sweep_unchanged(const PartJson& run, const SweepPlan& plan);

// The table or JSON on standard output, and the page when open (sweep_command.cpp).
void write_sweep_results(const SweepOptions& options, const SweepPlan& plan, std::vector<SimulationReport> reports,
                         std::ofstream& page);

// `merge` of a sweep's parts (checked by check_parts), printed as `merge` was asked to.
void merge_sweep(const std::vector<Part>& parts, const MergeOptions& merge);

}  // namespace rulesrun::cli
