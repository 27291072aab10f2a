#include "simulation_output.hpp"

#include "balance_output.hpp"
#include "figure_warnings.hpp"
#include "skill_depth.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string percent(std::int64_t part, std::int64_t whole) {
    return whole == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

std::string seat_name(const SimulationReport& report, std::size_t seat) {
    return seat < report.seat_names.size() ? report.seat_names[seat] : fmt::format("seat {}", seat + 1);
}

// ---- text ---------------------------------------------------------------------------------------------------------

// A seat's mean rank, and the share of games it ended at each rank ("52% 31% 17%").
double mean_rank(const SimulationReport& report, std::size_t seat) {
    std::int64_t total = 0;
    for (std::size_t r = 0; r < report.ranks[seat].size(); ++r) total += static_cast<std::int64_t>(r + 1) * report.ranks[seat][r];
    return report.games ? static_cast<double>(total) / static_cast<double>(report.games) : 0.0;
}

std::string rank_shares(const SimulationReport& report, std::size_t seat) {
    std::vector<std::string> shares;
    for (const std::int64_t games : report.ranks[seat]) shares.push_back(percent(games, report.games));
    return fmt::format("{}", fmt::join(shares, " "));
}

// The games a length limit ended: the rules' own (a normal end), the run's cap (stopped, counted as draws).
void print_length_limits(std::ostream& out, const SimulationReport& report) {
    if (report.limit_games > 0)
        out << fmt::format("games ended at the rules' length limit: {} ({})\n", report.limit_games,
                           percent(report.limit_games, report.games));
    if (report.stopped_games > 0)
        out << fmt::format("games stopped at the cap on a game's length (--max-actions), counted as draws: {} ({})\n",
                           report.stopped_games, percent(report.stopped_games, report.games));
}

void print_cooperative_seats(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report) {
    const std::int64_t won = report.wins.empty() ? 0 : report.wins[0];
    out << fmt::format("the players win together: {} ({}); they lose: {} ({})\n", won, percent(won, report.games),
                       report.everybody_loses, percent(report.everybody_loses, report.games));
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat)
        out << fmt::format("{} ({}): mean score {:.3f}\n", seat_name(report, seat), setup.bots[seat].text(),
                           report.scores[seat].mean());
    print_length_limits(out, report);
}

void print_seats(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report) {
    if (report.cooperative) {
        print_cooperative_seats(out, setup, report);
        return;
    }
    std::size_t name_width = 4, bot_width = 3, ranks_width = 15;
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat) {
        name_width = std::max(name_width, seat_name(report, seat).size());
        bot_width = std::max(bot_width, setup.bots[seat].text().size());
        ranks_width = std::max(ranks_width, rank_shares(report, seat).size());
    }
    out << fmt::format("{:<{}}  {:<{}}  {:>16}  {:>16}  {:>9}  {:>9}  {:<{}}  {:>10}\n", "seat", name_width, "bot",
                       bot_width, "wins alone", "shared wins", "win share", "mean rank", "ranks 1st 2nd..",
                       ranks_width, "mean score");
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat) {
        const double share = report.games ? report.win_points(seat) / static_cast<double>(report.games) : 0.0;
        out << fmt::format("{:<{}}  {:<{}}  {:>9} {:>6}  {:>9} {:>6}  {:>8.1f}%  {:>9.2f}  {:<{}}  {:>10.3f}\n",
                           seat_name(report, seat), name_width, setup.bots[seat].text(), bot_width, report.wins[seat],
                           percent(report.wins[seat], report.games), report.shared_wins[seat],
                           percent(report.shared_wins[seat], report.games), 100 * share, mean_rank(report, seat),
                           rank_shares(report, seat), ranks_width, report.scores[seat].mean());
    }
    out << fmt::format("games with a shared win: {} ({}); draws: {} ({}); everybody loses: {} ({})\n",
                       report.shared_win_games, percent(report.shared_win_games, report.games), report.draws,
                       percent(report.draws, report.games), report.everybody_loses,
                       percent(report.everybody_loses, report.games));
    print_length_limits(out, report);
}

std::string figures(const Accumulator& a) {
    if (a.count() == 0) return fmt::format("{:>12}", "no samples");
    return fmt::format("{:>12.3f} {:>12.3f} {:>10.3f} {:>10} {:>10} {:>10}", a.mean(), a.stddev(), a.ci95(), a.min(),
                       a.max(), a.count());
}

void print_stats(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report) {
    const auto& infos = setup.game.stats();
    std::size_t width = std::string("game length (actions)").size();
    for (const auto& info : infos) width = std::max(width, info.name.size());
    for (const auto& name : report.seat_names) width = std::max(width, name.size() + 2);
    out << fmt::format("{:<{}} {:>12} {:>12} {:>10} {:>10} {:>10} {:>10}\n", "statistic", width, "mean", "stddev",
                       "95% CI +-", "min", "max", "count");
    out << fmt::format("{:<{}} {}\n", "game length (actions)", width, figures(report.length));
    for (std::size_t i = 0; i < infos.size(); ++i) {
        out << fmt::format("{:<{}} {}\n", infos[i].name, width, figures(report.stats[i].all));
        for (std::size_t seat = 0; seat < report.stats[i].per_seat.size(); ++seat)
            out << fmt::format("{:<{}} {}\n", "  " + seat_name(report, seat), width,
                               figures(report.stats[i].per_seat[seat]));
    }
}

// When the seats' bots differ: each bot's rating from the seats it played, and the skill depth.
void print_seat_ratings(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report) {
    const auto depth = seat_skill_depth(setup.bots, report);
    if (!depth) return;
    out << fmt::format("\nthe bots rated from their seats' results (Bradley-Terry, Elo scale, {}, 95% intervals):\n",
                       anchor_text(*depth));
    for (std::size_t bot = 0; bot < depth->bots.size(); ++bot)
        out << fmt::format("  {}: {}\n", depth->bots[bot],
                           bot == depth->fit.anchor ? "0 (anchor)"
                                                    : elo_text(depth->fit.elo[bot], depth->fit.interval[bot], true));
    out << "  (the seats are not rotated: a seat's advantage counts in its bot's rating; 'rulesrun ladder' rotates "
           "them)\n";
    out << skill_depth_line(*depth) << "\n  (" << skill_depth_meaning() << ")\n";
    for (const auto& warning : depth->warnings) out << "warning: " << warning << '\n';
}

// ---- JSON ---------------------------------------------------------------------------------------------------------

// Figures of no sample are null: there is no mean of nothing.
Json figures_json(const Accumulator& a) {
    if (a.count() == 0)
        return {{"mean", nullptr}, {"stddev", nullptr}, {"ci95", nullptr}, {"min", nullptr}, {"max", nullptr},
                {"count", 0}};
    return {{"mean", a.mean()}, {"stddev", a.stddev()}, {"ci95", a.ci95()}, {"min", a.min()}, {"max", a.max()},
            {"count", a.count()}};
}

Json seats_json(const SimulationSetup& setup, const SimulationReport& report) {
    Json seats = Json::array();
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat)
        seats.push_back({{"seat", seat + 1},
                         {"name", seat_name(report, seat)},
                         {"bot", setup.bots[seat].text()},
                         {"wins", report.wins[seat]},
                         {"shared_wins", report.shared_wins[seat]},
                         {"win_points", report.win_points(seat)},
                         {"ranks", report.ranks[seat]},
                         {"mean_rank", mean_rank(report, seat)},
                         {"mean_score", report.scores[seat].mean()}});
    return seats;
}

Json stats_json(const SimulationSetup& setup, const SimulationReport& report) {
    Json stats = Json::object();
    const auto& infos = setup.game.stats();
    for (std::size_t i = 0; i < infos.size(); ++i) {
        Json stat = figures_json(report.stats[i].all);
        stat["description"] = infos[i].description;
        if (infos[i].per_player) {
            stat["per_seat"] = Json::array();
            for (std::size_t seat = 0; seat < report.stats[i].per_seat.size(); ++seat) {
                Json one = {{"seat", seat + 1}, {"name", seat_name(report, seat)}};
                one.update(figures_json(report.stats[i].per_seat[seat]));
                stat["per_seat"].push_back(std::move(one));
            }
        }
        stats[infos[i].name] = std::move(stat);
    }
    return stats;
}

}  // namespace

void print_simulation_text(std::ostream& out, const SimulationSetup& setup, const SimulationReport& report) {
    out << fmt::format("{}: {} games, {} players, seed {}", setup.game.title(), report.games, setup.settings.players,
                       setup.settings.seed);
    if (!setup.settings.options.empty()) {
        out << ", options";
        for (const auto& [name, value] : setup.settings.options) out << fmt::format(" {}={}", name, value);
    }
    out << fmt::format("\nbots: {}\n\n", bots_by_seat(setup.bots));
    print_seats(out, setup, report);
    print_balance_text(out, balance_of(report), seats_comparable(setup.bots));
    print_seat_ratings(out, setup, report);
    out << '\n';
    print_stats(out, setup, report);
}

std::vector<std::string> simulation_warnings(const SimulationSetup& setup, const SimulationReport& report) {
    std::vector<std::string> warnings;
    if (const auto stopped = stopped_games_warning(report)) warnings.push_back(*stopped);
    if (const auto ending = same_ending(setup.game, setup.bots, report)) warnings.push_back(ending->text());
    return warnings;
}

std::string simulation_json(const SimulationSetup& setup, const SimulationReport& report) {
    Json json = {{"game", setup.game.title()}, {"games", report.games}, {"seed", setup.settings.seed},
                 {"players", setup.settings.players}};
    json["options"] = Json::object();
    for (const auto& [name, value] : setup.settings.options) json["options"][name] = value;
    json["bots"] = bots_by_seat(setup.bots);
    json["warnings"] = simulation_warnings(setup, report);
    json["seats"] = seats_json(setup, report);
    json["cooperative"] = report.cooperative;
    json["shared_win_games"] = report.shared_win_games;
    json["draws"] = report.draws;
    json["everybody_loses"] = report.everybody_loses;
    json["limit_games"] = report.limit_games;
    json["stopped_games"] = report.stopped_games;
    json["length"] = figures_json(report.length);
    json["balance"] = balance_json(balance_of(report), seats_comparable(setup.bots));
    const auto depth = seat_skill_depth(setup.bots, report);
    json["skill_depth"] = depth ? skill_depth_json(*depth) : Json(nullptr);
    json["stats"] = stats_json(setup, report);
    return json.dump(2);
}

}  // namespace rulesrun::cli
