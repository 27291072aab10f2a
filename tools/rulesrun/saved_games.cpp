#include "saved_games.hpp"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "game_setup.hpp"

namespace rulesrun::cli {

namespace {

constexpr const char* changed = "the rules file has changed since the game was saved";

// The rules and settings must be those the game was saved with: other rules may give the same actions the same
// names for a while and still play another game.
void check_fingerprint(const SavedGame& saved, const std::string& now, const std::string& origin, bool force) {
    if (saved.fingerprint.empty()) {
        std::cerr << fmt::format("rulesrun: {} was saved by an older rulesrun, without the rules' fingerprint: the "
                                 "rules are checked only action by action\n", origin);
        return;
    }
    if (saved.fingerprint == now) return;
    const std::string problem =
        fmt::format("{} was saved with other rules: {} (or a file it imports) has changed since (fingerprint {} then, "
                    "{} now)", origin, saved.rules_path, saved.fingerprint, now);
    if (!force) throw ReplayMismatch(problem + "; use --force to try anyway");
    std::cerr << "rulesrun: warning: " << problem << "; going on (--force)\n";
}

}  // namespace

runtime::Game start_game_with_messages(std::shared_ptr<const runtime::GameDefinition> definition,
                                       const runtime::ResolvedSettings& settings) {
    return runtime::Game(std::move(definition), settings, true);
}

runtime::Game start_saved_game(const SavedGame& saved, const std::string& origin, bool force,
                               const std::string& engine) {
    auto definition = load_definition(saved.rules_path, engine);
    runtime::ResolvedSettings settings;
    try {
        settings = runtime::resolve_settings(*definition, {saved.players, saved.options, saved.seed});
    } catch (const runtime::SettingsError& e) {
        throw ReplayMismatch(fmt::format("the saved settings no longer fit {} ({}?): {}", saved.rules_path, changed,
                                         e.what()));
    }
    check_fingerprint(saved, runtime::rules_fingerprint(*definition, settings), origin, force);
    return start_game_with_messages(definition, settings);
}

std::vector<BotSpec> saved_seats(const SavedGame& saved, const runtime::GameDefinition& definition) {
    if (static_cast<int>(saved.bots.size()) != saved.players)
        throw SaveFileError(fmt::format("the saved game lists {} seats in 'bots' for {} players", saved.bots.size(),
                                        saved.players));
    std::vector<BotSpec> seats;
    for (const auto& bot : saved.bots) {
        try {
            auto parsed = parse_bot_list(bot, definition.strategies(), true);
            if (parsed.size() != 1) throw BotListError(fmt::format("'{}' is not one bot", bot));
            seats.push_back(std::move(parsed.front()));
        } catch (const BotListError& e) {
            throw SaveFileError(fmt::format("the saved game's seats no longer fit the rules file: {}", e.what()));
        }
    }
    return seats;
}

void check_saved_action(const runtime::Game& game, const SavedAction& action, std::size_t number) {
    if (game.finished())
        throw ReplayMismatch(fmt::format("saved action {} comes after the end of the game: {}", number, changed));
    const auto seats = game.to_act();
    if (std::find(seats.begin(), seats.end(), action.seat) == seats.end())
        throw ReplayMismatch(fmt::format("saved action {} is seat {}'s, who is not to play now: {}", number,
                                         action.seat + 1, changed));
    const auto seat_name = game.seat_name(action.seat);
    if (action.action >= game.action_count(action.seat))
        throw ReplayMismatch(fmt::format("saved action {}: {} chose action {} ('{}') but has only {} actions now: {}",
                                         number, seat_name, action.action + 1, action.name,
                                         game.action_count(action.seat), changed));
    const auto name = game.action_name(action.seat, action.action);
    if (!same_spoken_name(name, action.name))  // games saved before menus spoke their options' names
        throw ReplayMismatch(fmt::format("saved action {}: {} chose '{}' but that action is now '{}': {}", number,
                                         seat_name, action.name, name, changed));
}

void apply_saved_action(runtime::Game& game, const SavedAction& action, std::size_t number) {
    check_saved_action(game, action, number);
    game.apply(action.seat, action.action);
}

}  // namespace rulesrun::cli
