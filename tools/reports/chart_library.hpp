// The charting library of the HTML reports, Vega and Vega-Lite (npm packages, tools/reports/charts/), built into the
// program at build time by embed_charts.cmake: a report holds it whole and fetches nothing when it is opened.
#pragma once

#include <string>

namespace rulesrun::cli {

// Both libraries' minified JavaScript, one after the other.
[[nodiscard]] const std::string& chart_library();

}  // namespace rulesrun::cli
