// How the numbered actions of a question are laid out: one per line with their descriptions when the menu is short or
// described, else packed into rows so that the board above stays on screen; moves written "FROM-TO" (c3-c5) are
// grouped by the piece that moves, one row per piece.
#pragma once

#include <string>
#include <vector>

namespace rulesrun::cli {

struct MenuEntry {
    std::string name;
    std::string description;  // "" when the rules give none
    std::string mark;         // a short mark from the rules ("capture"), or ""
};

// The lines of the menu, without colour; `width` is the widest a line may be.
[[nodiscard]] std::vector<std::string> menu_lines(const std::vector<MenuEntry>& entries, std::size_t width);

}  // namespace rulesrun::cli
