#include "figure_warnings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

// "seat 1", "seats 2-3", "seats 1, 3 and 4" (seats counted from 1).
std::string seats_text(const std::vector<std::size_t>& seats) {
    std::vector<std::string> runs;
    for (std::size_t i = 0; i < seats.size();) {
        std::size_t j = i;
        while (j + 1 < seats.size() && seats[j + 1] == seats[j] + 1) ++j;
        runs.push_back(j == i ? fmt::format("{}", seats[i] + 1) : fmt::format("{}-{}", seats[i] + 1, seats[j] + 1));
        i = j + 1;
    }
    std::string joined;
    for (std::size_t r = 0; r < runs.size(); ++r)
        joined += (r == 0 ? "" : r + 1 == runs.size() ? " and " : ", ") + runs[r];
    return (seats.size() == 1 ? "seat " : "seats ") + joined;
}

// Each bot's text with the seats that played it, in the order of its first seat.
std::vector<std::pair<std::string, std::vector<std::size_t>>> bots_grouped(const std::vector<BotSpec>& bots) {
    std::vector<std::pair<std::string, std::vector<std::size_t>>> groups;
    for (std::size_t seat = 0; seat < bots.size(); ++seat) {
        const std::string text = bots[seat].text();
        auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == text; });
        if (it == groups.end()) it = groups.insert(groups.end(), {text, {}});
        it->second.push_back(seat);
    }
    return groups;
}

std::string seat_name(const SimulationReport& report, std::size_t seat) {
    return seat < report.seat_names.size() ? report.seat_names[seat] : fmt::format("seat {}", seat + 1);
}

std::string bot_advice(const runtime::GameDefinition& game) {
    return fmt::format("try stronger bots, e.g. --bots mcts or a strategy of the game (rulesrun info {} lists them)",
                       game.path());
}

std::string other_bot_advice(const runtime::GameDefinition& game) {
    return fmt::format("try other or stronger bots, e.g. --bots mcts or a strategy of the game (rulesrun info {} lists "
                       "them)",
                       game.path());
}

SameEnding lost_by_all(const runtime::GameDefinition& game, std::int64_t games, int players) {
    return {"lost by all",
            players == 1 ? fmt::format("every one of the {} games was lost", games)
                         : fmt::format("every one of the {} games was lost by all players", games),
            "the bots may be too weak to win: " + bot_advice(game)};
}

SameEnding all_drawn(const runtime::GameDefinition& game, std::int64_t games) {
    return {"drawn", fmt::format("every one of the {} games was a draw", games),
            "the bots may play alike and never get ahead of one another: " + other_bot_advice(game)};
}

// A game won by everybody (a cooperative team's win, or one player alone): the bots may find the game too easy.
SameEnding won_by_all(const runtime::GameDefinition& game, std::int64_t games, int players) {
    const std::string who = players == 1 ? "the player" : "the players together";
    return {"won by all", fmt::format("{} won every one of the {} games", who, games),
            "the game may be too easy at this player count and these option values, or the bots too strong for it: "
            "try harder option values, another player count or other bots (rulesrun info " + game.path() +
                " lists the options and strategies)"};
}

// Every game won by the same seat, or by seats that all play the same bot.
SameEnding won_by_seats(const std::vector<BotSpec>& bots, const std::vector<std::size_t>& seats,
                        const std::string& who, std::int64_t games) {
    const std::string bot = bots[seats.front()].text();
    const bool others_play_it = std::count_if(bots.begin(), bots.end(),
                                              [&](const BotSpec& b) { return b.text() == bot; }) >
                                static_cast<std::ptrdiff_t>(seats.size());
    const bool one_bot = std::all_of(bots.begin(), bots.end(), [&](const BotSpec& b) { return b.text() == bot; });
    std::string advice =
        one_bot || others_play_it
            ? "with these bots the seat decides the game before it is played: try stronger bots (e.g. --bots mcts) to "
              "see whether the rules, not the bots' play, favour it"
            : fmt::format("{} may be far stronger than the other bots, and the figures then measure the bots, not the "
                          "rules: try the same bot in every seat",
                          bot);
    return {"won by " + who, fmt::format("{} won every one of the {} games", who, games), std::move(advice)};
}

// The seats of one bot that won every game between them, when the seats play different bots.
std::optional<SameEnding> won_by_one_bot(const std::vector<BotSpec>& bots, const SimulationReport& report) {
    if (report.draws > 0 || report.everybody_loses > 0) return std::nullopt;
    for (const auto& [bot, seats] : bots_grouped(bots)) {
        if (seats.size() == bots.size()) return std::nullopt;  // a single bot: no bot won more than another
        bool only_they_won = true;
        for (std::size_t seat = 0; seat < bots.size(); ++seat)
            if (std::find(seats.begin(), seats.end(), seat) == seats.end() &&
                report.wins[seat] + report.shared_wins[seat] > 0)
                only_they_won = false;
        if (only_they_won)
            return won_by_seats(bots, seats, fmt::format("the {} bots ({})", bot, seats_text(seats)), report.games);
    }
    return std::nullopt;
}

// Whether every value of a figure was `value` (the comparison's smallest and largest are both it).
bool always(const std::optional<double>& low, const std::optional<double>& high, double value) {
    return low && high && std::abs(*low - value) < 1e-9 && std::abs(*high - value) < 1e-9;
}

const FigureComparison* figure_named(const ComparisonReport& report, const std::string& name) {
    for (const auto& f : report.figures)
        if (f.name == name) return &f;
    return nullptr;
}

// A value that reads as "never" or "always" in a yes-or-no figure or a percentage.
bool yes_or_no_value(double value) { return value == 0 || value == 1 || value == 100; }

std::string value_text(double value) { return fmt::format("{}", static_cast<std::int64_t>(value)); }

std::string point_label(const SweepResults& results, const SweepPoint& point) {
    std::string label;
    for (std::size_t a = 0; a < results.axes.size(); ++a)
        label += fmt::format("{}{}={}", a ? " " : "", results.axes[a].name, results.axes[a].values[point.at[a]]);
    return label.empty() ? "the only configuration" : label;
}

// The axis of the players' count, or nothing when it is not swept.
std::optional<std::size_t> players_axis(const SweepResults& results) {
    for (std::size_t a = 0; a < results.axes.size(); ++a)
        if (results.axes[a].name == "players") return a;
    return std::nullopt;
}

}  // namespace

std::string bots_by_seat(const std::vector<BotSpec>& bots) {
    std::string out;
    for (const auto& [bot, seats] : bots_grouped(bots))
        out += fmt::format("{}{} ({})", out.empty() ? "" : ", ", bot, seats_text(seats));
    return out;
}

std::optional<std::string> stopped_games_warning(const SimulationReport& report) {
    if (report.stopped_games == 0) return std::nullopt;
    return fmt::format("{} of the {} games did not end by the rules: they were stopped at the cap on a game's length "
                       "(--max-actions) and counted as draws. The bots may block each other forever, or the game "
                       "may never end with them; the rules can say how a game too long ends ('end game after N "
                       "actions with draw')",
                       report.stopped_games, report.games);
}

std::optional<SameEnding> same_ending(const runtime::GameDefinition& game, const std::vector<BotSpec>& bots,
                                      const SimulationReport& report) {
    const std::int64_t games = report.games;
    const int players = static_cast<int>(report.wins.size());
    if (games < fewest_games_to_warn || players == 0) return std::nullopt;
    if (report.everybody_loses == games) return lost_by_all(game, games, players);
    if (report.draws == games) return all_drawn(game, games);
    if (report.cooperative || players == 1) {
        if (report.wins[0] == games) return won_by_all(game, games, players);
        return std::nullopt;
    }
    const std::int64_t won_by_everybody = report.wins_among[0][static_cast<std::size_t>(players) - 1];
    if (won_by_everybody == games) return SameEnding{"shared by all", fmt::format("every one of the {} games was won by "
                                                                                  "all {} players together", games, players),
                                                     "the bots may play alike and never get ahead of one another: " + other_bot_advice(game)};
    if (won_by_everybody + report.draws == games)
        return SameEnding{"drawn or shared by all",
                          fmt::format("every one of the {} games was drawn or won by all players together", games),
                          "the bots may play alike and never get ahead of one another: " + other_bot_advice(game)};
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat)
        if (report.wins[seat] == games)
            return won_by_seats(bots, {seat}, fmt::format("{} ({})", seat_name(report, seat), bots[seat].text()), games);
    return won_by_one_bot(bots, report);
}

std::optional<SameEnding> same_ending(const runtime::GameDefinition& game, const std::vector<BotSpec>& bots,
                                      const ComparisonReport& report, bool b) {
    const std::int64_t games = report.games;
    const int players = static_cast<int>(bots.size());
    if (games < fewest_games_to_warn || players == 0) return std::nullopt;
    const auto is_always = [&](const std::string& name, double value) {
        const FigureComparison* f = figure_named(report, name);
        return f && (b ? always(f->min_b, f->max_b, value) : always(f->min_a, f->max_a, value));
    };
    if (is_always("everybody loses (%)", 100)) return lost_by_all(game, games, players);
    if (is_always("draws (%)", 100)) return all_drawn(game, games);
    for (int seat = 0; seat < players; ++seat) {
        if (!is_always(fmt::format("share of the wins: player {} (%)", seat + 1), 100)) continue;
        if (game.cooperative() || players == 1) return won_by_all(game, games, players);
        return won_by_seats(bots, {static_cast<std::size_t>(seat)},
                            fmt::format("player {} ({})", seat + 1, bots[static_cast<std::size_t>(seat)].text()), games);
    }
    return std::nullopt;
}

std::vector<std::string> constant_statistics(const runtime::GameDefinition& game,
                                             const std::vector<const SimulationReport*>& reports,
                                             const std::string& where) {
    std::vector<std::string> out;
    const bool too_few = std::any_of(reports.begin(), reports.end(),
                                     [](const SimulationReport* r) { return r->games < fewest_games_to_warn; });
    if (reports.empty() || too_few) return out;
    for (std::size_t i = 0; i < game.stats().size(); ++i) {
        std::set<std::int64_t> values;
        for (const auto* report : reports)
            for (const auto& [value, count] : report->stats[i].histogram.counts()) values.insert(value);
        if (values.size() != 1 || !yes_or_no_value(static_cast<double>(*values.begin()))) continue;
        out.push_back(fmt::format("statistic '{}' was {} in every game of {}: it cannot show what the settings change",
                                  game.stats()[i].name, *values.begin(), where));
    }
    return out;
}

std::vector<std::string> constant_statistics(const runtime::GameDefinition& game, const ComparisonReport& report) {
    std::vector<std::string> out;
    if (report.games < fewest_games_to_warn) return out;
    for (const auto& stat : game.stats()) {
        const FigureComparison* f = figure_named(report, stat.name);
        if (!f || !f->min_a || !yes_or_no_value(*f->min_a)) continue;
        if (!always(f->min_a, f->max_a, *f->min_a) || !always(f->min_b, f->max_b, *f->min_a)) continue;
        out.push_back(fmt::format("statistic '{}' was {} in every game of both files: it cannot show what the change "
                                  "does",
                                  stat.name, value_text(*f->min_a)));
    }
    return out;
}

std::vector<std::string> comparison_warnings(const runtime::GameDefinition& a, const runtime::GameDefinition& b,
                                             const std::vector<BotSpec>& bots, const ComparisonReport& report) {
    std::vector<std::string> out;
    const auto ending_a = same_ending(a, bots, report, false), ending_b = same_ending(b, bots, report, true);
    if (ending_a && ending_b) {
        if (ending_a->kind == ending_b->kind)
            out.push_back(fmt::format("in both files, {}: the comparison says nothing about play; {}", ending_a->fact,
                                      ending_a->advice));
        else
            out.push_back(fmt::format("in A, {}; in B, {}: the comparison says nothing about play; {}", ending_a->fact,
                                      ending_b->fact, ending_a->advice));
    }
    for (auto& w : constant_statistics(a, report)) out.push_back(std::move(w));
    return out;
}

std::vector<std::string> unchanging_options(const SweepResults& results, const char* command) {
    std::vector<std::string> out;
    const auto players = players_axis(results);
    for (std::size_t axis = 0; axis < results.axes.size(); ++axis) {
        if (players == axis || results.axes[axis].values.size() < 2) continue;
        // The configurations that differ in this option alone, grouped by their other settings; per player count,
        // whether some group compared two of them, and whether every such pair gave the same figures.
        std::map<std::vector<std::size_t>, const SimulationReport*> first_of_group;
        std::map<std::string, bool> compared, all_same;
        for (const auto& point : results.points) {
            if (point.report.games < fewest_games_to_warn) continue;
            std::vector<std::size_t> others = point.at;
            others[axis] = SIZE_MAX;
            const std::string count = std::to_string(point.settings.players);
            const auto [it, first] = first_of_group.emplace(others, &point.report);
            if (first) continue;
            compared[count] = true;
            all_same.emplace(count, true);
            if (!(*it->second == point.report)) all_same[count] = false;
        }
        for (const auto& [count, same] : all_same) {
            if (!same) continue;
            out.push_back(fmt::format(
                "option {} changed nothing with {} player{}: configurations that differ in {} alone gave exactly the "
                "same figures from the same games; the rules may not use it at that player count (rulesrun info {} "
                "says which options apply), so {} it at a player count where it does",
                results.axes[axis].name, count, count == "1" ? "" : "s", results.axes[axis].name, results.game.path(),
                std::string(command) == "tune" ? "vary" : "sweep"));
        }
    }
    return out;
}

SweepWarnings sweep_warnings(const SweepResults& results, const char* command) {
    SweepWarnings out;
    std::vector<std::optional<SameEnding>> endings;
    std::vector<const SimulationReport*> reports;
    for (const auto& point : results.points) {
        endings.push_back(same_ending(results.game, point.bots, point.report));
        out.endings.push_back(endings.back());
        out.per_point.emplace_back();
        if (endings.back()) out.per_point.back().push_back(endings.back()->text());
        if (const auto stopped = stopped_games_warning(point.report)) {
            out.per_point.back().push_back(*stopped);
            out.summary.push_back(point_label(results, point) + ": " + *stopped);
        }
        reports.push_back(&point.report);
    }
    const std::size_t count = results.points.size();
    out.noun = std::string(command) == "tune" ? "setting" : "configuration";
    const std::string noun = out.noun + "s";
    const bool every = count > 1 && std::all_of(endings.begin(), endings.end(), [](const auto& e) { return e.has_value(); });
    if (every) {
        const bool alike = std::all_of(endings.begin(), endings.end(),
                                       [&](const auto& e) { return e->advice == endings.front()->advice; });
        out.alike_everywhere = alike;
        out.summary.push_back(
            alike ? fmt::format("in every one of the {} {}, {}: {}", count, noun, endings.front()->fact,
                                endings.front()->advice)
                  : fmt::format("in every one of the {} {} every game ended alike (see each one's warning): the "
                                "figures say nothing about what the settings change",
                                count, noun));
    }
    if (count > 1)
        for (auto& w : constant_statistics(results.game, reports, std::string(command) == "tune" ? "every setting"
                                                                                                 : "every configuration"))
            out.summary.push_back(std::move(w));
    for (auto& w : unchanging_options(results, command)) out.summary.push_back(std::move(w));
    return out;
}

std::string sweep_bots(const SweepResults& results) {
    std::vector<std::pair<int, std::string>> distinct;
    for (const auto& point : results.points) {
        std::pair<int, std::string> one{point.settings.players, bots_by_seat(point.bots)};
        if (std::find(distinct.begin(), distinct.end(), one) == distinct.end()) distinct.push_back(std::move(one));
    }
    if (distinct.size() == 1) return distinct.front().second;
    std::string out;
    for (const auto& [players, bots] : distinct)
        out += fmt::format("{}{} with {} player{}", out.empty() ? "" : "; ", bots, players, players == 1 ? "" : "s");
    return out;
}

std::vector<std::string> all_warnings(const SweepResults& results, const SweepWarnings& warnings) {
    std::vector<std::string> out;
    std::vector<const SameEnding*> kinds;  // the first ending of each kind, whose advice is given once
    for (std::size_t p = 0; p < warnings.endings.size(); ++p) {
        const auto& ending = warnings.endings[p];
        if (!ending) continue;
        out.push_back(point_label(results, results.points[p]) + ": " + ending->fact);
        if (std::none_of(kinds.begin(), kinds.end(), [&](const SameEnding* k) { return k->kind == ending->kind; }))
            kinds.push_back(&*ending);
    }
    if (!warnings.alike_everywhere)
        for (const SameEnding* k : kinds)
            out.push_back(fmt::format("the {}s above where every game was {}: {}", warnings.noun, k->kind,
                                      k->advice));
    out.insert(out.end(), warnings.summary.begin(), warnings.summary.end());
    return out;
}

void print_warnings(const std::string& command, const std::vector<std::string>& warnings) {
    for (const auto& w : warnings) fmt::print(stderr, "{}: warning: {}\n", command, w);
}

std::string warnings_html(const std::vector<std::string>& warnings) {
    if (warnings.empty()) return "";
    std::string html = "<h2>Warnings</h2>\n<ul class=\"warnings\">\n";
    for (const auto& w : warnings) html += "<li>" + escape(w) + "</li>\n";
    return html + "</ul>\n";
}

}  // namespace rulesrun::cli
