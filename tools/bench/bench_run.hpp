// The benchmarks rulesrun_bench runs, in order, each reporting its figures as one section:
//   settings  the command's settings and the build type
//   diamant   random 4-player Diamant (default options), interpreter and hand-written, and their ratio
//   pig       random Pig (2 players, default options), interpreter only
//   diablo_6x6, diablo_8x8   random Diablo on that board, interpreter and hand-written, and their ratio
//   memory    many interpreter Diamant games on one restarted Game, with the resident set size along the way
// A new game adds its section here (and its playout in its own file).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "figures.hpp"

namespace rulesrun::bench {

struct BenchOptions {
    double seconds = 3;                     // for each timed run
    std::int64_t memory_games = 1'000'000;  // 0: no memory run
    std::uint64_t seed = 1;                 // the first game's seed; the next games take the next seeds
    std::string rules_dir;                  // where diamant.rules and pig.rules are
};

// Called with each section's name and figures as soon as they are measured.
using SectionSink = std::function<void(const std::string& name, const Figures& figures)>;

// Runs every benchmark. Throws std::runtime_error when a rules file has errors or a rule fails in a game.
void run_benchmarks(const BenchOptions& options, const SectionSink& sink);

}  // namespace rulesrun::bench
