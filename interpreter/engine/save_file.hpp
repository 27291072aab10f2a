// Saved games: everything needed to play a game again action by action (the rules file, the settings, the seed, who
// plays each seat and every action taken), as a JSON file that is rewritten after each action.
//
//   {"format": "rulesrun saved game", "version": 2, "rules": "/abs/path/diamant.rules", "players": 3,
//    "options": {"variant": "seed", "rounds": "5"}, "fingerprint": "9f3a0c61d2e4b807", "seed": 42,
//    "bots": ["human", "random", "cautious"], "actions": [{"seat": 0, "action": 1, "name": "leave"}, ...]}
//
// `fingerprint` (runtime::rules_fingerprint) changes with the rules file, the files it imports, the player count and
// the options: a game is not played on with rules other than those it was saved with. Version 1 had none.
//
// Seats are numbered from 0 as in the runtime; `action` is the index among the seat's legal actions at that moment
// and `name` its name, which lets a replay notice that the rules file has changed since the game was saved.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rulesrun {

// A save file that cannot be read or written, or does not hold a saved game; the message names the file and what
// is wrong with it.
struct SaveFileError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct SavedAction {
    int seat = 0;
    int action = 0;
    std::string name;

    friend bool operator==(const SavedAction&, const SavedAction&) = default;
};

struct SavedGame {
    std::string rules_path;
    int players = 0;
    std::vector<std::pair<std::string, std::string>> options;
    std::string fingerprint;  // empty in a version-1 file
    std::uint64_t seed = 0;
    std::vector<std::string> bots;  // per seat: "human", "random", a strategy, as written in a bot list
    std::vector<SavedAction> actions;

    friend bool operator==(const SavedGame&, const SavedGame&) = default;
};

inline constexpr int save_format_version = 2;  // version 1 (no fingerprint) is read too

std::string save_to_json(const SavedGame& game);
// Throws SaveFileError naming `origin` (the file name) and the missing or wrong field.
SavedGame save_from_json(const std::string& text, const std::string& origin);

// Writes the whole file atomically: a temporary file next to it, then a rename, so a process killed at any moment
// leaves either the previous save or the new one.
void write_save_file(const std::string& path, const SavedGame& game);
SavedGame read_save_file(const std::string& path);

}  // namespace rulesrun
