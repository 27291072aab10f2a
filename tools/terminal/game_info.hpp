// `rulesrun info` as text: what a player or a designer needs to know of a game without opening its rules file (its
// players, options, the decisions it asks, its statistics and strategies), aligned for a terminal.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "rulesrun.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

// An option's values as `--option NAME=VALUE` accepts them: "seed or official", "1 to 20".
std::string option_values_text(const runtime::OptionInfo& option);

// The built-in bots every game has, before its own strategies: the names `--bots` accepts besides them.
inline const std::vector<std::string>& builtin_bot_names() {
    static const std::vector<std::string> names{"human", "random", "mcts"};
    return names;
}

// Prints the game: `choices` are game.choices() with their prompts as the rules file writes them.
void print_game_info(std::ostream& out, const runtime::GameDefinition& game,
                     const std::vector<runtime::ChoiceInfo>& choices, const Style& style);

}  // namespace rulesrun::cli
