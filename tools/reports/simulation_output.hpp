// A simulation report as a table for people or as one JSON object for programs.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// What the report is about: the game, its settings and who played each seat.
struct SimulationSetup {
    const runtime::GameDefinition& game;
    const runtime::ResolvedSettings& settings;
    const std::vector<BotSpec>& bots;
};

void print_simulation_text(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report);

// {"games", "seed", "players", "options", "seats", "shared_win_games", "everybody_loses", "length", "balance",
// "stats"}.
std::string simulation_json(const SimulationSetup& setup, const SimulationReport& report);

}  // namespace rulesrun::cli
