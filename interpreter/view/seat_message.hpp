// The messages a seat receives over the wire (docs/protocol.md): the browser page and programs that take a seat
// (`exec:` bots) read the same JSON, made only from what that seat may see.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "game.hpp"

namespace rulesrun::runtime {

inline constexpr int protocol_version = 1;

// {"type": "state", ...}: the seat's view, the log lines it may read (`log`, oldest first, from line `log_from` of
// what it may read), who is to act, the seat's own decision when it has one, and the results once the game is over.
// `seat` -1 is a spectator.
[[nodiscard]] nlohmann::json state_message(const Game& game, int seat, const std::vector<std::string>& log,
                                           std::size_t log_from);

// The action of `seat`'s decision an act message names by `"name"` (read aloud: "take_sum" is "take sum"), or none.
[[nodiscard]] std::optional<int> action_named(const Game& game, int seat, std::string_view name);

// {"type": "act", "step": N, "action": K} (or "name": "..." instead of "action"), read from a seat: the step it
// answers (none when left out), its action by number or by name, or what is wrong with it. Numbers are whole and in
// range (a step from 0, an action from 0 to INT_MAX) or refused, with the field named; whether the action exists
// and the step is the game's is for the caller to check.
struct ActMessage {
    std::optional<std::int64_t> step;
    std::optional<int> action;
    std::string name;
    std::string error;  // empty when the message is well formed
};
[[nodiscard]] ActMessage read_act_message(const nlohmann::json& message);

// {"type": "error", "message": ...}: what was wrong with a client's message; nothing changed.
[[nodiscard]] nlohmann::json error_message(const std::string& text);

}  // namespace rulesrun::runtime
