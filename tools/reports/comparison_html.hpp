// `simulate A.rules --compare B.rules --report FILE.html`: the comparison as one self-contained page: the two files
// and the settings they share, then every figure side by side (A, B, the difference B - A and its 95% interval), each
// drawn as its interval against zero, so that the differences beyond chance stand out.
#pragma once

#include <string>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

struct ComparisonSetup {
    std::string file_a, file_b;
    const runtime::ResolvedSettings& settings_a;
    const runtime::ResolvedSettings& settings_b;
    const std::vector<BotSpec>& bots;
    std::vector<std::string> warnings{};  // why the comparison says nothing about play, if it does not
};

[[nodiscard]] std::string comparison_html(const ComparisonSetup& setup, const ComparisonReport& report);

}  // namespace rulesrun::cli
