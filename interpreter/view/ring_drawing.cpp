#include "ring_drawing.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rulesrun::runtime {

namespace {

struct Placed {
    int row = 0;
    int centre = 0;  // column of the label's middle
    std::size_t label = 0;
};

// Space i at angle 2*pi*i/n from the top, clockwise; rows are about twice as tall as columns are wide.
std::vector<Placed> place(const std::vector<std::string>& labels, std::size_t widest) {
    const auto n = labels.size();
    const int rows = std::max(3, static_cast<int>(n / 2) + 1);
    const double radius_rows = (rows - 1) / 2.0;
    // Wide enough for the labels at the sides not to meet in the middle; crowded rows are spread by draw_ring.
    const double radius_columns = std::max(radius_rows * 2.5, widest * 1.4);
    std::vector<Placed> placed;
    for (std::size_t i = 0; i < n; ++i) {
        const double angle = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(n);
        placed.push_back({static_cast<int>(std::lround(radius_rows - radius_rows * std::cos(angle))),
                          static_cast<int>(std::lround(radius_columns + widest / 2.0 + radius_columns * std::sin(angle))), i});
    }
    return placed;
}

}  // namespace

std::size_t display_width(std::string_view text) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            const auto end = text.find('m', i);
            if (end == std::string_view::npos) return width;
            i = end;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++width;
        }
    }
    return width;
}

std::string draw_ring(const std::vector<std::string>& labels, int indent) {
    if (labels.empty()) return "";
    std::size_t widest = 0;
    for (const auto& l : labels) widest = std::max(widest, display_width(l));
    auto placed = place(labels, widest);
    std::sort(placed.begin(), placed.end(), [](const Placed& a, const Placed& b) {
        return a.row != b.row ? a.row < b.row : a.centre < b.centre;
    });
    std::string out;
    for (std::size_t i = 0; i < placed.size();) {
        std::string line(static_cast<std::size_t>(indent), ' ');
        std::size_t width = line.size();  // the columns the line takes (labels may hold colours and symbols)
        const int row = placed[i].row;
        for (; i < placed.size() && placed[i].row == row; ++i) {
            const std::string& label = labels[placed[i].label];
            const std::size_t label_width = display_width(label);
            const auto wanted = static_cast<std::size_t>(indent + std::max(0, placed[i].centre - static_cast<int>(label_width / 2)));
            // Labels on one row never touch: a label that would overlap the previous one moves right.
            const std::size_t at = std::max(wanted, width + (width > static_cast<std::size_t>(indent) ? 2 : 0));
            line.append(at - width, ' ');
            line += label;
            width = at + label_width;
        }
        out += line + "\n";
    }
    return out;
}

}  // namespace rulesrun::runtime
