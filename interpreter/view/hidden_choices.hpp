// Guessing what other seats chose in secret. A private field may hold another seat's secret choice (`by p secretly`):
// a search bot that read it would play on what its player cannot know. Instead, the bot plays on games its seat
// cannot tell apart from the real one, in which those choices were drawn again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "game.hpp"

namespace rulesrun::runtime {

// Made once per decision of `seat` (what the seat sees is taken then), drawn from at each search iteration.
class SecretChoiceRedraw {
public:
    SecretChoiceRedraw(const Game& game, int seat);

    // The game played again from its start with the same chance and every answer of the history, except that each
    // other seat's answer to a secret choice is drawn at random among its options; kept only when the seat then sees
    // exactly what it sees in the real game (its whole view, and who is to act). Nothing when no other seat chose in
    // secret, when the history is not the whole game's (a determinized copy), or when no draw fits after `attempts`.
    [[nodiscard]] std::optional<Game> draw(std::uint64_t seed, int attempts = 8) const;

private:
    const Game& game_;
    int seat_;
    bool needed_;
    std::vector<std::string> seen_;
    std::vector<int> acting_;
};

}  // namespace rulesrun::runtime
