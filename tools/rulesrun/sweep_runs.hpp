// `rulesrun sweep`: the plan (every combination of the swept settings, or --sample's space-filling share of them, each
// a simulation request checked against the rules before any game is played), its description in partial results and
// resume folders, and its results.
#pragma once

#include <fstream>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"
#include "sweep_results.hpp"

namespace rulesrun::cli {

// A sweep plays the whole grid up to this many configurations; beyond, only a --sample of it.
inline constexpr std::uint64_t most_grid_configurations = 100'000;
// Above this many configurations, sweep suggests --sample.
inline constexpr std::uint64_t large_grid = 200;

struct SweepPlan {
    std::shared_ptr<const runtime::GameDefinition> game;
    std::vector<SweepAxis> axes;  // "players" first when swept, then the options in the order given
    std::vector<std::vector<std::size_t>> at;  // each configuration's value index on each axis; last axis fastest
    std::vector<SimulationRequest> requests;   // one per configuration, the same games and seed in each
    std::uint64_t grid = 0;  // the grid's configuration count (saturated at UINT64_MAX)
    bool sampled = false;    // `at` is --sample's share of the grid, not the whole grid
};

// Reads the swept values and checks every configuration played against `game`. Throws ArgumentError naming a
// malformed --option or --players, an option the rules do not declare or one given twice, a grid too large to play
// whole, and SettingsError (with the configuration) for a value the rules refuse.
SweepPlan sweep_plan(std::shared_ptr<const runtime::GameDefinition> game, const SweepOptions& options);

// A `LOW to HIGH` option's bounds; nothing for an option that lists its values.
std::optional<std::pair<long long, long long>> option_range(const runtime::OptionInfo& option);

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
