// Starting a game again from a saved game (for replay and play --resume): its rules file, settings and seats, and
// each saved action applied after checking that it still means what it meant when it was saved.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::cli {

// A saved game does not fit its rules file any more (the file has changed since the save).
struct ReplayMismatch : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The game of a save at its start, keeping its messages from the first one on. Prints the rules file's diagnostics
// and throws LoadFailed when it has errors; throws ReplayMismatch when the saved settings no longer fit it, or when
// the rules or settings are not those the game was saved with (their fingerprint differs) unless `force`: then it
// warns on standard error and goes on. `origin` names the save file in messages.
runtime::Game start_saved_game(const SavedGame& saved, const std::string& origin, bool force,
                               const std::string& engine = "interpreter");

// The seats of a save as bot specifications. Throws SaveFileError when they do not fit the game.
std::vector<BotSpec> saved_seats(const SavedGame& saved, const runtime::GameDefinition& definition);

// Checks that the save's action number `number` (from 1) fits the game: its seat is to act and the action still has
// the saved name. Throws ReplayMismatch.
void check_saved_action(const runtime::Game& game, const SavedAction& action, std::size_t number);

// Checks the action, then applies it.
void apply_saved_action(runtime::Game& game, const SavedAction& action, std::size_t number);

// Starts a game with messages kept from its very beginning (keep_messages applies to what happens after it is
// called, so the game is started again with the same seed once it is on).
runtime::Game start_game_with_messages(std::shared_ptr<const runtime::GameDefinition> definition,
                                       const runtime::ResolvedSettings& settings);

}  // namespace rulesrun::cli
