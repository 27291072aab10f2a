#include "seat_message.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "json_input.hpp"
#include "seat_view.hpp"
#include "spoken_names.hpp"

namespace rulesrun::runtime {

namespace {

// The seat's own decision: the prompt and every option with what the rules say of it.
nlohmann::json decision_json(const Game& game, int seat) {
    auto options = nlohmann::json::array();
    for (int a = 0; a < game.action_count(seat); ++a) {
        options.push_back({{"action", a},
                           {"name", game.action_name(seat, a)},
                           {"description", game.action_description(seat, a)},
                           {"mark", game.action_mark(seat, a)}});
    }
    return {{"choice", game.choice_name(seat)},
            {"prompt", game.prompt(seat)},
            {"secret", game.choice_is_secret(seat)},
            {"subset", game.choice_is_subset(seat)},
            {"options", std::move(options)}};
}

nlohmann::json results_json(const Game& game) {
    const Results r = game.results();
    auto seats = nlohmann::json::array();
    for (int seat = 0; seat < game.players(); ++seat) {
        seats.push_back({{"seat", seat},
                         {"name", game.seat_name(seat)},
                         {"score", r.scores[static_cast<std::size_t>(seat)]},
                         {"rank", r.ranks[static_cast<std::size_t>(seat)]},
                         {"winner", static_cast<bool>(r.winners[static_cast<std::size_t>(seat)])}});
    }
    return {{"seats", std::move(seats)},
            {"everybody_loses", r.everybody_loses},
            {"shared_win", r.shared_win},
            {"draw", r.draw},
            {"cooperative", r.cooperative},
            {"scored", game.definition().has_scores()}};
}

}  // namespace

nlohmann::json state_message(const Game& game, int seat, const std::vector<std::string>& log, std::size_t log_from) {
    auto seats = nlohmann::json::array();
    for (int s = 0; s < game.players(); ++s) seats.push_back(game.seat_name(s));
    const auto acting = game.to_act();
    const bool deciding = seat >= 0 && std::find(acting.begin(), acting.end(), seat) != acting.end();
    // A finished game still shows the seat what it saw (its own hand, Hanabi's partners' hands) and "(you)".
    nlohmann::json message{{"type", "state"},
                           {"protocol", protocol_version},
                           {"game", game.definition().title()},
                           {"seat", seat >= 0 ? nlohmann::json(seat) : nlohmann::json(nullptr)},
                           {"seats", std::move(seats)},
                           {"step", game.history().size()},
                           {"view", view_json(game, seat)},
                           {"log_from", log_from},
                           {"log", log},
                           {"to_act", acting},
                           {"finished", game.finished()},
                           {"decision", deciding ? decision_json(game, seat) : nlohmann::json(nullptr)},
                           {"results", game.finished() ? results_json(game) : nlohmann::json(nullptr)}};
    return message;
}

std::optional<int> action_named(const Game& game, int seat, std::string_view name) {
    for (int a = 0; a < game.action_count(seat); ++a) {
        if (same_spoken_name(game.action_name(seat, a), name)) return a;
    }
    return std::nullopt;
}

namespace {

// A field that must hold a whole number from 0 to `most`: its value, or the reason it is refused in `error`.
std::optional<std::int64_t> whole_number_field(const nlohmann::json& message, const char* field, std::int64_t most,
                                               std::string& error) {
    const auto it = message.find(field);
    if (it == message.end()) return std::nullopt;
    const bool whole = it->is_number_integer() || it->is_number_unsigned();
    const bool in_range = whole && (it->is_number_unsigned() ? it->get<std::uint64_t>() <= static_cast<std::uint64_t>(most)
                                                             : it->get<std::int64_t>() >= 0 && it->get<std::int64_t>() <= most);
    if (!whole) {
        error = fmt::format("\"{}\" must be a whole number from 0, not {} ({})", field, json_kind(*it),
                            json_text(*it).substr(0, 40));
    } else if (!in_range) {
        error = fmt::format("\"{}\" must be a whole number from 0 to {}, not {}", field, most, json_text(*it));
    }
    if (!error.empty()) return std::nullopt;
    return it->get<std::int64_t>();
}

}  // namespace

ActMessage read_act_message(const nlohmann::json& message) {
    ActMessage act;
    if (!message.is_object() || message.value("type", nlohmann::json()) != "act") {
        act.error = "expected an act message: {\"type\": \"act\", \"step\": N, \"action\": K}";
        return act;
    }
    act.step = whole_number_field(message, "step", std::numeric_limits<std::int64_t>::max(), act.error);
    if (!act.error.empty()) return act;
    if (const auto action = whole_number_field(message, "action", std::numeric_limits<int>::max(), act.error)) {
        act.action = static_cast<int>(*action);
    }
    if (!act.error.empty()) return act;
    if (const auto name = message.find("name"); name != message.end()) {
        if (!name->is_string()) {
            act.error = fmt::format("\"name\" must be the name of an option, not {}", json_kind(*name));
            return act;
        }
        act.name = name->get<std::string>();
    }
    if (!act.action && act.name.empty()) {
        act.error = "an act message names its action: \"action\": K or \"name\": \"...\"";
    }
    return act;
}

nlohmann::json error_message(const std::string& text) {
    return {{"type", "error"}, {"protocol", protocol_version}, {"message", text}};
}

}  // namespace rulesrun::runtime
