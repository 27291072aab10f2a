// The charts of the HTML reports: each one a Vega-Lite specification written into the page, drawn as SVG by the
// library the page holds (chart_library.hpp). What the charts share is here: round ticks, axes with their titles,
// labels that give way rather than overlap, the reports' colours.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulesrun::cli {

// A chart's place in the page, with its specification (the shared configuration added), `label` read aloud, its
// class `kind` and `data` ("statistic=\"length\"", escaped by the caller) for tests and styles.
[[nodiscard]] std::string chart(nlohmann::json spec, const std::string& label, const std::string& kind,
                                const std::string& data = "");

// The library and the code that draws every chart of the page: once per page, before page_end(). When every chart is
// drawn the body gets data-charts="drawn" (or "failed", with the error in the chart's place).
[[nodiscard]] std::string charts_script();

// A histogram: one bar per value, or per range of values when there are more than `most_bars` (bars span their
// values, so the axis is a number line with round ticks); each bar's count on it when there is room.
struct HistogramBar {
    std::int64_t low = 0, high = 0, count = 0;
};
[[nodiscard]] nlohmann::json histogram_spec(const std::vector<HistogramBar>& bars, const std::string& value_title,
                                            const std::string& count_title);

// Figures with their 95% intervals on one common axis, one row each: a bar from zero (or a dot), the interval as a
// whisker, the figure written beside it, and a reference line (a fair share, zero, a target) when there is one.
struct IntervalRow {
    std::string label;
    double value = 0, low = 0, high = 0;
    std::string text;  // the figure as written beside its whisker
};
struct Reference {
    double value = 0;
    std::string label;
};
[[nodiscard]] nlohmann::json interval_spec(const std::vector<IntervalRow>& rows, const std::string& value_title,
                                           const std::string& axis_format, const std::optional<Reference>& reference,
                                           bool bars);

}  // namespace rulesrun::cli
