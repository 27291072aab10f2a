// Guessing what other seats chose in secret. A private field may hold another seat's secret choice (`by p secretly`):
// a search bot that read it would play on what its player cannot know. Instead, the bot plays on a game its seat
// cannot tell apart from the real one, in which those choices were drawn again.
#pragma once

#include <cstdint>
#include <optional>

#include "game.hpp"

namespace rulesrun::runtime {

// The game played again from its start with the same chance and every answer of the history, except that each other
// seat's answer to a secret choice is drawn at random among its options; kept only when `seat` then sees exactly what
// it sees in `game` (its whole view, and who is to act). Nothing when no other seat chose in secret, when the history
// is not the whole game's (a determinized copy), or when no draw fits after `attempts`.
[[nodiscard]] std::optional<Game> with_secret_choices_redrawn(const Game& game, int seat, std::uint64_t seed,
                                                              int attempts = 8);

}  // namespace rulesrun::runtime
