// A program that takes a seat: `--bots exec:"python3 my_bot.py"`. It speaks the wire protocol (docs/protocol.md,
// "Over standard input and output") on its standard input and output, one JSON message per line: each time its seat
// must decide it is sent a `state` message, made only from what the seat may see (its view, its decision, the lines
// of the table's log it may read and has not been sent yet), and answers with one `act` line. When the game is over
// it is sent the last state, its input is closed and it is given a second to exit before it is killed.
//
// The program is started (through /bin/sh -c, child_process.hpp) when the game first needs it, once per game.
// choose() waits for its answer, at most the timeout (BotSpec::timeout_seconds). A program that answers late, answers
// anything but an act for one of its options, or exits before the game is over stops the game with a BotError naming
// the command, the seat and what the program did; the program is killed then.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "bots.hpp"
#include "child_process.hpp"

namespace rulesrun {

// An exec bot misbehaved (or could not be started): the game cannot go on.
struct BotError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class ExecBot : public Bot {
public:
    ExecBot(std::string command, double timeout_seconds);

    void start_game(std::uint64_t game_seed, int seat) override;
    int choose(const runtime::Game& game, int seat) override;
    void follow(const runtime::TableLog* log) override { log_ = log; }
    void game_over(const runtime::Game& game, int seat) override;

private:
    // Sends the seat's state, starting the program first if this game has not yet (throws if it cannot be started).
    ChildProcess::Io send_state(const runtime::Game& game, int seat, ChildProcess::Clock::time_point deadline);
    std::string read_answer(const runtime::Game& game, int seat, ChildProcess::Clock::time_point deadline);
    // What the program did when it stopped talking: it exited, or only closed its output.
    std::string gone(const std::string& when);
    [[noreturn]] void fail(const runtime::Game& game, int seat, const std::string& what);

    std::string command_;
    std::chrono::duration<double> timeout_;
    const runtime::TableLog* log_ = nullptr;
    std::optional<ChildProcess> process_;
    std::size_t log_sent_ = 0;  // how many of the lines its seat may read it has been sent (the next log_from)
};

// The error message's name for the bot: exec:"COMMAND".
std::string exec_bot_name(const std::string& command);

// What an exec bot's answer was wrong in ("answered 'hello' instead of an act message"): ExecBot adds who said it.
struct ExecAnswerError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The action of `seat` that one line the program wrote chooses: {"type": "act", "step": N, "action": K}, or "name"
// instead of "action"; without "step" it answers the decision it was sent. Throws ExecAnswerError saying what is
// wrong with any other line (not JSON, nested too deep, another type, a wrong step, an option that does not exist).
int read_exec_answer(const std::string& line, const runtime::Game& game, int seat);

}  // namespace rulesrun
