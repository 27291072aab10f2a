// The commands of rulesrun, their options as read from the command line, and the exit codes they share.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "rulesrun.hpp"  // default_max_actions

namespace rulesrun::cli {

enum ExitCode : int {
    exit_ok = 0,
    exit_failed = 1,        // errors in a rules file, a rule failing while a game runs, a file that cannot be used
    exit_arguments = 2,     // wrong arguments: unknown flags, options, option values or bots
    exit_end_of_input = 3,  // standard input ended during a game: it is left unfinished
};

// A wrong command-line argument the parser cannot see (a bot list too long for the players, "--option rounds").
struct ArgumentError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The games `simulate` plays without --games: enough for win rates within about 3 points (95%), in seconds.
inline constexpr std::int64_t default_simulated_games = 1000;

struct CheckOptions {
    std::vector<std::string> files;
    bool json = false;
};

struct FmtOptions {
    std::vector<std::string> files;  // files and folders; "-" alone: standard input to standard output
    bool check = false;              // write nothing; exit 1 naming the files not formatted
};

struct LspOptions {};

struct InfoOptions {
    std::string file;
    bool json = false;
};

struct PlayOptions {
    std::string file;
    int players = 0;  // 0: not given
    std::vector<std::string> options;  // "NAME=VALUE" as typed
    std::optional<std::uint64_t> seed;
    std::string bots;
    std::string engine = "interpreter";  // --engine: "interpreter" or "native" (native_engine.hpp)
    std::string save;
    std::string resume;
    bool force = false;  // --resume a game whose rules have changed since it was saved
    bool run_programs = false;  // --resume runs the saved game's exec: seats without asking
    std::optional<double> bot_timeout;  // seconds an exec bot may take per decision (unset: BotSpec's default)
};

struct SimulateOptions {
    std::string file;
    std::int64_t games = default_simulated_games;
    std::uint64_t seed = 1;
    std::string bots;
    std::string engine = "interpreter";  // --engine: "interpreter" or "native" (native_engine.hpp)
    std::vector<std::string> options;
    int players = 0;
    int threads = 0;  // 0: one per processor
    bool json = false;
    std::string report;  // an HTML page to write, or empty
    std::string compare;  // another rules file to compare with, game by game (compare_command.cpp)
    std::optional<double> bot_timeout;  // seconds an exec bot may take per decision (unset: BotSpec's default)
    std::int64_t max_actions = default_max_actions;  // --max-actions: the cap on a game's length
    std::string shard;   // "K/N": play only the K-th of N shards and print its partial result; empty: every game
    int processes = 0;   // play the run as this many shards in child processes and merge them; 0: in this process
    std::string slurm;   // a folder to write a Slurm job array of `tasks` shards and its merge into, instead of playing
    std::int64_t tasks = 0;
    bool submit = false;  // with --slurm: submit the job too
};

// sweep --sample plays at most this many configurations (the design compares every pair of them).
inline constexpr long long most_sample = 10'000;

struct SweepOptions {
    std::string file;
    std::vector<std::string> options;  // "NAME=V1,V2,..." as typed: an option and the values it is swept over
    std::string players;               // "2,3,4": the player counts swept over; empty: the game's default
    std::string bots;
    std::string engine = "interpreter";  // --engine: "interpreter" or "native" (native_engine.hpp)
    std::int64_t games = default_simulated_games;  // per configuration
    std::uint64_t seed = 1;
    int threads = 0;  // 0: one per processor
    bool json = false;
    std::string report;
    std::int64_t sample = 0;  // play this many configurations of the grid, chosen to cover it (sweep_sample.hpp); 0: all
    std::string shard;   // "K/N", as simulate's
    int processes = 0;   // as simulate's
    std::string resume;  // a folder keeping each finished configuration, so that an interrupted sweep goes on
    std::optional<double> bot_timeout;
    std::int64_t max_actions = default_max_actions;  // --max-actions: the cap on a game's length
    std::string slurm;   // as simulate's
    std::int64_t tasks = 0;
    bool submit = false;  // with --slurm: submit the job too
};

struct TuneOptions {
    std::string file;
    std::vector<std::string> vary;     // "NAME" (every value, or a range's evenly spaced ones) or "NAME=V1,V2,..."
    std::vector<std::string> targets;  // "FIGURE=VALUE"
    int players = 0;                   // 0: the game's smallest, or the length of --bots
    std::string bots;
    std::string engine = "interpreter";  // --engine: "interpreter" or "native" (native_engine.hpp)
    std::int64_t games = default_simulated_games;  // games of the last round; the first rounds play fewer
    std::uint64_t seed = 1;
    int threads = 0;
    bool json = false;
    std::string report;  // --report: the rounds and the best setting's figures as an HTML page
    std::optional<double> bot_timeout;
    std::int64_t max_actions = default_max_actions;  // --max-actions: the cap on a game's length
};

// The games each pairing of a ladder plays without --games, rounded up to a multiple of its seatings.
inline constexpr std::int64_t default_ladder_games = 200;

struct LadderOptions {
    std::string file;
    std::string bots;    // the bots to rate: at least two different ones, no human
    std::int64_t games = 0;  // per pairing, split evenly between its seatings; 0: default_ladder_games rounded up
    std::uint64_t seed = 1;
    std::string engine = "interpreter";  // --engine: "interpreter" or "native" (native_engine.hpp)
    std::vector<std::string> options;
    int players = 0;     // 0: the game's smallest count
    int threads = 0;     // 0: one per processor
    bool json = false;
    std::string report;  // an HTML page to write, or empty
    bool no_times = false;  // leave the measured times per decision out: the output is then the same bits every run
    std::optional<double> bot_timeout;
    std::int64_t max_actions = default_max_actions;  // --max-actions: the cap on a game's length
    std::string shard;   // "K/N", as simulate's
    int processes = 0;   // as simulate's
};

struct MergeOptions {
    std::vector<std::string> parts;  // partial result files, one per shard
    bool json = false;
    std::string report;
};

struct ReplayOptions {
    std::string file;
    bool step = false;
    bool force = false;  // replay a game whose rules have changed since it was saved
    std::string seat;    // whose view: a seat's number or name; empty: a spectator's (public information only)
};

struct AuditOptions {
    std::vector<std::string> files;
    int games = 12;      // per player count
    int players = 0;     // 0: the game's smallest count and the next one
    std::uint64_t seed = 1;
    int variants = 2;
    int max_actions = 2000;  // per game: a game still running then is left there (and counted)
    std::vector<std::string> options;  // "NAME=VALUE" as typed
};

struct TreeOptions {
    std::string file;
    int depth = 0;
    int players = 0;  // 0: the game's smallest count
    std::vector<std::string> options;  // "NAME=VALUE" as typed
    std::uint64_t seed = 1;
    bool json = false;
};

struct SolveOptions {
    std::string file;
    int players = 0;  // 0: the game's smallest count, or the length of --bots
    std::vector<std::string> options;  // "NAME=VALUE" as typed
    std::uint64_t seed = 1;
    std::int64_t iterations = 1000;
    std::string bots;   // empty: solve the game; else the bots whose policy is evaluated
    int samples = 16;
    std::string value;  // "score", "outcome", or empty: chosen from the game
    std::int64_t max_nodes = 5'000'000;
    std::int64_t policy_rows = 40;
    bool json = false;
};

struct ServeOptions {
    std::vector<std::string> files;  // empty: every rules file in rules/ of the current folder
    std::string host = "127.0.0.1";
    int port = 8080;
    std::string data = "rulesrun-data";
    int max_tables = 1000;
    double idle_hours = 48;
    std::string bots;  // programs the lobby may seat: "exec:\"python3 my_bot.py\",..."
    std::optional<double> bot_timeout;
    double message_rate = 20;  // WebSocket messages a second per connection (0: no limit)
    double request_rate = 10;  // HTTP requests a second per connection (0: no limit)
};

int run_check(const CheckOptions& options);
int run_fmt(const FmtOptions& options);
int run_lsp(const LspOptions& options);
int run_info(const InfoOptions& options);
int run_audit(const AuditOptions& options);
int run_play(const PlayOptions& options);
int run_simulate(const SimulateOptions& options);
int run_compare(const SimulateOptions& options);  // simulate --compare
int run_ladder(const LadderOptions& options);
int run_merge(const MergeOptions& options);
int run_sweep(const SweepOptions& options);
int run_tune(const TuneOptions& options);
int run_replay(const ReplayOptions& options);
int run_serve(const ServeOptions& options);
int run_tree(const TreeOptions& options);
int run_solve(const SolveOptions& options);

}  // namespace rulesrun::cli
