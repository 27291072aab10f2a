// `simulate --report FILE.html`: the simulation as one self-contained page (inline SVG and CSS, nothing fetched):
// the options used, the outcome table, win rates by seat with 95% intervals, the balance figures and a histogram
// for every statistic (game length and legal choices per decision included).
#pragma once

#include <string>

#include "rulesrun.hpp"
#include "simulation_output.hpp"

namespace rulesrun::cli {

std::string simulation_html(const SimulationSetup& setup, const SimulationReport& report);

}  // namespace rulesrun::cli
