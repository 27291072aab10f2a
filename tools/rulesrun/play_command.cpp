// `rulesrun play`: humans and bots at one terminal. Humans see what their seat may see and pick actions by number or
// name; bots' choices are printed; the game is saved after every action when --save (or --resume) names a file.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include "commands.hpp"
#include "console.hpp"
#include "game_setup.hpp"
#include "game_text.hpp"
#include "rulesrun.hpp"
#include "saved_games.hpp"

namespace rulesrun::cli {

namespace {

using runtime::Game;

// "diams-saved.json" in the current folder, or "diams-saved-2.json" and so on when it exists.
std::string unused_save_path(const std::string& rules_path) {
    const std::string stem = std::filesystem::path(rules_path).stem().string();
    for (int n = 1;; ++n) {
        const std::string path = n == 1 ? stem + "-saved.json" : fmt::format("{}-saved-{}.json", stem, n);
        if (!std::filesystem::exists(path)) return path;
    }
}

// `undo` took back a decision: the game goes on from the restored position.
struct Undone {};
// `quit`: the game is saved and the session ends.
struct QuitRequested {};

class PlaySession {
public:
    PlaySession(Game game, std::vector<BotSpec> seats, SavedGame record, std::string save_path)
        : game_(std::move(game)),
          initial_(game_),
          seats_(std::move(seats)),
          record_(std::move(record)),
          save_path_(std::move(save_path)),
          console_(Console::standard()),
          log_(std::make_unique<runtime::TableLog>(game_.players())) {
        make_bots();
    }

    // Replays the saved actions of a resumed game (or of a game after undo) without showing them. Each bot chooses
    // again where it chose before (the saved action is the one applied), so its generator is where it was and the
    // resumed game goes on exactly as the interrupted one would have; the table's log is written again as it was
    // for the bots that read it (an exec bot's program is told the game from its start), and counts as read by the
    // humans. The choices of a simultaneous decision left halfway are told when it is complete.
    void catch_up() {
        *log_ = runtime::TableLog(game_.players());
        std::vector<int> seats;  // the decision being replayed
        untold_.clear();
        for (std::size_t i = 0; i < record_.actions.size(); ++i) {
            if (untold_.size() == seats.size()) {
                tell_choices();
                log_->add_messages(game_.take_messages());
                seats = game_.to_act();
            }
            const auto& action = record_.actions[i];
            check_saved_action(game_, action, i + 1);
            if (bots_[action.seat]) bots_[action.seat]->choose(game_, action.seat);
            untold_.push_back(
                {action.seat, game_.action_name(action.seat, action.action), game_.choice_is_secret(action.seat)});
            game_.apply(action.seat, action.action);
        }
        if (untold_.size() == seats.size()) tell_choices();
        log_->add_messages(game_.take_messages());
        for (int seat = 0; seat < game_.players(); ++seat) log_->recap(seat, true);
    }

    int run() {
        auto& out = console_.out();
        print_header();
        save();
        try {
            while (!game_.finished()) {
                record_messages();
                try {
                    decide();
                } catch (const Undone&) {
                }
            }
        } catch (const QuitRequested&) {
            quit();
            return exit_ok;
        } catch (const EndOfInput&) {
            std::cerr << fmt::format("end of input: the game is left unfinished ({})\n",
                                     save_path_.empty() ? "not saved: use --save FILE to keep a game"
                                                        : "saved in " + save_path_);
            return exit_end_of_input;
        } catch (const BotError& e) {  // an exec bot failed: the game so far can be resumed with another bot
            if (save_path_.empty()) throw;
            throw BotError(fmt::format("{} (the game so far is saved in {})", e.what(), save_path_));
        }
        record_messages();
        print_final(out, game_, console_.style());
        for (int seat = 0; seat < game_.players(); ++seat)
            if (bots_[seat]) bots_[seat]->game_over(game_, seat);
        return exit_ok;
    }

private:
    void print_header() {
        auto& out = console_.out();
        out << console_.style().bold(settings_line(game_)) << '\n' << option_lines(game_);
        std::vector<std::string> seats;
        for (int seat = 0; seat < game_.players(); ++seat)
            seats.push_back(fmt::format("{} ({})", game_.seat_name(seat), seats_[seat].text()));
        out << "Seats: " << join_names(seats) << '\n';
        if (!record_.actions.empty()) out << fmt::format("Resumed after {} actions.\n", record_.actions.size());
    }

    // One decision: one seat's, or every seat's of a simultaneous decision (revealed once all have chosen, those
    // chosen before a resume included).
    void decide() {
        const auto seats = game_.to_act();
        if (seats.empty()) throw runtime::RuleError("the game is not finished but nobody is to act");
        auto chosen = std::move(untold_);
        untold_.clear();
        bool secret_typed = false;  // a human has typed a choice the next human must not see
        for (const int seat : seats) {
            const int action = choose(seat, seats.size() > 1 && secret_typed);
            chosen.push_back({seat, game_.action_name(seat, action), game_.choice_is_secret(seat)});
            game_.apply(seat, action);
            record_.actions.push_back({seat, action, chosen.back().name});
            save();
            secret_typed = secret_typed || !bots_[seat];
        }
        if (chosen.size() > 1) console_.out() << console_.style().bold("The choices are revealed:") << '\n';
        for (const auto& [seat, name, secret] : chosen) record_choice(seat, name, secret);
    }

    // The choices of a decision replayed by catch_up, into the log only (they were on screen before).
    void tell_choices() {
        for (const auto& [seat, name, secret] : untold_) log_->add_choice(game_, seat, name, secret);
        untold_.clear();
    }

    // The engine's messages: each into the table's log with its readers, and on screen when the one who reads the
    // screen may read it.
    void record_messages() {
        for (auto& message : game_.take_messages()) {
            if (message.readable_by(reader())) console_.out() << console_.style().cyan(message.text) << '\n';
            log_->add(std::move(message.text), std::move(message.seats));
        }
    }

    // A choice made: a secret one is told in full to its chooser only, the others learn that it was made.
    void record_choice(int seat, const std::string& name, bool secret) {
        log_->add_choice(game_, seat, name, secret);
        if (secret && reader() != seat) {
            print_secret_choice(console_.out(), game_, seat, console_.style());
        } else {
            print_choice(console_.out(), game_, seat, name, console_.style());
        }
    }

    int choose(int seat, bool secret_on_screen) {
        if (bots_[seat]) return bots_[seat]->choose(game_, seat);
        // Another human takes the keyboard (or the first one does): a pause on a cleared screen, so that neither sees
        // what is secret from the other; then what happened since that seat's last turn, as far as it may see it.
        const bool hand_over = reader() < 0 && last_human_ != seat &&
                               (secret_on_screen || has_secrets(game_, seat) ||
                                (last_human_ >= 0 && has_secrets(game_, last_human_)));
        if (hand_over) console_.pass_keyboard(game_.seat_name(seat), last_human_ >= 0);
        if (reader() < 0) print_recap(seat, hand_over);
        last_human_ = seat;
        for (;;) {
            const Answer answer = console_.ask_action(game_, seat);
            if (!answer.request) return answer.action;
            if (*answer.request == TableRequest::quit) throw QuitRequested{};
            undo(seat);  // throws Undone when the decision was taken back
        }
    }

    // Takes back `seat`'s last decision and what followed, when `seat` is the only human and nothing hidden came to
    // light since (else undoing would let him choose again knowing what comes); says why not otherwise.
    void undo(int seat) {
        auto& out = console_.out();
        const auto& style = console_.style();
        if (std::count(bots_.begin(), bots_.end(), nullptr) != 1) {
            out << style.red("undo is only for a game against bots: with other people at the table, ask them") << '\n';
            return;
        }
        std::size_t last = record_.actions.size();
        while (last > 0 && record_.actions[last - 1].seat != seat) --last;
        if (last == 0) {
            out << style.red("nothing to undo: you have not decided anything yet") << '\n';
            return;
        }
        const std::size_t taken_back = last - 1;
        Game before = initial_;
        std::vector<runtime::NamedAction> steps;
        for (std::size_t i = 0; i < record_.actions.size(); ++i) {
            const auto& action = record_.actions[i];
            if (i < taken_back) before.apply(action.seat, action.action);
            if (i >= taken_back) steps.push_back({action.seat, action.name});
        }
        if (runtime::reveals_hidden(before, steps, seat, derive_seed(game_.settings().seed, taken_back))) {
            out << style.red(fmt::format("undo is not possible: since you chose {}, something you could not know came "
                                         "to light (a card, a roll, another player's choice)",
                                         record_.actions[taken_back].name))
                << '\n';
            return;
        }
        const std::string name = record_.actions[taken_back].name;
        record_.actions.resize(taken_back);
        game_ = initial_;
        make_bots();
        catch_up();
        save();
        out << style.bold(fmt::format("Taken back: {} (and what followed).", name)) << '\n';
        throw Undone{};
    }

    // `quit`: the game is saved (in the --save file, else in a new file here) and how to go on is said.
    void quit() {
        if (save_path_.empty()) save_path_ = unused_save_path(record_.rules_path);
        save();
        console_.out() << console_.style().bold(fmt::format("Saved in {}: go on with rulesrun play --resume {}",
                                                            save_path_, save_path_))
                       << '\n';
    }

    // Each seat's bot, seeded as at the start of the game (a human seat has none), told the table's log.
    void make_bots() {
        bots_.clear();
        for (int seat = 0; seat < game_.players(); ++seat) {
            bots_.push_back(seats_[seat].kind == BotKind::human ? nullptr
                                                                : make_bot(seats_[seat], game_.settings().seed, seat));
            if (bots_.back()) bots_.back()->follow(log_.get());
        }
    }

    // With several humans: after a hand-over everything the seat may read since its last turn (the screen was
    // cleared); otherwise only what was said to it alone (the public lines are on screen).
    void print_recap(int seat, bool with_public) {
        const auto lines = log_->recap(seat, with_public);
        if (lines.empty()) return;
        const auto& style = console_.style();
        console_.out() << style.bold(fmt::format("Since {}'s last turn:", game_.seat_name(seat))) << '\n';
        for (const auto& line : lines) console_.out() << "  " << style.cyan(line) << '\n';
    }

    // Whose messages appear on the screen: the only human's, or with several humans at one terminal only the public
    // ones (-1), so that nothing said to one seat reaches another.
    int reader() const {
        int human = -1;
        for (int seat = 0; seat < game_.players(); ++seat) {
            if (bots_[seat]) continue;
            if (human >= 0) return -1;
            human = seat;
        }
        return human;
    }

    void save() {
        if (!save_path_.empty()) write_save_file(save_path_, record_);
    }

    Game game_;
    Game initial_;  // the game before any action: undo plays the kept actions again from it
    std::vector<BotSpec> seats_;
    std::vector<std::unique_ptr<Bot>> bots_;
    SavedGame record_;
    std::string save_path_;
    Console console_;
    // What was said at the table. On the heap: bots point to it, and a session is moved.
    std::unique_ptr<runtime::TableLog> log_;
    // Choices of a decision not yet told: a simultaneous decision that a resumed game stopped halfway.
    struct Chosen {
        int seat;
        std::string name;
        bool secret;  // `by p secretly`: shown only to its seat
    };
    std::vector<Chosen> untold_;
    int last_human_ = -1;
};

// A seed from the clock, for games started without --seed (printed when the game is over, so it can be played again).
std::uint64_t clock_seed() {
    const auto now = std::chrono::system_clock::now().time_since_epoch().count();
    return splitmix64(static_cast<std::uint64_t>(now)) >> 12;  // a number short enough to type
}

PlaySession new_session(const PlayOptions& options) {
    if (options.file.empty()) throw ArgumentError("play needs a rules FILE (or --resume SAVED_GAME)");
    std::error_code ignored;
    if (!options.save.empty() && std::filesystem::equivalent(options.file, options.save, ignored))
        throw ArgumentError(fmt::format("--save {} would overwrite the rules file", options.save));
    auto definition = load_definition(options.file, options.engine);
    auto listed = options.bots.empty() ? std::vector<BotSpec>{}
                                       : parse_bot_list(options.bots, definition->strategies(), true);
    const runtime::Settings settings{player_count(*definition, options.players, listed.size()),
                                     parse_option_assignments(options.options), options.seed.value_or(clock_seed())};
    const auto resolved = runtime::resolve_settings(*definition, settings);
    auto seats = play_seats(std::move(listed), resolved.players);
    set_bot_timeout(seats, options.bot_timeout);
    SavedGame record{std::filesystem::absolute(options.file).lexically_normal().string(), resolved.players,
                     resolved.options, runtime::rules_fingerprint(*definition, resolved), resolved.seed, {}, {}};
    for (const auto& seat : seats) record.bots.push_back(seat.text());
    return {start_game_with_messages(definition, resolved), std::move(seats), std::move(record), options.save};
}

// A saved game's `exec:` seats are shell commands: a save file someone shared is a script. They run only with
// --run-programs, or when the person at the terminal says yes having read them.
void confirm_saved_programs(const std::vector<BotSpec>& seats, const PlayOptions& options) {
    std::vector<std::string> programs;
    for (std::size_t seat = 0; seat < seats.size(); ++seat) {
        if (seats[seat].kind == BotKind::exec) programs.push_back(fmt::format("seat {}: {}", seat + 1, seats[seat].text()));
    }
    if (programs.empty() || options.run_programs) return;
    const std::string listed = fmt::format("{} runs these programs:\n  {}\n", options.resume, fmt::join(programs, "\n  "));
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        throw ArgumentError(listed + "Run them only if you trust the file: add --run-programs to do so");
    }
    std::cout << listed << "Run them? Only if you trust the file [y/N] " << std::flush;
    std::string answer;
    std::getline(std::cin, answer);
    if (answer != "y" && answer != "Y" && answer != "yes") throw ArgumentError("the saved game was not resumed");
}

PlaySession resumed_session(const PlayOptions& options) {
    auto saved = read_save_file(options.resume);
    auto game = start_saved_game(saved, options.resume, options.force, options.engine);
    saved.fingerprint = runtime::rules_fingerprint(game.definition(), game.settings());  // saved from now on
    auto seats = saved_seats(saved, game.definition());
    confirm_saved_programs(seats, options);
    set_bot_timeout(seats, options.bot_timeout);
    PlaySession session(std::move(game), std::move(seats), std::move(saved),
                        options.save.empty() ? options.resume : options.save);
    session.catch_up();
    return session;
}

}  // namespace

int run_play(const PlayOptions& options) {
    auto session = options.resume.empty() ? new_session(options) : resumed_session(options);
    return session.run();
}

}  // namespace rulesrun::cli
