// Many games in one call, so that Python's overhead is paid once per batch (docs/python.md, "Speed"): random games
// played as `rulesrun simulate --bots random` plays them (the same seeds, the same bots, the same games), and a
// simulation between any bots with the figures `simulate --json` prints.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "game_context.hpp"

namespace rulesrun::python {

struct RandomGames {
    std::vector<double> returns;        // per game, per seat (the game's returns: outcome shares or scores)
    std::vector<std::int64_t> lengths;  // per game: the actions taken
    std::int64_t steps = 0;             // actions taken in all
};

// Games 0 to count-1 of a simulation with this base seed, between random bots, on one thread.
RandomGames play_random(const GameContext& context, std::int64_t count, std::uint64_t seed);

struct SimulateArguments {
    std::string path;
    std::int64_t games = 1000;
    std::uint64_t seed = 1;
    std::string bots;  // a bot list, as --bots; empty: random
    int players = 0;
    std::vector<std::string> options;  // "NAME=VALUE"
    int threads = 1;
};

// The JSON `rulesrun simulate --json` prints for these arguments.
std::string simulate_json(const SimulateArguments& arguments);

}  // namespace rulesrun::python
