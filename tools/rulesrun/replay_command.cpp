// `rulesrun replay SAVED_GAME [--step]`: plays a saved game again from its rules file, showing each action and the
// messages it caused, and ends with the same final text as the game it replays.
#include <iostream>

#include <fmt/format.h>

#include "commands.hpp"
#include "console.hpp"
#include "game_text.hpp"
#include "rulesrun.hpp"
#include "saved_games.hpp"

namespace rulesrun::cli {

int run_replay(const ReplayOptions& options) {
    const auto saved = read_save_file(options.file);
    auto game = start_saved_game(saved, options.file, options.force);
    auto console = Console::standard();
    auto& out = console.out();
    out << console.style().bold(settings_line(game)) << '\n';
    out << fmt::format("Replaying {} saved actions from {}\n", saved.actions.size(), options.file);
    print_messages(out, game, console.style(), -1);
    for (std::size_t i = 0; i < saved.actions.size(); ++i) {
        const auto& action = saved.actions[i];
        if (options.step) {
            try {
                console.wait_for_enter(fmt::format("[action {} of {}: press Enter]", i + 1, saved.actions.size()));
            } catch (const EndOfInput&) {
                std::cerr << fmt::format("end of input: the replay stops before action {} of {}\n", i + 1,
                                         saved.actions.size());
                return exit_end_of_input;
            }
        }
        const bool secret = !game.finished() && game.choice_is_secret(action.seat);
        apply_saved_action(game, action, i + 1);
        if (secret) {
            print_secret_choice(out, game, action.seat, console.style());
        } else {
            print_choice(out, game, action.seat, action.name, console.style());
        }
        print_messages(out, game, console.style(), -1);
    }
    if (game.finished()) {
        print_final(out, game, console.style());
    } else {
        out << console.style().bold(fmt::format("== The saved game is unfinished after {} actions ==",
                                                saved.actions.size()))
            << '\n';
        print_block(out, view_text(game, -1));
    }
    return exit_ok;
}

}  // namespace rulesrun::cli
