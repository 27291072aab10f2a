// The hand-written board games (tic_tac_toe.hpp, connect_four*.hpp, breakthrough.hpp) as playouts, with the
// benchmark's random bot (playout.hpp): at every ply the legal moves are listed again and the player to move takes
// moves[below(number of moves)] from the bot's own generator, as OpenSpiel's uniform random playouts do. These games
// draw no chance, and the moves are listed in the rules files' order, so each seed gives the same game on both sides.
// A game's length is its moves.
#pragma once

#include <cstdint>
#include <vector>

#include "playout.hpp"

namespace rulesrun::bench {

// Game: default-constructible at its start, with legal_moves(std::vector<Move>&), apply(Move) and over().
template <class Game, class Move>
class NativeBoardPlayout {
public:
    GameOutcome operator()(std::uint64_t seed) {
        Rng bot = random_bot_rng(seed);
        Game game;
        std::int64_t moves_made = 0;
        for (game.legal_moves(moves_); !moves_.empty(); game.legal_moves(moves_)) {
            game.apply(moves_[bot.below(static_cast<std::uint32_t>(moves_.size()))]);
            ++moves_made;
        }
        return {moves_made, moves_made};
    }

private:
    std::vector<Move> moves_;  // the legal moves of the current ply, listed again every ply (its memory reused)
};

}  // namespace rulesrun::bench
