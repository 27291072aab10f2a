// How a game in progress and its end are written on the terminal; shared by play and replay so that a replayed game
// ends with exactly the same text as the game it replays.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "rulesrun.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

// The messages the game has produced since the last call that `viewer` may read (-1: the public ones).
void print_messages(std::ostream& out, runtime::Game& game, const Style& style, int viewer);

// "black chooses c3-c5".
void print_choice(std::ostream& out, const runtime::Game& game, int seat, const std::string& action_name,
                  const Style& style);
// "player 1 chooses leave", and for those who may not learn a secret choice "player 2 chooses in secret".

// A secret choice (`by p secretly`), for those who may not learn it: "player 2 chooses in secret".
void print_secret_choice(std::ostream& out, const runtime::Game& game, int seat, const Style& style);

// Writes a block of text (a view of the game) so that it ends with exactly one line break.
void print_block(std::ostream& out, const std::string& text);

// "Diamant, 3 players" (the options: option_lines; not the seed: print_final shows it once the game is over).
std::string settings_line(const runtime::Game& game);

// The options in effect with what they mean ("  rounds = 3: rounds in a game (default 5)"): all of them when there
// are at most three, else those set away from their defaults and a line saying the others are at their defaults.
std::string option_lines(const runtime::Game& game);

// The end: the public view of the final state, each seat's score and rank, who won, and the seed (never shown
// before). Starts with the line "== Game over ==".
void print_final(std::ostream& out, const runtime::Game& game, const Style& style);

// "black", "black and green", "black, green and red".
std::string join_names(const std::vector<std::string>& names);

}  // namespace rulesrun::cli
