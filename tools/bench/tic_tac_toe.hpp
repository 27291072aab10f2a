// Tic-tac-toe written by hand in C++ as OpenSpiel writes its games (open_spiel/games/tic_tac_toe): a plain array of
// cells, the legal moves listed again at every ply, the end found by looking at the lines after each move. The
// baseline the interpreter running tests/games/tic_tac_toe.rules is measured against.
//
// Moves are the squares, numbered row by row from row 1 (a1 b1 c1 a2 ... c3), and the legal moves are listed in that
// order, the order of `spaces(squares)` in the rules file: so a random bot drawing below(number of moves) from the
// same generator plays the same game on both sides.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rulesrun::bench {

class TicTacToeGame {
public:
    static constexpr int kCells = 9;
    static constexpr int kNobody = -1;

    // The empty squares, in square order, into `moves` (cleared first).
    void legal_moves(std::vector<int>& moves) const {
        moves.clear();
        if (over()) return;
        for (int cell = 0; cell < kCells; ++cell)
            if (board_[cell] == kNobody) moves.push_back(cell);
    }

    // The player to move marks `cell`; the game ends on a line of three or a full board.
    void apply(int cell) {
        board_[cell] = static_cast<std::int8_t>(to_move_);
        ++moves_made_;
        if (has_line(to_move_)) winner_ = to_move_;
        to_move_ = 1 - to_move_;
    }

    [[nodiscard]] bool over() const { return winner_ != kNobody || moves_made_ == kCells; }
    [[nodiscard]] int winner() const { return winner_; }  // 0 (X), 1 (O) or kNobody (a draw, or not over)
    [[nodiscard]] int to_move() const { return to_move_; }
    [[nodiscard]] int moves_made() const { return moves_made_; }
    [[nodiscard]] int cell(int index) const { return board_[index]; }

private:
    [[nodiscard]] bool line(int a, int b, int c, int player) const {
        return board_[a] == player && board_[b] == player && board_[c] == player;
    }

    // The three rows, the three columns and the two diagonals.
    [[nodiscard]] bool has_line(int player) const {
        return line(0, 1, 2, player) || line(3, 4, 5, player) || line(6, 7, 8, player) || line(0, 3, 6, player) ||
               line(1, 4, 7, player) || line(2, 5, 8, player) || line(0, 4, 8, player) || line(2, 4, 6, player);
    }

    std::array<std::int8_t, kCells> board_{kNobody, kNobody, kNobody, kNobody, kNobody,
                                           kNobody, kNobody, kNobody, kNobody};
    int to_move_ = 0;
    int moves_made_ = 0;
    int winner_ = kNobody;
};

}  // namespace rulesrun::bench
