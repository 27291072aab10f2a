// A ring board drawn for a terminal: its spaces around an ellipse, clockwise from the top, so a player sees which
// spaces are neighbours (the first and the last are too).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace rulesrun::runtime {

// How many columns `text` takes at a terminal: one per character (UTF-8 continuation bytes and the ANSI colour
// sequences "ESC [ ... m" take none).
std::size_t display_width(std::string_view text);

// The lines of the drawing, each indented by `indent` blanks; labels[i] is written where space i+1 sits.
std::string draw_ring(const std::vector<std::string>& labels, int indent);

}  // namespace rulesrun::runtime
