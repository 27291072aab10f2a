// What the benchmark times: a playout plays the game of one seed to the end with random bots and says how long the
// game was. The interpreter and the hand-written games are playouts alike, so one loop (throughput.hpp) times both.
//
// The random bot is the same everywhere: each seat that must decide picks uniformly among its legal actions with
// `rng.below(action count)`, the deciding seats in seat order, from a generator of its own (not the game's) seeded
// from the game's seed. So the two sides of a comparison differ only in how they run the rules.
#pragma once

#include <cstdint>

#include "random.hpp"
#include "seeds.hpp"

namespace rulesrun::bench {

struct GameOutcome {
    std::int64_t decisions = 0;  // actions chosen by the bots: one per deciding seat per decision
    std::int64_t length = 0;     // the game's own measure of its length (Diamant: mine cards turned)
};

// The random bot's generator for the game of this seed.
inline Rng random_bot_rng(std::uint64_t game_seed) { return Rng(derive_seed(game_seed, 0)); }

}  // namespace rulesrun::bench
