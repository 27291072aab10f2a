// `rulesrun tune FILE --vary NAME[=V1,V2,...] ... --target FIGURE=VALUE ...`: the settings whose figures come closest
// to the targets, found by successive halving on common random numbers. Every candidate plays the same games (the
// same seeds, so candidates are compared on paired games); the closer half goes on to twice as many games, until one
// is left, which then plays the full --games. Its figures are reported with their 95% intervals, and whether each
// target lies inside its interval.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "game_setup.hpp"
#include "sweep_runs.hpp"
#include "tune_targets.hpp"

namespace rulesrun::cli {

namespace {

constexpr std::size_t most_range_values = 16;  // a range is tried at this many evenly spaced values at most
constexpr std::int64_t fewest_round_games = 10;

// The values `--vary NAME` alone tries: every value of an option that lists them; for a range LOW to HIGH, up to 16
// evenly spaced values, both ends included.
std::string values_of(const OptionInfo& option) {
    int low = 0, high = 0;
    if (option.values.size() != 1 || std::sscanf(option.values[0].c_str(), "%d to %d", &low, &high) != 2) {
        std::string joined;
        for (const auto& v : option.values) joined += (joined.empty() ? "" : ",") + v;
        return joined;
    }
    const auto span = static_cast<std::int64_t>(high) - low;
    const auto count = static_cast<std::int64_t>(std::min<std::size_t>(most_range_values, static_cast<std::size_t>(span + 1)));
    std::string joined;
    std::int64_t last = INT64_MIN;
    for (std::int64_t i = 0; i < count; ++i) {
        const std::int64_t v = count == 1 ? low : low + (span * i + (count - 1) / 2) / (count - 1);
        if (v == last) continue;
        joined += (joined.empty() ? "" : ",") + std::to_string(v);
        last = v;
    }
    return joined;
}

// --vary as sweep's --option NAME=V1,V2,...
std::vector<std::string> varied_options(const runtime::GameDefinition& game, const std::vector<std::string>& vary) {
    std::vector<std::string> out;
    for (const auto& v : vary) {
        if (v.find('=') != std::string::npos) {
            out.push_back(v);
            continue;
        }
        const auto& options = game.options();
        const auto it = std::find_if(options.begin(), options.end(), [&](const OptionInfo& o) { return o.name == v; });
        if (it == options.end()) {
            std::string names;
            for (const auto& o : options) names += (names.empty() ? "" : ", ") + o.name;
            throw ArgumentError(fmt::format("--vary {}: the game has no such option{}", v,
                                            names.empty() ? std::string(" (it has none)") : "; its options are " + names));
        }
        out.push_back(v + "=" + values_of(*it));
    }
    return out;
}

std::string label_of(const SweepPlan& plan, std::size_t c) {
    std::string label;
    for (std::size_t a = 0; a < plan.axes.size(); ++a)
        label += fmt::format("{}{}={}", a ? " " : "", plan.axes[a].name, plan.axes[a].values[plan.at[c][a]]);
    return label;
}

struct Candidate {
    std::size_t configuration = 0;
    double distance = 0;
};

struct Round {
    std::int64_t games = 0;
    std::vector<Candidate> candidates;  // closest first
};

// Plays every survivor `games` games (the same seeds for all) and keeps the closer half (at least one).
Round play_round(SweepPlan& plan, const std::vector<std::size_t>& survivors, std::int64_t games,
                 const std::vector<TuneTarget>& targets, std::vector<SimulationReport>& reports) {
    Round round{games, {}};
    for (const std::size_t c : survivors) {
        SimulationRequest request = plan.requests[c];
        request.games = games;
        reports[c] = simulate(request);
        round.candidates.push_back({c, distance_to(reports[c], targets)});
    }
    std::stable_sort(round.candidates.begin(), round.candidates.end(),
                     [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
    return round;
}

std::int64_t halvings(std::size_t candidates) {
    std::int64_t rounds = 0;
    for (std::size_t left = candidates; left > 1; left = (left + 1) / 2) ++rounds;
    return rounds;
}

struct Verdict {
    TuneFigure figure;
    bool met = false;  // the target lies in the 95% interval
};

Verdict verdict_of(const SimulationReport& report, const TuneTarget& target) {
    const TuneFigure f = figure_of(report, target);
    return {f, std::abs(f.mean - target.value) <= f.half_width};
}

void print_text(const SweepPlan& plan, const std::vector<Round>& rounds, std::size_t best, const SimulationReport& report,
                const std::vector<TuneTarget>& targets) {
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        const Round& round = rounds[r];
        std::cout << fmt::format("round {}: {} setting{}, {} games each; closest: {}\n", r + 1, round.candidates.size(),
                                 round.candidates.size() == 1 ? "" : "s", round.games,
                                 label_of(plan, round.candidates.front().configuration));
    }
    std::cout << fmt::format("\nbest: {} ({} games)\n", label_of(plan, best), report.games);
    bool all = true;
    for (const auto& target : targets) {
        const Verdict v = verdict_of(report, target);
        all = all && v.met;
        const double errors = v.figure.half_width > 0 ? std::abs(v.figure.mean - target.value) / (v.figure.half_width / 1.96) : 0;
        std::cout << fmt::format("  {:<12} {:.4g} [{:.4g}, {:.4g}], target {:.4g}: {}\n", target.figure, v.figure.mean,
                                 v.figure.mean - v.figure.half_width, v.figure.mean + v.figure.half_width, target.value,
                                 v.met ? "met (inside the 95% interval)"
                                       : fmt::format("missed ({:.1f} standard errors away)", errors));
    }
    std::cout << (all ? "Every target lies inside its 95% interval.\n"
                      : "Not every target is met: no setting tried comes close enough (try other values, or more).\n");
}

nlohmann::json json_of(const SweepPlan& plan, const std::vector<Round>& rounds, std::size_t best,
                       const SimulationReport& report, const std::vector<TuneTarget>& targets) {
    auto settings = [&](std::size_t c) {
        nlohmann::json out = nlohmann::json::object();
        for (std::size_t a = 0; a < plan.axes.size(); ++a) out[plan.axes[a].name] = plan.axes[a].values[plan.at[c][a]];
        return out;
    };
    nlohmann::json out{{"best", settings(best)}, {"games", report.games}, {"rounds", nlohmann::json::array()},
                       {"targets", nlohmann::json::array()}};
    for (const Round& round : rounds) {
        nlohmann::json candidates = nlohmann::json::array();
        for (const auto& c : round.candidates) candidates.push_back({{"settings", settings(c.configuration)}, {"distance", c.distance}});
        out["rounds"].push_back({{"games", round.games}, {"candidates", std::move(candidates)}});
    }
    bool all = true;
    for (const auto& target : targets) {
        const Verdict v = verdict_of(report, target);
        all = all && v.met;
        out["targets"].push_back({{"figure", target.figure}, {"target", target.value}, {"mean", v.figure.mean},
                                  {"low", v.figure.mean - v.figure.half_width},
                                  {"high", v.figure.mean + v.figure.half_width}, {"met", v.met}});
    }
    out["met"] = all;
    return out;
}

}  // namespace

int run_tune(const TuneOptions& options) {
    const auto game = load_definition(options.file);
    SweepOptions sweep;
    sweep.file = options.file;
    sweep.options = varied_options(*game, options.vary);
    if (options.players > 0) sweep.players = std::to_string(options.players);
    sweep.bots = options.bots;
    sweep.games = options.games;
    sweep.seed = options.seed;
    sweep.threads = options.threads;
    sweep.bot_timeout = options.bot_timeout;
    SweepPlan plan = sweep_plan(game, sweep);
    std::vector<TuneTarget> targets;
    for (const auto& t : options.targets) targets.push_back(parse_tune_target(t, *game, plan.requests.front().settings.players));

    std::vector<SimulationReport> reports(plan.requests.size());
    std::vector<std::size_t> survivors(plan.requests.size());
    for (std::size_t c = 0; c < survivors.size(); ++c) survivors[c] = c;
    std::vector<Round> rounds;
    const std::int64_t halving_rounds = halvings(survivors.size());
    for (std::int64_t r = 0; survivors.size() > 1; ++r) {
        const std::int64_t games = std::max(fewest_round_games, options.games >> (halving_rounds - r));
        rounds.push_back(play_round(plan, survivors, std::min(games, options.games), targets, reports));
        std::cerr << fmt::format("tune: round {} of {} done ({} settings)\n", r + 1, halving_rounds, survivors.size());
        survivors.clear();
        const auto& ranked = rounds.back().candidates;
        for (std::size_t i = 0; i < (ranked.size() + 1) / 2; ++i) survivors.push_back(ranked[i].configuration);
    }
    rounds.push_back(play_round(plan, survivors, options.games, targets, reports));
    const std::size_t best = survivors.front();
    if (options.json)
        std::cout << json_of(plan, rounds, best, reports[best], targets).dump(2) << '\n';
    else
        print_text(plan, rounds, best, reports[best], targets);
    return exit_ok;
}

}  // namespace rulesrun::cli
