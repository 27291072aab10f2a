// The game tree, counted ("perft"): how many sequences of moves of each length lead from the start of a game, and
// how many of them end it. Any game's counts, small ones worked out by hand, check its rules' move generation
// (`rulesrun tree`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game.hpp"
#include "game_types.hpp"

namespace rulesrun::runtime {

// The sequences of one length: all of them, and those after whose last ply the game is over (they go no further).
struct TreeLevel {
    std::int64_t sequences = 0;
    std::int64_t terminal = 0;
};

// levels[d] counts the sequences of d plies, from 0 to the depth asked. levels[0] counts the starts: 1, unless the
// rules draw numbers before the first decision (each result is a start of its own).
struct TreeCounts {
    std::vector<TreeLevel> levels;
};

// A rule failed in one of the sequences: its message (with the rule's place) and the plies that led there as text,
// the start first and the failing ply last ("start", "player 1: roll (drew 4)", "player 2: hold").
struct TreeError : RuleError {
    TreeError(std::string rule_message, std::vector<std::string> plies);
    std::string rule_message;
    std::vector<std::string> plies;
};

// Counts every sequence of up to `depth` plies from the start of a game with these settings.
// - A ply is one decision: one seat's action, or, where several seats decide at once (`simultaneously`), one action
//   of each of them: every combination of their actions is a branch of its own.
// - Chance: each number a `roll` or `random` may give, during a ply or before the first decision, is a branch of its
//   own (draws are not plies: a ply that rolls a die has six outcomes, each one a sequence). A `shuffle` is dealt once,
//   from the seed: its orders are too many to enumerate.
// The counts grow exponentially with the depth. Throws TreeError when a rule fails, and when a ply draws more than
// most_draws_per_ply numbers (a rule rolling until some result comes would have no end).
TreeCounts count_tree(std::shared_ptr<const GameDefinition> game, const ResolvedSettings& settings, int depth);

inline constexpr std::size_t most_draws_per_ply = 64;

// One ply of a walk of the game tree (count_tree, and the solver's tree): the actions of the seats that decide in it
// (none: the start) and the chance results forced in it.
struct Ply {
    std::vector<ActionRecord> actions;
    std::vector<ForcedChance> chance;
};

// Plays `ply` on `game` (the game before it; for the start, any game, restarted with `seed`), with these chance
// results forced.
void play_ply(Game& game, const Ply& ply, std::vector<ForcedChance> forced, std::uint64_t seed);

}  // namespace rulesrun::runtime
