// The measurements as figures for the report: JSON objects with rounded numbers, in the order they are printed.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "memory.hpp"
#include "throughput.hpp"

namespace rulesrun::bench {

using Figures = nlohmann::ordered_json;

// games, seconds (wall clock), cpu_seconds, games_per_second and decisions_per_second (per processor second),
// mean_decisions, mean_length, length_ci95.
Figures throughput_figures(const Throughput& run);

// The two timed runs' figures under "interpreter" and "hand_written", then ratio (hand-written games per second over
// the interpreter's) and the differential test: `native_same_seeds` is the hand-written game replayed, untimed, on the
// very seeds the interpreter played, and decisions_agree, lengths_agree say whether its means and the interpreter's
// differ by less than the 95% confidence interval of their difference. Where the hand-written game draws its chance
// as the rules file does (Diablo), both sides play the same game for each seed and the means are equal: any
// difference in the rules shows, and chance alone never makes them false. Elsewhere (Diamant) they agree only
// statistically, false about 1 time in 20 by chance.
Figures comparison_figures(const Throughput& interpreter, const Throughput& native, const Throughput& native_same_seeds);
// The native engine's run (timed in turns with the hand-written one, `hand_written`), its ratio, whether it played the
// interpreter's very games on the same seeds (`same_seeds`: its decisions and lengths, summed exactly), and how long
// its library took to build (null when an earlier section of the run built it: Diablo's two boards share one).
Figures native_engine_figures(const Throughput& engine, const Throughput& hand_written, const Throughput& same_seeds,
                              const Throughput& interpreter, std::optional<double> build_seconds);

// samples (games_played, rss_kib, state_values), then games, seconds, cpu_seconds, games_per_second, rss_kib_before,
// rss_kib_after, rss_growth_kib (after the last game minus after the first tenth of the games).
Figures memory_figures(const MemoryRun& run);

}  // namespace rulesrun::bench
