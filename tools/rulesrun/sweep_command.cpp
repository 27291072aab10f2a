// `rulesrun sweep FILE --option NAME=V1,V2,... [--players 2,3,4]`: a simulation of every combination of the swept
// values (the full grid, or with --sample N a space-filling share of it), all with the same games' seeds (common
// random numbers: differences between configurations are paired), reported as one row per configuration, as JSON or
// as a page with each figure plotted against each swept setting. --shard K/N plays the K-th shard of every
// configuration for `rulesrun merge`; --processes N plays N shards in child processes and merges them; --resume
// FOLDER keeps each finished configuration so that an interrupted sweep does not play it again.
#include <filesystem>
#include <iostream>
#include <optional>

#include <fmt/format.h>

#include "figure_warnings.hpp"
#include "game_setup.hpp"
#include "shard_processes.hpp"
#include "simulation_runs.hpp"
#include "slurm_job.hpp"
#include "step_progress.hpp"
#include "sweep_html.hpp"
#include "sweep_output.hpp"
#include "sweep_runs.hpp"
#include "sweep_store.hpp"
#include "validators.hpp"

namespace rulesrun::cli {

namespace {

void check_arguments(const SweepOptions& options) {
    if (options.processes > 0 && !options.shard.empty())
        throw ArgumentError("--processes with --shard: the processes play the shards");
    if (options.shard.empty()) return;
    parse_shard(options.shard);
    if (options.json) throw ArgumentError("--json with --shard: a shard prints its partial result; 'rulesrun merge' "
                                          "prints the whole sweep's JSON");
    if (!options.report.empty())
        throw ArgumentError("--report with --shard: 'rulesrun merge --report FILE' writes the whole sweep's page");
}

// The command line a Slurm task or a shard process runs: the sweep's own arguments (the file as given: the tasks start
// in this folder).
std::vector<std::string> task_command(const SweepOptions& options) {
    std::vector<std::string> words{this_program(), "sweep", options.file, "--games", std::to_string(options.games),
                                   "--seed", std::to_string(options.seed)};
    if (!options.players.empty()) words.insert(words.end(), {"--players", options.players});
    if (!options.bots.empty()) words.insert(words.end(), {"--bots", options.bots});
    for (const auto& option : options.options) words.insert(words.end(), {"--option", option});
    if (options.sample > 0) words.insert(words.end(), {"--sample", std::to_string(options.sample)});
    if (options.threads > 0) words.insert(words.end(), {"--threads", std::to_string(options.threads)});
    if (options.bot_timeout) words.insert(words.end(), {"--bot-timeout", fmt::format("{}", *options.bot_timeout)});
    words.insert(words.end(), {"--max-actions", std::to_string(options.max_actions)});
    if (options.engine != "interpreter") words.insert(words.end(), {"--engine", options.engine});
    return words;
}

int write_slurm(const SweepOptions& options) {
    if (!options.shard.empty()) throw ArgumentError("--slurm with --shard: the job array's tasks are the shards");
    if (!options.resume.empty())
        throw ArgumentError("--resume with --slurm: a task that fails is run again by itself (its shard)");
    if (options.processes > 0)
        throw ArgumentError("--processes with --slurm: the job array's tasks are the processes");
    (void)sweep_plan(load_definition(options.file), options);  // wrong options fail here rather than in every task
    const std::string stem = std::filesystem::path(options.file).stem().string();
    write_slurm_job({options.slurm, options.tasks, "rulesrun-sweep-" + stem, task_command(options), options.threads,
                     options.json, options.report, options.submit});
    return exit_ok;
}

std::string label_of(const SweepPlan& plan, std::size_t c) {
    std::string label;
    for (std::size_t a = 0; a < plan.axes.size(); ++a)
        label += fmt::format("{}{}={}", a ? " " : "", plan.axes[a].name, plan.axes[a].values[plan.at[c][a]]);
    return label.empty() ? "the only one" : label;
}

// Every configuration's report: kept in the store from an earlier run, or played (and then kept).
std::vector<SimulationReport> play_all(SweepPlan& plan, const std::optional<SweepStore>& store) {
    std::vector<std::optional<SimulationReport>> kept;
    std::int64_t games = 0;
    for (auto& request : plan.requests) {
        const auto shape = empty_simulation_report(*request.game, request.settings.players);
        kept.push_back(store ? store->finished(kept.size(), shape) : std::nullopt);
        if (!kept.back()) games += request.shard.games_of(request.games);
    }
    StepProgress progress(games, plan.requests.size());
    std::vector<SimulationReport> reports;
    for (std::size_t c = 0; c < plan.requests.size(); ++c) {
        if (kept[c]) {
            reports.push_back(std::move(*kept[c]));
            progress.step_done(label_of(plan, c), 0, true);
            continue;
        }
        plan.requests[c].progress = [&progress](std::int64_t done) { progress.update(done); };
        reports.push_back(simulate(plan.requests[c]));
        if (store) store->save(c, reports.back());
        progress.step_done(label_of(plan, c), reports.back().games, false);
    }
    progress.finish();
    return reports;
}

// A line on standard error when --sample covers the whole grid, or when a large grid is played whole.
void tell_plan(const SweepOptions& options, const SweepPlan& plan) {
    if (options.sample > 0 && !plan.sampled)
        fmt::print(stderr, "sweep: --sample {} is not less than the grid's {} configurations: every one is played\n",
                   options.sample, plan.grid);
    else if (options.sample == 0 && plan.grid > large_grid)
        fmt::print(stderr, "sweep: {} configurations, {} games each; --sample N plays N of them, chosen to cover "
                           "the grid\n", plan.grid, options.games);
}

// --processes N: the sweep's N shards in child processes, each with its own --resume folder inside the one given.
int play_in_processes(const SweepOptions& options) {
    SweepOptions each = options;
    each.threads = threads_per_process(options.threads, options.processes);
    auto commands = shard_commands(task_command(each), options.processes);
    if (!options.resume.empty())
        for (std::size_t k = 0; k < commands.size(); ++k)
            commands[k].insert(commands[k].end(),
                               {"--resume", (std::filesystem::path(options.resume) /
                                             fmt::format("shard-{}-of-{}", k + 1, options.processes)).string()});
    run_shard_processes(commands, {{}, options.json, options.report});
    return exit_ok;
}

PartJson reports_json(const std::vector<SimulationReport>& reports) {
    PartJson configurations = PartJson::array();
    for (const auto& report : reports) configurations.push_back(report_to_json(report));
    return {{"configurations", std::move(configurations)}};
}

std::optional<SweepStore> store_for(const SweepOptions& options, const SweepPlan& plan, const Shard& shard) {
    if (options.resume.empty()) return std::nullopt;
    PartJson description = sweep_description(options, plan, shard.count);
    description["shard"] = shard.index + 1;
    return SweepStore(options.resume, description);
}

// Adds a part's report of each configuration to its total.
void add_part(const SweepPlan& plan, const Part& part, std::vector<SimulationReport>& totals) {
    const PartJson& configurations = part.result.at("configurations");
    if (configurations.size() != totals.size())
        throw PartFormatError(fmt::format("{}: {} configurations, not {}", part.file, configurations.size(),
                                          totals.size()));
    for (std::size_t c = 0; c < totals.size(); ++c) {
        const auto& request = plan.requests[c];
        try {
            totals[c].merge(report_from_json(configurations[c],
                                             empty_simulation_report(*request.game, request.settings.players)));
        } catch (const PartFormatError& e) {
            throw PartFormatError(fmt::format("{}: configuration {}: {}", part.file, c + 1, e.what()));
        }
    }
}

}  // namespace

void write_sweep_results(const SweepOptions& options, const SweepPlan& plan, std::vector<SimulationReport> reports,
                         std::ofstream& page) {
    SweepResults results{*plan.game, options.seed, options.games, plan.axes, {}, plan.sampled ? plan.grid : 0};
    for (std::size_t c = 0; c < reports.size(); ++c)
        results.points.push_back({plan.at[c], plan.requests[c].settings, plan.requests[c].bots, std::move(reports[c])});
    print_warnings("sweep", all_warnings(results, sweep_warnings(results)));
    if (options.json)
        std::cout << sweep_json(results) << '\n';
    else
        print_sweep_text(std::cout, results);
    if (page.is_open()) finish_report(page, options.report, sweep_html(results));
}

void merge_sweep(const std::vector<Part>& parts, const MergeOptions& merge) {
    const PartJson& run = parts.front().run;
    SweepOptions options = sweep_options_of_run(run);
    options.json = merge.json;
    options.report = merge.report;
    const SweepPlan plan = sweep_plan(load_definition(run.at("path").get<std::string>()), options);
    check_sweep_unchanged(run, plan);
    std::ofstream page = open_report(options.report);
    std::vector<SimulationReport> totals;
    for (const auto& request : plan.requests)
        totals.push_back(empty_simulation_report(*request.game, request.settings.players));
    for (const auto& part : parts) add_part(plan, part, totals);
    write_sweep_results(options, plan, std::move(totals), page);
}

int run_sweep(const SweepOptions& options) {
    if (!options.slurm.empty()) return write_slurm(options);
    check_arguments(options);
    const Shard shard = options.shard.empty() ? Shard{} : parse_shard(options.shard);
    SweepPlan plan = sweep_plan(load_definition(options.file, options.engine), options);
    tell_plan(options, plan);
    if (options.processes > 0) return play_in_processes(options);
    for (auto& request : plan.requests) request.shard = shard;
    const auto store = store_for(options, plan, shard);
    std::ofstream page = open_report(options.report);
    auto reports = play_all(plan, store);
    if (!options.shard.empty()) {
        std::cout << part_text(sweep_description(options, plan, shard.count), shard, reports_json(reports)) << '\n';
        return exit_ok;
    }
    write_sweep_results(options, plan, std::move(reports), page);
    return exit_ok;
}

}  // namespace rulesrun::cli
