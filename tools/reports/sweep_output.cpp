#include "sweep_output.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "figure_warnings.hpp"

namespace rulesrun::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string figure_text(const SweepFigure& f) {
    if (!f.mean) return "-";
    if (f.percent) return fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * *f.mean, 100 * f.low, 100 * f.high);
    return fmt::format("{:.2f} [{:.2f}, {:.2f}]", *f.mean, f.low, f.high);
}

// The table's cells: the swept values, then every figure; the first row is the heading.
std::vector<std::vector<std::string>> table_cells(const SweepResults& results) {
    std::vector<std::vector<std::string>> rows(1);
    for (const auto& axis : results.axes) rows[0].push_back(axis.name);
    for (const auto& point : results.points) {
        const auto figures = sweep_figures(results.game, point);
        if (rows.size() == 1)
            for (const auto& f : figures) rows[0].push_back(f.percent ? f.name + " (%)" : f.name);
        auto& row = rows.emplace_back();
        for (std::size_t a = 0; a < results.axes.size(); ++a) row.push_back(results.axes[a].values[point.at[a]]);
        for (const auto& f : figures) row.push_back(figure_text(f));
    }
    return rows;
}

Json figure_json(const SweepFigure& f) {
    const auto number = [&](double v) { return f.mean ? Json(v) : Json(nullptr); };
    return {{"name", f.name}, {"percent", f.percent}, {"mean", f.mean ? Json(*f.mean) : Json(nullptr)},
            {"ci95_low", number(f.low)}, {"ci95_high", number(f.high)}};
}

}  // namespace

void print_sweep_text(std::ostream& out, const SweepResults& results) {
    out << fmt::format("{}: {}, {} games each, the same seeds in each (base seed {})\nbots: {}\n\n",
                       results.game.title(), configurations_text(results), results.games, results.seed,
                       sweep_bots(results));
    const auto rows = table_cells(results);
    std::vector<std::size_t> widths(rows[0].size(), 0);
    for (const auto& row : rows)
        for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            const bool swept = c < results.axes.size();
            line += swept ? fmt::format("{:<{}}", row[c], widths[c]) : fmt::format("{:>{}}", row[c], widths[c]);
            if (c + 1 < row.size()) line += "  ";
        }
        out << line << '\n';
    }
    out << "\nEach figure: its mean per game (or share of games) and its 95% interval. Every configuration plays the "
           "same seeds, so differences between rows are paired.\n";
}

std::string sweep_json(const SweepResults& results) {
    Json json = {{"game", results.game.title()}, {"games", results.games}, {"seed", results.seed}};
    json["axes"] = Json::array();
    for (const auto& axis : results.axes) json["axes"].push_back({{"name", axis.name}, {"values", axis.values}});
    if (results.sampled_from > 0) json["sample"] = {{"design", sample_design}, {"grid", results.sampled_from}};
    const SweepWarnings warnings = sweep_warnings(results);
    json["bots"] = sweep_bots(results);
    json["warnings"] = all_warnings(results, warnings);
    json["configurations"] = Json::array();
    for (std::size_t p = 0; p < results.points.size(); ++p) {
        const SweepPoint& point = results.points[p];
        Json configuration = {{"players", point.settings.players}, {"options", Json::object()}};
        for (const auto& [name, value] : point.settings.options) configuration["options"][name] = value;
        configuration["bots"] = Json::array();
        for (const auto& bot : point.bots) configuration["bots"].push_back(bot.text());
        configuration["games"] = point.report.games;
        configuration["warnings"] = warnings.per_point[p];
        configuration["figures"] = Json::array();
        for (const auto& f : sweep_figures(results.game, point)) configuration["figures"].push_back(figure_json(f));
        json["configurations"].push_back(std::move(configuration));
    }
    return json.dump(2);
}

}  // namespace rulesrun::cli
