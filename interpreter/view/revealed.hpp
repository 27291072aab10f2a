// Whether some steps of a game told a seat something it could not know before them: a card turned up, a die rolled,
// another seat's hidden hand or secret answer. `play` allows a human to take back a decision only when the steps since
// revealed nothing (else undoing would let him choose again knowing what comes).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game.hpp"

namespace rulesrun::runtime {

// One step, named as the seat saw it: actions are matched by name in games where the lists differ.
struct NamedAction {
    int seat = 0;
    std::string name;
};

// True when `steps`, applied to `before`, could have shown `seat` something else in a game it cannot tell apart from
// `before` (its unseen cards dealt again, the others' private fields changed, chance drawn anew): its screen, its
// messages and the steps themselves are compared on `samples` such games. False means nothing was revealed.
[[nodiscard]] bool reveals_hidden(const Game& before, const std::vector<NamedAction>& steps, int seat,
                                  std::uint64_t seed, int samples = 8);

}  // namespace rulesrun::runtime
