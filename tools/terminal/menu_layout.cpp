#include "menu_layout.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

// Up to this many actions, one per line reads best.
constexpr std::size_t short_menu = 12;

// "c3-c5" -> {"c3", "c5"}: a move of the piece on c3; names with blanks or without one '-' are not moves.
std::optional<std::pair<std::string, std::string>> as_move(const std::string& name) {
    const auto dash = name.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == name.size()) return std::nullopt;
    if (name.find_first_of(" -", dash + 1) != std::string::npos || name.find(' ') < dash) return std::nullopt;
    return std::pair{name.substr(0, dash), name.substr(dash + 1)};
}

// "34. c5": an entry's number (its own, else its place in the menu) and its text.
std::string numbered(const std::vector<MenuEntry>& entries, std::size_t index, const std::string& text,
                     std::size_t digits) {
    const std::size_t number = entries[index].number ? entries[index].number : index + 1;
    return fmt::format("{:>{}}. {}", number, digits, text);
}

// The digits of the largest number shown.
std::size_t number_digits(const std::vector<MenuEntry>& entries) {
    std::size_t largest = entries.size();
    for (const auto& e : entries) largest = std::max(largest, e.number);
    return std::to_string(largest).size();
}

// Cells packed left to right into lines no wider than `width`, each line starting with `indent`.
void pack(std::vector<std::string>& lines, const std::vector<std::string>& cells, const std::string& indent,
          std::size_t cell_width, std::size_t width) {
    std::string line;
    for (const auto& cell : cells) {
        if (!line.empty() && indent.size() + line.size() + cell_width > width) {
            lines.push_back(indent + line);
            line.clear();
        }
        line += fmt::format("{:<{}}", cell, cell_width);
    }
    if (!line.empty()) lines.push_back(indent + line);
    for (auto& l : lines) l.erase(l.find_last_not_of(' ') + 1);
}

// "name  mark  description", aligned in columns.
std::vector<std::string> one_per_line(const std::vector<MenuEntry>& entries, std::size_t digits) {
    std::size_t name_width = 0, mark_width = 0;
    for (const auto& e : entries) {
        name_width = std::max(name_width, e.name.size());
        mark_width = std::max(mark_width, e.mark.size());
    }
    std::vector<std::string> lines;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        std::string text = fmt::format("{:<{}}", e.name, name_width);
        if (mark_width > 0) text += fmt::format("  {:<{}}", e.mark, mark_width);
        if (!e.description.empty()) text += "  " + e.description;
        text.erase(text.find_last_not_of(' ') + 1);
        lines.push_back("  " + numbered(entries, i, text, digits));
    }
    return lines;
}

// A cell of a packed menu: "34. c5" or "34. c5 capture".
std::string with_mark(const std::string& text, const MenuEntry& entry) {
    return entry.mark.empty() ? text : text + ' ' + entry.mark;
}

// "   c3:  34. c5   35. c1   36. e3": one row (or more) per piece, in the order the pieces first appear.
std::vector<std::string> grouped_moves(const std::vector<MenuEntry>& entries, std::size_t digits, std::size_t width) {
    std::vector<std::string> pieces;
    std::size_t piece_width = 0, target_width = 0;
    for (const auto& e : entries) {
        const auto move = *as_move(e.name);
        if (std::find(pieces.begin(), pieces.end(), move.first) == pieces.end()) pieces.push_back(move.first);
        piece_width = std::max(piece_width, move.first.size());
        target_width = std::max(target_width, with_mark(move.second, e).size());
    }
    std::vector<std::string> lines;
    for (const auto& piece : pieces) {
        std::vector<std::string> cells;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const auto move = *as_move(entries[i].name);
            if (move.first == piece) cells.push_back(numbered(entries, i, with_mark(move.second, entries[i]), digits));
        }
        std::vector<std::string> rows;
        const std::string indent = fmt::format("  {:>{}}: ", piece, piece_width);
        pack(rows, cells, indent, digits + 2 + target_width + 2, width);
        for (std::size_t r = 1; r < rows.size(); ++r) rows[r].replace(0, indent.size(), std::string(indent.size(), ' '));
        lines.insert(lines.end(), rows.begin(), rows.end());
    }
    return lines;
}

// "   a1 (4)   c1 (5)   e1 (4)": the pieces that may move, in the order they first appear, packed into rows.
std::vector<std::string> pieces_with_moves(const std::vector<MenuEntry>& entries, std::size_t width) {
    std::vector<std::pair<std::string, std::size_t>> pieces;
    for (const auto& e : entries) {
        const std::string from = as_move(e.name)->first;
        const auto known = std::find_if(pieces.begin(), pieces.end(), [&](const auto& p) { return p.first == from; });
        if (known == pieces.end()) {
            pieces.emplace_back(from, 1);
        } else {
            ++known->second;
        }
    }
    std::vector<std::string> cells;
    std::size_t cell_width = 0;
    for (const auto& [piece, moves] : pieces) {
        cells.push_back(fmt::format("{} ({})", piece, moves));
        cell_width = std::max(cell_width, cells.back().size() + 2);
    }
    std::vector<std::string> lines;
    pack(lines, cells, "  ", cell_width, width);
    return lines;
}

}  // namespace

std::vector<std::string> fitted_menu_lines(const std::vector<MenuEntry>& entries, std::size_t width,
                                           std::size_t height) {
    auto lines = menu_lines(entries, width);
    height = std::max<std::size_t>(height, 2);
    if (lines.size() <= height) return lines;
    const bool moves = std::all_of(entries.begin(), entries.end(), [](const auto& e) { return as_move(e.name).has_value(); });
    if (moves) {
        auto pieces = pieces_with_moves(entries, width);
        if (pieces.size() < height) {
            pieces.insert(pieces.begin(), fmt::format("{} moves, by the pieces that make them (how many each):", entries.size()));
            pieces.push_back("Type a square to see its piece's moves on the board, a move (c3-c5), or 'list'.");
            if (pieces.size() <= height) return pieces;
        }
    }
    // The first lines, then what to type for the others: the start of a name lists the actions it begins.
    lines.resize(height - 1);
    lines.push_back(fmt::format("  ... {} actions: type the start of one to see those it begins, or 'list'.",
                                entries.size()));
    return lines;
}

std::vector<std::string> menu_lines(const std::vector<MenuEntry>& entries, std::size_t width) {
    const std::size_t digits = number_digits(entries);
    const bool described = std::any_of(entries.begin(), entries.end(), [](const auto& e) { return !e.description.empty(); });
    if (entries.size() <= short_menu || described) return one_per_line(entries, std::max<std::size_t>(digits, 2));
    if (std::all_of(entries.begin(), entries.end(), [](const auto& e) { return as_move(e.name).has_value(); })) {
        return grouped_moves(entries, digits, width);
    }
    std::size_t name_width = 0;
    for (const auto& e : entries) name_width = std::max(name_width, with_mark(e.name, e).size());
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < entries.size(); ++i) cells.push_back(numbered(entries, i, with_mark(entries[i].name, entries[i]), digits));
    std::vector<std::string> lines;
    pack(lines, cells, "  ", digits + 2 + name_width + 2, width);
    return lines;
}

}  // namespace rulesrun::cli
