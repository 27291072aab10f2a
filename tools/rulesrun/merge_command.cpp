// `rulesrun merge PARTS...`: the partial results of every shard of one run (simulate --shard K/N, with or without
// --compare, sweep --shard K/N or ladder --shard K/N) combined into exactly what the run played in one go prints: the
// same table, JSON and HTML page, to the bit. Counts, sums and histograms are added (integers: in any order); a
// comparison's per-game figures are put back at their games' indices, so its means are summed in the same order as in
// one run.
#include <fstream>

#include "commands.hpp"
#include "ladder_runs.hpp"
#include "partial_runs.hpp"
#include "rulesrun.hpp"
#include "simulation_runs.hpp"
#include "sweep_runs.hpp"

namespace rulesrun::cli {

namespace {

// The run's options, with what merge was asked to print.
SimulateOptions merged_options(const PartJson& run, const MergeOptions& merge) {
    SimulateOptions options = options_of_run(run);
    options.json = merge.json;
    options.report = merge.report;
    return options;
}

void merge_simulation(const std::vector<Part>& parts, const MergeOptions& merge) {
    const PartJson& run = parts.front().run;
    const SimulateOptions options = merged_options(run, merge);
    const auto request = simulation_request(run.at("path").get<std::string>(), options);
    check_unchanged(run, request, nullptr);
    std::ofstream page = open_report(options.report);
    const auto shape = empty_simulation_report(*request.game, request.settings.players);
    SimulationReport total = shape;
    for (const auto& part : parts) {
        try {
            total.merge(report_from_json(part.result, shape));
        } catch (const PartFormatError& e) {
            throw PartFormatError(part.file + ": " + e.what());
        }
    }
    write_simulation_results(options, {*request.game, request.settings, request.bots}, total, page);
}

// One side's figures ("a" or "b") of every shard, in shard order.
std::vector<RunFigures> side_of(const std::vector<Part>& parts, const char* side) {
    std::vector<RunFigures> figures;
    for (const auto& part : parts) {
        try {
            figures.push_back(figures_from_json(part.result.at(side)));
        } catch (const std::exception& e) {
            throw PartFormatError(part.file + ": " + e.what());
        }
    }
    return figures;
}

void merge_comparison(const std::vector<Part>& parts, const MergeOptions& merge) {
    const PartJson& run = parts.front().run;
    const SimulateOptions options = merged_options(run, merge);
    const auto a = simulation_request(run.at("path").get<std::string>(), options);
    const auto b = simulation_request(run.at("compare").at("path").get<std::string>(), options);
    check_unchanged(run, a, &b);
    std::ofstream page = open_report(options.report);
    const RunFigures figures_a = merge_shard_figures(side_of(parts, "a"), options.games);
    const RunFigures figures_b = merge_shard_figures(side_of(parts, "b"), options.games);
    write_comparison_results(options, a, b, compare_figures(figures_a, figures_b), page);
}

}  // namespace

int run_merge(const MergeOptions& options) {
    std::vector<Part> parts;
    for (const auto& file : options.parts) parts.push_back(read_part(file));
    parts = check_parts(std::move(parts));
    const auto command = parts.front().run.at("command").get<std::string>();
    if (command == "compare")
        merge_comparison(parts, options);
    else if (command == "sweep")
        merge_sweep(parts, options);
    else if (command == "ladder")
        merge_ladder(parts, options);
    else
        merge_simulation(parts, options);
    return exit_ok;
}

}  // namespace rulesrun::cli
