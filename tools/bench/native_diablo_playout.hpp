// The hand-written Diablo (diablo.hpp) as a playout, with the benchmark's random bot (playout.hpp): every decision of
// the rules file (the first move, the second move, each removal) is a draw below(number of legal options) from the
// bot's own generator, the options listed in the rules file's order; the dice are drawn from the game's generator
// (1 + below(faces), the first die first), as `roll(d)` draws them. So for one seed both sides play the same game.
#pragma once

#include <cstdint>

#include "diablo.hpp"
#include "playout.hpp"

namespace rulesrun::bench {

// RandomDiabloBot's decisions, drawn from the bot's own generator and counted.
struct SeparateRandomDiabloBot {
    Rng* rng;
    std::int64_t* decisions;

    int choose_move(const DiabloGame& game, const DiabloMoveList& moves, Rng& /*game_rng*/) const {
        ++*decisions;
        return RandomDiabloBot{}.choose_move(game, moves, *rng);
    }
    int choose_removal(const DiabloGame& game, Colour remover, Rng& /*game_rng*/) const {
        ++*decisions;
        return RandomDiabloBot{}.choose_removal(game, remover, *rng);
    }
};

class NativeDiabloPlayout {
public:
    explicit NativeDiabloPlayout(int side) : side_(side) {}

    // The game's length is in turns, as the `game_length` statistic counts them.
    GameOutcome operator()(std::uint64_t seed) const {
        Rng game_rng(seed);
        Rng bot_rng = random_bot_rng(seed);
        GameOutcome outcome;
        DiabloGame game(side_);
        outcome.length = game.play(game_rng, SeparateRandomDiabloBot{&bot_rng, &outcome.decisions}).turns;
        return outcome;
    }

private:
    int side_;
};

}  // namespace rulesrun::bench
