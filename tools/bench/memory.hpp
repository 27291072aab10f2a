// Memory over many games: the resident set size of the process, read while one Game plays game after game.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "interpreter_playout.hpp"

namespace rulesrun::bench {

// The resident set size of this process in KiB (from /proc/self/statm); 0 where /proc cannot be read.
std::int64_t resident_kib();

struct MemorySample {
    std::int64_t games_played = 0;
    std::int64_t rss_kib = 0;
    std::size_t state_values = 0;  // Game::state_values() after the last game: what a clone would copy
};

struct MemoryRun {
    std::int64_t games = 0;
    double seconds = 0;      // by the wall clock
    double cpu_seconds = 0;  // processor time
    std::int64_t rss_kib_before = 0;   // before the first game
    std::vector<MemorySample> samples;  // after every tenth of the games, the last one after the last game
};

// Plays `games` games (seeds first_seed, first_seed + 1...) with one playout, reading the memory before and at
// intervals. games >= 1.
MemoryRun run_for_memory(InterpreterPlayout& playout, std::int64_t games, std::uint64_t first_seed);

}  // namespace rulesrun::bench
