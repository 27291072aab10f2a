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
    std::size_t number = 0;   // the number it is chosen by, from 1; 0: its place in the menu
};

// The lines of the menu, without colour; `width` is the widest a line may be.
[[nodiscard]] std::vector<std::string> menu_lines(const std::vector<MenuEntry>& entries, std::size_t width);

// The menu in at most `height` lines (at least 2), for a window that would lose the board above it: every entry
// when they fit; else moves as the pieces that may move, each with how many moves it has, and other menus cut with a
// line saying how many more there are. The last line says what to type to see the rest.
[[nodiscard]] std::vector<std::string> fitted_menu_lines(const std::vector<MenuEntry>& entries, std::size_t width,
                                                         std::size_t height);

}  // namespace rulesrun::cli
