// One table of `rulesrun serve`: a game in progress, who sits in each seat (a person with a link, or a bot), and the
// table's log. Everything a client receives is made here from its seat's view (seat_message.hpp), never from the
// whole state. A table is used from the server's one network thread; bots think on a copy of its game elsewhere.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"

namespace rulesrun::serve {

struct SeatPlan {
    BotSpec player;     // BotKind::human for a person
    std::string token;  // the secret of the seat's link (people only)
};

// What is stored of a table, from which it is made again after a restart.
struct TableRecord {
    std::string id;
    std::string game;  // the game's name in the server's list (its rules file's stem)
    runtime::Settings settings;
    std::vector<SeatPlan> seats;
    std::string spectator_token;
    std::vector<runtime::ActionRecord> actions;
};

class Table {
public:
    Table(std::shared_ptr<const runtime::GameDefinition> definition, TableRecord record);

    [[nodiscard]] const TableRecord& record() const { return record_; }
    [[nodiscard]] const runtime::Game& game() const { return game_; }
    [[nodiscard]] const runtime::TableLog& log() const { return log_; }

    // The seat a token opens (-1: the spectator's), or nothing for a token of no seat of this table.
    [[nodiscard]] std::optional<int> seat_of(const std::string& token) const;

    // The state message for `seat` (-1: spectator) with its log lines from its line `log_from` on.
    [[nodiscard]] nlohmann::json state_for(int seat, std::size_t log_from) const;
    // How many log lines `seat` may read so far.
    [[nodiscard]] std::size_t log_size(int seat) const;

    // The action `seat`'s answer to step `step` names (`action` by number, or by option name when `name` is not
    // empty; no step: the current one), or why it cannot be taken (not its turn, a stale step, no such action).
    struct Answer {
        int action = -1;
        std::string refused;  // empty when the answer can be taken
    };
    [[nodiscard]] Answer check(int seat, std::optional<std::int64_t> step, std::optional<int> action,
                               const std::string& name) const;
    // Takes an answer check() accepted.
    void apply(int seat, int action);
    // Both: an error text when refused (nothing changed then).
    [[nodiscard]] std::optional<std::string> act(int seat, std::optional<std::int64_t> step, std::optional<int> action,
                                                 const std::string& name);

    // The first bot seat that must decide now, or -1.
    [[nodiscard]] int bot_to_act() const;
    // A bot for `seat`, seeded for the current step: a bot's decision depends only on the game and the step, so a
    // table made again after a restart goes on as it would have.
    [[nodiscard]] std::unique_ptr<Bot> bot_for(int seat) const;

private:

    std::shared_ptr<const runtime::GameDefinition> definition_;
    TableRecord record_;
    runtime::Game game_;
    runtime::TableLog log_;
    std::size_t deciding_ = 0;  // how many seats answer the decision being answered (held in the log until all have)
};

}  // namespace rulesrun::serve
