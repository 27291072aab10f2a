// Breakthrough (8x8) written by hand in C++ as OpenSpiel writes its games (open_spiel/games/breakthrough): a plain
// array of cells, the legal moves listed again at every ply by scanning the board, the end found from the move just
// made and the pieces left. The baseline the interpreter running rules/classics/breakthrough.rules is measured against.
//
// Squares are numbered row by row from row 1 (White's home row): a1 = 0, b1 = 1, ..., h8 = 63. The legal moves are
// listed in the order of `legal_moves` in the rules file: the mover's pawns in square order, each to the square
// diagonally ahead towards column a, straight ahead, then diagonally ahead towards column h. So a random bot drawing
// below(number of moves) from the same generator plays the same game on both sides.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rulesrun::bench {

struct BreakthroughMove {
    std::int8_t from;
    std::int8_t to;
};

class BreakthroughGame {
public:
    static constexpr int kSide = 8;
    static constexpr int kSquares = kSide * kSide;
    static constexpr int kNobody = -1;
    static constexpr int kWhite = 0;  // moves first, up the rows
    static constexpr int kBlack = 1;

    BreakthroughGame() {
        board_.fill(kNobody);
        for (int column = 0; column < kSide; ++column) {
            board_[square(0, column)] = board_[square(1, column)] = kWhite;
            board_[square(6, column)] = board_[square(7, column)] = kBlack;
        }
    }

    // Every move of the player to move into `moves` (cleared first): a step straight ahead onto an empty square, or
    // diagonally ahead onto an empty square or an opponent's pawn.
    void legal_moves(std::vector<BreakthroughMove>& moves) const {
        moves.clear();
        if (over()) return;
        const int forward = to_move_ == kWhite ? 1 : -1;
        for (int from = 0; from < kSquares; ++from) {
            if (board_[from] != to_move_) continue;
            const int row = from / kSide + forward;
            if (row < 0 || row >= kSide) continue;
            const int column = from % kSide;
            for (int dc = -1; dc <= 1; ++dc) {
                const int c = column + dc;
                if (c < 0 || c >= kSide) continue;
                const int to = square(row, c);
                if (board_[to] == kNobody || (dc != 0 && board_[to] != to_move_))
                    moves.push_back({static_cast<std::int8_t>(from), static_cast<std::int8_t>(to)});
            }
        }
    }

    // The player to move makes `move`; he wins on reaching the far row or taking the opponent's last pawn.
    void apply(BreakthroughMove move) {
        if (board_[move.to] != kNobody) {
            --pawns_[1 - to_move_];
            ++captures_;
        }
        board_[move.to] = static_cast<std::int8_t>(to_move_);
        board_[move.from] = kNobody;
        ++moves_made_;
        const int goal_row = to_move_ == kWhite ? kSide - 1 : 0;
        if (move.to / kSide == goal_row || pawns_[1 - to_move_] == 0) winner_ = to_move_;
        to_move_ = 1 - to_move_;
    }

    [[nodiscard]] bool over() const { return winner_ != kNobody; }
    [[nodiscard]] int winner() const { return winner_; }
    [[nodiscard]] int to_move() const { return to_move_; }
    [[nodiscard]] int moves_made() const { return moves_made_; }
    [[nodiscard]] int captures() const { return captures_; }
    [[nodiscard]] int pawns(int player) const { return pawns_[player]; }
    [[nodiscard]] int cell(int square) const { return board_[square]; }
    static constexpr int square(int row, int column) { return row * kSide + column; }  // row 0: row 1 of the rules

private:
    std::array<std::int8_t, kSquares> board_{};
    std::array<int, 2> pawns_{2 * kSide, 2 * kSide};
    int to_move_ = kWhite;
    int moves_made_ = 0;
    int captures_ = 0;
    int winner_ = kNobody;
};

}  // namespace rulesrun::bench
