// Simulations: N games between bots, spread over T threads. Game i is seeded from (base seed, i) alone and every
// figure is summed exactly (statistics.hpp), so the report is the same bits for any thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots.hpp"
#include "game.hpp"
#include "histogram.hpp"
#include "statistics.hpp"

namespace rulesrun {

// A part of a run that can be played apart from the others (on another machine) and merged afterwards: shard k of
// n plays exactly the games of the whole run whose index i has i % n == k, with the seeds the whole run gives them.
struct Shard {
    std::int64_t index = 0;  // from 0 (the command line counts from 1)
    std::int64_t count = 1;

    // How many of `games` games this shard plays, and the index in the whole run of its j-th game.
    [[nodiscard]] std::int64_t games_of(std::int64_t games) const {
        return games > index ? (games - index - 1) / count + 1 : 0;
    }
    [[nodiscard]] std::int64_t game_index(std::int64_t j) const { return index + j * count; }
};

// The cap on a game's length the commands use without --max-actions: far above any real game's length, low enough
// that a game stuck in a loop (two strategies blocking each other) is stopped within seconds.
inline constexpr std::int64_t default_max_actions = 100'000;

struct SimulationRequest {
    std::shared_ptr<const runtime::GameDefinition> game;
    runtime::ResolvedSettings settings;  // its seed is the base seed of the run
    std::vector<BotSpec> bots;           // one per seat, no human
    std::int64_t games = 0;  // of the whole run: a shard plays some of them
    int threads = 1;
    // Called on the calling thread, now and then, with the number of games finished so far.
    std::function<void(std::int64_t games_done)> progress;
    // Called on a worker thread after game `index` has finished, with the finished game (comparisons use it).
    std::function<void(std::int64_t index, const runtime::Game& game)> on_game_end;
    Shard shard;  // the whole run by default
    // Reads the clock around each bot's decision (SimulationReport::decision_nanoseconds): the ladder's time per
    // decision. Off, no clock is read.
    bool time_decisions = false;
    // The cap on each game's length (Game::cap_actions): a game still going after this many actions is stopped as a
    // draw and counted in SimulationReport::stopped_games. 0: none.
    std::int64_t max_actions = default_max_actions;
};

// One statistic of GameDefinition::stats(): every sample, and for a per-player statistic the samples of each seat.
struct StatSummary {
    Accumulator all;
    Histogram histogram;                // every sample
    std::vector<Accumulator> per_seat;  // empty unless the statistic is per player

    friend bool operator==(const StatSummary&, const StatSummary&) = default;
};

struct SimulationReport {
    std::int64_t games = 0;
    std::vector<std::string> seat_names;
    bool cooperative = false;               // the players win or lose together: every seat's wins are the team's
    std::vector<std::int64_t> wins;         // per seat: games won alone (in a cooperative game: won by the team)
    std::vector<std::int64_t> shared_wins;  // per seat: games won together with others
    // per seat, by the number k of winners (index k - 1): games won as one of k winners
    std::vector<std::vector<std::int64_t>> wins_among;
    std::vector<std::vector<std::int64_t>> ranks;  // per seat, by rank (index rank - 1): games ended at that rank
    std::int64_t shared_win_games = 0;      // games with more than one winner (not a draw)
    std::int64_t draws = 0;                 // games nobody won or lost
    std::int64_t everybody_loses = 0;       // games with no winner, not drawn
    std::int64_t stopped_games = 0;         // games stopped at the run's cap on their length (counted as draws)
    std::int64_t limit_games = 0;           // games ended at the rules' own limit (`end game after N actions`)

    // A seat's share of the wins: each game won alone counts 1, won among k winners 1/k, drawn 1/n.
    [[nodiscard]] double win_points(std::size_t seat) const;
    std::vector<Accumulator> scores;        // per seat
    Accumulator length;                     // actions applied per game
    Histogram length_histogram;
    Accumulator choices;                    // legal actions offered at each decision of a seat
    Histogram choices_histogram;
    std::int64_t forced_decisions = 0;      // decisions with a single legal action
    std::vector<StatSummary> stats;         // by index in GameDefinition::stats()
    // Per ordered pair of seats (s, t): games s ended ranked before t (the others they ended level or after; ratings.hpp
    // reads the bots' strengths from them).
    std::vector<std::vector<std::int64_t>> ranked_before;
    std::vector<std::int64_t> decisions;    // per seat: decisions its bot took
    // Per seat: the time its bot took to decide, when the request asked for it (else 0). A measurement, not a figure:
    // it differs from run to run.
    std::vector<std::int64_t> decision_nanoseconds;

    void merge(const SimulationReport& other);
    friend bool operator==(const SimulationReport&, const SimulationReport&) = default;
};

// A rule failed in one game, or a bot did (an exec bot's BotError); the run stops. When several games fail, the one with the lowest index is reported
// (whatever the thread count).
struct SimulationError : std::runtime_error {
    SimulationError(std::int64_t game_index, std::uint64_t game_seed, const std::string& message);
    std::int64_t game_index;
    std::uint64_t game_seed;
};

// A report with no game yet, shaped for this game and player count (what partial reports are merged into).
SimulationReport empty_simulation_report(const runtime::GameDefinition& definition, int players);

// The seed of game `index` of a run with this base seed.
std::uint64_t simulation_game_seed(std::uint64_t base_seed, std::int64_t index);

// Runs the games. Throws SimulationError when a rule or a bot fails in a game, BotListError for a human or a bot list of the
// wrong length, std::invalid_argument for a negative game count, fewer than one thread or a shard out of range. The
// report of a shard counts its own games only; merging the reports of every shard gives the whole run's.
SimulationReport simulate(const SimulationRequest& request);

}  // namespace rulesrun
