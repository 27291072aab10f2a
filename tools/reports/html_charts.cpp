#include "html_charts.hpp"

#include <cmath>

#include <fmt/format.h>

#include "chart_library.hpp"
#include "html_page.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

namespace {

// Round ticks (nice scales), labels that drop out rather than overlap, no frame around the plot.
nlohmann::json shared_config() {
    return {{"font", "sans-serif"},
            {"view", {{"stroke", nullptr}}},
            {"axis", {{"labelFontSize", 11}, {"titleFontSize", 12}, {"labelOverlap", "greedy"}, {"labelSeparation", 6},
                      {"labelFlush", true},
                      {"labelLimit", 220}, {"grid", true}, {"gridColor", "#eee"}}},
            {"axisX", {{"tickCount", 8}}},
            {"bar", {{"color", "#4a7bb7"}}},
            {"point", {{"color", "#222"}, {"filled", true}}},
            {"text", {{"fontSize", 11}}},
            {"legend", {{"orient", "bottom"}, {"direction", "horizontal"}, {"columns", 2}, {"labelLimit", 240}}}};
}

// The glue: each chart's specification compiled by Vega-Lite and drawn by Vega as SVG into its place.
constexpr const char* draw_charts = R"(
(function () {
  var places = document.querySelectorAll("div.chart");
  var runs = [];
  places.forEach(function (place) {
    try {
      var spec = JSON.parse(place.nextElementSibling.textContent);
      var view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: "svg", container: place });
      runs.push(view.runAsync());
    } catch (e) {
      place.textContent = "This chart could not be drawn: " + e.message;
      runs.push(Promise.reject(e));
    }
  });
  Promise.all(runs).then(function () { document.body.dataset.charts = "drawn"; },
                         function () { document.body.dataset.charts = "failed"; });
})();
)";

}  // namespace

std::string chart(nlohmann::json spec, const std::string& label, const std::string& kind, const std::string& data) {
    spec["config"] = shared_config();
    // Inside a <script> element "</" or "<!--" would change how the page is read: no "<" at all (JSON's \u003c).
    std::string text;
    for (const char c : json_text(spec)) text += c == '<' ? std::string("\\u003c") : std::string(1, c);
    return fmt::format("<div class=\"chart {}\"{} role=\"img\" aria-label=\"{}\"></div>\n"
                       "<script type=\"application/json\" class=\"chart-spec\">{}</script>\n",
                       escape(kind), data.empty() ? "" : fmt::format(" data-{}", data), escape(label), text);
}

std::string charts_script() { return "<script>" + chart_library() + "</script>\n<script>" + draw_charts + "</script>\n"; }

nlohmann::json histogram_spec(const std::vector<HistogramBar>& bars, const std::string& value_title,
                              const std::string& count_title) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& b : bars) {
        values.push_back({{"start", static_cast<double>(b.low) - 0.5},
                          {"end", static_cast<double>(b.high) + 0.5},
                          {"values", b.low == b.high ? fmt::format("{}", b.low) : fmt::format("{} to {}", b.low, b.high)},
                          {"count", b.count}});
    }
    const bool room_for_counts = bars.size() <= 16;
    nlohmann::json layers = nlohmann::json::array();
    layers.push_back({{"mark", {{"type", "bar"}, {"stroke", "#fff"}, {"strokeWidth", 1}}},
                      {"encoding",
                       {{"x", {{"field", "start"}, {"type", "quantitative"}, {"title", value_title},
                               {"scale", {{"zero", false}, {"nice", true}}}, {"axis", {{"tickMinStep", 1}}}}},
                        {"x2", {{"field", "end"}}},
                        {"y", {{"field", "count"}, {"type", "quantitative"}, {"title", count_title},
                               {"axis", {{"tickMinStep", 1}}}}},
                        {"y2", {{"datum", 0}}},
                        {"tooltip", nlohmann::json::array({{{"field", "values"}, {"title", value_title}},
                                                           {{"field", "count"}, {"title", count_title}}})}}}});
    if (room_for_counts) {
        layers.push_back({{"mark", {{"type", "text"}, {"dy", -6}, {"baseline", "bottom"}}},
                          {"encoding",
                           {{"x", {{"field", "mid"}, {"type", "quantitative"}}},
                            {"y", {{"field", "count"}, {"type", "quantitative"}}},
                            {"text", {{"field", "count"}, {"type", "quantitative"}, {"format", ","}}}}}});
    }
    return {{"width", 560},
            {"height", 160},
            {"data", {{"values", values}}},
            {"transform", nlohmann::json::array({{{"calculate", "(datum.start + datum.end) / 2"}, {"as", "mid"}}})},
            {"layer", layers}};
}

nlohmann::json interval_spec(const std::vector<IntervalRow>& rows, const std::string& value_title,
                             const std::string& axis_format, const std::optional<Reference>& reference, bool bars) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& r : rows) {
        // An interval that could not be computed (one sample, or every sample alike) is drawn as the figure alone.
        values.push_back({{"label", r.label}, {"value", r.value}, {"low", std::isfinite(r.low) ? r.low : r.value},
                          {"high", std::isfinite(r.high) ? r.high : r.value}, {"text", r.text}});
    }
    const nlohmann::json y{{"field", "label"}, {"type", "nominal"}, {"sort", nullptr}, {"title", nullptr}};
    nlohmann::json x{{"field", "value"}, {"type", "quantitative"}, {"title", value_title},
                     {"scale", {{"zero", bars}, {"nice", true}}}, {"axis", {{"format", axis_format}}}};
    nlohmann::json layers = nlohmann::json::array();
    layers.push_back({{"mark", bars ? nlohmann::json{{"type", "bar"}, {"height", 16}}
                                    : nlohmann::json{{"type", "point"}, {"size", 50}}},
                      {"encoding", {{"x", x}, {"y", y}, {"tooltip", {{"field", "text"}}}}}});
    layers.push_back({{"mark", {{"type", "rule"}, {"color", "#222"}, {"strokeWidth", 1.5}}},
                      {"encoding", {{"x", {{"field", "low"}, {"type", "quantitative"}}}, {"x2", {{"field", "high"}}}, {"y", y}}}});
    layers.push_back({{"mark", {{"type", "text"}, {"align", "left"}, {"dx", 5}}},
                      {"encoding", {{"x", {{"field", "high"}, {"type", "quantitative"}}}, {"y", y}, {"text", {{"field", "text"}}}}}});
    if (reference) {
        const nlohmann::json at{{"datum", reference->value}, {"type", "quantitative"}};
        layers.push_back({{"mark", {{"type", "rule"}, {"color", "#c33"}, {"strokeDash", {4, 3}}}}, {"encoding", {{"x", at}}}});
        layers.push_back({{"mark", {{"type", "text"}, {"color", "#c33"}, {"align", "left"}, {"dx", 4}, {"y", 0},
                                    {"dy", -4}, {"baseline", "bottom"}}},
                          {"encoding", {{"x", at}, {"text", {{"value", reference->label}}}}}});
    }
    return {{"width", 480},
            {"height", {{"step", 26}}},
            {"data", {{"values", values}}},
            {"layer", layers}};
}

}  // namespace rulesrun::cli
