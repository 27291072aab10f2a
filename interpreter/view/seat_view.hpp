// Seat views: what one seat may see of a game in progress (the public state, its own private fields and zones, only
// the sizes of the others). Every screen that faces a seat is made from these; viewer -1 is a spectator who sees only
// public information.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game.hpp"

namespace rulesrun::runtime {

// The view as a flat list of "name = value" facts, for tests of secrecy and for bots.
[[nodiscard]] std::vector<std::string> view_facts(const Game& game, int viewer);

// Grid spaces by name ("c3") and the character drawn just after each (the terminal marks a piece and its moves).
using SpaceMarks = std::vector<std::pair<std::string, char>>;

// The same information laid out for a terminal: the game's fields, one line per player, one per zone, and each board
// (a grid as rows and columns, a ring as a list), with `marks` after their grid spaces; with `colour`, cards and
// spaces in the colours the rules give them (`coloured by`), as ANSI sequences.
[[nodiscard]] std::string view_text(const Game& game, int viewer, const SpaceMarks& marks = {}, bool colour = false);

// The same as data (docs/protocol.md, "view"): for the browser and for programs that take a seat.
[[nodiscard]] nlohmann::json view_json(const Game& game, int viewer);

// The log lines `viewer` may read, in order.
[[nodiscard]] std::vector<std::string> messages_for(const std::vector<Message>& messages, int viewer);

// Whether anything on screen for `viewer` is secret from the other seats (for "pass the keyboard" pauses).
[[nodiscard]] bool has_secrets(const Game& game, int viewer);

}  // namespace rulesrun::runtime
