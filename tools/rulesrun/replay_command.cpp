// `rulesrun replay SAVED_GAME [--step] [--seat SEAT]`: plays a saved game again from its rules file, showing each
// action and the messages it caused as one seat (or a spectator) saw them, and ends with the same final text as the
// game it replays. With --step, each position is drawn as `play` draws it, and the replay waits for Enter.
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "console.hpp"
#include "game_text.hpp"
#include "rulesrun.hpp"
#include "saved_games.hpp"

namespace rulesrun::cli {

namespace {

// The seat named by --seat (its number from 1, or its name); -1, a spectator, without it.
int viewer_of(const std::string& seat, const runtime::Game& game) {
    if (seat.empty()) return -1;
    for (int s = 0; s < game.players(); ++s) {
        if (seat == std::to_string(s + 1) || seat == game.seat_name(s)) return s;
    }
    std::vector<std::string> names;
    for (int s = 0; s < game.players(); ++s) names.push_back(fmt::format("{} or {}", s + 1, game.seat_name(s)));
    throw ArgumentError(fmt::format("--seat {}: this game has no such seat (seats: {})", seat, join_names(names)));
}

}  // namespace

int run_replay(const ReplayOptions& options) {
    const auto saved = read_save_file(options.file);
    auto game = start_saved_game(saved, options.file, options.force);
    const int viewer = viewer_of(options.seat, game);
    auto console = Console::standard();
    auto& out = console.out();
    const auto& style = console.style();
    out << style.bold(settings_line(game)) << '\n' << option_lines(game);
    out << fmt::format("Replaying {} saved actions from {}, as {}\n", saved.actions.size(), options.file,
                       viewer < 0 ? "a spectator sees them (public information only)"
                                  : game.seat_name(viewer) + " saw them");
    print_messages(out, game, style, viewer);
    for (std::size_t i = 0; i < saved.actions.size(); ++i) {
        const auto& action = saved.actions[i];
        if (options.step) {
            out << '\n' << style.bold(fmt::format("== {} to play ==", game.seat_name(action.seat))) << '\n';
            print_block(out, view_text(game, viewer, {}, style.colour()));
            try {
                console.wait_for_enter(fmt::format("[action {} of {}: press Enter]", i + 1, saved.actions.size()));
            } catch (const EndOfInput&) {
                std::cerr << fmt::format("end of input: the replay stops before action {} of {}\n", i + 1,
                                         saved.actions.size());
                return exit_end_of_input;
            }
        }
        const bool secret = !game.finished() && game.choice_is_secret(action.seat) && action.seat != viewer;
        apply_saved_action(game, action, i + 1);
        if (secret) {
            print_secret_choice(out, game, action.seat, style);
        } else {
            print_choice(out, game, action.seat, action.name, style);
        }
        print_messages(out, game, style, viewer);
    }
    if (game.finished()) {
        print_final(out, game, style);
    } else {
        out << style.bold(fmt::format("== The saved game is unfinished after {} actions ==", saved.actions.size()))
            << '\n';
        print_block(out, view_text(game, viewer, {}, style.colour()));
    }
    return exit_ok;
}

}  // namespace rulesrun::cli
