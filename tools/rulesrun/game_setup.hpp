// What play, simulate and replay do before a game starts: load the rules file (printing its diagnostics), read
// "--option NAME=VALUE" arguments, and decide who plays each seat.
#pragma once

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// The rules file has errors; they have been printed.
struct LoadFailed : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Loads and compiles a rules file. On errors prints every diagnostic to standard error (as `check` does) and throws
// LoadFailed; warnings of a file that loads are left to `check`.
std::shared_ptr<const runtime::GameDefinition> load_definition(const std::string& path);
// The same, on the engine named by --engine ("interpreter" or "native"): says on standard error when the native
// engine was built now (and how long it took), or why the interpreter runs instead. Throws ArgumentError for another
// name, and runtime::NativeBuildError when the native engine cannot be built.
std::shared_ptr<const runtime::GameDefinition> load_definition(const std::string& path, const std::string& engine);

// "rounds=3" -> {"rounds", "3"}; throws ArgumentError for an argument without '=' or without a name.
std::vector<std::pair<std::string, std::string>> parse_option_assignments(const std::vector<std::string>& arguments);

// The player count: --players when given, else the number of seats the bot list names when that is more than the
// game's smallest count, else that smallest count.
int player_count(const runtime::GameDefinition& game, int players_argument, std::size_t listed_seats);

// Who plays each seat, the same in every command: --bots names the seats in order, seat 1 first, and a list shorter
// than the player count is completed with its last name (one name alone plays every seat). Throws ArgumentError when
// the list names more seats than there are players.
std::vector<BotSpec> complete_seats(std::vector<BotSpec> listed, int players);

// The seats of `play`: complete_seats, and without --bots "human,random" (you in seat 1, random bots in the others).
// Says on standard error when no seat is human (the bots play the game through, as in a reproduction of the audit).
std::vector<BotSpec> play_seats(std::vector<BotSpec> listed, int players);

// The seats of `simulate` (and of --compare): complete_seats, and without --bots "random" (random everywhere).
std::vector<BotSpec> simulation_seats(std::vector<BotSpec> listed, int players);

// --bot-timeout: how long each exec bot among the seats may take per decision (when given).
void set_bot_timeout(std::vector<BotSpec>& seats, std::optional<double> seconds);

}  // namespace rulesrun::cli
