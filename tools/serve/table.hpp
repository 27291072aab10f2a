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
    std::string name;   // the name the person chose in the lobby (empty: none; bots have none)
};

// What is stored of a table, from which it is made again after a restart.
struct TableRecord {
    std::string id;
    std::string game;  // the game's name in the server's list (its rules file's stem)
    runtime::Settings settings;
    std::vector<SeatPlan> seats;
    std::string spectator_token;
    std::vector<runtime::ActionRecord> actions;
    std::string rematch;  // the table of the rematch, once a seat asked for one
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

    // Where undoing `seat`'s last decision goes back to: the step of that decision (what followed is taken back too),
    // or why it cannot be undone. Only a person alone with the game's own bots may undo, and only while nothing
    // hidden came to light since that decision (else he could choose again knowing what comes).
    struct TakeBack {
        std::size_t step = 0;
        std::string name;     // the decision taken back, as the seat saw it
        std::string refused;  // empty when it can be undone
    };
    [[nodiscard]] TakeBack take_back(int seat) const;
    // Whether `seat` may ask for an undo at all (alone with bots, has decided, the game goes on): the page's button.
    [[nodiscard]] bool may_undo(int seat) const;
    // The table as it was before step `step`: the later actions are forgotten and the log told again.
    void keep_steps(std::size_t step);

    // The table of its rematch, once asked for.
    void set_rematch(std::string id) { record_.rematch = std::move(id); }

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
