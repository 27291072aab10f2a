#include "comparison_html.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "figure_warnings.hpp"
#include "html_charts.hpp"
#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

std::string number(const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : "&ndash;"; }

std::string options_text(const runtime::ResolvedSettings& settings) {
    std::string out;
    for (const auto& [name, value] : settings.options) out += fmt::format("{}{}={}", out.empty() ? "" : " ", name, value);
    return out.empty() ? "none" : out;
}

std::string settings_table(const ComparisonSetup& setup, const ComparisonReport& report) {
    std::string out = "<table class=\"settings\">\n<tr><th>setting</th><th>A</th><th>B</th></tr>\n";
    auto row = [&](const std::string& name, const std::string& a, const std::string& b) {
        out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n", escape(name), escape(a), escape(b));
    };
    row("rules file", setup.file_a, setup.file_b);
    row("games (the same seeds)", std::to_string(report.games), std::to_string(report.games));
    row("players", std::to_string(setup.settings_a.players), std::to_string(setup.settings_b.players));
    row("base seed", std::to_string(setup.settings_a.seed), std::to_string(setup.settings_b.seed));
    row("options", options_text(setup.settings_a), options_text(setup.settings_b));
    row("bots", bots_by_seat(setup.bots), bots_by_seat(setup.bots));
    return out + "</table>\n";
}

// The difference's interval on a scale of its own, centred on zero: a whisker, a dot, and the zero line.
std::string interval_svg(const FigureComparison& f) {
    const double width = 220, height = 18, middle = width / 2;
    std::string svg = fmt::format("<svg class=\"difference\" width=\"{}\" height=\"{}\" role=\"img\" aria-label=\"{}\">",
                                  width, height, escape("difference of " + f.name));
    svg += fmt::format("<line class=\"zero\" x1=\"{0}\" y1=\"0\" x2=\"{0}\" y2=\"{1}\"/>", middle, height);
    if (f.difference && f.ci95) {
        const double reach = std::max(std::abs(*f.difference) + *f.ci95, 1e-9);
        const auto x = [&](double v) { return middle + (middle - 8) * v / reach; };
        svg += fmt::format("<line class=\"whisker\" x1=\"{:.1f}\" y1=\"9\" x2=\"{:.1f}\" y2=\"9\"/>",
                           x(*f.difference - *f.ci95), x(*f.difference + *f.ci95));
        svg += fmt::format("<circle class=\"bar\" cx=\"{:.1f}\" cy=\"9\" r=\"4\"/>", x(*f.difference));
    }
    return svg + "</svg>";
}

std::string figures_table(const ComparisonReport& report) {
    std::string out = "<table class=\"figures\">\n<tr><th>figure (mean per game)</th><th>A</th><th>B</th><th>B &minus; A"
                      "</th><th>95% interval of B &minus; A</th><th>against zero</th></tr>\n";
    for (const auto& f : report.figures) {
        const std::string interval =
            f.difference && f.ci95 ? fmt::format("[{:.3f}, {:.3f}]{}", *f.difference - *f.ci95, *f.difference + *f.ci95,
                                                 f.paired ? "" : " (unpaired)")
                                   : "&ndash;";
        out += fmt::format("<tr{}><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                           f.significant() ? " class=\"significant\"" : "", escape(f.name), number(f.a), number(f.b),
                           number(f.difference), interval, interval_svg(f));
    }
    return out + "</table>\n";
}

// Every figure's change on one common axis: B − A as a share of A, with its 95% interval, zero marked. Figures
// whose A is 0 (or missing) have no share of A: they are named below the chart.
std::string changes_chart(const ComparisonReport& report) {
    std::vector<IntervalRow> rows;
    std::vector<std::string> left_out;
    for (const auto& f : report.figures) {
        if (!f.a || !f.difference || !f.ci95 || *f.a == 0) {
            left_out.push_back(f.name);
            continue;
        }
        const double scale = std::abs(*f.a);
        const double change = *f.difference / scale, half = *f.ci95 / scale;
        rows.push_back({f.name, change, change - half, change + half,
                        fmt::format("{:+.1f}% [{:+.1f}%, {:+.1f}%]", 100 * change, 100 * (change - half),
                                    100 * (change + half))});
    }
    std::string out;
    if (!rows.empty()) {
        out = chart(interval_spec(rows, "B \u2212 A, as a share of A (95% interval)", "+.0%", Reference{0, "no change"},
                                  false),
                    "each figure's change from A to B", "changes");
    }
    if (!left_out.empty()) {
        out += fmt::format("<p>Not in the chart (A is 0 or has no value, so a change has no share of it): {}.</p>\n",
                           escape(fmt::format("{}", fmt::join(left_out, ", "))));
    }
    return out;
}

}  // namespace

std::string comparison_html(const ComparisonSetup& setup, const ComparisonReport& report) {
    std::string html = page_start(fmt::format("{} against {}: {} games each", setup.file_b, setup.file_a, report.games));
    html += warnings_html(setup.warnings);
    html += "<h2>Settings</h2>\n" + settings_table(setup, report);
    html += "<h2>Figures</h2>\n<p>Both files play the same games (game i starts from the same seed in both). A figure in "
            "bold has an interval that leaves 0 out: the difference is very likely real, not chance.</p>\n";
    html += figures_table(report);
    html += "<h2>Changes</h2>\n<p>Each figure of B against the same figure of A, on one scale: how much it moved, as a "
            "share of A. A whisker that leaves the red line out is a change beyond chance.</p>\n";
    html += changes_chart(report);
    return html + charts_script() + page_end();
}

}  // namespace rulesrun::cli
