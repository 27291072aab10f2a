// Connect Four written by hand in C++ as OpenSpiel writes it (open_spiel/games/connect_four): a plain array of
// cells; the legal moves listed again at every ply, the columns whose top square is empty; a disc's row found by
// scanning its column from the bottom; after every move, a line of four looked for over the whole board, then whether
// the grid is full. The baseline the engines running rules/classics/connect_four.rules are measured against (and
// connect_four_kept_heights.hpp, a faster one).
//
// A move is a column, 0 (a) to 6 (g); the legal moves are the columns that are not full, from a to g, the order of
// `drops()` in the rules file: so a random bot drawing below(number of moves) from the same generator plays the same
// game on both sides.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rulesrun::bench {

class ConnectFourGame {
public:
    static constexpr int kRows = 6;
    static constexpr int kColumns = 7;
    static constexpr int kNobody = -1;

    // The columns whose top square is empty, from a to g, into `moves` (cleared first).
    void legal_moves(std::vector<int>& moves) const {
        moves.clear();
        if (over()) return;
        for (int column = 0; column < kColumns; ++column)
            if (cell(kRows - 1, column) == kNobody) moves.push_back(column);
    }

    // The player to move drops a disc into `column`; the game ends on four in a line or a full grid.
    void apply(int column) {
        int row = 0;
        while (cell(row, column) != kNobody) ++row;
        board_[row * kColumns + column] = static_cast<std::int8_t>(to_move_);
        ++moves_made_;
        if (has_line(to_move_)) {
            winner_ = to_move_;
        } else if (full()) {
            drawn_ = true;
        }
        to_move_ = 1 - to_move_;
    }

    [[nodiscard]] bool over() const { return winner_ != kNobody || drawn_; }
    [[nodiscard]] int winner() const { return winner_; }  // 0 (Red), 1 (Yellow) or kNobody (a draw, or not over)
    [[nodiscard]] int to_move() const { return to_move_; }
    [[nodiscard]] int moves_made() const { return moves_made_; }
    [[nodiscard]] int cell(int row, int column) const { return board_[row * kColumns + column]; }  // row 0 at the bottom

private:
    // Whether four of the player's discs start on (row, column) and go (dr, dc).
    [[nodiscard]] bool line_from_in_direction(int player, int row, int column, int dr, int dc) const {
        if (row + 3 * dr >= kRows || column + 3 * dc >= kColumns || row + 3 * dr < 0 || column + 3 * dc < 0)
            return false;
        for (int i = 0; i < 4; ++i, row += dr, column += dc)
            if (cell(row, column) != player) return false;
        return true;
    }

    [[nodiscard]] bool line_from(int player, int row, int column) const {
        return line_from_in_direction(player, row, column, 0, 1) ||
               line_from_in_direction(player, row, column, -1, -1) ||
               line_from_in_direction(player, row, column, -1, 0) ||
               line_from_in_direction(player, row, column, -1, 1);
    }

    // Every square of the player's is tried as the end of a line.
    [[nodiscard]] bool has_line(int player) const {
        for (int column = 0; column < kColumns; ++column)
            for (int row = 0; row < kRows; ++row)
                if (cell(row, column) == player && line_from(player, row, column)) return true;
        return false;
    }

    [[nodiscard]] bool full() const {
        for (int column = 0; column < kColumns; ++column)
            if (cell(kRows - 1, column) == kNobody) return false;
        return true;
    }

    std::array<std::int8_t, kRows * kColumns> board_ = empty_board();
    int to_move_ = 0;
    int moves_made_ = 0;
    int winner_ = kNobody;
    bool drawn_ = false;

    static std::array<std::int8_t, kRows * kColumns> empty_board() {
        std::array<std::int8_t, kRows * kColumns> board{};
        board.fill(kNobody);
        return board;
    }
};

}  // namespace rulesrun::bench
