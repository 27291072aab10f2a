// `rulesrun ladder FILE --bots A,B,C`: how strong each bot of a game is. Every pair of bots meets in every seating
// (one alone in each seat in turn, the other in the rest, each way round), every seating on the same games' seeds, so
// that the luck of the deal cancels between them; the results give each bot a Bradley-Terry rating on the Elo scale
// with its interval, a win matrix and the skill depth. --shard K/N plays the K-th shard of every seating for `rulesrun
// merge`; --processes N plays N shards in child processes and merges them.
#include <iostream>

#include <fmt/format.h>

#include "game_setup.hpp"
#include "ladder_runs.hpp"
#include "shard_processes.hpp"
#include "simulation_runs.hpp"
#include "slurm_job.hpp"
#include "step_progress.hpp"
#include "validators.hpp"

namespace rulesrun::cli {

namespace {

void check_arguments(const LadderOptions& options) {
    if (options.processes > 0 && !options.shard.empty())
        throw ArgumentError("--processes with --shard: the processes play the shards");
    if (options.shard.empty()) return;
    parse_shard(options.shard);
    if (options.json) throw ArgumentError("--json with --shard: a shard prints its partial result; 'rulesrun merge' "
                                          "prints the whole ladder's JSON");
    if (!options.report.empty())
        throw ArgumentError("--report with --shard: 'rulesrun merge --report FILE' writes the whole ladder's page");
}

// The command line a shard process runs: the ladder's own arguments.
std::vector<std::string> task_command(const LadderOptions& options) {
    std::vector<std::string> words{this_program(), "ladder", options.file, "--bots", options.bots, "--seed",
                                   std::to_string(options.seed)};
    if (options.games > 0) words.insert(words.end(), {"--games", std::to_string(options.games)});
    if (options.players > 0) words.insert(words.end(), {"--players", std::to_string(options.players)});
    for (const auto& option : options.options) words.insert(words.end(), {"--option", option});
    if (options.threads > 0) words.insert(words.end(), {"--threads", std::to_string(options.threads)});
    if (options.bot_timeout) words.insert(words.end(), {"--bot-timeout", fmt::format("{}", *options.bot_timeout)});
    words.insert(words.end(), {"--max-actions", std::to_string(options.max_actions)});
    if (options.engine != "interpreter") words.insert(words.end(), {"--engine", options.engine});
    if (options.no_times) words.emplace_back("--no-times");
    return words;
}

std::vector<SimulationReport> play_all(LadderPlan& plan) {
    std::int64_t games = 0;
    for (const auto& request : plan.requests) games += request.shard.games_of(request.games);
    std::vector<std::string> names;
    for (const auto& bot : plan.bots) names.push_back(bot.text());
    StepProgress progress(games, plan.requests.size(), "seating");
    std::vector<SimulationReport> reports;
    for (std::size_t i = 0; i < plan.requests.size(); ++i) {
        plan.requests[i].progress = [&progress](std::int64_t done) { progress.update(done); };
        reports.push_back(simulate(plan.requests[i]));
        progress.step_done(seating_label(names, plan.seatings[i]), reports.back().games, false);
    }
    progress.finish();
    return reports;
}

int play_in_processes(const LadderOptions& options) {
    LadderOptions each = options;
    each.threads = threads_per_process(options.threads, options.processes);
    run_shard_processes(shard_commands(task_command(each), options.processes), {{}, options.json, options.report});
    return exit_ok;
}

}  // namespace

int run_ladder(const LadderOptions& options) {
    check_arguments(options);
    const Shard shard = options.shard.empty() ? Shard{} : parse_shard(options.shard);
    LadderPlan plan = ladder_plan(load_definition(options.file, options.engine), options);
    if (options.processes > 0) return play_in_processes(options);
    for (auto& request : plan.requests) request.shard = shard;
    std::ofstream page = open_report(options.report);
    const auto reports = play_all(plan);
    if (!options.shard.empty()) {
        PartJson seatings = PartJson::array();
        for (const auto& report : reports) seatings.push_back(report_to_json(report));
        std::cout << part_text(ladder_description(options, plan, shard.count), shard,
                               {{"seatings", std::move(seatings)}})
                  << '\n';
        return exit_ok;
    }
    write_ladder_results(options, plan, reports, page);
    return exit_ok;
}

}  // namespace rulesrun::cli
