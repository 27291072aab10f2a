// `rulesrun ladder`: the plan (the bots, each pairing's seatings, a simulation request per seating, all on the same
// seeds), its description in partial results, and its results (the same bits whether played in one go or merged from
// its shards).
#pragma once

#include <fstream>
#include <memory>
#include <vector>

#include "commands.hpp"
#include "ladder_results.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

struct LadderPlan {
    std::shared_ptr<const runtime::GameDefinition> game;
    runtime::ResolvedSettings settings;
    std::vector<BotSpec> bots;  // as listed
    std::int64_t games_per_pairing = 0;
    std::size_t seatings_per_pairing = 0;
    // Every pairing's seatings, pairing after pairing (bots in the order listed): one bot in one seat, the other in
    // the rest, each way round and in every seat (in a two-player game, each way round).
    std::vector<LadderSeating> seatings;
    std::vector<SimulationRequest> requests;  // one per seating: the same games and seeds in each
};

// Reads the bots and checks the settings against `game`. Throws ArgumentError for fewer than two different bots, a
// bot listed twice, fewer than two players or a game count the seatings do not divide; BotListError for an unknown bot
// or a human; SettingsError for options or a player count the rules refuse.
LadderPlan ladder_plan(std::shared_ptr<const runtime::GameDefinition> game, const LadderOptions& options);

// The "run" object of a ladder's partial results (partial_runs.hpp has simulate's).
PartJson ladder_description(const LadderOptions& options, const LadderPlan& plan, std::int64_t shards);
// The options a ladder was given, from its description; json and report are left to the caller.
LadderOptions ladder_options_of_run(const PartJson& run);

// The table or JSON on standard output, and the page when open (ladder_command.cpp).
void write_ladder_results(const LadderOptions& options, const LadderPlan& plan,
                          const std::vector<SimulationReport>& reports, std::ofstream& page);

// `merge` of a ladder's parts (checked by check_parts), printed as `merge` was asked to.
void merge_ladder(const std::vector<Part>& parts, const MergeOptions& merge);

}  // namespace rulesrun::cli
