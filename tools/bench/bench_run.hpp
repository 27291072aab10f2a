// The benchmarks rulesrun_bench runs, in order, each reporting its figures as one section:
//   settings  the command's settings and the build type
//   diamant   random 4-player Diamant (default options), interpreter and hand-written, and their ratio
//   pig       random Pig (2 players, default options), interpreter only
//   diablo_6x6, diablo_8x8   random Diablo on that board, interpreter and hand-written, and their ratio
//   tic_tac_toe, connect_four, breakthrough   random games of the board games, interpreter and hand-written (written
//             as OpenSpiel writes games: native_board_playout.hpp), and their ratio
//   connect_four_kept_heights   the same rules file against a faster hand-written Connect Four
//   memory    many interpreter Diamant games on one restarted Game, with the resident set size along the way
//   summary   one row per game timed on both sides: its hand-written and interpreter games per second and their ratio
// A new game adds its section here (and its playout in its own file).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "figures.hpp"

namespace rulesrun::bench {

struct BenchOptions {
    double seconds = 3;                     // for each timed run
    std::int64_t memory_games = 1'000'000;  // 0: no memory run
    std::uint64_t seed = 1;                 // the first game's seed; the next games take the next seeds
    std::string rules_dir;                  // where diamant.rules and pig.rules are (the classics in classics/)
    std::string tic_tac_toe_rules;          // tests/games/tic_tac_toe.rules of the source tree
    std::vector<std::string> only;          // the sections to run (settings and summary always); empty: all
};

// The names `only` may hold, in the order they run.
const std::vector<std::string>& section_names();

// Called with each section's name and figures as soon as they are measured.
using SectionSink = std::function<void(const std::string& name, const Figures& figures)>;

// Runs every benchmark. Throws std::runtime_error when a rules file has errors or a rule fails in a game.
void run_benchmarks(const BenchOptions& options, const SectionSink& sink);

}  // namespace rulesrun::bench
