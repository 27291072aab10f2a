// `rulesrun simulate`: N games between bots on T threads, reported as a table or as JSON; with --shard K/N, only the
// K-th of N shards of the run, printed as a partial result for `rulesrun merge`; with --processes N, the run's N
// shards in child processes, merged.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "figure_warnings.hpp"
#include "html_report.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"
#include "simulation_output.hpp"
#include "shard_processes.hpp"
#include "simulation_runs.hpp"
#include "slurm_job.hpp"
#include "terminal.hpp"
#include "validators.hpp"

namespace rulesrun::cli {

namespace {

SimulationReport play(SimulationRequest& request) {
    ProgressBar progress(request.shard.games_of(request.games));
    request.progress = [&progress](std::int64_t done) { progress.update(done); };
    auto report = simulate(request);
    progress.finish();
    return report;
}

int run_shard(const SimulateOptions& options, SimulationRequest& request) {
    const auto report = play(request);
    std::cout << part_text(run_description(options, request, nullptr, request.shard.count), request.shard,
                           report_to_json(report))
              << '\n';
    return exit_ok;
}

// The command line a Slurm task or a shard process runs: the run's own arguments (the files as given: the tasks start
// in this folder).
std::vector<std::string> task_command(const SimulateOptions& options) {
    std::vector<std::string> words{this_program(), "simulate", options.file, "--games", std::to_string(options.games),
                                   "--seed", std::to_string(options.seed)};
    if (!options.compare.empty()) words.insert(words.end(), {"--compare", options.compare});
    if (options.players > 0) words.insert(words.end(), {"--players", std::to_string(options.players)});
    if (!options.bots.empty()) words.insert(words.end(), {"--bots", options.bots});
    for (const auto& option : options.options) words.insert(words.end(), {"--option", option});
    if (options.threads > 0) words.insert(words.end(), {"--threads", std::to_string(options.threads)});
    if (options.bot_timeout) words.insert(words.end(), {"--bot-timeout", fmt::format("{}", *options.bot_timeout)});
    words.insert(words.end(), {"--max-actions", std::to_string(options.max_actions)});
    if (options.engine != "interpreter") words.insert(words.end(), {"--engine", options.engine});
    return words;
}

// Loads the run's rules files and resolves its settings and bots, so that what is wrong fails here rather than in
// every shard that other processes play.
void check_loads(const SimulateOptions& options) {
    const auto a = simulation_request(options.file, options);
    if (options.compare.empty()) return;
    if (simulation_request(options.compare, options).settings.players != a.settings.players)
        throw ArgumentError(players_differ);
}

int write_slurm(const SimulateOptions& options) {
    if (!options.shard.empty()) throw ArgumentError("--slurm with --shard: the job array's tasks are the shards");
    if (options.processes > 0) throw ArgumentError("--processes with --slurm: the job array's tasks are the processes");
    check_loads(options);
    const std::string stem = std::filesystem::path(options.file).stem().string();
    write_slurm_job({options.slurm, options.tasks, "rulesrun-simulate-" + stem, task_command(options), options.threads,
                     options.json, options.report, options.submit});
    return exit_ok;
}

// --processes N: the run's N shards in child processes, merged.
int play_in_processes(const SimulateOptions& options) {
    if (!options.shard.empty()) throw ArgumentError("--processes with --shard: the processes play the shards");
    check_loads(options);
    SimulateOptions each = options;
    each.threads = threads_per_process(options.threads, options.processes);
    run_shard_processes(shard_commands(task_command(each), options.processes), {{}, options.json, options.report});
    return exit_ok;
}

// Refuses what a shard cannot do (its figures are only a part of the run's), before any game is loaded.
void check_shard_arguments(const SimulateOptions& options) {
    if (options.shard.empty()) return;
    parse_shard(options.shard);
    if (options.json) throw ArgumentError("--json with --shard: a shard prints its partial result; 'rulesrun merge' "
                                          "prints the whole run's JSON");
    if (!options.report.empty())
        throw ArgumentError("--report with --shard: 'rulesrun merge --report FILE' writes the whole run's page");
}

}  // namespace

void write_simulation_results(const SimulateOptions& options, const SimulationSetup& setup,
                              const SimulationReport& report, std::ofstream& page) {
    print_warnings("simulate", simulation_warnings(setup, report));
    if (options.json)
        std::cout << simulation_json(setup, report) << '\n';
    else
        print_simulation_text(std::cout, setup, report);
    if (page.is_open()) finish_report(page, options.report, simulation_html(setup, report));
}

int run_simulate(const SimulateOptions& options) {
    if (!options.slurm.empty()) return write_slurm(options);
    if (options.processes > 0) return play_in_processes(options);
    check_shard_arguments(options);
    if (!options.compare.empty()) return run_compare(options);
    auto request = simulation_request(options.file, options);
    if (!options.shard.empty()) {
        request.shard = parse_shard(options.shard);
        return run_shard(options, request);
    }
    std::ofstream page = open_report(options.report);
    const auto report = play(request);
    write_simulation_results(options, {*request.game, request.settings, request.bots}, report, page);
    return exit_ok;
}

}  // namespace rulesrun::cli
