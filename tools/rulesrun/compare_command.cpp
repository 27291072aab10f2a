// `rulesrun simulate A.rules --compare B.rules`: both files play the same games (same seeds, players, options and
// bots) and every figure is printed for A and B with the difference B - A and its 95% confidence interval.
#include <fstream>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "comparison_html.hpp"
#include "rulesrun.hpp"
#include "game_setup.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

SimulationRequest request_for(const std::string& file, const SimulateOptions& options) {
    const auto definition = load_definition(file);
    auto listed = options.bots.empty() ? std::vector<BotSpec>{}
                                       : parse_bot_list(options.bots, definition->strategies(), false);
    const runtime::Settings settings{player_count(*definition, options.players, listed.size()),
                                     parse_option_assignments(options.options), options.seed};
    SimulationRequest request{definition, runtime::resolve_settings(*definition, settings), {}, options.games,
                              options.threads > 0 ? options.threads
                                                  : static_cast<int>(std::max(1U, std::thread::hardware_concurrency())),
                              {}, {}};
    request.bots = simulation_seats(std::move(listed), request.settings.players);
    set_bot_timeout(request.bots, options.bot_timeout);
    return request;
}

std::string number(const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : "-"; }

std::string interval(const FigureComparison& f) {
    if (!f.difference || !f.ci95) return "-";
    return fmt::format("[{:.3f}, {:.3f}]{}", *f.difference - *f.ci95, *f.difference + *f.ci95, f.significant() ? " *" : "");
}

void print_text(const ComparisonReport& report, const SimulationRequest& a, const SimulationRequest& b,
                const SimulateOptions& options) {
    std::cout << fmt::format("A: {}\nB: {}\n{} games each, {} players, the same seeds (base seed {})\n",
                             options.file, options.compare, report.games, a.settings.players, options.seed);
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
    Json figures = Json::array();
    for (const auto& f : report.figures)
        figures.push_back({{"name", f.name}, {"a", optional_json(f.a)}, {"b", optional_json(f.b)},
                           {"count_a", f.count_a}, {"count_b", f.count_b}, {"difference", optional_json(f.difference)},
                           {"ci95", optional_json(f.ci95)}, {"paired", f.paired}, {"significant", f.significant()}});
    out["figures"] = figures;
    return out.dump(2);
}

}  // namespace

int run_compare(const SimulateOptions& options) {
    auto a = request_for(options.file, options);
    auto b = request_for(options.compare, options);
    std::ofstream page;  // opened before the games: a path that cannot be written wastes no run
    if (!options.report.empty()) {
        page.open(options.report, std::ios::binary);
        if (!page) throw std::runtime_error("--report: cannot write '" + options.report + "'");
    }
    ProgressBar progress(2 * options.games);
    a.progress = [&progress](std::int64_t done) { progress.update(done); };
    b.progress = [&progress, &options](std::int64_t done) { progress.update(options.games + done); };
    const auto report = compare_simulations(a, b);
    progress.finish();
    if (options.json)
        std::cout << json_text(report, a, b, options) << '\n';
    else
        print_text(report, a, b, options);
    if (page.is_open()) {
        page << comparison_html({options.file, options.compare, a.settings, b.settings, a.bots}, report);
        page.close();
        if (!page) throw std::runtime_error("--report: cannot write '" + options.report + "'");
    }
    return exit_ok;
}

}  // namespace rulesrun::cli
