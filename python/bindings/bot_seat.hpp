// A built-in bot taking one seat for Python (rulesrun.bot("mcts:iterations=200", game, seat)): it decides on the
// state's game as it does in `rulesrun simulate`, and answers with the action's game-wide id.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "python_state.hpp"

namespace rulesrun::python {

class BotSeat {
public:
    // `spec` is one entry of a bot list ("random", a strategy's name, "mcts:iterations=200"); throws BotListError.
    BotSeat(std::shared_ptr<GameContext> context, const std::string& spec, int seat, std::uint64_t seed);

    // The bot's action in `state`, whose seat must be to act.
    [[nodiscard]] int step(const State& state);
    // A new game: the bot's generator seeded again from `seed` and its seat.
    void restart(std::uint64_t seed);
    [[nodiscard]] int seat() const { return seat_; }
    [[nodiscard]] const std::string& name() const { return name_; }

private:
    std::shared_ptr<GameContext> context_;
    std::string name_;
    int seat_;
    std::shared_ptr<Bot> bot_;  // shared: a Python copy of the bot plays on with the same one
};

}  // namespace rulesrun::python
