// Connect Four written by hand in C++, faster than OpenSpiel's own (connect_four.hpp): it keeps each column's height
// instead of scanning the column for a disc's row, and looks for a line only through the disc just dropped instead
// of over the whole board after every move. A second, stricter baseline for rules/classics/connect_four.rules, whose
// `landing` scans the column and whose `makes_four` looks through the new disc only.
//
// Moves are listed as in connect_four.hpp: the columns that are not full, from a to g, so each seed gives the same
// game on both sides.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rulesrun::bench {

class ConnectFourKeptHeightsGame {
public:
    static constexpr int kRows = 6;
    static constexpr int kColumns = 7;
    static constexpr int kNobody = -1;

    // The columns that are not full, from a to g, into `moves` (cleared first).
    void legal_moves(std::vector<int>& moves) const {
        moves.clear();
        if (over()) return;
        for (int column = 0; column < kColumns; ++column)
            if (heights_[column] < kRows) moves.push_back(column);
    }

    // The player to move drops a disc into `column`; the game ends on four in a line or a full grid.
    void apply(int column) {
        const int row = heights_[column]++;
        board_[row][column] = static_cast<std::int8_t>(to_move_);
        ++moves_made_;
        if (makes_four(row, column)) winner_ = to_move_;
        to_move_ = 1 - to_move_;
    }

    [[nodiscard]] bool over() const { return winner_ != kNobody || moves_made_ == kRows * kColumns; }
    [[nodiscard]] int winner() const { return winner_; }  // 0 (Red), 1 (Yellow) or kNobody (a draw, or not over)
    [[nodiscard]] int to_move() const { return to_move_; }
    [[nodiscard]] int moves_made() const { return moves_made_; }
    [[nodiscard]] int cell(int row, int column) const { return board_[row][column]; }  // row 0 at the bottom

private:
    // The discs of the disc's owner next to (row, column) going (dr, dc), up to another owner or the edge.
    [[nodiscard]] int run(int row, int column, int dr, int dc) const {
        const int player = board_[row][column];
        int n = 0;
        for (int r = row + dr, c = column + dc; r >= 0 && r < kRows && c >= 0 && c < kColumns && board_[r][c] == player;
             r += dr, c += dc)
            ++n;
        return n;
    }

    // Whether the disc on (row, column) is one of four or more in a row, a column or a diagonal.
    [[nodiscard]] bool makes_four(int row, int column) const {
        static constexpr std::array<std::array<int, 2>, 4> directions{{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};
        for (const auto& [dr, dc] : directions)
            if (run(row, column, dr, dc) + run(row, column, -dr, -dc) >= 3) return true;
        return false;
    }

    std::array<std::array<std::int8_t, kColumns>, kRows> board_ = empty_board();
    std::array<int, kColumns> heights_{};  // discs in each column
    int to_move_ = 0;
    int moves_made_ = 0;
    int winner_ = kNobody;

    static std::array<std::array<std::int8_t, kColumns>, kRows> empty_board() {
        std::array<std::array<std::int8_t, kColumns>, kRows> board{};
        for (auto& row : board) row.fill(kNobody);
        return board;
    }
};

}  // namespace rulesrun::bench
