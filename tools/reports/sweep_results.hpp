// What a sweep found: the swept settings (its axes) and, for every combination of their values, the settings it was
// played with and its simulation report. Read by the table, the JSON and the HTML page of `rulesrun sweep`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// One swept setting: "players" or an option's name, and the values it takes, in the order given.
struct SweepAxis {
    std::string name;
    std::vector<std::string> values;
};

struct SweepPoint {
    std::vector<std::size_t> at;  // the index of its value on each axis
    runtime::ResolvedSettings settings;
    std::vector<BotSpec> bots;
    SimulationReport report;
};

struct SweepResults {
    const runtime::GameDefinition& game;
    std::uint64_t seed = 1;
    std::int64_t games = 0;  // per configuration
    std::vector<SweepAxis> axes;
    std::vector<SweepPoint> points;  // every combination (or the sampled ones), the last axis varying fastest
    std::uint64_t sampled_from = 0;  // the grid's configuration count when the points are a sample of it; else 0
};

// One figure of one configuration: a mean (a rate for percentages) and its 95% interval; no mean without samples.
struct SweepFigure {
    std::string name;
    bool percent = false;  // a share of games, shown as a percentage
    std::optional<double> mean;
    double low = 0, high = 0;
};

// The figures every configuration is described by, in this order: the balance figures (the first seat's share of the
// wins when every seat plays the same bot, shared wins, draws, everybody loses, game length, legal choices per
// decision), then each declared statistic's mean.
std::vector<SweepFigure> sweep_figures(const runtime::GameDefinition& game, const SweepPoint& point);

// The design sampled from the grid, as the outputs name it.
inline constexpr const char* sample_design = "maximin Latin hypercube";

// "12 configurations", or "20 configurations sampled from a grid of 1344 (maximin Latin hypercube)".
std::string configurations_text(const SweepResults& results);

}  // namespace rulesrun::cli
