// A rules file as a playout: one Game, restarted for each seed (its memory reused, as a simulation does), played to
// the end by the benchmark's random bot (playout.hpp). It runs on the interpreter, or on the native engine when given
// its definition (see on()).
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

    // The same playout (players, options, length) on another definition of the game: its native engine.
    [[nodiscard]] InterpreterPlayout on(std::shared_ptr<const runtime::GameDefinition> definition) const;

    [[nodiscard]] const runtime::Game& game() const { return game_; }
    [[nodiscard]] std::shared_ptr<const runtime::GameDefinition> definition() const { return definition_; }

private:
    std::int64_t play_out(Rng& bot);
    [[nodiscard]] std::int64_t length_stat_total() const;

    std::shared_ptr<const runtime::GameDefinition> definition_;
    runtime::Game game_;
    std::string length_stat_name_;
    std::vector<std::pair<std::string, std::string>> options_;
    int length_stat_ = -1;   // index in the definition's stats(), -1 for none
    std::vector<int> seats_;  // kept so that no decision allocates
};

}  // namespace rulesrun::bench
