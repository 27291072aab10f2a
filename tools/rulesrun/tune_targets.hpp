// The targets of `rulesrun tune`: a figure of a simulation (`length`, `draws`, `wins:K`, or a statistic the rules
// declare) and the value it should have, how far a simulation's figure is from it, and how sure that is.
#pragma once

#include <string>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

struct TuneTarget {
    std::string figure;  // as typed: "length", "draws", "wins:2" or a statistic's name
    double value = 0;
    int stat = -1;       // the statistic's index, or -1
    int seat = -1;       // wins:K: the seat, from 0
};

// A figure of one simulation: its mean and the half-width of its 95% interval.
struct TuneFigure {
    double mean = 0;
    double half_width = 0;
};

// Reads "FIGURE=VALUE". Throws ArgumentError naming an unknown figure (with the game's statistics), a seat outside
// 1..players, or a value that is not a number.
TuneTarget parse_tune_target(const std::string& text, const runtime::GameDefinition& game, int players);

[[nodiscard]] TuneFigure figure_of(const SimulationReport& report, const TuneTarget& target);

// How far the report is from every target: the sum of the figures' distances, each relative to its target (absolute
// when the target is 0), so that targets of different scales weigh alike.
[[nodiscard]] double distance_to(const SimulationReport& report, const std::vector<TuneTarget>& targets);

}  // namespace rulesrun::cli
