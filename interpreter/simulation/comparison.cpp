#include "comparison.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

namespace rulesrun {

namespace {

constexpr double missing = std::numeric_limits<double>::quiet_NaN();

std::vector<std::string> figure_names(const runtime::GameDefinition& game, int players) {
    std::vector<std::string> names{"everybody loses (%)", "draws (%)"};
    const auto seat = [](int s) { return fmt::format("player {}", s + 1); };
    // A win among k winners counts 1/k (Results::win_share), so shared wins do not count as whole ones.
    for (int s = 0; s < players; ++s) names.push_back(fmt::format("share of the wins: {} (%)", seat(s)));
    for (int s = 0; s < players; ++s) names.push_back(fmt::format("score: {}", seat(s)));
    names.push_back("game length (actions)");
    for (const auto& stat : game.stats()) {
        names.push_back(stat.name);
        if (stat.per_player)
            for (int s = 0; s < players; ++s) names.push_back(fmt::format("{}: {}", stat.name, seat(s)));
    }
    return names;
}

// The figures of one finished game, in figure_names' order, at `index` among the games kept.
void record_figures(const runtime::Game& game, std::size_t index, RunFigures& run) {
    const auto results = game.results();
    const auto n = game.players();
    std::size_t f = 0;
    const auto put = [&](double v) { run.values[f++][index] = v; };
    put(results.everybody_loses ? 100 : 0);
    put(results.draw ? 100 : 0);
    for (int s = 0; s < n; ++s) put(100 * results.win_share(static_cast<std::size_t>(s)));
    for (int s = 0; s < n; ++s) put(results.scores[s]);
    put(static_cast<double>(game.history().size()));
    const auto& stats = game.definition().stats();
    for (std::size_t i = 0; i < stats.size(); ++i) {
        std::vector<double> sum(static_cast<std::size_t>(n) + 1, 0), count(static_cast<std::size_t>(n) + 1, 0);
        for (const auto& sample : game.samples()) {
            if (sample.stat != static_cast<int>(i)) continue;
            sum[0] += sample.value, count[0] += 1;
            if (sample.seat >= 0) sum[static_cast<std::size_t>(sample.seat) + 1] += sample.value, count[static_cast<std::size_t>(sample.seat) + 1] += 1;
        }
        const auto mean = [&](std::size_t k) { return count[k] > 0 ? sum[k] / count[k] : missing; };
        put(mean(0));
        if (stats[i].per_player)
            for (int s = 0; s < n; ++s) put(mean(static_cast<std::size_t>(s) + 1));
    }
}

struct Moments {
    double count = 0, mean = 0, variance = 0;  // sample variance (n - 1)
};

Moments moments(const std::vector<double>& xs) {
    Moments m;
    for (const double x : xs) m.count += 1, m.mean += x;
    if (m.count == 0) return m;
    m.mean /= m.count;
    for (const double x : xs) m.variance += (x - m.mean) * (x - m.mean);
    m.variance = m.count > 1 ? m.variance / (m.count - 1) : 0;
    return m;
}

std::vector<double> present(const std::vector<double>* values) {
    std::vector<double> out;
    if (values)
        for (const double v : *values)
            if (!std::isnan(v)) out.push_back(v);
    return out;
}

FigureComparison compare(const std::string& name, const std::vector<double>* a, const std::vector<double>* b) {
    FigureComparison c;
    c.name = name;
    const std::vector<double> values_a = present(a), values_b = present(b);
    const Moments ma = moments(values_a), mb = moments(values_b);
    c.count_a = static_cast<std::int64_t>(ma.count);
    c.count_b = static_cast<std::int64_t>(mb.count);
    if (!values_a.empty()) {
        c.min_a = *std::min_element(values_a.begin(), values_a.end());
        c.max_a = *std::max_element(values_a.begin(), values_a.end());
    }
    if (!values_b.empty()) {
        c.min_b = *std::min_element(values_b.begin(), values_b.end());
        c.max_b = *std::max_element(values_b.begin(), values_b.end());
    }
    if (ma.count > 0) c.a = ma.mean;
    if (mb.count > 0) c.b = mb.mean;
    if (!c.a || !c.b) return c;
    c.difference = *c.b - *c.a;
    std::vector<double> differences;
    for (std::size_t i = 0; i < a->size(); ++i)
        if (!std::isnan((*a)[i]) && !std::isnan((*b)[i])) differences.push_back((*b)[i] - (*a)[i]);
    c.paired = static_cast<double>(differences.size()) == ma.count && ma.count == mb.count;
    if (c.paired) {
        const Moments md = moments(differences);
        if (md.count > 1) c.ci95 = 1.96 * std::sqrt(md.variance / md.count);
    } else if (ma.count > 1 && mb.count > 1) {
        c.ci95 = 1.96 * std::sqrt(ma.variance / ma.count + mb.variance / mb.count);
    }
    return c;
}

const std::vector<double>* values_of(const RunFigures& run, const std::string& name) {
    for (std::size_t i = 0; i < run.names.size(); ++i)
        if (run.names[i] == name) return &run.values[i];
    return nullptr;
}

}  // namespace

RunFigures collect_figures(SimulationRequest request) {
    RunFigures figures;
    figures.names = figure_names(*request.game, request.settings.players);
    const Shard shard = request.shard;
    figures.values.assign(figures.names.size(),
                          std::vector<double>(static_cast<std::size_t>(shard.games_of(request.games)), missing));
    // Each game is written by exactly one worker thread, so no lock is needed.
    request.on_game_end = [&figures, shard](std::int64_t index, const runtime::Game& game) {
        record_figures(game, static_cast<std::size_t>((index - shard.index) / shard.count), figures);
    };
    simulate(request);
    return figures;
}

RunFigures merge_shard_figures(const std::vector<RunFigures>& shards, std::int64_t games) {
    if (shards.empty()) throw std::invalid_argument("no shard to merge");
    RunFigures whole{shards[0].names, {}};
    whole.values.assign(whole.names.size(), std::vector<double>(static_cast<std::size_t>(games), missing));
    const auto count = static_cast<std::int64_t>(shards.size());
    for (std::int64_t k = 0; k < count; ++k) {
        const RunFigures& part = shards[static_cast<std::size_t>(k)];
        const Shard shard{k, count};
        const auto played = static_cast<std::size_t>(shard.games_of(games));
        if (part.names != whole.names) throw std::invalid_argument(fmt::format("shard {} has other figures", k + 1));
        for (std::size_t f = 0; f < whole.names.size(); ++f) {
            if (part.values[f].size() != played)
                throw std::invalid_argument(fmt::format("shard {} has {} games of '{}', not {}", k + 1,
                                                        part.values[f].size(), whole.names[f], played));
            for (std::size_t j = 0; j < played; ++j) {
                const auto index = static_cast<std::size_t>(shard.game_index(static_cast<std::int64_t>(j)));
                whole.values[f][index] = part.values[f][j];
            }
        }
    }
    return whole;
}

ComparisonReport compare_figures(const RunFigures& figures_a, const RunFigures& figures_b) {
    ComparisonReport report{static_cast<std::int64_t>(figures_a.values.empty() ? 0 : figures_a.values[0].size()), {}};
    for (const auto& name : figures_a.names)
        report.figures.push_back(compare(name, values_of(figures_a, name), values_of(figures_b, name)));
    for (const auto& name : figures_b.names)
        if (!values_of(figures_a, name)) report.figures.push_back(compare(name, nullptr, values_of(figures_b, name)));
    return report;
}

ComparisonReport compare_simulations(SimulationRequest a, SimulationRequest b) {
    if (a.games != b.games || a.settings.seed != b.settings.seed || a.settings.players != b.settings.players)
        throw std::invalid_argument("compare: both runs need the same games, seed and players");
    a.shard = b.shard = Shard{};
    return compare_figures(collect_figures(std::move(a)), collect_figures(std::move(b)));
}

}  // namespace rulesrun
