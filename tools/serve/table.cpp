#include "table.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::serve {

Table::Table(std::shared_ptr<const runtime::GameDefinition> definition, TableRecord record)
    : definition_(std::move(definition)),
      record_(std::move(record)),
      game_(definition_, runtime::resolve_settings(*definition_, record_.settings), true),
      log_(game_.players()) {
    log_.add_messages(game_.take_messages());
    const auto actions = std::move(record_.actions);
    record_.actions.clear();
    for (const auto& a : actions) apply(a.seat, a.action);
}

std::optional<int> Table::seat_of(const std::string& token) const {
    if (token.empty()) return std::nullopt;
    if (token == record_.spectator_token) return -1;
    for (std::size_t seat = 0; seat < record_.seats.size(); ++seat) {
        if (record_.seats[seat].token == token) return static_cast<int>(seat);
    }
    return std::nullopt;
}

nlohmann::json Table::state_for(int seat, std::size_t log_from) const {
    const std::size_t from = std::min(log_from, log_.readable_count(seat));
    return runtime::state_message(game_, seat, log_.readable(seat, from), from);
}

std::size_t Table::log_size(int seat) const { return log_.readable_count(seat); }

Table::Answer Table::check(int seat, std::optional<std::int64_t> step, std::optional<int> action,
                           const std::string& name) const {
    if (seat < 0) return {-1, "a spectator cannot act"};
    if (game_.finished()) return {-1, "the game is over"};
    const auto acting = game_.to_act();
    if (std::find(acting.begin(), acting.end(), seat) == acting.end()) {
        return {-1, fmt::format("it is not {}'s turn", game_.seat_name(seat))};
    }
    if (step && static_cast<std::size_t>(*step) != game_.history().size()) {
        return {-1, fmt::format("this answers step {}, but the game is at step {}", *step, game_.history().size())};
    }
    if (!name.empty()) {
        action = runtime::action_named(game_, seat, name);
        if (!action) return {-1, fmt::format("no option is named '{}'", name)};
    }
    if (!action) return {-1, "the answer names no action"};
    if (*action < 0 || *action >= game_.action_count(seat)) {
        return {-1, fmt::format("action {} does not exist: there are {} (0 to {})", *action, game_.action_count(seat),
                                game_.action_count(seat) - 1)};
    }
    return {*action, ""};
}

std::optional<std::string> Table::act(int seat, std::optional<std::int64_t> step, std::optional<int> action,
                                      const std::string& name) {
    const Answer answer = check(seat, step, action, name);
    if (!answer.refused.empty()) return answer.refused;
    apply(seat, answer.action);
    return std::nullopt;
}

// The answers to a simultaneous decision are told together once all are in, as the terminal does.
void Table::apply(int seat, int action) {
    if (log_.held_choices() == 0) deciding_ = game_.to_act().size();
    log_.hold_choice(seat, game_.action_name(seat, action), game_.choice_is_secret(seat));
    game_.apply(seat, action);
    record_.actions.push_back({seat, action});
    if (log_.held_choices() < deciding_) return;
    log_.tell_held_choices(game_);
    log_.add_messages(game_.take_messages());
}

// A person alone with the game's bots; a program that reads the log (exec) cannot be told to forget.
static bool alone_with_bots(const TableRecord& record, int seat) {
    if (seat < 0) return false;
    for (std::size_t s = 0; s < record.seats.size(); ++s) {
        const auto& player = record.seats[s].player;
        if (static_cast<int>(s) != seat && (player.kind == BotKind::human || player.reads_log())) return false;
    }
    return record.seats[static_cast<std::size_t>(seat)].player.kind == BotKind::human;
}

bool Table::may_undo(int seat) const {
    if (game_.finished() || !alone_with_bots(record_, seat)) return false;
    return std::any_of(record_.actions.begin(), record_.actions.end(), [&](const auto& a) { return a.seat == seat; });
}

Table::TakeBack Table::take_back(int seat) const {
    if (seat < 0) return {0, "", "a spectator cannot undo"};
    if (game_.finished()) return {0, "", "the game is over"};
    if (!alone_with_bots(record_, seat)) {
        return {0, "", "undo is only for a person alone with the game's bots: with other people at the table, ask them"};
    }
    std::size_t last = record_.actions.size();
    while (last > 0 && record_.actions[last - 1].seat != seat) --last;
    if (last == 0) return {0, "", "nothing to undo: you have not decided anything yet"};
    const std::size_t from = last - 1;
    runtime::Game before(definition_, runtime::resolve_settings(*definition_, record_.settings));
    runtime::Game replay = before;
    std::vector<runtime::NamedAction> steps;
    for (std::size_t i = 0; i < record_.actions.size(); ++i) {
        const auto& a = record_.actions[i];
        if (i >= from) steps.push_back({a.seat, replay.action_name(a.seat, a.action)});
        replay.apply(a.seat, a.action);
        if (i < from) before.apply(a.seat, a.action);
    }
    const std::string name = steps.front().name;
    if (runtime::reveals_hidden(before, steps, seat, derive_seed(game_.settings().seed, from))) {
        return {from, name, fmt::format("undo is not possible: since you chose {}, something you could not know came to "
                                        "light (a card, a roll, another player's choice)", name)};
    }
    return {from, name, ""};
}

void Table::keep_steps(std::size_t step) {
    TableRecord record = record_;
    record.actions.resize(std::min(step, record.actions.size()));
    *this = Table(definition_, std::move(record));
}

int Table::bot_to_act() const {
    for (const int seat : game_.to_act()) {
        if (record_.seats[static_cast<std::size_t>(seat)].player.kind != BotKind::human) return seat;
    }
    return -1;
}

std::unique_ptr<Bot> Table::bot_for(int seat) const {
    auto bot = make_bot(record_.seats[static_cast<std::size_t>(seat)].player, game_.settings().seed, seat);
    bot->start_game(derive_seed(game_.settings().seed, game_.history().size()), seat);
    return bot;
}

}  // namespace rulesrun::serve
