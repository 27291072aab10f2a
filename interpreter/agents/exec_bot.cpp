#include "exec_bot.hpp"

#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "json_input.hpp"
#include "seat_message.hpp"

namespace rulesrun {

namespace {

using Clock = ChildProcess::Clock;
using runtime::Game;

// A program gets a moment to exit by itself once its input is closed, before it is killed.
constexpr auto exit_grace = std::chrono::seconds(1);

// What a program wrote, as an error message can quote it: short, and without control characters that would upset
// the terminal.
std::string excerpt(const std::string& line) {
    constexpr std::size_t longest = 80;
    std::string out = line.substr(0, longest);
    for (char& c : out)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    return line.size() > longest ? out + "..." : out;
}

std::string step_of(const Game& game) { return fmt::format("step {}", game.history().size()); }

}  // namespace

std::string exec_bot_name(const std::string& command) { return fmt::format("exec:\"{}\"", command); }

ExecBot::ExecBot(std::string command, double timeout_seconds)
    : command_(std::move(command)), timeout_(timeout_seconds) {}

// The program is not told the game's seed: with it, it could replay chance and know every hidden card.
void ExecBot::start_game(std::uint64_t /*game_seed*/, int /*seat*/) {
    process_.reset();  // a program left over from a game that was given up
    log_sent_ = 0;
}

// A program that has gone may have written something before it went (an answer written before it read its state,
// garbage): what it wrote is read all the same, and judged, before its going is.
int ExecBot::choose(const Game& game, int seat) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(timeout_);
    if (send_state(game, seat, deadline) == ChildProcess::Io::timed_out)
        fail(game, seat, fmt::format("did not read its state within {} s ({})", timeout_.count(), step_of(game)));
    const std::string answer = read_answer(game, seat, deadline);
    try {
        return read_exec_answer(answer, game, seat);
    } catch (const ExecAnswerError& e) {
        fail(game, seat, e.what());
    }
}

// The last state (finished, no decision) is a courtesy: the game is over whatever the program does with it, so a
// program that has exited already or does not read it is not an error, and is not waited for long.
void ExecBot::game_over(const Game& game, int seat) {
    try {
        send_state(game, seat, Clock::now() + exit_grace);
    } catch (const BotError&) {  // it could not be started
    }
    if (process_) process_->stop(exit_grace);
    process_.reset();
}

ChildProcess::Io ExecBot::send_state(const Game& game, int seat, Clock::time_point deadline) {
    if (!process_) {
        try {
            process_.emplace(command_);
        } catch (const std::system_error& e) {
            fail(game, seat, fmt::format("could not be started: {}", e.what()));
        }
    }
    const auto lines = log_ ? log_->readable(seat, log_sent_) : std::vector<std::string>{};
    const auto message = runtime::state_message(game, seat, lines, log_sent_);
    log_sent_ += lines.size();
    return process_->write(message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + '\n', deadline);
}

std::string ExecBot::read_answer(const Game& game, int seat, Clock::time_point deadline) {
    std::string line;
    switch (process_->read_line(line, deadline)) {
    case ChildProcess::Io::done:
        return line;
    case ChildProcess::Io::timed_out:
        fail(game, seat, fmt::format("took more than {} s to answer ({})", timeout_.count(), step_of(game)));
    case ChildProcess::Io::too_long:
        fail(game, seat, fmt::format("wrote a line of over {} bytes instead of an act message",
                                     ChildProcess::max_line_bytes));
    case ChildProcess::Io::closed:
        break;
    }
    fail(game, seat, gone("before the game ended"));
}

int read_exec_answer(const std::string& line, const Game& game, int seat) {
    nlohmann::json message;
    try {
        message = parse_json_input(line);
    } catch (const JsonInputError&) {
        message = nullptr;  // not JSON, or nested too deep: not an act message either way
    }
    if (!message.is_object() || message.value("type", nlohmann::json()) != "act")
        throw ExecAnswerError(fmt::format("answered '{}' instead of an act message", excerpt(line)));
    const runtime::ActMessage act = runtime::read_act_message(message);
    if (!act.error.empty()) throw ExecAnswerError(fmt::format("sent a wrong act message: {}", act.error));
    const auto step = static_cast<std::int64_t>(game.history().size());
    if (act.step && *act.step != step) {
        throw ExecAnswerError(fmt::format("answered for step {}, but the game is at step {}", *act.step, step));
    }
    const int count = game.action_count(seat);
    if (act.action) {
        if (*act.action >= count) {
            throw ExecAnswerError(fmt::format(
                "chose action {}, which does not exist (its options are numbered 0 to {})", *act.action, count - 1));
        }
        return *act.action;
    }
    if (const auto action = runtime::action_named(game, seat, act.name)) return *action;
    throw ExecAnswerError(
        fmt::format("chose \"{}\", which is not the name of one of its options", excerpt(act.name)));
}

// Called once the program's output has closed: it has exited (how, if it has within a second), or closed it only.
std::string ExecBot::gone(const std::string& when) {
    const auto exit = process_->exit_description(exit_grace);
    return exit ? *exit + " " + when : "closed its standard output " + when;
}

// The program is stopped at once: it has broken the protocol, nothing it says now counts.
void ExecBot::fail(const Game& game, int seat, const std::string& what) {
    if (process_) process_->stop(std::chrono::milliseconds(0));
    process_.reset();
    throw BotError(fmt::format("the bot {} in seat {} ({}) {}", exec_bot_name(command_), seat + 1,
                               game.seat_name(seat), what));
}

}  // namespace rulesrun
