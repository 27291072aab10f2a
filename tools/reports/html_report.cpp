#include "html_report.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "balance_output.hpp"
#include "figure_warnings.hpp"
#include "html_charts.hpp"
#include "html_page.hpp"
#include "skill_depth.hpp"

namespace rulesrun::cli {

namespace {

std::string seat_label(const SimulationReport& report, std::size_t seat) {
    return seat < report.seat_names.size() ? report.seat_names[seat] : fmt::format("seat {}", seat + 1);
}

// "player 1 (greedy)": charts name each seat's bot too.
std::string seat_and_bot(const SimulationSetup& setup, const SimulationReport& report, std::size_t seat) {
    return seat < setup.bots.size() ? fmt::format("{} ({})", seat_label(report, seat), setup.bots[seat].text())
                                    : seat_label(report, seat);
}

// One bar per value, or per range of values when there are more than 40 different ones (ranges of a round width).
std::vector<HistogramBar> bins_of(const Histogram& histogram) {
    const auto& counts = histogram.counts();
    std::vector<HistogramBar> bins;
    if (counts.empty()) return bins;
    const std::int64_t low = counts.begin()->first, high = counts.rbegin()->first;
    std::int64_t width = 1;
    for (const std::int64_t round : {1, 2, 5, 10, 20, 25, 50}) {
        width = round;
        if ((high - low) / round < 40) break;
    }
    while ((high - low) / width >= 40) width *= 10;
    const std::int64_t first = low >= 0 ? low / width * width : -((-low + width - 1) / width) * width;
    for (std::int64_t start = first; start <= high; start += width) bins.push_back({start, start + width - 1, 0});
    for (const auto& [value, count] : counts) bins[static_cast<std::size_t>((value - first) / width)].count += count;
    return bins;
}

std::string histogram_chart(const std::string& name, const Histogram& histogram, const std::string& count_title) {
    const std::vector<HistogramBar> bins = bins_of(histogram);
    if (bins.empty()) return fmt::format("<p class=\"histogram\" data-statistic=\"{}\">no samples</p>\n", escape(name));
    return chart(histogram_spec(bins, name, count_title), "histogram of " + name, "histogram",
                 fmt::format("statistic=\"{}\"", escape(name)));
}

// Each seat's share of the wins (a win among k winners counts 1/k, a draw 1/n) as a bar with its 95% interval; the
// dashed line is the fair share.
std::string win_rates_chart(const SimulationSetup& setup, const SimulationReport& report, double fair_share) {
    std::vector<IntervalRow> rows;
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat) {
        const double won = report.win_points(seat);
        const double rate = report.games == 0 ? 0 : won / static_cast<double>(report.games);
        const Interval ci = wilson95(won, report.games);
        rows.push_back({seat_and_bot(setup, report, seat), rate, ci.low, ci.high,
                        fmt::format("{} [{}, {}]", percent(rate), percent(ci.low), percent(ci.high))});
    }
    return chart(interval_spec(rows, "share of the wins (95% interval)", ".0%",
                               Reference{fair_share, "fair share " + percent(fair_share)}, true),
                 "win rates by seat", "win-rates");
}

std::string options_table(const SimulationSetup& setup, const SimulationReport& report) {
    std::string out = "<table class=\"options\">\n<tr><th>setting</th><th>value</th></tr>\n";
    auto row = [&](const std::string& name, const std::string& value) {
        out += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", escape(name), escape(value));
    };
    row("games", fmt::format("{}", report.games));
    row("players", fmt::format("{}", setup.settings.players));
    row("seed", fmt::format("{}", setup.settings.seed));
    row("bots", bots_by_seat(setup.bots));
    for (const auto& [name, value] : setup.settings.options) row("option " + name, value);
    return out + "</table>\n";
}

std::string outcome_table(const SimulationSetup& setup, const SimulationReport& report) {
    std::string out = "<table class=\"outcomes\">\n<tr><th>seat</th><th>bot</th><th>wins alone</th><th>shared wins</th>"
                      "<th>share of the wins [95% CI]</th><th>ranks (1st, 2nd, ...)</th><th>mean score</th></tr>\n";
    for (std::size_t seat = 0; seat < report.wins.size(); ++seat) {
        const double won = report.win_points(seat);
        const Interval ci = wilson95(won, report.games);
        std::vector<std::string> ranks;
        for (const std::int64_t games : report.ranks[seat]) {
            ranks.push_back(percent(report.games ? static_cast<double>(games) / static_cast<double>(report.games) : 0));
        }
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} [{}, {}]</td><td>{}</td>"
                           "<td>{:.3f}</td></tr>\n",
                           escape(seat_label(report, seat)), escape(setup.bots[seat].text()), report.wins[seat],
                           report.shared_wins[seat], percent(report.games ? won / static_cast<double>(report.games) : 0),
                           percent(ci.low), percent(ci.high), fmt::format("{}", fmt::join(ranks, ", ")),
                           report.scores[seat].mean());
    }
    return out + "</table>\n";
}

std::string balance_list(const BalanceFigures& b, bool comparable) {
    auto rate = [](double r, const Interval& ci) { return fmt::format("{} [{}, {}]", percent(r), percent(ci.low), percent(ci.high)); };
    const std::string first_seat =
        comparable ? fmt::format("first seat's share of the wins {} (a win among k winners counts 1/k; fair share {})",
                                 rate(b.first_seat_wins, b.first_seat_interval), percent(b.fair_share))
                   : "the seats play different bots: no first-seat figure (it would mix the seat with its bot)";
    return fmt::format("<ul class=\"balance\">\n<li>{}</li>\n"
                       "<li>shared wins {}; draws {}; everybody loses {}</li>\n"
                       "<li>game length {:.1f} actions on average (95% CI &plusmn;{:.1f})</li>\n"
                       "<li>{} decisions, {:.2f} legal choices per decision on average, {} forced (a single choice)</li>\n</ul>\n",
                       first_seat, rate(b.shared_wins, b.shared_interval), rate(b.draws, b.draws_interval),
                       rate(b.everybody_loses, b.everybody_loses_interval),
                       b.mean_length, b.length_ci95, b.decisions, b.mean_choices, percent(b.forced_share));
}

// The skill depth, when the seats' bots differ: each bot's rating from the seats it played and the gap.
std::string skill_depth_section(const SimulationSetup& setup, const SimulationReport& report) {
    const auto depth = seat_skill_depth(setup.bots, report);
    if (!depth)
        return "<p class=\"skill-depth\">Every seat plays the same bot: no skill depth. <code>rulesrun ladder FILE "
               "--bots A,B,...</code> rates bots against each other, seats rotated.</p>\n";
    std::string out = fmt::format("<p class=\"skill-depth\"><strong>{}</strong><br>{}.</p>\n",
                                  escape(skill_depth_line(*depth)), escape(skill_depth_meaning()));
    for (const auto& warning : depth->warnings) out += fmt::format("<p class=\"warning\">{}</p>\n", escape(warning));
    out += fmt::format("<table class=\"ratings\">\n<tr><th>bot</th><th>rating, Elo ({}) [95% CI]</th></tr>\n",
                       escape(anchor_text(*depth)));
    for (std::size_t bot = 0; bot < depth->bots.size(); ++bot)
        out += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", escape(depth->bots[bot]),
                           bot == depth->fit.anchor ? "0 (anchor)"
                                                    : elo_text(depth->fit.elo[bot], depth->fit.interval[bot], true));
    return out + "</table>\n<p>Rated from the seats' results: the seats are not rotated, so a seat's advantage counts "
                 "in its bot's rating (<code>rulesrun ladder</code> rotates them).</p>\n";
}

// A statistic whose every sample is 0 or 1 (a true/false record) reads as a rate, not as a histogram.
bool yes_or_no(const Histogram& histogram) {
    const auto& counts = histogram.counts();
    return !counts.empty() && counts.begin()->first >= 0 && counts.rbegin()->first <= 1;
}

std::string rate_with_interval(const Accumulator& a) {
    const double yes = a.mean() * static_cast<double>(a.count());
    const Interval ci = wilson95(yes, a.count());
    return fmt::format("{} [{}, {}]", percent(a.mean()), percent(ci.low), percent(ci.high));
}

// Each seat's figure of a per-player statistic, with its bot: seats are not lumped together.
std::string per_seat_table(const SimulationSetup& setup, const SimulationReport& report, const StatSummary& stat,
                           bool rates) {
    std::string out = fmt::format("<table class=\"per-seat\">\n<tr><th>seat</th><th>{}</th><th>samples</th></tr>\n",
                                  rates ? "true in [95% CI]" : "mean [95% CI]");
    for (std::size_t seat = 0; seat < stat.per_seat.size(); ++seat) {
        const Accumulator& a = stat.per_seat[seat];
        const std::string figure = a.count() == 0 ? "no samples"
                                   : rates        ? rate_with_interval(a)
                                                  : fmt::format("{:.3f} [{:.3f}, {:.3f}]", a.mean(), a.mean() - a.ci95(),
                                                                a.mean() + a.ci95());
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", escape(seat_and_bot(setup, report, seat)),
                           figure, a.count());
    }
    return out + "</table>\n";
}

// A per-player statistic seat by seat, each with its bot and its mean's (or rate's) interval, on one axis.
std::string per_seat_chart(const SimulationSetup& setup, const SimulationReport& report, const std::string& name,
                           const StatSummary& stat, bool rates) {
    std::vector<IntervalRow> rows;
    for (std::size_t seat = 0; seat < stat.per_seat.size(); ++seat) {
        const Accumulator& a = stat.per_seat[seat];
        if (a.count() == 0) continue;
        if (rates) {
            const Interval ci = wilson95(a.mean() * static_cast<double>(a.count()), a.count());
            rows.push_back({seat_and_bot(setup, report, seat), a.mean(), ci.low, ci.high, rate_with_interval(a)});
        } else {
            rows.push_back({seat_and_bot(setup, report, seat), a.mean(), a.mean() - a.ci95(), a.mean() + a.ci95(),
                            fmt::format("{:.3g} \u00b1{:.2g}", a.mean(), a.ci95())});
        }
    }
    if (rows.empty()) return "";
    return chart(interval_spec(rows, rates ? name + ": true in (95% interval)" : name + ": mean (95% interval)",
                               rates ? ".0%" : "~g", std::nullopt, false),
                 name + " by seat", "per-seat");
}

std::string statistic_section(const SimulationSetup& setup, const SimulationReport& report, const std::string& name,
                              const std::string& description, const StatSummary& stat) {
    const Accumulator& a = stat.all;
    const bool rates = yes_or_no(stat.histogram);
    std::string out = fmt::format("<h3>{}</h3>\n<p>{}", escape(name), escape(description));
    if (a.count() > 0 && rates) {
        out += fmt::format(" &mdash; true in {} of {} samples", rate_with_interval(a), a.count());
    } else if (a.count() > 0) {
        out += fmt::format(" &mdash; mean {:.3f} (95% CI &plusmn;{:.3f}), sd {:.3f}, min {}, max {}, {} samples", a.mean(),
                           a.ci95(), a.stddev(), a.min(), a.max(), a.count());
    }
    out += "</p>\n";
    if (stat.per_seat.empty()) return rates ? out : out + histogram_chart(name, stat.histogram, "samples");
    out += per_seat_table(setup, report, stat, rates) + per_seat_chart(setup, report, name, stat, rates);
    if (rates) return out;
    // Seats with different bots are not pooled: the histogram would mix them.
    if (!seats_comparable(setup.bots)) {
        return out + "<p class=\"not-pooled\">The seats play different bots: their samples are not pooled in one "
                     "histogram (each seat's figure is above).</p>\n";
    }
    return out + histogram_chart(name, stat.histogram, "samples, every seat (all play " + setup.bots.front().text() + ")");
}

}  // namespace

std::string simulation_html(const SimulationSetup& setup, const SimulationReport& report) {
    const std::string title = fmt::format("{}: {} games", setup.game.title(), report.games);
    const BalanceFigures balance = balance_of(report);
    std::string html = page_start(title);
    html += warnings_html(simulation_warnings(setup, report));
    html += "<h2>Settings</h2>\n" + options_table(setup, report);
    html += "<h2>Outcomes</h2>\n" + outcome_table(setup, report);
    html += "<h2>Win rates by seat</h2>\n" + win_rates_chart(setup, report, balance.fair_share);
    html += "<h2>Balance</h2>\n" + balance_list(balance, seats_comparable(setup.bots));
    html += "<h2>Skill depth</h2>\n" + skill_depth_section(setup, report);
    html += "<h2>Statistics</h2>\n";
    html += statistic_section(setup, report, "game length (actions)", "actions applied in a game",
                              StatSummary{report.length, report.length_histogram, {}});
    html += statistic_section(setup, report, "legal choices per decision", "options offered to a seat at each decision",
                              StatSummary{report.choices, report.choices_histogram, {}});
    const auto& infos = setup.game.stats();
    for (std::size_t i = 0; i < infos.size(); ++i)
        html += statistic_section(setup, report, infos[i].name, infos[i].description, report.stats[i]);
    return html + charts_script() + page_end();
}

}  // namespace rulesrun::cli
