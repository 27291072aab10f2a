#include "seat_message.hpp"

#include <algorithm>

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
    // A finished game shows everything to everyone, as the terminal's end screen does.
    nlohmann::json message{{"type", "state"},
                           {"protocol", protocol_version},
                           {"game", game.definition().title()},
                           {"seat", seat >= 0 ? nlohmann::json(seat) : nlohmann::json(nullptr)},
                           {"seats", std::move(seats)},
                           {"step", game.history().size()},
                           {"view", view_json(game, game.finished() ? -1 : seat)},
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

nlohmann::json error_message(const std::string& text) {
    return {{"type", "error"}, {"protocol", protocol_version}, {"message", text}};
}

}  // namespace rulesrun::runtime
