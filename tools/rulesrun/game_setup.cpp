#include "game_setup.hpp"

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

std::vector<BotSpec> play_seats(std::vector<BotSpec> listed, int players) {
    if (static_cast<int>(listed.size()) > players)
        throw ArgumentError(fmt::format("--bots names {} seats but the game has {} players", listed.size(), players));
    if (listed.empty()) listed.assign(players - 1, BotSpec{BotKind::random, "random", -1, {}});
    std::vector<BotSpec> seats(players - listed.size(), BotSpec{BotKind::human, "human", -1, {}});
    seats.insert(seats.end(), listed.begin(), listed.end());
    return seats;
}

std::vector<BotSpec> simulation_seats(std::vector<BotSpec> listed, int players) {
    if (listed.empty()) return std::vector<BotSpec>(players, BotSpec{BotKind::random, "random", -1, {}});
    if (listed.size() == 1) return std::vector<BotSpec>(players, listed.front());
    if (static_cast<int>(listed.size()) != players)
        throw ArgumentError(fmt::format("--bots names {} bots for {} players: give one bot per seat, or one bot for "
                                        "every seat", listed.size(), players));
    return listed;
}

}  // namespace rulesrun::cli
