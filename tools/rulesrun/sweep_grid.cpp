// The plan of a sweep: "--option NAME=V1,V2,...", "--option NAME=LOW..HIGH", "--option NAME" (every value the rules
// allow) and "--players 2,3,4" read into axes, every combination of their values (or --sample's share of them), and
// a simulation request for each (sweep_runs.hpp).
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "simulation_runs.hpp"
#include "sweep_runs.hpp"
#include "sweep_sample.hpp"

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

// An axis takes at most this many values (a range LOW..HIGH as much as a list).
constexpr long long most_axis_values = 1'000'000;

// Every whole number from low to high.
std::vector<std::string> range_values(long long low, long long high, const std::string& shown) {
    if (low > high) throw ArgumentError(fmt::format("{}: the range's low end is above its high end", shown));
    if (high - low >= most_axis_values)
        throw ArgumentError(fmt::format("{}: more than {} values", shown, most_axis_values));
    std::vector<std::string> values;
    for (long long v = low; v <= high; ++v) values.push_back(std::to_string(v));
    return values;
}

bool parse_integer(const std::string& text, long long& value) {
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

// "LOW..HIGH" as its whole numbers; nothing when the text is not a range.
std::optional<std::vector<std::string>> dotted_range(const std::string& text, const std::string& shown) {
    const auto dots = text.find("..");
    if (dots == std::string::npos) return std::nullopt;
    long long low = 0, high = 0;
    if (!parse_integer(text.substr(0, dots), low) || !parse_integer(text.substr(dots + 2), high))
        throw ArgumentError(fmt::format("{}: write a range of whole numbers as LOW..HIGH (2..12)", shown));
    return range_values(low, high, shown);
}

SweepAxis option_axis(const runtime::GameDefinition& game, const std::string& argument) {
    const std::string shown = "--option " + argument;
    const auto equals = argument.find('=');
    if (equals == 0)
        throw ArgumentError(fmt::format("{}: write NAME=V1,V2,..., NAME=LOW..HIGH or NAME alone (an option and the "
                                        "values to sweep it over)", shown));
    const std::string name = argument.substr(0, equals);
    const auto& options = game.options();
    const auto option = std::find_if(options.begin(), options.end(),
                                     [&](const runtime::OptionInfo& o) { return o.name == name; });
    if (option == options.end())
        throw ArgumentError(fmt::format("{}: no option '{}' ({})", shown, name, declared_options(game)));
    if (equals == std::string::npos) {  // every value the rules allow
        if (const auto range = option_range(*option)) return {name, range_values(range->first, range->second, shown)};
        return {name, option->values};
    }
    const std::string values = argument.substr(equals + 1);
    if (auto range = dotted_range(values, shown)) return {name, std::move(*range)};
    return {name, split_values(values, shown)};
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
    options.max_actions = sweep.max_actions;
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

std::optional<std::pair<long long, long long>> option_range(const runtime::OptionInfo& option) {
    long long low = 0, high = 0;
    char end = 0;
    if (option.values.size() == 1 && std::sscanf(option.values[0].c_str(), "%lld to %lld%c", &low, &high, &end) == 2)
        return std::make_pair(low, high);
    return std::nullopt;
}

SweepPlan sweep_plan(std::shared_ptr<const runtime::GameDefinition> game, const SweepOptions& options) {
    SweepPlan plan{game, axes_of(*game, options), {}, {}, 0, false};
    std::vector<std::size_t> sizes;
    for (const auto& axis : plan.axes) sizes.push_back(axis.values.size());
    plan.grid = grid_size(sizes);
    if (options.sample > 0 && static_cast<std::uint64_t>(options.sample) < plan.grid) {
        plan.at = space_filling_sample(sizes, static_cast<std::size_t>(options.sample), options.seed);
        plan.sampled = true;
    } else if (plan.grid > most_grid_configurations) {
        throw ArgumentError(fmt::format("the grid has {}{} configurations, more than a sweep plays whole ({}): "
                                        "--sample N plays N of them, chosen to cover the grid",
                                        plan.grid == std::numeric_limits<std::uint64_t>::max() ? "over " : "",
                                        plan.grid, most_grid_configurations));
    } else {
        plan.at = combinations(plan.axes);
    }
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
    // The arguments first: of two sweeps' descriptions, what differs in them is the difference worth naming.
    run["arguments"] = {{"players", options.players},
                        {"options", options.options},
                        {"bots", options.bots},
                        {"bot_timeout", options.bot_timeout ? PartJson(*options.bot_timeout) : PartJson(nullptr)},
                        {"max_actions", options.max_actions}};
    if (options.sample > 0) run["arguments"]["sample"] = options.sample;
    run["fingerprints"] = PartJson::array();
    for (const auto& request : plan.requests)
        run["fingerprints"].push_back(runtime::rules_fingerprint(*request.game, request.settings));
    run["configurations"] = plan.requests.size();
    if (plan.sampled) run["sample"] = plan.at;  // the configurations drawn, so that parts of other draws disagree
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
    options.max_actions = whole_number<std::int64_t>(arguments.at("max_actions"));
    options.sample = arguments.value("sample", std::int64_t{0});
    options.seed = whole_number<std::uint64_t>(run.at("seed"));
    options.games = whole_number<std::int64_t>(run.at("games"));
    return options;
}

void check_sweep_unchanged(const PartJson& run, const SweepPlan& plan) {
    if (run.contains("sample") != plan.sampled || (plan.sampled && run.at("sample") != PartJson(plan.at)))
        throw ArgumentError("the parts' sample of configurations is not the one this rulesrun draws from their seed "
                            "(were they played by another version?)");
    const PartJson& fingerprints = run.at("fingerprints");
    for (std::size_t i = 0; i < plan.requests.size(); ++i)
        if (i >= fingerprints.size() || runtime::rules_fingerprint(*plan.requests[i].game, plan.requests[i].settings) !=
                                            fingerprints[i].get<std::string>())
            throw ArgumentError(fmt::format("{} (or a file it imports) has changed since the sweep's shards were played",
                                            run.at("path").get<std::string>()));
}

}  // namespace rulesrun::cli
