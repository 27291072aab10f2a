// `rulesrun simulate`: N games between bots on T threads, reported as a table or as JSON.
#include <fstream>
#include <iostream>
#include <thread>

#include "commands.hpp"
#include "game_setup.hpp"
#include "html_report.hpp"
#include "rulesrun.hpp"
#include "simulation_output.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

namespace {

int default_threads() { return std::max(1U, std::thread::hardware_concurrency()); }

// The page is opened before the games are played, so that a path that cannot be written wastes no run.
std::ofstream open_report(const std::string& path) {
    std::ofstream out;
    if (path.empty()) return out;
    out.open(path, std::ios::binary);
    if (!out) throw std::runtime_error("--report: cannot write '" + path + "'");
    return out;
}

}  // namespace

int run_simulate(const SimulateOptions& options) {
    if (!options.compare.empty()) return run_compare(options);
    const auto definition = load_definition(options.file);
    auto listed = options.bots.empty() ? std::vector<BotSpec>{}
                                       : parse_bot_list(options.bots, definition->strategies(), false);
    const runtime::Settings settings{player_count(*definition, options.players, listed.size()),
                                     parse_option_assignments(options.options), options.seed};
    SimulationRequest request{definition, runtime::resolve_settings(*definition, settings), {}, options.games,
                              options.threads > 0 ? options.threads : default_threads(), {}, {}};
    request.bots = simulation_seats(std::move(listed), request.settings.players);
    set_bot_timeout(request.bots, options.bot_timeout);
    std::ofstream page = open_report(options.report);
    ProgressBar progress(options.games);
    request.progress = [&progress](std::int64_t done) { progress.update(done); };
    const auto report = simulate(request);
    progress.finish();
    const SimulationSetup setup{*definition, request.settings, request.bots};
    if (options.json)
        std::cout << simulation_json(setup, report) << '\n';
    else
        print_simulation_text(std::cout, setup, report);
    if (page.is_open()) {
        page << simulation_html(setup, report);
        page.close();
        if (!page) throw std::runtime_error("--report: cannot write '" + options.report + "'");
    }
    return exit_ok;
}

}  // namespace rulesrun::cli
