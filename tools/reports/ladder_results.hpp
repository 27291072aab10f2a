// A ladder's results (`rulesrun ladder`): each seating's simulation report turned into what its outputs show: every
// bot's rating with its interval, the ranking, the win matrix, the games and draws each bot played, its time per
// decision, and the skill depth with its warnings.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rulesrun.hpp"
#include "skill_depth.hpp"

namespace rulesrun::cli {

// One seating of a pairing: its two bots (indices in the ladder, first < second) and the bot of each seat.
struct LadderSeating {
    std::size_t first = 0, second = 0;
    std::vector<std::size_t> bot_of_seat;
};

// What a bot did over the ladder.
struct LadderBotFigures {
    std::int64_t games = 0;
    std::int64_t draws = 0;
    std::int64_t decisions = 0;
    std::int64_t nanoseconds = 0;  // deciding, over every decision
};

struct LadderResults {
    const runtime::GameDefinition& game;
    const runtime::ResolvedSettings& settings;  // its seed is the base seed of every seating
    std::vector<std::string> bots;              // as listed
    std::int64_t games_per_pairing = 0;
    std::size_t seatings_per_pairing = 0;
    bool times = true;  // the times per decision are shown (they differ from run to run)
    SkillDepth depth;   // the ratings, their fit and the gap
    std::vector<std::size_t> ranking;  // the bots, the highest rated first (ties in the order listed)
    std::vector<LadderBotFigures> per_bot;
    std::int64_t games = 0, draws = 0, everybody_loses = 0;
    std::int64_t stopped_games = 0;  // stopped at the cap on a game's length (counted among the draws)
};

// The results of every seating's report (reports[i] is seatings[i]'s). With `times`, the outputs show the time per
// decision.
LadderResults ladder_results(const runtime::GameDefinition& game, const runtime::ResolvedSettings& settings,
                             std::vector<std::string> bots, std::int64_t games_per_pairing,
                             const std::vector<LadderSeating>& seatings, const std::vector<SimulationReport>& reports,
                             bool times);

// "hold_at_20 in seat 1, random in the others": what a seating is, for the progress lines.
std::string seating_label(const std::vector<std::string>& bots, const LadderSeating& seating);

// The row bot's share of the points against the column bot (draws and level seats as halves), and its games.
struct MatrixCell {
    double rate = 0;
    Interval interval;
    std::int64_t games = 0;
};
MatrixCell matrix_cell(const LadderResults& results, std::size_t row, std::size_t column);

// A bot's mean time per decision in milliseconds, or -1 when it took no decision.
double milliseconds_per_decision(const LadderBotFigures& figures);
// The same as text in a unit that fits ("0.05 us", "3.70 ms", "2.10 s": bots decide in nanoseconds to seconds), or "-".
std::string decision_time_text(const LadderBotFigures& figures);

}  // namespace rulesrun::cli
