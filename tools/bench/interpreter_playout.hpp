// The interpreter as a playout: one Game, restarted for each seed (its memory reused, as a simulation does), played
// to the end by the benchmark's random bot (playout.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rulesrun.hpp"
#include "playout.hpp"

namespace rulesrun::bench {

// Loads and checks a rules file; throws std::runtime_error with its error diagnostics when it has any.
std::shared_ptr<const runtime::GameDefinition> load_rules(const std::string& path);

class InterpreterPlayout {
public:
    // A game with these options (NAME=VALUE pairs; the others keep their defaults). The length of a game is the sum
    // of the samples of the statistic `length_stat` (its record statements and its end-of-game value), or its
    // decisions when `length_stat` is empty.
    InterpreterPlayout(std::shared_ptr<const runtime::GameDefinition> definition, int players,
                       const std::string& length_stat,
                       const std::vector<std::pair<std::string, std::string>>& options = {});

    // Plays the game of this seed to the end. Throws std::runtime_error naming the seed when a rule fails.
    GameOutcome operator()(std::uint64_t seed);

    [[nodiscard]] const runtime::Game& game() const { return game_; }

private:
    std::int64_t play_out(Rng& bot);
    [[nodiscard]] std::int64_t length_stat_total() const;

    runtime::Game game_;
    int length_stat_ = -1;   // index in the definition's stats(), -1 for none
    std::vector<int> seats_;  // kept so that no decision allocates
};

}  // namespace rulesrun::bench
