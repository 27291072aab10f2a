// The hand-written Diamant (diamant.hpp) as a playout, with the benchmark's random bot (playout.hpp): before each
// card but the first of a round, every explorer still inside draws below(2) in seat order and leaves on 1, exactly
// as a seat of rules/diamant.rules draws among its actions `stay` (0) and `leave` (1). The game's shuffles draw from
// the game's generator, the bot from its own, as in the interpreter.
#pragma once

#include <cstdint>

#include "diamant.hpp"
#include "playout.hpp"

namespace rulesrun::bench {

// RandomDiamantBot's decisions, drawn from the bot's own generator and counted.
struct SeparateRandomDiamantBot {
    Rng* rng;
    std::int64_t* decisions;

    PlayerSet choose_leavers(const DiamantGame& game, Rng& /*game_rng*/) const {
        PlayerSet leavers = 0;
        for (int p = 0; p < game.players(); ++p) {
            if (!(game.explorers() & DiamantGame::bit(p))) continue;
            ++*decisions;
            if (rng->below(2) == 1) leavers |= DiamantGame::bit(p);
        }
        return leavers;
    }
};

class NativeDiamantPlayout {
public:
    explicit NativeDiamantPlayout(const DiamantOptions& options) : options_(options) {}

    // The game's length is the mine cards turned in all its rounds, as the `cards_turned` statistic counts them.
    GameOutcome operator()(std::uint64_t seed) const {
        Rng game_rng(seed);
        Rng bot_rng = random_bot_rng(seed);
        GameOutcome outcome;
        DiamantGame game(options_);
        const DiamantResult result = game.play(game_rng, SeparateRandomDiamantBot{&bot_rng, &outcome.decisions});
        for (int round = 0; round < result.rounds; ++round) outcome.length += result.round_stats[round].cards_turned;
        return outcome;
    }

private:
    DiamantOptions options_;
};

}  // namespace rulesrun::bench
