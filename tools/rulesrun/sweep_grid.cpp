// The plan of a sweep: "--option NAME=V1,V2,..." and "--players 2,3,4" read into axes, every combination of their
// values, and a simulation request for each (sweep_runs.hpp).
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "simulation_runs.hpp"
#include "sweep_runs.hpp"

namespace rulesrun::cli {

namespace {

std::vector<std::string> split_values(const std::string& text, const std::string& argument) {
    std::vector<std::string> values;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        values.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (values.back().empty())
            throw ArgumentError(
                fmt::format("{}: an empty value (write the values with commas between: 1,2,3)", argument));
        if (std::count(values.begin(), values.end() - 1, values.back()) > 0)
            throw ArgumentError(fmt::format("{}: the value '{}' is given twice", argument, values.back()));
        if (comma == std::string::npos) return values;
        start = comma + 1;
    }
}

std::string declared_options(const runtime::GameDefinition& game) {
    std::vector<std::string> names;
    for (const auto& option : game.options()) names.push_back(option.name);
    return names.empty() ? "the rules declare no option" : fmt::format("the rules declare {}", fmt::join(names, ", "));
}

SweepAxis option_axis(const runtime::GameDefinition& game, const std::string& argument) {
    const std::string shown = "--option " + argument;
    const auto equals = argument.find('=');
    if (equals == std::string::npos || equals == 0)
        throw ArgumentError(fmt::format("{}: write NAME=V1,V2,... (an option and the values to sweep it over)", shown));
    SweepAxis axis{argument.substr(0, equals), split_values(argument.substr(equals + 1), shown)};
    const auto& options = game.options();
    if (std::none_of(options.begin(), options.end(), [&](const runtime::OptionInfo& o) { return o.name == axis.name; }))
        throw ArgumentError(fmt::format("{}: no option '{}' ({})", shown, axis.name, declared_options(game)));
    return axis;
}

SweepAxis players_axis(const std::string& argument) {
    const std::string shown = "--players " + argument;
    SweepAxis axis{"players", split_values(argument, shown)};
    for (const auto& value : axis.values)
        if (value.find_first_not_of("0123456789") != std::string::npos || value.size() > 4 || std::stoi(value) < 1)
            throw ArgumentError(fmt::format("{}: '{}' is not a number of players", shown, value));
    return axis;
}

std::vector<SweepAxis> axes_of(const runtime::GameDefinition& game, const SweepOptions& options) {
    std::vector<SweepAxis> axes;
    if (!options.players.empty()) axes.push_back(players_axis(options.players));
    for (const auto& argument : options.options) {
        axes.push_back(option_axis(game, argument));
        for (std::size_t a = 0; a + 1 < axes.size(); ++a)
            if (axes[a].name == axes.back().name)
                throw ArgumentError(fmt::format("--option {} is given twice: give all its values in one (e.g. {}=1,2,3)",
                                                axes.back().name, axes.back().name));
    }
    return axes;
}

// Every combination of the axes' values, the last axis varying fastest.
std::vector<std::vector<std::size_t>> combinations(const std::vector<SweepAxis>& axes) {
    std::vector<std::vector<std::size_t>> all{{}};
    for (const auto& axis : axes) {
        std::vector<std::vector<std::size_t>> longer;
        for (const auto& start : all)
            for (std::size_t v = 0; v < axis.values.size(); ++v) {
                longer.push_back(start);
                longer.back().push_back(v);
            }
        all = std::move(longer);
    }
    return all;
}

// The simulate options of one configuration: its player count and its options' values.
SimulateOptions configuration_options(const SweepOptions& sweep, const std::vector<SweepAxis>& axes,
                                      const std::vector<std::size_t>& at) {
    SimulateOptions options;
    options.games = sweep.games;
    options.seed = sweep.seed;
    options.bots = sweep.bots;
    options.threads = sweep.threads;
    options.bot_timeout = sweep.bot_timeout;
    for (std::size_t a = 0; a < axes.size(); ++a) {
        const std::string& value = axes[a].values[at[a]];
        if (a == 0 && !sweep.players.empty())  // the players' axis
            options.players = std::stoi(value);
        else
            options.options.push_back(axes[a].name + "=" + value);
    }
    return options;
}

std::string configuration_text(const std::vector<SweepAxis>& axes, const std::vector<std::size_t>& at) {
    std::vector<std::string> parts;
    for (std::size_t a = 0; a < axes.size(); ++a) parts.push_back(axes[a].name + "=" + axes[a].values[at[a]]);
    return parts.empty() ? "the only configuration" : fmt::format("{}", fmt::join(parts, " "));
}

}  // namespace

SweepPlan sweep_plan(std::shared_ptr<const runtime::GameDefinition> game, const SweepOptions& options) {
    SweepPlan plan{game, axes_of(*game, options), {}, {}};
    plan.at = combinations(plan.axes);
    for (const auto& at : plan.at) {
        try {
            plan.requests.push_back(simulation_request(game, configuration_options(options, plan.axes, at)));
        } catch (const runtime::SettingsError& e) {
            throw runtime::SettingsError(fmt::format("{}: {}", configuration_text(plan.axes, at), e.what()));
        } catch (const ArgumentError& e) {
            throw ArgumentError(fmt::format("{}: {}", configuration_text(plan.axes, at), e.what()));
        }
    }
    return plan;
}

PartJson sweep_description(const SweepOptions& options, const SweepPlan& plan, std::int64_t shards) {
    PartJson run = {{"command", "sweep"},
                    {"file", options.file},
                    {"path", std::filesystem::absolute(options.file).lexically_normal().string()}};
    run["fingerprints"] = PartJson::array();
    for (const auto& request : plan.requests)
        run["fingerprints"].push_back(runtime::rules_fingerprint(*request.game, request.settings));
    run["arguments"] = {{"players", options.players},
                        {"options", options.options},
                        {"bots", options.bots},
                        {"bot_timeout", options.bot_timeout ? PartJson(*options.bot_timeout) : PartJson(nullptr)}};
    run["configurations"] = plan.requests.size();
    run["seed"] = options.seed;
    run["games"] = options.games;
    run["shards"] = shards;
    return run;
}

SweepOptions sweep_options_of_run(const PartJson& run) {
    SweepOptions options;
    options.file = run.at("file").get<std::string>();
    const PartJson& arguments = run.at("arguments");
    options.players = arguments.at("players").get<std::string>();
    options.options = arguments.at("options").get<std::vector<std::string>>();
    options.bots = arguments.at("bots").get<std::string>();
    if (!arguments.at("bot_timeout").is_null()) options.bot_timeout = arguments.at("bot_timeout").get<double>();
    options.seed = run.at("seed").get<std::uint64_t>();
    options.games = run.at("games").get<std::int64_t>();
    return options;
}

void check_sweep_unchanged(const PartJson& run, const SweepPlan& plan) {
    const PartJson& fingerprints = run.at("fingerprints");
    for (std::size_t i = 0; i < plan.requests.size(); ++i)
        if (i >= fingerprints.size() || runtime::rules_fingerprint(*plan.requests[i].game, plan.requests[i].settings) !=
                                            fingerprints[i].get<std::string>())
            throw ArgumentError(fmt::format("{} (or a file it imports) has changed since the sweep's shards were played",
                                            run.at("path").get<std::string>()));
}

}  // namespace rulesrun::cli
