// A ladder's results as a self-contained HTML page: the settings, the bots ranked with a chart of their ratings and
// intervals, the win matrix coloured from red (the row loses) to blue (it wins), and the skill depth.
#pragma once

#include <string>

#include "ladder_results.hpp"

namespace rulesrun::cli {

[[nodiscard]] std::string ladder_html(const LadderResults& results);

}  // namespace rulesrun::cli
