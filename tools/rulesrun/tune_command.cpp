// `rulesrun tune FILE --vary NAME[=V1,V2,...] ... --target FIGURE=VALUE ...`: the settings whose figures come closest
// to the targets, found by successive halving on common random numbers. Every candidate plays the same games (the
// same seeds, so candidates are compared on paired games); the closer half goes on to twice as many games, until one
// is left, which then plays the full --games. Its figures are reported with their 95% intervals, and whether each
// target lies inside its interval. An option varied over its whole range is tried again closer around the best value,
// pass after pass, until neighbouring values are tried.
#include <algorithm>
#include <cmath>
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "figure_warnings.hpp"
#include "simulation_runs.hpp"
#include "tune_html.hpp"
#include "game_setup.hpp"
#include "sweep_runs.hpp"
#include "tune_targets.hpp"

namespace rulesrun::cli {

namespace {

// A range is tried at this many evenly spaced values at most: an odd number, so that the middle of a narrowed range
// (the best value so far) is tried again.
constexpr std::int64_t most_range_values = 17;
constexpr std::int64_t fewest_round_games = 10;

// An option varied over its whole range (`--vary NAME` of a `LOW to HIGH` option): tried at evenly spaced values,
// then again around the best one, closer and closer, until neighbouring values are tried.
struct VariedRange {
    std::string name;
    std::int64_t low = 0, high = 0;
    [[nodiscard]] std::int64_t count() const { return std::min(most_range_values, high - low + 1); }
    [[nodiscard]] std::int64_t step() const { return count() <= 1 ? 0 : (high - low + count() - 2) / (count() - 1); }
    [[nodiscard]] std::string values() const {
        std::string joined;
        std::int64_t last = INT64_MIN;
        for (std::int64_t i = 0; i < count(); ++i) {
            const std::int64_t span = high - low;
            const std::int64_t v = count() == 1 ? low : low + (span * i + (count() - 1) / 2) / (count() - 1);
            if (v == last) continue;
            joined += (joined.empty() ? "" : ",") + std::to_string(v);
            last = v;
        }
        return joined;
    }
};

struct Varied {
    std::vector<std::string> fixed;    // "NAME=V1,V2,...": as given, or every value an option lists
    std::vector<VariedRange> ranges;
};

// --vary as sweep's --option NAME=V1,V2,..., ranges apart.
Varied varied_options(const runtime::GameDefinition& game, const std::vector<std::string>& vary) {
    Varied out;
    for (const auto& v : vary) {
        if (v.find('=') != std::string::npos) {
            out.fixed.push_back(v);
            continue;
        }
        const auto& options = game.options();
        const auto it = std::find_if(options.begin(), options.end(), [&](const runtime::OptionInfo& o) { return o.name == v; });
        if (it == options.end()) {
            std::string names;
            for (const auto& o : options) names += (names.empty() ? "" : ", ") + o.name;
            throw ArgumentError(fmt::format("--vary {}: the game has no such option{}", v,
                                            names.empty() ? std::string(" (it has none)") : "; its options are " + names));
        }
        if (const auto range = option_range(*it)) {
            out.ranges.push_back({v, range->first, range->second});
            continue;
        }
        std::string joined;
        for (const auto& value : it->values) joined += (joined.empty() ? "" : ",") + value;
        out.fixed.push_back(v + "=" + joined);
    }
    return out;
}

std::vector<std::string> sweep_options_of(const Varied& varied) {
    std::vector<std::string> out = varied.fixed;
    for (const auto& r : varied.ranges) out.push_back(r.name + "=" + r.values());
    return out;
}

// Narrows each range around the best value found, one step either side; false when every range was already tried
// at neighbouring values.
bool narrow(Varied& varied, const SweepPlan& plan, std::size_t best) {
    bool narrowed = false;
    for (auto& r : varied.ranges) {
        if (r.step() <= 1) continue;
        std::size_t axis = 0;
        while (plan.axes[axis].name != r.name) ++axis;
        const std::int64_t value = std::stoll(plan.axes[axis].values[plan.at[best][axis]]);
        const std::int64_t step = r.step();
        r.low = std::max(r.low, value - step);
        r.high = std::min(r.high, value + step);
        narrowed = true;
    }
    return narrowed;
}

using Setting = std::vector<std::pair<std::string, std::string>>;  // each varied option (or players) and its value

Setting setting_of(const SweepPlan& plan, std::size_t c) {
    Setting out;
    for (std::size_t a = 0; a < plan.axes.size(); ++a) out.emplace_back(plan.axes[a].name, plan.axes[a].values[plan.at[c][a]]);
    return out;
}

std::string label_of(const Setting& setting) {
    std::string label;
    for (const auto& [name, value] : setting) label += fmt::format("{}{}={}", label.empty() ? "" : " ", name, value);
    return label;
}

nlohmann::json json_of(const Setting& setting) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto& [name, value] : setting) out[name] = value;
    return out;
}

struct Candidate {
    std::size_t configuration = 0;
    Setting setting;
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
        round.candidates.push_back({c, setting_of(plan, c), distance_to(reports[c], targets)});
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

void print_text(const std::vector<Round>& rounds, const Setting& best, const SimulationReport& report,
                const std::vector<TuneTarget>& targets) {
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        const Round& round = rounds[r];
        std::cout << fmt::format("round {}: {} setting{}, {} games each; closest: {}\n", r + 1, round.candidates.size(),
                                 round.candidates.size() == 1 ? "" : "s", round.games,
                                 label_of(round.candidates.front().setting));
    }
    std::cout << fmt::format("\nbest: {} ({} games)\n", label_of(best), report.games);
    bool all = true;
    for (const auto& target : targets) {
        const Verdict v = verdict_of(report, target);
        all = all && v.met;
        const double errors = v.figure.half_width > 0 ? std::abs(v.figure.mean - target.value) / (v.figure.half_width / 1.96) : 0;
        std::cout << fmt::format("  {:<12} {:.4g} [{:.4g}, {:.4g}], target {:.4g}: {}\n", target.figure, v.figure.mean,
                                 v.figure.mean - v.figure.half_width, v.figure.mean + v.figure.half_width, target.value,
                                 v.met                        ? "met (inside the 95% interval)"
                                 : v.figure.half_width == 0 ? fmt::format("missed (it was {:.4g} in every game)",
                                                                          v.figure.mean)
                                                              : fmt::format("missed ({:.1f} standard errors away)", errors));
    }
    std::cout << (all ? "Every target lies inside its 95% interval.\n"
                      : "Not every target is met: no setting tried comes close enough (try other values, or more).\n");
}

nlohmann::json json_of(const std::vector<Round>& rounds, const Setting& best, const SimulationReport& report,
                       const std::vector<TuneTarget>& targets) {
    nlohmann::json out{{"best", json_of(best)}, {"games", report.games}, {"rounds", nlohmann::json::array()},
                       {"targets", nlohmann::json::array()}};
    for (const Round& round : rounds) {
        nlohmann::json candidates = nlohmann::json::array();
        for (const auto& c : round.candidates) candidates.push_back({{"settings", json_of(c.setting)}, {"distance", c.distance}});
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

struct Pass {
    SweepPlan plan;
    std::vector<Round> rounds;
    std::size_t best = 0;
    SimulationReport report;  // the best setting's, over every game
    std::vector<SimulationReport> first_round;  // every setting's, over the first round's games
};

// Successive halving over every setting of the plan, then --games for the one left.
Pass tune_pass(SweepPlan plan, const TuneOptions& options, const std::vector<TuneTarget>& targets) {
    Pass pass{std::move(plan), {}, 0, {}, {}};
    std::vector<SimulationReport> reports(pass.plan.requests.size());
    std::vector<std::size_t> survivors(pass.plan.requests.size());
    for (std::size_t c = 0; c < survivors.size(); ++c) survivors[c] = c;
    const std::int64_t halving_rounds = halvings(survivors.size());
    for (std::int64_t r = 0; survivors.size() > 1; ++r) {
        const std::int64_t games = std::max(fewest_round_games, options.games >> (halving_rounds - r));
        pass.rounds.push_back(play_round(pass.plan, survivors, std::min(games, options.games), targets, reports));
        if (r == 0) pass.first_round = reports;
        std::cerr << fmt::format("tune: {} settings played {} games each\n", survivors.size(), pass.rounds.back().games);
        survivors.clear();
        const auto& ranked = pass.rounds.back().candidates;
        for (std::size_t i = 0; i < (ranked.size() + 1) / 2; ++i) survivors.push_back(ranked[i].configuration);
    }
    pass.rounds.push_back(play_round(pass.plan, survivors, options.games, targets, reports));
    if (pass.first_round.empty()) pass.first_round = reports;
    pass.best = survivors.front();
    pass.report = std::move(reports[pass.best]);
    return pass;
}

// Why the figures tune went by say nothing, if they do not: each setting's games of the first round all ending alike
// (with a summary when every setting's did), statistics that never moved, options that changed nothing (as sweep
// says them), then the best setting's games over --games.
std::vector<std::string> tune_warnings(const Pass& first, const Pass& last, const TuneOptions& options) {
    const SweepPlan& plan = first.plan;
    SweepResults results{*plan.game, options.seed, first.rounds.front().games, plan.axes, {}, 0};
    for (std::size_t c = 0; c < plan.requests.size(); ++c)
        results.points.push_back({plan.at[c], plan.requests[c].settings, plan.requests[c].bots, first.first_round[c]});
    std::vector<std::string> warnings = all_warnings(results, sweep_warnings(results, "tune"));
    const auto& best = last.plan.requests[last.best];
    if (const auto stopped = stopped_games_warning(last.report))
        warnings.push_back(fmt::format("the best setting, {}: {}", label_of(setting_of(last.plan, last.best)), *stopped));
    if (const auto ending = same_ending(*plan.game, best.bots, last.report))
        warnings.push_back(fmt::format("the best setting, {}: {}", label_of(setting_of(last.plan, last.best)),
                                       ending->text()));
    return warnings;
}

}  // namespace

int run_tune(const TuneOptions& options) {
    const auto game = load_definition(options.file, options.engine);
    Varied varied = varied_options(*game, options.vary);
    SweepOptions sweep;
    sweep.file = options.file;
    if (options.players > 0) sweep.players = std::to_string(options.players);
    sweep.bots = options.bots;
    sweep.games = options.games;
    sweep.seed = options.seed;
    sweep.threads = options.threads;
    sweep.bot_timeout = options.bot_timeout;
    sweep.max_actions = options.max_actions;
    sweep.options = sweep_options_of(varied);
    SweepPlan plan = sweep_plan(game, sweep);
    std::vector<TuneTarget> targets;
    for (const auto& t : options.targets) targets.push_back(parse_tune_target(t, *game, plan.requests.front().settings.players));

    // Each pass tries the ranges closer around the best value of the one before, until neighbours are tried.
    std::vector<Round> rounds;
    const Pass first = tune_pass(std::move(plan), options, targets);
    Pass pass = first;
    rounds.insert(rounds.end(), pass.rounds.begin(), pass.rounds.end());
    while (narrow(varied, pass.plan, pass.best)) {
        sweep.options = sweep_options_of(varied);
        pass = tune_pass(sweep_plan(game, sweep), options, targets);
        rounds.insert(rounds.end(), pass.rounds.begin(), pass.rounds.end());
    }
    const std::vector<std::string> warnings = tune_warnings(first, pass, options);
    print_warnings("tune", warnings);
    const std::string bots = bots_by_seat(pass.plan.requests[pass.best].bots);
    std::ofstream page = open_report(options.report);
    auto json = json_of(rounds, setting_of(pass.plan, pass.best), pass.report, targets);
    json["bots"] = bots;
    json["warnings"] = warnings;
    finish_report(page, options.report, tune_html(game->title(), json));
    if (options.json) {
        std::cout << json.dump(2) << '\n';
    } else {
        std::cout << "bots: " << bots << "\n";
        print_text(rounds, setting_of(pass.plan, pass.best), pass.report, targets);
    }
    return exit_ok;
}

}  // namespace rulesrun::cli
