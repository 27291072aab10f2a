#include "game_setup.hpp"

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

std::shared_ptr<const runtime::GameDefinition> load_definition(const std::string& path) {
    auto loaded = runtime::load_game(path);
    if (loaded.game) return loaded.game;
    const bool colour = colour_enabled(stderr);
    for (const auto& d : loaded.diagnostics) std::cerr << render_diagnostic(loaded.sources, d, colour);
    throw LoadFailed(fmt::format("{}: the rules file has errors; nothing was played", path));
}

std::shared_ptr<const runtime::GameDefinition> load_definition(const std::string& path, const std::string& engine) {
    runtime::Engine wanted = runtime::Engine::interpreter;
    try {
        wanted = runtime::engine_named(engine);
    } catch (const runtime::UsageError& e) {
        throw ArgumentError(fmt::format("--engine: {}", e.what()));
    }
    auto definition = load_definition(path);
    const runtime::EngineChoice choice = runtime::with_engine(std::move(definition), wanted);
    if (!choice.notice.empty()) std::cerr << "Note: " << choice.notice << "\n";
    if (choice.built_now) {
        std::cerr << fmt::format("Built the native engine of {} in {:.1f} s (kept for the next runs: {})\n",
                                 choice.game->title(), choice.build_seconds, choice.library);
    }
    return choice.game;
}

std::vector<std::pair<std::string, std::string>> parse_option_assignments(const std::vector<std::string>& arguments) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const auto& argument : arguments) {
        const auto equals = argument.find('=');
        if (equals == std::string::npos || equals == 0)
            throw ArgumentError(fmt::format("--option '{}' must be written NAME=VALUE (for example rounds=3)", argument));
        options.emplace_back(argument.substr(0, equals), argument.substr(equals + 1));
    }
    return options;
}

int player_count(const runtime::GameDefinition& game, int players_argument, std::size_t listed_seats) {
    if (players_argument > 0) return players_argument;
    return std::max(game.min_players(), static_cast<int>(listed_seats));
}

std::vector<BotSpec> complete_seats(std::vector<BotSpec> listed, int players) {
    if (static_cast<int>(listed.size()) > players)
        throw ArgumentError(fmt::format("--bots names {} seats but the game has {} players: name one bot per seat at "
                                        "most (the last one plays the seats left)", listed.size(), players));
    if (listed.empty()) throw ArgumentError("--bots names no seat");
    while (static_cast<int>(listed.size()) < players) listed.push_back(listed.back());
    return listed;
}

std::vector<BotSpec> play_seats(std::vector<BotSpec> listed, int players) {
    if (listed.empty()) {  // the default, cut to the players: seat 1 human, the others random
        listed = {BotSpec{BotKind::human, "human", -1, {}}};
        if (players > 1) listed.push_back(BotSpec{BotKind::random, "random", -1, {}});
    }
    auto seats = complete_seats(std::move(listed), players);
    const bool human = std::any_of(seats.begin(), seats.end(), [](const BotSpec& s) { return s.kind == BotKind::human; });
    if (!human)
        std::cerr << "rulesrun: no seat is human (--bots names the seats from seat 1; add 'human' to play one): "
                     "the bots play the whole game\n";
    return seats;
}

std::vector<BotSpec> simulation_seats(std::vector<BotSpec> listed, int players) {
    if (listed.empty()) listed = {BotSpec{BotKind::random, "random", -1, {}}};
    return complete_seats(std::move(listed), players);
}

void set_bot_timeout(std::vector<BotSpec>& seats, std::optional<double> seconds) {
    if (!seconds) return;
    for (auto& seat : seats) seat.timeout_seconds = *seconds;
}

}  // namespace rulesrun::cli
