#include "ladder_runs.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "game_setup.hpp"
#include "ladder_html.hpp"
#include "ladder_output.hpp"
#include "simulation_runs.hpp"

namespace rulesrun::cli {

namespace {

std::vector<BotSpec> ladder_bots(const runtime::GameDefinition& game, const LadderOptions& options) {
    if (options.bots.empty()) throw ArgumentError("--bots: name the bots to rate, at least two (random,greedy,...)");
    auto bots = parse_bot_list(options.bots, game.strategies(), false);
    for (std::size_t i = 0; i < bots.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
            if (bots[i].text() == bots[j].text())
                throw ArgumentError(fmt::format("--bots: '{}' is listed twice: a ladder rates different bots",
                                                bots[i].text()));
    if (bots.size() < 2)
        throw ArgumentError(fmt::format("--bots: a ladder needs at least two different bots to rate against each "
                                        "other, not only '{}'", bots.front().text()));
    set_bot_timeout(bots, options.bot_timeout);
    return bots;
}

// One bot alone in each seat in turn, the other in the rest, each way round; the same seating found twice (two
// players: a alone in seat 1 is b alone in seat 2) is played once.
std::vector<LadderSeating> pairing_seatings(std::size_t a, std::size_t b, int players) {
    std::vector<LadderSeating> seatings;
    for (int seat = 0; seat < players; ++seat)
        for (const auto& [alone, rest] : {std::pair{a, b}, std::pair{b, a}}) {
            LadderSeating seating{a, b, std::vector<std::size_t>(static_cast<std::size_t>(players), rest)};
            seating.bot_of_seat[static_cast<std::size_t>(seat)] = alone;
            const bool seen = std::any_of(seatings.begin(), seatings.end(), [&](const LadderSeating& s) {
                return s.bot_of_seat == seating.bot_of_seat;
            });
            if (!seen) seatings.push_back(std::move(seating));
        }
    return seatings;
}

std::int64_t games_per_pairing(const LadderOptions& options, std::size_t seatings) {
    const auto per = static_cast<std::int64_t>(seatings);
    if (options.games == 0) return (default_ladder_games + per - 1) / per * per;
    if (options.games % per != 0)
        throw ArgumentError(fmt::format("--games {}: a pairing's games are split evenly between its {} seatings (each "
                                        "bot alone in each seat, each way round): give a multiple of {}, such as {}",
                                        options.games, per, per, (options.games / per + 1) * per));
    return options.games;
}

}  // namespace

LadderPlan ladder_plan(std::shared_ptr<const runtime::GameDefinition> game, const LadderOptions& options) {
    LadderPlan plan;
    plan.bots = ladder_bots(*game, options);
    const int players = options.players > 0 ? options.players : std::max(game->min_players(), 2);
    if (players < 2)
        throw ArgumentError(fmt::format("--players {}: a ladder seats two bots against each other: give at least 2",
                                        players));
    plan.settings = runtime::resolve_settings(
        *game, runtime::Settings{players, parse_option_assignments(options.options), options.seed});
    for (std::size_t a = 0; a < plan.bots.size(); ++a)
        for (std::size_t b = a + 1; b < plan.bots.size(); ++b)
            for (auto& seating : pairing_seatings(a, b, players)) plan.seatings.push_back(std::move(seating));
    plan.seatings_per_pairing = pairing_seatings(0, 1, players).size();
    plan.games_per_pairing = games_per_pairing(options, plan.seatings_per_pairing);
    const int threads = options.threads > 0 ? options.threads
                                            : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    const std::int64_t games = plan.games_per_pairing / static_cast<std::int64_t>(plan.seatings_per_pairing);
    for (const auto& seating : plan.seatings) {
        SimulationRequest request{game, plan.settings, {}, games, threads, {}, {}, {}};
        for (const std::size_t bot : seating.bot_of_seat) request.bots.push_back(plan.bots[bot]);
        request.time_decisions = !options.no_times;
        request.max_actions = options.max_actions;
        plan.requests.push_back(std::move(request));
    }
    plan.game = std::move(game);
    return plan;
}

PartJson ladder_description(const LadderOptions& options, const LadderPlan& plan, std::int64_t shards) {
    PartJson run = {{"command", "ladder"},
                    {"file", options.file},
                    {"path", std::filesystem::absolute(options.file).lexically_normal().string()},
                    {"fingerprint", runtime::rules_fingerprint(*plan.game, plan.settings)}};
    run["arguments"] = {{"players", options.players},
                        {"options", options.options},
                        {"bots", options.bots},
                        {"games", options.games},
                        {"no_times", options.no_times},
                        {"max_actions", options.max_actions},
                        {"bot_timeout", options.bot_timeout ? PartJson(*options.bot_timeout) : PartJson(nullptr)}};
    run["players"] = plan.settings.players;
    run["options"] = PartJson::object();
    for (const auto& [name, value] : plan.settings.options) run["options"][name] = value;
    run["bots"] = PartJson::array();
    for (const auto& bot : plan.bots) run["bots"].push_back(bot.text());
    run["seed"] = plan.settings.seed;
    run["games"] = plan.games_per_pairing;
    run["shards"] = shards;
    return run;
}

LadderOptions ladder_options_of_run(const PartJson& run) {
    LadderOptions options;
    options.file = run.at("file").get<std::string>();
    const PartJson& arguments = run.at("arguments");
    options.players = whole_number<int>(arguments.at("players"));
    options.options = arguments.at("options").get<std::vector<std::string>>();
    options.bots = arguments.at("bots").get<std::string>();
    options.games = whole_number<std::int64_t>(arguments.at("games"));
    options.no_times = arguments.at("no_times").get<bool>();
    options.max_actions = whole_number<std::int64_t>(arguments.at("max_actions"));
    if (!arguments.at("bot_timeout").is_null()) options.bot_timeout = arguments.at("bot_timeout").get<double>();
    options.seed = whole_number<std::uint64_t>(run.at("seed"));
    return options;
}

void write_ladder_results(const LadderOptions& options, const LadderPlan& plan,
                          const std::vector<SimulationReport>& reports, std::ofstream& page) {
    std::vector<std::string> names;
    for (const auto& bot : plan.bots) names.push_back(bot.text());
    const LadderResults results = ladder_results(*plan.game, plan.settings, std::move(names), plan.games_per_pairing,
                                                 plan.seatings, reports, !options.no_times);
    if (options.json)
        std::cout << ladder_json(results) << '\n';
    else
        print_ladder_text(std::cout, results);
    if (page.is_open()) finish_report(page, options.report, ladder_html(results));
}

void merge_ladder(const std::vector<Part>& parts, const MergeOptions& merge) {
    const PartJson& run = parts.front().run;
    LadderOptions options = ladder_options_of_run(run);
    options.json = merge.json;
    options.report = merge.report;
    const LadderPlan plan = ladder_plan(load_definition(run.at("path").get<std::string>()), options);
    if (runtime::rules_fingerprint(*plan.game, plan.settings) != run.at("fingerprint").get<std::string>())
        throw ArgumentError(fmt::format("{} (or a file it imports) has changed since the shards were played",
                                        run.at("path").get<std::string>()));
    std::ofstream page = open_report(options.report);
    std::vector<SimulationReport> totals;
    for (const auto& request : plan.requests)
        totals.push_back(empty_simulation_report(*request.game, request.settings.players));
    for (const auto& part : parts) {
        const PartJson& seatings = part.result.at("seatings");
        if (!seatings.is_array() || seatings.size() != totals.size())
            throw PartFormatError(fmt::format("{}: {} seatings, not {}", part.file, seatings.size(), totals.size()));
        for (std::size_t i = 0; i < totals.size(); ++i) {
            try {
                totals[i].merge(report_from_json(seatings[i], empty_simulation_report(*plan.game,
                                                                                      plan.settings.players)));
            } catch (const PartFormatError& e) {
                throw PartFormatError(fmt::format("{}: seating {}: {}", part.file, i + 1, e.what()));
            }
        }
    }
    write_ladder_results(options, plan, totals, page);
}

}  // namespace rulesrun::cli
