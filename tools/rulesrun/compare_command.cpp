// `rulesrun simulate A.rules --compare B.rules`: both files play the same games (same seeds, players, options and
// bots) and every figure is printed for A and B with the difference B - A and its 95% confidence interval. With
// --shard K/N, both files play the K-th of N shards and the per-game figures are printed for `rulesrun merge`.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "comparison_html.hpp"
#include "figure_warnings.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"
#include "simulation_runs.hpp"
#include "terminal.hpp"
#include "validators.hpp"

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string number(const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : "-"; }

std::string interval(const FigureComparison& f) {
    if (!f.difference || !f.ci95) return "-";
    return fmt::format("[{:.3f}, {:.3f}]{}", *f.difference - *f.ci95, *f.difference + *f.ci95, f.significant() ? " *" : "");
}

void print_text(const ComparisonReport& report, const SimulationRequest& a, const SimulationRequest& b,
                const SimulateOptions& options) {
    std::cout << fmt::format("A: {}\nB: {}\n{} games each, {} players, the same seeds (base seed {})\nbots: {}\n",
                             options.file, options.compare, report.games, a.settings.players, options.seed,
                             bots_by_seat(a.bots));
    std::size_t width = std::string("figure").size();
    for (const auto& f : report.figures) width = std::max(width, f.name.size());
    std::cout << fmt::format("\n{:<{}} {:>12} {:>12} {:>12}  {}\n", "figure (mean per game)", width, "A", "B", "B - A",
                             "95% CI of B - A");
    for (const auto& f : report.figures)
        std::cout << fmt::format("{:<{}} {:>12} {:>12} {:>12}  {}{}\n", f.name, width, number(f.a), number(f.b),
                                 number(f.difference), interval(f), f.difference && !f.paired ? " (unpaired)" : "");
    std::cout << "\n* the interval leaves 0 out: the difference is very likely real, not chance.\n";
    (void)b;
}

Json optional_json(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }

std::string json_text(const ComparisonReport& report, const SimulationRequest& a, const SimulationRequest& b,
                      const SimulateOptions& options) {
    Json out;
    out["games"] = report.games;
    out["seed"] = options.seed;
    out["players"] = a.settings.players;
    const auto options_of = [](const SimulationRequest& r) {
        Json o = Json::object();
        for (const auto& [name, value] : r.settings.options) o[name] = value;
        return o;
    };
    out["a"] = {{"file", options.file}, {"options", options_of(a)}};
    out["b"] = {{"file", options.compare}, {"options", options_of(b)}};
    out["bots"] = bots_by_seat(a.bots);
    out["warnings"] = comparison_warnings(*a.game, *b.game, a.bots, report);
    Json figures = Json::array();
    for (const auto& f : report.figures)
        figures.push_back({{"name", f.name}, {"a", optional_json(f.a)}, {"b", optional_json(f.b)},
                           {"count_a", f.count_a}, {"count_b", f.count_b}, {"difference", optional_json(f.difference)},
                           {"ci95", optional_json(f.ci95)}, {"paired", f.paired}, {"significant", f.significant()}});
    out["figures"] = figures;
    return out.dump(2);
}

// Both files' figures, game by game (of the request's shard).
std::pair<RunFigures, RunFigures> play_both(SimulationRequest& a, SimulationRequest& b) {
    const std::int64_t games = a.shard.games_of(a.games);
    ProgressBar progress(2 * games);
    a.progress = [&progress](std::int64_t done) { progress.update(done); };
    b.progress = [&progress, games](std::int64_t done) { progress.update(games + done); };
    auto figures = std::make_pair(collect_figures(a), collect_figures(b));
    progress.finish();
    return figures;
}

PartJson figures_pair_json(const std::pair<RunFigures, RunFigures>& figures) {
    return {{"a", figures_to_json(figures.first)}, {"b", figures_to_json(figures.second)}};
}

}  // namespace

void write_comparison_results(const SimulateOptions& options, const SimulationRequest& a, const SimulationRequest& b,
                              const ComparisonReport& report, std::ofstream& page) {
    const auto warnings = comparison_warnings(*a.game, *b.game, a.bots, report);
    print_warnings("simulate --compare", warnings);
    if (options.json)
        std::cout << json_text(report, a, b, options) << '\n';
    else
        print_text(report, a, b, options);
    if (page.is_open())
        finish_report(page, options.report,
                      comparison_html({options.file, options.compare, a.settings, b.settings, a.bots, warnings}, report));
}

int run_compare(const SimulateOptions& options) {
    auto a = simulation_request(options.file, options);
    auto b = simulation_request(options.compare, options);
    if (a.settings.players != b.settings.players)
        throw ArgumentError(players_differ);
    if (!options.shard.empty()) {
        a.shard = b.shard = parse_shard(options.shard);
        const auto figures = play_both(a, b);
        std::cout << part_text(run_description(options, a, &b, a.shard.count), a.shard, figures_pair_json(figures))
                  << '\n';
        return exit_ok;
    }
    std::ofstream page = open_report(options.report);
    const auto figures = play_both(a, b);
    write_comparison_results(options, a, b, compare_figures(figures.first, figures.second), page);
    return exit_ok;
}

}  // namespace rulesrun::cli
