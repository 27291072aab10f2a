// `rulesrun solve FILE`: the value of a small game for each seat and a policy that reaches it (solver.hpp solves,
// this file prints), or with --bots the exploitability of the bots' policy; as a table or JSON.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "game_setup.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

// The command's defaults are the solver's (commands.hpp cannot include the interpreter).
static_assert(SolveOptions{}.iterations == default_solver_iterations);
static_assert(SolveOptions{}.samples == default_bot_samples);
static_assert(SolveOptions{}.max_nodes == default_max_solver_nodes);

namespace {

using Json = nlohmann::ordered_json;

std::string heading(const runtime::GameDefinition& game, const runtime::ResolvedSettings& settings) {
    std::string text = fmt::format("{}: {} players", game.title(), settings.players);
    for (const auto& [name, value] : settings.options) text += fmt::format(", {}={}", name, value);
    return text;
}

std::string value_name(SolveValue value) { return value == SolveValue::score ? "score" : "outcome"; }

std::string value_meaning(const SolveReport& report) {
    if (!report.value_reason.empty()) return report.value_reason;
    return report.value == SolveValue::score ? "the scores, in the game's own units (--value score)"
                                             : "win shares: 1 for a win, 1/k to each of k winners, 1/n to each of n "
                                               "seats in a draw (--value outcome)";
}

// What the method's figures mean, in a sentence.
std::string method_text(const SolveReport& report) {
    if (!report.bots.empty()) {
        return "the bots' policy, read at every information set (random and strategies exactly, other bots by their "
               "answers to --samples questions)";
    }
    if (report.perfect_information) {
        if (report.constant_sum && report.values.size() == 2) {
            return "perfect information: backward induction (minimax)";
        }
        return "perfect information: backward induction, each seat taking the action best for itself (among equal "
               "ones the worst for the others, then the first listed): a subgame-perfect equilibrium";
    }
    return fmt::format("hidden information: CFR+ over the information sets, {} iterations, its average policy{}",
                       report.iterations,
                       report.constant_sum && report.values.size() == 2
                           ? ""
                           : " (with more than two seats or payoffs that do not sum to a constant, CFR+ need not "
                             "reach an equilibrium: NashConv says how far it is)");
}

void print_figures(std::ostream& out, const runtime::Game& game, const SolveReport& report) {
    out << fmt::format("{:<12} {:>10} {:>14} {:>10}{}\n", "seat", "value", "best response", "gain",
                       report.bots.empty() ? "" : "  bot");
    for (std::size_t s = 0; s < report.values.size(); ++s) {
        out << fmt::format("{:<12} {:>10.4f} {:>14.4f} {:>10.4f}{}\n", game.seat_name(static_cast<int>(s)),
                           report.values[s], report.best_responses[s], report.best_responses[s] - report.values[s],
                           report.bots.empty() ? "" : "  " + report.bots[s]);
    }
    if (report.values.size() == 2) {
        out << fmt::format("NashConv {:.6f}, exploitability {:.6f} (NashConv / 2: what a best response gains, on "
                           "average over the seats)\n",
                           report.nash_conv, report.exploitability());
    } else {
        out << fmt::format("NashConv {:.6f} (the sum of what each seat's best response gains)\n", report.nash_conv);
    }
    if (report.inconsistent_sets > 0) {
        out << fmt::format("warning: at {} information sets a bot chose differently in states its seat cannot tell "
                           "apart (it read something the seat does not know): its first choice is used\n",
                           report.inconsistent_sets);
    }
}

void print_policy(std::ostream& out, const runtime::Game& game, const SolveReport& report, std::int64_t rows) {
    const auto shown = std::min<std::int64_t>(rows, static_cast<std::int64_t>(report.policy.size()));
    if (shown == 0) return;
    out << fmt::format("\npolicy ({}):\n", shown == static_cast<std::int64_t>(report.policy.size())
                                                ? fmt::format("{} information sets", shown)
                                                : fmt::format("the first {} of {} information sets, each seat's "
                                                              "earliest decisions first, the most reached first; "
                                                              "--policy-rows for more",
                                                              shown, report.policy.size()));
    for (std::int64_t i = 0; i < shown; ++i) {
        const PolicyEntry& entry = report.policy[static_cast<std::size_t>(i)];
        out << fmt::format("  {} (reach {:.3f}, {} state{}): {}\n", game.seat_name(entry.seat), entry.reach,
                           entry.nodes, entry.nodes == 1 ? "" : "s", entry.label);
        std::string actions;
        for (std::size_t a = 0; a < entry.actions.size(); ++a) {
            actions += fmt::format("{}{} {:.3f}", a == 0 ? "" : "  ", entry.actions[a], entry.probabilities[a]);
        }
        out << "      " << actions << '\n';
    }
}

// `game`: the game at its start, for the seats' names.
void print_text(std::ostream& out, const runtime::Game& game, const SolveReport& report, std::int64_t rows) {
    const runtime::GameDefinition& definition = game.definition();
    const runtime::ResolvedSettings& settings = game.settings();
    out << heading(definition, settings) << '\n';
    out << fmt::format("tree: {} nodes ({} decisions, {} chance, {} ends), {} information sets, {} plies at most; "
                       "built in {:.2f} s\n",
                       report.nodes, report.decision_nodes, report.chance_nodes, report.terminal_nodes,
                       report.information_sets, report.depth, report.build_seconds);
    out << fmt::format("method: {}; {:.2f} s\n", method_text(report), report.solve_seconds);
    out << fmt::format("value: {}\n\n", value_meaning(report));
    print_figures(out, game, report);
    if (!report.convergence.empty()) {
        out << "\nconvergence of the average policy:\n";
        out << fmt::format("{:>12} {:>12}\n", "iterations", "NashConv");
        for (const auto& point : report.convergence) {
            out << fmt::format("{:>12} {:>12.6f}\n", point.iterations, point.nash_conv);
        }
    }
    print_policy(out, game, report, rows);
}

Json solve_json(const std::string& file, const runtime::Game& game, const SolveReport& report, std::int64_t rows) {
    const runtime::GameDefinition& definition = game.definition();
    const runtime::ResolvedSettings& settings = game.settings();
    Json options = Json::object();
    for (const auto& [name, value] : settings.options) options[name] = value;
    Json seats = Json::array();
    for (std::size_t s = 0; s < report.values.size(); ++s) {
        Json seat = {{"seat", game.seat_name(static_cast<int>(s))},
                     {"value", report.values[s]},
                     {"best_response", report.best_responses[s]}};
        if (!report.bots.empty()) seat["bot"] = report.bots[s];
        seats.push_back(seat);
    }
    Json convergence = Json::array();
    for (const auto& point : report.convergence) {
        convergence.push_back({{"iterations", point.iterations}, {"nash_conv", point.nash_conv}});
    }
    Json policy = Json::array();
    const auto shown = std::min<std::int64_t>(rows, static_cast<std::int64_t>(report.policy.size()));
    for (std::int64_t i = 0; i < shown; ++i) {
        const PolicyEntry& entry = report.policy[static_cast<std::size_t>(i)];
        Json actions = Json::object();
        for (std::size_t a = 0; a < entry.actions.size(); ++a) actions[entry.actions[a]] = entry.probabilities[a];
        policy.push_back({{"seat", game.seat_name(entry.seat)}, {"label", entry.label}, {"own_depth", entry.own_depth},
                          {"states", entry.nodes}, {"reach", entry.reach}, {"actions", actions}});
    }
    Json out = {{"title", definition.title()},
                {"file", file},
                {"players", settings.players},
                {"options", options},
                {"method", report.method},
                {"perfect_information", report.perfect_information},
                {"value", value_name(report.value)},
                {"value_meaning", value_meaning(report)},
                {"constant_sum", report.constant_sum},
                {"tree", {{"nodes", report.nodes},
                          {"decisions", report.decision_nodes},
                          {"chance", report.chance_nodes},
                          {"ends", report.terminal_nodes},
                          {"information_sets", report.information_sets},
                          {"depth", report.depth}}},
                {"iterations", report.iterations},
                {"seats", seats},
                {"nash_conv", report.nash_conv},
                {"exploitability", report.values.size() == 2 ? Json(report.exploitability()) : Json(nullptr)},
                {"convergence", convergence},
                {"build_seconds", report.build_seconds},
                {"solve_seconds", report.solve_seconds},
                {"policy_total", report.policy.size()},
                {"policy", policy}};
    if (!report.bots.empty()) out["inconsistent_sets"] = report.inconsistent_sets;
    return out;
}

SolveValue parse_value(const runtime::GameDefinition& game, const std::string& value) {
    if (value.empty()) return SolveValue::automatic;
    if (value == "outcome") return SolveValue::outcome;
    if (!game.has_scores()) throw ArgumentError(fmt::format("--value score: {} keeps no score", game.title()));
    return SolveValue::score;
}

}  // namespace

int run_solve(const SolveOptions& options) {
    const auto definition = load_definition(options.file);
    std::vector<BotSpec> listed;
    if (!options.bots.empty()) listed = parse_bot_list(options.bots, definition->strategies(), false);
    const runtime::Settings wanted{player_count(*definition, options.players, listed.size()),
                                   parse_option_assignments(options.options), options.seed};
    SolveRequest request;
    request.settings = runtime::resolve_settings(*definition, wanted);
    request.value = parse_value(*definition, options.value);
    request.iterations = options.iterations;
    request.max_nodes = options.max_nodes;
    request.samples = options.samples;
    if (!listed.empty()) request.bots = complete_seats(std::move(listed), request.settings.players);
    const SolveReport report = solve_game(definition, request);
    const runtime::Game start(definition, request.settings);
    if (options.json)
        std::cout << solve_json(options.file, start, report, options.policy_rows).dump(2) << '\n';
    else
        print_text(std::cout, start, report, options.policy_rows);
    return exit_ok;
}

}  // namespace rulesrun::cli
