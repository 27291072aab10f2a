#include "figures.hpp"

#include <cmath>

namespace rulesrun::bench {

namespace {

double rounded(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(x * scale) / scale;
}

bool means_agree(const Accumulator& a, const Accumulator& b) {
    return std::abs(a.mean() - b.mean()) <= std::hypot(a.ci95(), b.ci95());
}

}  // namespace

Figures throughput_figures(const Throughput& run) {
    Figures f;
    f["games"] = run.games;
    f["seconds"] = rounded(run.seconds, 3);
    f["cpu_seconds"] = rounded(run.cpu_seconds, 3);
    f["games_per_second"] = rounded(run.games_per_second(), 1);
    f["decisions_per_second"] = std::llround(run.decisions_per_second());
    f["mean_decisions"] = rounded(run.decisions.mean(), 4);
    f["mean_length"] = rounded(run.length.mean(), 4);
    f["length_ci95"] = rounded(run.length.ci95(), 4);
    return f;
}

Figures comparison_figures(const Throughput& interpreter, const Throughput& native, const Throughput& native_same_seeds) {
    Figures f;
    f["interpreter"] = throughput_figures(interpreter);
    f["hand_written"] = throughput_figures(native);
    f["ratio"] = rounded(native.games_per_second() / interpreter.games_per_second(), 2);
    f["native_same_seeds_mean_length"] = rounded(native_same_seeds.length.mean(), 4);
    f["decisions_agree"] = means_agree(interpreter.decisions, native_same_seeds.decisions);
    f["lengths_agree"] = means_agree(interpreter.length, native_same_seeds.length);
    return f;
}

Figures native_engine_figures(const Throughput& engine, const Throughput& hand_written, const Throughput& same_seeds,
                              const Throughput& interpreter, std::optional<double> build_seconds) {
    Figures f;
    f["native_engine"] = throughput_figures(engine);
    f["native_engine_ratio"] = rounded(hand_written.games_per_second() / engine.games_per_second(), 2);
    f["native_engine_same_games"] = same_seeds.decisions.sum() == interpreter.decisions.sum() &&
                                    same_seeds.length.sum() == interpreter.length.sum();
    f["native_engine_build_seconds"] = build_seconds ? Figures(rounded(*build_seconds, 1)) : Figures();
    return f;
}

Figures memory_figures(const MemoryRun& run) {
    Figures f;
    f["samples"] = Figures::array();
    for (const MemorySample& s : run.samples)
        f["samples"].push_back(
            Figures{{"games_played", s.games_played}, {"rss_kib", s.rss_kib}, {"state_values", s.state_values}});
    f["games"] = run.games;
    f["seconds"] = rounded(run.seconds, 3);
    f["cpu_seconds"] = rounded(run.cpu_seconds, 3);
    f["games_per_second"] = rounded(static_cast<double>(run.games) / run.cpu_seconds, 1);
    f["rss_kib_before"] = run.rss_kib_before;
    f["rss_kib_after"] = run.samples.back().rss_kib;
    f["rss_growth_kib"] = run.samples.back().rss_kib - run.samples.front().rss_kib;
    return f;
}

}  // namespace rulesrun::bench
