// `rulesrun sweep --report FILE.html`: the sweep as one self-contained page (inline SVG and CSS, nothing fetched):
// the swept settings, the table of every configuration's figures, then each figure plotted against each swept setting
// that takes several values: one line per combination of the other settings, its 95% interval as a band around it.
#pragma once

#include <string>

#include "sweep_results.hpp"

namespace rulesrun::cli {

[[nodiscard]] std::string sweep_html(const SweepResults& results);

}  // namespace rulesrun::cli
