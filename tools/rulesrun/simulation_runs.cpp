#include "simulation_runs.hpp"

#include <algorithm>
#include <thread>

#include "game_setup.hpp"

namespace rulesrun::cli {

SimulationRequest simulation_request(const std::string& path, const SimulateOptions& options) {
    return simulation_request(load_definition(path, options.engine), options);
}

SimulationRequest simulation_request(std::shared_ptr<const runtime::GameDefinition> definition,
                                     const SimulateOptions& options) {
    auto listed = options.bots.empty() ? std::vector<BotSpec>{}
                                       : parse_bot_list(options.bots, definition->strategies(), false);
    const runtime::Settings settings{player_count(*definition, options.players, listed.size()),
                                     parse_option_assignments(options.options), options.seed};
    const int threads = options.threads > 0 ? options.threads
                                            : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    auto resolved = runtime::resolve_settings(*definition, settings);
    SimulationRequest request{std::move(definition), std::move(resolved), {}, options.games, threads, {}, {}, {}};
    request.bots = simulation_seats(std::move(listed), request.settings.players);
    set_bot_timeout(request.bots, options.bot_timeout);
    request.max_actions = options.max_actions;
    return request;
}

std::ofstream open_report(const std::string& path) {
    std::ofstream out;
    if (path.empty()) return out;
    out.open(path, std::ios::binary);
    if (!out) throw std::runtime_error("--report: cannot write '" + path + "'");
    return out;
}

void finish_report(std::ofstream& page, const std::string& path, const std::string& html) {
    if (!page.is_open()) return;
    page << html;
    page.close();
    if (!page) throw std::runtime_error("--report: cannot write '" + path + "'");
}

}  // namespace rulesrun::cli
