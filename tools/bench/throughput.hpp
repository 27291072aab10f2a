// Timed runs of random games: one game per seed (first, first + 1, ...) until the time is up, with the games'
// decisions and lengths summed exactly (interpreter/statistics.hpp) for means and confidence intervals.
//
// Rates are per second of processor time: a run lasts `seconds` by the wall clock, but other processes on a busy
// machine would lower rates per wall-clock second, and the ratio of two runs measured at different moments with them.
#pragma once

#include <chrono>
#include <ctime>
#include <cstdint>

#include "playout.hpp"
#include "statistics.hpp"

namespace rulesrun::bench {

struct Throughput {
    std::int64_t games = 0;
    double seconds = 0;      // by the wall clock
    double cpu_seconds = 0;  // processor time of this process
    Accumulator decisions;   // per game
    Accumulator length;      // per game

    [[nodiscard]] double games_per_second() const { return static_cast<double>(games) / cpu_seconds; }
    [[nodiscard]] double decisions_per_second() const { return static_cast<double>(decisions.sum()) / cpu_seconds; }
};

// Processor time used by this process so far (all its threads; the benchmark has one).
inline double cpu_seconds_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Plays `play(seed)` for the seeds first_seed, first_seed + 1... until `seconds` have passed (at least one game). The
// wall clock is read after every game: even the hand-written games take far longer than reading it. The processor
// clock, slower to read, only at the start and the end.
template <class Playout>
Throughput measure(Playout& play, double seconds, std::uint64_t first_seed) {
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    const double cpu_start = cpu_seconds_now();
    Throughput run;
    do {
        const GameOutcome outcome = play(first_seed + static_cast<std::uint64_t>(run.games));
        ++run.games;
        run.decisions.add(outcome.decisions);
        run.length.add(outcome.length);
        run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    } while (run.seconds < seconds);
    run.cpu_seconds = cpu_seconds_now() - cpu_start;
    return run;
}

// Plays `games` games from `first_seed` on, untimed: the outcomes only.
template <class Playout>
Throughput replay_seeds(Playout& play, std::int64_t games, std::uint64_t first_seed) {
    Throughput run;
    for (run.games = 0; run.games < games; ++run.games) {
        const GameOutcome outcome = play(first_seed + static_cast<std::uint64_t>(run.games));
        run.decisions.add(outcome.decisions);
        run.length.add(outcome.length);
    }
    return run;
}

}  // namespace rulesrun::bench
