// What simulate, simulate --compare, merge and sweep share: the request a rules file and the command's options make,
// the HTML page opened before the games, and writing a whole run's results (the same bits whether the run was played
// in one go or merged from its shards).
#pragma once

#include <fstream>
#include <string>

#include "commands.hpp"
#include "rulesrun.hpp"
#include "simulation_output.hpp"

namespace rulesrun::cli {

// Loads `path` and resolves the options' players, --option values, seed, bots and games (the whole run: no shard).
SimulationRequest simulation_request(const std::string& path, const SimulateOptions& options);
// The same with the rules already loaded.
SimulationRequest simulation_request(std::shared_ptr<const runtime::GameDefinition> definition,
                                     const SimulateOptions& options);

// The error of --compare when its files are played by different numbers of players.
inline constexpr const char* players_differ = "--compare: both files must be played by the same number of players";

// --report: the page is opened before the games are played, so that a path that cannot be written wastes no run. Not
// open when the path is empty.
std::ofstream open_report(const std::string& path);
// Writes the page and closes it; throws when it could not be written.
void finish_report(std::ofstream& page, const std::string& path, const std::string& html);

// A simulation's table or JSON on standard output, and its page when open (simulate_command.cpp).
void write_simulation_results(const SimulateOptions& options, const SimulationSetup& setup,
                              const SimulationReport& report, std::ofstream& page);

// A comparison's table or JSON on standard output, and its page when open (compare_command.cpp).
void write_comparison_results(const SimulateOptions& options, const SimulationRequest& a, const SimulationRequest& b,
                              const ComparisonReport& report, std::ofstream& page);

}  // namespace rulesrun::cli
