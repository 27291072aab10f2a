// A ring board drawn for a terminal: its spaces around an ellipse, clockwise from the top, so a player sees which
// spaces are neighbours (the first and the last are too).
#pragma once

#include <string>
#include <vector>

namespace rulesrun::runtime {

// The lines of the drawing, each indented by `indent` blanks; labels[i] is written where space i+1 sits.
std::string draw_ring(const std::vector<std::string>& labels, int indent);

}  // namespace rulesrun::runtime
