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

// Why the figures say nothing about play, if they do not (figure_warnings.hpp): every game lost by all, drawn, or won
// by the same seat or bot.
std::vector<std::string> simulation_warnings(const SimulationSetup& setup, const SimulationReport& report);

// {"game", "games", "seed", "players", "options", "bots", "warnings", "seats", "cooperative", "shared_win_games",
// "draws", "everybody_loses", "limit_games" (ended at the rules' `end game after N actions`), "stopped_games" (stopped
// at the run's cap on a game's length, as draws), "length", "balance", "stats"}.
std::string simulation_json(const SimulationSetup& setup, const SimulationReport& report);

}  // namespace rulesrun::cli
