// A ladder's results as a table for people or as one JSON object for programs.
#pragma once

#include <ostream>
#include <string>

#include "ladder_results.hpp"

namespace rulesrun::cli {

// The settings, the bots ranked with their ratings, games, draws and time per decision, the win matrix, the skill
// depth and the warnings.
void print_ladder_text(std::ostream& out, const LadderResults& results);

// {"game", "players", "options", "seed", "games_per_pairing", "seatings_per_pairing", "games", "draws",
//  "everybody_loses", "scale", "anchor", "bots" (ranked: "rank", "bot", "rating", "ci95", "games", "draws",
//  "decisions", "ms_per_decision"), "matrix" (per bot as listed: "bot", "against" {bot: {"rate", "ci95", "games"}}),
//  "skill_depth", "warnings"}.
std::string ladder_json(const LadderResults& results);

}  // namespace rulesrun::cli
