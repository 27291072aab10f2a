#include "sweep_html.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "figure_warnings.hpp"
#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

constexpr const char* palette[] = {"#4a7bb7", "#c0504d", "#2e9e5b", "#8064a2",
                                   "#e08a1e", "#2aa3b8", "#7f7f7f", "#b5479b"};

// An axis with more values has only every second (third...) one written under it.
constexpr std::size_t most_value_labels = 12;

// One line of a chart: the configurations that differ only by the plotted setting, in the order of its values.
struct Series {
    std::string label;  // the other settings' values: "players=2, reveal=3"
    std::vector<std::optional<SweepFigure>> points;  // by the plotted setting's value
};

std::string label_without(const SweepResults& results, const SweepPoint& point, std::size_t axis) {
    std::string label;
    for (std::size_t a = 0; a < results.axes.size(); ++a) {
        if (a == axis || results.axes[a].values.size() < 2) continue;
        if (!label.empty()) label += ", ";
        label += results.axes[a].name + "=" + results.axes[a].values[point.at[a]];
    }
    return label.empty() ? "all" : label;
}

std::vector<Series> series_of(const SweepResults& results, const std::vector<std::vector<SweepFigure>>& figures,
                              std::size_t axis, std::size_t figure) {
    std::vector<Series> series;
    std::map<std::string, std::size_t> index;
    for (std::size_t p = 0; p < results.points.size(); ++p) {
        const auto& point = results.points[p];
        const std::string label = label_without(results, point, axis);
        auto [it, added] = index.emplace(label, series.size());
        if (added) series.push_back({label, std::vector<std::optional<SweepFigure>>(results.axes[axis].values.size())});
        series[it->second].points[point.at[axis]] = figures[p][figure];
    }
    return series;
}

struct Scale {
    double low = 0, high = 1;
};

Scale scale_of(const std::vector<Series>& series, bool percent) {
    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (const auto& s : series)
        for (const auto& f : s.points)
            if (f && f->mean) low = std::min(low, f->low), high = std::max(high, f->high);
    if (low > high) return {0, 1};
    if (high - low < 1e-9) low -= percent ? 0.01 : 0.5, high += percent ? 0.01 : 0.5;
    const double margin = (high - low) * 0.05;
    low -= margin, high += margin;
    // A share of games stays within 0% and 100%.
    return percent ? Scale{std::max(0.0, low), std::min(1.0, high)} : Scale{low, high};
}

std::string value_text(double v, bool percent) {
    return percent ? fmt::format("{:.1f}%", 100 * v) : fmt::format("{:.4g}", v);
}

// The chart's geometry: the plot's box in the SVG.
struct Box {
    double left = 64, right = 600, top = 10, bottom = 200;
    [[nodiscard]] double x(std::size_t i, std::size_t n) const {
        return n < 2 ? (left + right) / 2 : left + (right - left) * static_cast<double>(i) / static_cast<double>(n - 1);
    }
    [[nodiscard]] double y(double v, const Scale& s) const {
        return bottom - (bottom - top) * (v - s.low) / (s.high - s.low);
    }
};

std::string axes_svg(const Box& box, const Scale& scale, const SweepAxis& axis, bool percent) {
    std::string svg = fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", box.left,
                                  box.bottom, box.right, box.bottom);
    svg += fmt::format("<line class=\"axis\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\n", box.left, box.top, box.left,
                       box.bottom);
    for (const double v : {scale.low, (scale.low + scale.high) / 2, scale.high})
        svg += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>\n", box.left - 4,
                           box.y(v, scale) + 4, value_text(v, percent));
    const std::size_t step = (axis.values.size() + most_value_labels - 1) / most_value_labels;  // labels that fit
    for (std::size_t i = 0; i < axis.values.size(); i += step)
        svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
                           box.x(i, axis.values.size()), box.bottom + 15, escape(axis.values[i]));
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", (box.left + box.right) / 2,
                       box.bottom + 32, escape(axis.name));
    return svg;
}

// A series' band (its intervals, low edge left to right, high edge back) and its line, through the values it has.
std::string series_svg(const Box& box, const Scale& scale, const Series& s, const char* colour) {
    std::string band, line, dots;
    std::vector<std::string> lows, highs;
    const std::size_t n = s.points.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (!s.points[i] || !s.points[i]->mean) continue;
        const auto& f = *s.points[i];
        const double x = box.x(i, n);
        lows.push_back(fmt::format("{:.1f},{:.1f}", x, box.y(f.low, scale)));
        highs.insert(highs.begin(), fmt::format("{:.1f},{:.1f}", x, box.y(f.high, scale)));
        line += fmt::format("{:.1f},{:.1f} ", x, box.y(*f.mean, scale));
        dots += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{}: {} [{}, {}]</title>"
                            "</circle>\n",
                            x, box.y(*f.mean, scale), colour, escape(s.label), value_text(*f.mean, f.percent),
                            value_text(f.low, f.percent), value_text(f.high, f.percent));
    }
    if (lows.empty()) return "";
    std::string points;
    for (const auto& p : lows) points += p + " ";
    for (const auto& p : highs) points += p + " ";
    band = fmt::format("<polygon class=\"band\" points=\"{}\" fill=\"{}\" fill-opacity=\"0.18\" stroke=\"none\"/>\n",
                       points, colour);
    return band + fmt::format("<polyline class=\"line\" points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\">"
                              "<title>{}</title></polyline>\n",
                              line, colour, escape(s.label)) +
           dots;
}

// A sample's configurations differ on every setting: each is a point of its own at its value of the plotted setting,
// with its interval as a bar, named (its other settings) when pointed at.
std::string sample_svg(const Box& box, const Scale& scale, const std::vector<Series>& series) {
    std::string svg;
    for (const auto& s : series)
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            if (!s.points[i] || !s.points[i]->mean) continue;
            const auto& f = *s.points[i];
            const double x = box.x(i, s.points.size());
            svg += fmt::format("<line class=\"interval\" x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
                               "stroke=\"{}\" stroke-opacity=\"0.4\" stroke-width=\"2\"/>\n",
                               x, box.y(f.low, scale), x, box.y(f.high, scale), palette[0]);
            svg += fmt::format("<circle class=\"sampled\" cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{}: {} "
                               "[{}, {}]</title></circle>\n",
                               x, box.y(*f.mean, scale), palette[0], escape(s.label), value_text(*f.mean, f.percent),
                               value_text(f.low, f.percent), value_text(f.high, f.percent));
        }
    return svg;
}

std::string legend_html(const std::vector<Series>& series) {
    if (series.size() < 2) return "";
    std::string html = "<p class=\"legend\">";
    for (std::size_t i = 0; i < series.size(); ++i)
        html += fmt::format("<span style=\"color:{}\">&#9632;</span> {} &nbsp; ", palette[i % std::size(palette)],
                            escape(series[i].label));
    return html + "</p>\n";
}

std::string chart(const SweepResults& results, const std::vector<std::vector<SweepFigure>>& figures, std::size_t axis,
                  std::size_t figure) {
    const auto series = series_of(results, figures, axis, figure);
    const SweepFigure& first = figures.front()[figure];
    const Scale scale = scale_of(series, first.percent);
    const Box box;
    std::string svg = fmt::format("<svg class=\"sweep-chart\" data-figure=\"{}\" data-axis=\"{}\" width=\"640\" "
                                  "height=\"240\" role=\"img\" aria-label=\"{} against {}\">\n",
                                  escape(first.name), escape(results.axes[axis].name), escape(first.name),
                                  escape(results.axes[axis].name));
    svg += axes_svg(box, scale, results.axes[axis], first.percent);
    if (results.sampled_from > 0) {
        svg += sample_svg(box, scale, series);
        return fmt::format("<h3>{}{}</h3>\n", escape(first.name), first.percent ? " (%)" : "") + svg + "</svg>\n";
    }
    for (std::size_t i = 0; i < series.size(); ++i)
        svg += series_svg(box, scale, series[i], palette[i % std::size(palette)]);
    return fmt::format("<h3>{}{}</h3>\n", escape(first.name), first.percent ? " (%)" : "") + svg + "</svg>\n" +
           legend_html(series);
}

std::string settings_html(const SweepResults& results) {
    std::string html = fmt::format("<p>{}, {} games each, the same seeds in each (base seed {}); every figure with its "
                                   "95% interval.{}</p>\n"
                                   "<table>\n<tr><th>setting</th><th>values</th></tr>\n",
                                   escape(configurations_text(results)), results.games, results.seed,
                                   results.sampled_from > 0 ? " In the charts each point is a configuration of the "
                                                              "sample, its other settings named when pointed at."
                                                            : "");
    for (const auto& axis : results.axes) {
        std::string values;
        for (const auto& v : axis.values) values += (values.empty() ? "" : ", ") + escape(v);
        html += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", escape(axis.name), values);
    }
    html += fmt::format("<tr><td>bots</td><td>{}</td></tr>\n", escape(sweep_bots(results)));
    return html + "</table>\n";
}

std::string cell(const SweepFigure& f) {
    if (!f.mean) return "<td>-</td>";
    return fmt::format("<td>{} [{}, {}]</td>", value_text(*f.mean, f.percent), value_text(f.low, f.percent),
                       value_text(f.high, f.percent));
}

// The figures [first, last) of every configuration, after its swept values.
std::string table_html(const SweepResults& results, const std::vector<std::vector<SweepFigure>>& figures,
                       std::size_t first, std::size_t last) {
    std::string html = "<table class=\"sweep\" style=\"white-space:nowrap\">\n<tr>";
    for (const auto& axis : results.axes) html += "<th>" + escape(axis.name) + "</th>";
    for (std::size_t f = first; f < last; ++f)
        html += "<th>" + escape(figures.front()[f].name) + (figures.front()[f].percent ? " (%)" : "") + "</th>";
    html += "</tr>\n";
    for (std::size_t p = 0; p < results.points.size(); ++p) {
        html += "<tr>";
        for (std::size_t a = 0; a < results.axes.size(); ++a)
            html += "<td>" + escape(results.axes[a].values[results.points[p].at[a]]) + "</td>";
        for (std::size_t f = first; f < last; ++f) html += cell(figures[p][f]);
        html += "</tr>\n";
    }
    return html + "</table>\n";
}

// A few figures per table, fewer when more settings are swept, so that every table fits the page's width.
std::string tables_html(const SweepResults& results, const std::vector<std::vector<SweepFigure>>& figures) {
    const std::size_t axes = results.axes.size();
    const std::size_t per_table = axes <= 3 ? 3 : axes <= 5 ? 2 : 1;
    std::string html;
    for (std::size_t first = 0; first < figures.front().size(); first += per_table)
        html += table_html(results, figures, first, std::min(first + per_table, figures.front().size()));
    return html;
}

}  // namespace

std::string sweep_html(const SweepResults& results) {
    std::string html = page_start(results.game.title() + ": sweep");
    html += warnings_html(all_warnings(results, sweep_warnings(results)));
    html += settings_html(results);
    if (results.points.empty()) return html + page_end();
    std::vector<std::vector<SweepFigure>> figures;
    for (const auto& point : results.points) figures.push_back(sweep_figures(results.game, point));
    html += "<h2>Figures by configuration</h2>\n" + tables_html(results, figures);
    for (std::size_t axis = 0; axis < results.axes.size(); ++axis) {
        if (results.axes[axis].values.size() < 2) continue;
        html += fmt::format("<h2>Against {}</h2>\n", escape(results.axes[axis].name));
        for (std::size_t f = 0; f < figures.front().size(); ++f) html += chart(results, figures, axis, f);
    }
    return html + page_end();
}

}  // namespace rulesrun::cli
