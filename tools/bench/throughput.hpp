// Timed runs of random games: one game per seed (first, first + 1, ...) until the time is up, with the games'
// decisions and lengths summed exactly (interpreter/statistics.hpp) for means and confidence intervals.
//
// Rates are per second of processor time: a run lasts `seconds` by the wall clock, but other processes on a busy
// machine would lower rates per wall-clock second, and the ratio of two runs measured at different moments with them.
#pragma once

#include <chrono>
#include <ctime>
#include <algorithm>
#include <cstdint>
#include <utility>

#include "playout.hpp"
#include "rulesrun.hpp"

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

// Plays `play`'s next games (seeds first_seed + run.games, + 1...) until `seconds` have passed (at least one batch),
// adding them to `run`. The wall clock is read after every batch of games, not after every game: on a virtual machine
// a read costs tens of nanoseconds, a twentieth of a hand-written tic-tac-toe game, which would flatter the engines'
// ratios. The processor clock, slower to read, only at the start and the end.
template <class Playout>
void play_for(Playout& play, double seconds, std::uint64_t first_seed, Throughput& run) {
    using Clock = std::chrono::steady_clock;
    constexpr int games_per_clock_read = 16;
    const Clock::time_point start = Clock::now();
    const double cpu_start = cpu_seconds_now();
    double elapsed = 0;
    do {
        for (int i = 0; i < games_per_clock_read; ++i) {
            const GameOutcome outcome = play(first_seed + static_cast<std::uint64_t>(run.games));
            ++run.games;
            run.decisions.add(outcome.decisions);
            run.length.add(outcome.length);
        }
        elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < seconds);
    run.seconds += elapsed;
    run.cpu_seconds += cpu_seconds_now() - cpu_start;
}

// Plays `play(seed)` for the seeds first_seed, first_seed + 1... until `seconds` have passed.
template <class Playout>
Throughput measure(Playout& play, double seconds, std::uint64_t first_seed) {
    Throughput run;
    play_for(play, seconds, first_seed, run);
    return run;
}

// Two playouts timed in turns, a twentieth of a second each, until each has had `seconds`: when the machine's speed
// drifts (other work, a busy host), both sides see the same drift, and their ratio holds where two runs one after
// the other would not (this machine's interpreter runs differed by a third from one run to the next).
template <class First, class Second>
std::pair<Throughput, Throughput> measure_in_turns(First& first, Second& second, double seconds, std::uint64_t first_seed) {
    constexpr double slice = 0.05;
    std::pair<Throughput, Throughput> runs;
    while (runs.first.seconds < seconds || runs.second.seconds < seconds) {
        play_for(first, std::min(slice, seconds), first_seed, runs.first);
        play_for(second, std::min(slice, seconds), first_seed, runs.second);
    }
    return runs;
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
