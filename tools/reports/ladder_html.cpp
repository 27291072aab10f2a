#include "ladder_html.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "html_charts.hpp"
#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

std::string settings_table(const LadderResults& r) {
    std::string out = "<table class=\"options\">\n<tr><th>setting</th><th>value</th></tr>\n";
    auto row = [&](const std::string& name, const std::string& value) {
        out += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", escape(name), escape(value));
    };
    row("bots", fmt::format("{}", r.bots.size()));
    row("players", fmt::format("{}", r.settings.players));
    row("games per pairing", fmt::format("{} ({} seatings, the same seeds in each)", r.games_per_pairing,
                                         r.seatings_per_pairing));
    row("games", fmt::format("{} ({} drawn, {} lost by everybody)", r.games, r.draws, r.everybody_loses));
    row("seed", fmt::format("{}", r.settings.seed));
    for (const auto& [name, value] : r.settings.options) row("option " + name, value);
    return out + "</table>\n";
}

std::string ranking_table(const LadderResults& r) {
    std::string out = fmt::format("<table class=\"ranking\">\n<tr><th>rank</th><th>bot</th><th>rating, Elo ({}) [95% "
                                  "CI]</th><th>games</th><th>draws</th>{}</tr>\n",
                                  escape(anchor_text(r.depth)), r.times ? "<th>time per decision</th>" : "");
    for (std::size_t place = 0; place < r.ranking.size(); ++place) {
        const std::size_t bot = r.ranking[place];
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>{}</tr>\n", place + 1,
                           escape(r.bots[bot]),
                           bot == r.depth.fit.anchor ? "0 (anchor)"
                                                     : elo_text(r.depth.fit.elo[bot], r.depth.fit.interval[bot], true),
                           r.per_bot[bot].games, r.per_bot[bot].draws,
                           r.times ? fmt::format("<td>{}</td>", decision_time_text(r.per_bot[bot])) : "");
    }
    return out + "</table>\n";
}

// Each bot's rating as a dot with its 95% interval as a whisker, on one Elo axis; the anchor's 0 is a line. An
// interval without end (a bot that won or lost everything) is drawn up to the ratings' reach and said in its text.
std::string ratings_chart(const LadderResults& r) {
    double low = 0, high = 0;
    for (std::size_t bot = 0; bot < r.bots.size(); ++bot) {
        const Interval& ci = r.depth.fit.interval[bot];
        low = std::min({low, r.depth.fit.elo[bot], std::isfinite(ci.low) ? ci.low : low});
        high = std::max({high, r.depth.fit.elo[bot], std::isfinite(ci.high) ? ci.high : high});
    }
    std::vector<IntervalRow> rows;
    for (const std::size_t bot : r.ranking) {
        const Interval& ci = r.depth.fit.interval[bot];
        const double elo = r.depth.fit.elo[bot];
        rows.push_back({r.bots[bot], elo, std::isfinite(ci.low) ? ci.low : low, std::isfinite(ci.high) ? ci.high : high,
                        bot == r.depth.fit.anchor ? "0 (anchor)" : elo_text(elo, ci, true)});
    }
    return chart(interval_spec(rows, "rating, Elo (95% interval)", "d", Reference{0, "anchor"}, false),
                 "ratings with their 95% intervals", "ratings");
}

// From red (the row took no point) through white (half) to blue (every point), light enough for dark text.
std::string cell_colour(double rate) {
    const double t = std::clamp(rate, 0.0, 1.0);
    const auto mix = [](int from, int to, double f) { return static_cast<int>(std::lround(from + (to - from) * f)); };
    if (t < 0.5) {
        const double f = t / 0.5;
        return fmt::format("#{:02x}{:02x}{:02x}", mix(0xe8, 0xff, f), mix(0x7d, 0xff, f), mix(0x76, 0xff, f));
    }
    const double f = (t - 0.5) / 0.5;
    return fmt::format("#{:02x}{:02x}{:02x}", mix(0xff, 0x7f, f), mix(0xff, 0xa6, f), mix(0xff, 0xdc, f));
}

std::string matrix_table(const LadderResults& r) {
    std::string out = "<table class=\"matrix\">\n<tr><th>row against column</th>";
    for (const std::size_t column : r.ranking) out += fmt::format("<th>{}</th>", escape(r.bots[column]));
    out += "</tr>\n";
    for (const std::size_t row : r.ranking) {
        out += fmt::format("<tr><th>{}</th>", escape(r.bots[row]));
        for (const std::size_t column : r.ranking) {
            if (row == column) {
                out += "<td>&ndash;</td>";
                continue;
            }
            const MatrixCell cell = matrix_cell(r, row, column);
            out += fmt::format("<td style=\"background:{}\" title=\"{} games\">{}<br><small>[{:.1f}, {:.1f}]</small>"
                               "</td>", cell_colour(cell.rate), cell.games, percent(cell.rate),
                               100 * cell.interval.low, 100 * cell.interval.high);
        }
        out += "</tr>\n";
    }
    return out + "</table>\n";
}

}  // namespace

std::string ladder_html(const LadderResults& r) {
    std::string html = page_start(fmt::format("{}: ladder of {} bots", r.game.title(), r.bots.size()));
    html += "<h2>Settings</h2>\n" + settings_table(r);
    html += fmt::format("<h2>Skill depth</h2>\n<p class=\"skill-depth\"><strong>{}</strong><br>{}.</p>\n",
                        escape(skill_depth_line(r.depth)), escape(skill_depth_meaning()));
    for (const auto& warning : r.depth.warnings) html += fmt::format("<p class=\"warning\">{}</p>\n", escape(warning));
    html += "<h2>Ratings</h2>\n" + ratings_chart(r) + ranking_table(r);
    html += "<h2>Win matrix</h2>\n<p>The row's share of the points against the column (a draw, or seats ranked level, "
            "count half), with its 95% interval.</p>\n" + matrix_table(r);
    return html + charts_script() + page_end();
}

}  // namespace rulesrun::cli
