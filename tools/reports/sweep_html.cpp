#include "sweep_html.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>

#include <fmt/format.h>

#include "figure_warnings.hpp"
#include "html_charts.hpp"
#include "html_page.hpp"

namespace rulesrun::cli {

namespace {

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

std::string value_text(double v, bool percent) {
    return percent ? fmt::format("{:.1f}%", 100 * v) : fmt::format("{:.4g}", v);
}

// Whether every value of an axis is a number: then it is drawn on a number line, else in its order.
bool numeric(const SweepAxis& axis) {
    for (const auto& v : axis.values) {
        char* end = nullptr;
        std::strtod(v.c_str(), &end);
        if (v.empty() || *end != '\0') return false;
    }
    return true;
}

bool whole(const SweepAxis& axis) {
    return std::all_of(axis.values.begin(), axis.values.end(),
                       [](const std::string& v) { return v.find_first_not_of("-0123456789") == std::string::npos; });
}

// A figure against one swept setting: a line with its band of 95% intervals for each combination of the other
// settings (one colour each), or, for a sample, each configuration as a dot with its interval.
std::string figure_chart(const SweepResults& results, const std::vector<std::vector<SweepFigure>>& figures,
                         std::size_t axis, std::size_t figure) {
    const auto series = series_of(results, figures, axis, figure);
    const SweepFigure& first = figures.front()[figure];
    const SweepAxis& swept = results.axes[axis];
    const bool sampled = results.sampled_from > 0;
    nlohmann::json values = nlohmann::json::array();
    for (const auto& s : series) {
        for (std::size_t i = 0; i < s.points.size(); ++i) {
            if (!s.points[i] || !s.points[i]->mean) continue;
            const auto& f = *s.points[i];
            // An interval that could not be computed (every game alike) is drawn as the figure alone.
            const double low = std::isfinite(f.low) ? f.low : *f.mean, high = std::isfinite(f.high) ? f.high : *f.mean;
            nlohmann::json row{{"series", s.label}, {"mean", *f.mean}, {"low", low}, {"high", high},
                               {"text", fmt::format("{}: {} [{}, {}]", s.label, value_text(*f.mean, f.percent),
                                                    value_text(f.low, f.percent), value_text(f.high, f.percent))}};
            row["value"] = numeric(swept) ? nlohmann::json(std::strtod(swept.values[i].c_str(), nullptr))
                                          : nlohmann::json(swept.values[i]);
            values.push_back(std::move(row));
        }
    }
    nlohmann::json x{{"field", "value"}, {"title", swept.name}};
    if (numeric(swept)) {
        x["type"] = "quantitative";
        x["scale"] = {{"zero", false}, {"nice", true}};
        if (whole(swept)) x["axis"] = {{"tickMinStep", 1}, {"format", "d"}};  // no tick between two whole values
    } else {
        x["type"] = "ordinal";
        x["sort"] = swept.values;
        x["axis"] = {{"labelAngle", 0}};
    }
    const nlohmann::json y{{"field", "mean"}, {"type", "quantitative"},
                           {"title", first.name + (first.percent ? " (95% interval)" : " (mean, 95% interval)")},
                           {"scale", {{"zero", false}, {"nice", true}}},
                           {"axis", {{"format", first.percent ? ".0%" : "~g"}}}};
    const bool coloured = !sampled && series.size() > 1;
    const nlohmann::json colour = coloured ? nlohmann::json{{"field", "series"}, {"type", "nominal"}, {"title", "other settings"}}
                                           : nlohmann::json{{"value", "#4a7bb7"}};
    nlohmann::json layers = nlohmann::json::array();
    if (sampled) {
        layers.push_back({{"mark", {{"type", "rule"}, {"opacity", 0.4}, {"strokeWidth", 2}}},
                          {"encoding", {{"x", x}, {"y", {{"field", "low"}, {"type", "quantitative"}}}, {"y2", {{"field", "high"}}}, {"color", colour}}}});
    } else {
        layers.push_back({{"mark", {{"type", "area"}, {"opacity", 0.18}}},
                          {"encoding", {{"x", x}, {"y", {{"field", "low"}, {"type", "quantitative"}}}, {"y2", {{"field", "high"}}}, {"color", colour}}}});
        layers.push_back({{"mark", {{"type", "line"}, {"strokeWidth", 2}}},
                          {"encoding", {{"x", x}, {"y", y}, {"color", colour}}}});
    }
    layers.push_back({{"mark", {{"type", "point"}, {"filled", true}, {"size", 30}}},
                      {"encoding", {{"x", x}, {"y", y}, {"color", colour}, {"tooltip", {{"field", "text"}}}}}});
    nlohmann::json spec{{"width", 520}, {"height", 190}, {"data", {{"values", values}}}, {"layer", layers}};
    const std::string heading = fmt::format("<h3>{}{}</h3>\n", escape(first.name), first.percent ? " (%)" : "");
    return heading + chart(spec, first.name + " against " + swept.name, "sweep-chart",
                           fmt::format("figure=\"{}\" data-axis=\"{}\"", escape(first.name), escape(swept.name)));
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
        for (std::size_t f = 0; f < figures.front().size(); ++f) html += figure_chart(results, figures, axis, f);
    }
    return html + charts_script() + page_end();
}

}  // namespace rulesrun::cli
