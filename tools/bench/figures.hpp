// The measurements as figures for the report: JSON objects with rounded numbers, in the order they are printed.
#pragma once

#include <nlohmann/json.hpp>

#include "memory.hpp"
#include "throughput.hpp"

namespace rulesrun::bench {

using Figures = nlohmann::ordered_json;

// games, seconds (wall clock), cpu_seconds, games_per_second and decisions_per_second (per processor second),
// mean_decisions, mean_length, length_ci95.
Figures throughput_figures(const Throughput& run);

// The two runs' figures under "interpreter" and "native", then ratio (native games per second over the
// interpreter's) and decisions_agree, lengths_agree: whether the two means differ by less than the 95% confidence
// interval of their difference, a sanity check that both sides play the same game (false about 1 time in 20 by
// chance alone).
Figures comparison_figures(const Throughput& interpreter, const Throughput& native);

// samples (games_played, rss_kib, state_values), then games, seconds, cpu_seconds, games_per_second, rss_kib_before,
// rss_kib_after, rss_growth_kib (after the last game minus after the first tenth of the games).
Figures memory_figures(const MemoryRun& run);

}  // namespace rulesrun::bench
