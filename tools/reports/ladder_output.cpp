#include "ladder_output.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string settings_line(const LadderResults& r) {
    const auto seatings = static_cast<std::int64_t>(std::max<std::size_t>(1, r.seatings_per_pairing));
    std::string line = fmt::format("{}: ladder of {} bots, {} players, {} games per pairing ({} seatings of {} games, "
                                   "on the same seeds), seed {}",
                                   r.game.title(), r.bots.size(), r.settings.players, r.games_per_pairing,
                                   r.seatings_per_pairing, r.games_per_pairing / seatings, r.settings.seed);
    if (!r.settings.options.empty()) {
        line += ", options";
        for (const auto& [name, value] : r.settings.options) line += fmt::format(" {}={}", name, value);
    }
    return line;
}

std::string rating_text(const LadderResults& r, std::size_t bot) {
    if (bot == r.depth.fit.anchor) return "0 (anchor)";
    return elo_text(r.depth.fit.elo[bot], r.depth.fit.interval[bot], true);
}

void print_ranking(std::ostream& out, const LadderResults& r) {
    std::size_t name_width = 3, rating_width = 15;
    for (const std::size_t bot : r.ranking) {
        name_width = std::max(name_width, r.bots[bot].size());
        rating_width = std::max(rating_width, rating_text(r, bot).size());
    }
    out << fmt::format("{:>4}  {:<{}}  {:<{}}  {:>7}  {:>6}", "rank", "bot", name_width, "rating [95% CI]",
                       rating_width, "games", "draws");
    out << (r.times ? fmt::format("  {:>13}\n", "time/decision") : "\n");
    for (std::size_t place = 0; place < r.ranking.size(); ++place) {
        const std::size_t bot = r.ranking[place];
        out << fmt::format("{:>4}  {:<{}}  {:<{}}  {:>7}  {:>6}", place + 1, r.bots[bot], name_width,
                           rating_text(r, bot), rating_width, r.per_bot[bot].games, r.per_bot[bot].draws);
        out << (r.times ? fmt::format("  {:>13}\n", decision_time_text(r.per_bot[bot])) : "\n");
    }
}

std::string cell_text(const LadderResults& r, std::size_t row, std::size_t column) {
    if (row == column) return "-";
    const MatrixCell cell = matrix_cell(r, row, column);
    return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * cell.rate, 100 * cell.interval.low, 100 * cell.interval.high);
}

void print_matrix(std::ostream& out, const LadderResults& r) {
    out << "the row's share of the points against the column (draws and level seats count half) [95% CI]:\n";
    std::size_t name_width = 0, cell_width = 0;
    for (const std::size_t row : r.ranking) {
        name_width = std::max(name_width, r.bots[row].size());
        cell_width = std::max(cell_width, r.bots[row].size());
        for (const std::size_t column : r.ranking) cell_width = std::max(cell_width, cell_text(r, row, column).size());
    }
    const auto print_row = [&](const std::string& head, const auto& cell) {
        std::string line = fmt::format("{:<{}}", head, name_width);
        for (const std::size_t column : r.ranking) line += fmt::format("  {:<{}}", cell(column), cell_width);
        out << line.substr(0, line.find_last_not_of(' ') + 1) << '\n';
    };
    print_row("", [&](std::size_t column) { return r.bots[column]; });
    for (const std::size_t row : r.ranking)
        print_row(r.bots[row], [&](std::size_t column) { return cell_text(r, row, column); });
}

Json number_or_null(double x) { return std::isfinite(x) ? Json(x) : Json(nullptr); }

Json interval_json(const Interval& interval) { return {number_or_null(interval.low), number_or_null(interval.high)}; }

Json bots_json(const LadderResults& r) {
    Json bots = Json::array();
    for (std::size_t place = 0; place < r.ranking.size(); ++place) {
        const std::size_t bot = r.ranking[place];
        const double ms = milliseconds_per_decision(r.per_bot[bot]);
        Json entry = {{"rank", place + 1},
                      {"bot", r.bots[bot]},
                      {"rating", r.depth.fit.elo[bot]},
                      {"ci95", interval_json(r.depth.fit.interval[bot])},
                      {"games", r.per_bot[bot].games},
                      {"draws", r.per_bot[bot].draws},
                      {"decisions", r.per_bot[bot].decisions}};
        if (r.times) entry["ms_per_decision"] = ms < 0 ? Json(nullptr) : Json(ms);
        bots.push_back(std::move(entry));
    }
    return bots;
}

Json matrix_json(const LadderResults& r) {
    Json matrix = Json::array();
    for (std::size_t row = 0; row < r.bots.size(); ++row) {
        Json against = Json::object();
        for (std::size_t column = 0; column < r.bots.size(); ++column) {
            if (row == column) continue;
            const MatrixCell cell = matrix_cell(r, row, column);
            against[r.bots[column]] = {{"rate", cell.rate}, {"ci95", interval_json(cell.interval)},
                                       {"games", cell.games}};
        }
        matrix.push_back({{"bot", r.bots[row]}, {"against", std::move(against)}});
    }
    return matrix;
}

}  // namespace

void print_ladder_text(std::ostream& out, const LadderResults& r) {
    out << settings_line(r) << '\n';
    out << fmt::format("ratings: Bradley-Terry on the Elo scale, {}, with 95% intervals\n\n", anchor_text(r.depth));
    print_ranking(out, r);
    out << '\n';
    print_matrix(out, r);
    out << '\n' << skill_depth_line(r.depth) << "\n  (" << skill_depth_meaning() << ")\n";
    out << fmt::format("{} games: {} drawn, {} lost by everybody\n", r.games, r.draws, r.everybody_loses);
    for (const auto& warning : r.depth.warnings) out << "warning: " << warning << '\n';
}

std::string ladder_json(const LadderResults& r) {
    Json json = {{"game", r.game.title()},
                 {"players", r.settings.players},
                 {"options", Json::object()},
                 {"seed", r.settings.seed},
                 {"games_per_pairing", r.games_per_pairing},
                 {"seatings_per_pairing", r.seatings_per_pairing},
                 {"games", r.games},
                 {"draws", r.draws},
                 {"everybody_loses", r.everybody_loses},
                 {"stopped_games", r.stopped_games},
                 {"scale", "Elo (Bradley-Terry), 95% intervals from the Fisher information"},
                 {"anchor", r.bots[r.depth.fit.anchor]}};
    for (const auto& [name, value] : r.settings.options) json["options"][name] = value;
    json["bots"] = bots_json(r);
    json["matrix"] = matrix_json(r);
    json["skill_depth"] = skill_depth_json(r.depth);
    json["warnings"] = r.depth.warnings;
    return json.dump(2);
}

}  // namespace rulesrun::cli
