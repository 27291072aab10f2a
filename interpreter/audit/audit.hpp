// The leak audit: does anything a seat is shown depend on what that seat may not know?
//
// Games are played between bots (random, and the rules' strategies). Before each decision of one seat, for every seat
// S, the audit builds other states that S cannot tell apart from the true one: the cards S has not seen dealt again
// consistently with what it saw (determinize), the other seats' answers to a pending choice withdrawn, their private
// fields changed (vary_private_fields), chance to come drawn as in the true state (draw_chance_as: a die rolled next
// shows the same face in both). The same action is then taken in the true state and in each other one. When
// S's view (view_facts, and what the rules `show` it) is the same afterwards, everything else S is shown must be the
// same too: the log lines it reads, its screen, its prompt and the names of its actions, and what the Python module
// gives it (docs/python.md): its observation tensor (tensor_layout.hpp), the lines of its information state string
// (the answers as the table tells them, then the messages) and the ids its information state tensor remembers of the
// answers it is told (their action keys). A difference is a leak: the
// rules have told S something it may not know. States where S's view differs (it drew a card, was shown one) are not
// compared: S learned something, as the rules allow. Strategies cannot read what their seat may not see: the checker
// refuses it (check/checker_secrecy.cpp), so the audit checks a file first.
//
// Then each game is played again from its start, for each seat, with what the seat could not see drawn again
// (history_audit.hpp): what only the past holds, the start's lines and numbers kept in locals, is varied too.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game.hpp"

namespace rulesrun {

struct AuditSettings {
    int games = 12;              // per player count
    std::vector<int> players;    // the player counts; empty: the game's smallest and the next one it allows
    int variants = 2;            // states compared with the true one, per seat and decision; replays per seat and game
    std::uint64_t seed = 1;      // game i of a player count is seeded from this and i
    int max_actions = 2000;      // per game: a game still running then is left there
    std::vector<std::pair<std::string, std::string>> options;  // the game's options, NAME and VALUE (others: defaults)
};

// One leak: what `seat` was shown through `channel`, and what it would have been shown instead in a state it cannot
// tell apart from the true one.
struct Leak {
    int seat = 0;
    std::string seat_name;
    std::string channel;       // "log", "screen", "network message", "prompt", "actions", "observation tensor",
                               // "information state" or "action ids" ("view": the determinization itself)
    std::string origin;        // the rules' line that made the text ("file.rules:12:3"), or the choice offered
    std::string shown;
    std::string instead;
    std::string reproduction;  // a command that plays the same game, and where in it
};

struct AuditReport {
    std::int64_t games = 0;
    std::int64_t decisions = 0;       // decisions of one seat, before which the seats were audited
    std::int64_t comparisons = 0;     // states compared with the true one, seat by seat
    std::int64_t not_comparable = 0;  // ... left out: the seat's view differed afterwards, or the action did not exist
    std::int64_t unfinished = 0;      // games still going after AuditSettings::max_actions, left there
    std::vector<Leak> leaks;          // the first of each channel and origin
};

// Throws RuleError when a rule fails in the true game, SettingsError when the options do not fit the game.
AuditReport audit_game(const std::shared_ptr<const runtime::GameDefinition>& game, const AuditSettings& settings);

}  // namespace rulesrun
