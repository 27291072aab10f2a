// `rulesrun tune --report`: the page of a tuning, made from what `tune --json` prints: each target against the best
// setting's figure and its 95% interval, and every round's settings by their distance to the targets.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace rulesrun::cli {

// `tune`: {"best", "games", "bots", "rounds": [{"games", "candidates": [{"settings", "distance"}]}],
// "targets": [{"figure", "target", "mean", "low", "high", "met"}], "met", "warnings"}.
[[nodiscard]] std::string tune_html(const std::string& game_title, const nlohmann::json& tune);

}  // namespace rulesrun::cli
