// A program run by rulesrun and spoken to line by line: exec bots (exec_bot.hpp) start one per game. It is started
// through `/bin/sh -c COMMAND` in the current folder, with the environment of rulesrun; its standard input and output
// are connected to rulesrun, its standard error is rulesrun's own (what it says there reaches the user). POSIX only.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace rulesrun {

class ChildProcess {
public:
    using Clock = std::chrono::steady_clock;

    enum class Io {
        done,       // written whole, or a whole line read
        closed,     // the program closed its end (it exited, most likely)
        timed_out,  // the deadline passed first
        too_long,   // a line longer than max_line_bytes
    };

    // A line longer than this is not an answer: the program is writing something else.
    static constexpr std::size_t max_line_bytes = 1 << 20;

    // Starts the program. Throws std::system_error when it cannot be started (no pipes, no processes left).
    explicit ChildProcess(const std::string& command);
    // Stops the program as stop() does, with a second's grace.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Writes the text whole by the deadline. A program that no longer reads gives `closed`, never a SIGPIPE.
    Io write(std::string_view text, Clock::time_point deadline);
    // Reads one line, without its end ("\n" or "\r\n"), by the deadline.
    Io read_line(std::string& line, Clock::time_point deadline);
    // Closes the program's standard input: it reads the end of its input.
    void close_input();

    // "exited with status 1", "was killed by signal 9 (Killed)" once the program has ended, waiting for it at most
    // `wait`; nothing if it is still running then.
    std::optional<std::string> exit_description(std::chrono::milliseconds wait);
    // Closes its input, waits for it to exit at most `grace`, then kills it and every process it started (its
    // process group). Does nothing the second time.
    void stop(std::chrono::milliseconds grace);

private:
    // Whether the program has exited (it is reaped then), waiting at most `wait`.
    bool wait_for_exit(std::chrono::milliseconds wait);
    void kill_group();

    int pid_ = -1;       // -1 once reaped
    int status_ = 0;     // waitpid's status once reaped
    int input_ = -1;     // our end of its standard input (a socket: see the .cpp)
    int output_ = -1;    // our end of its standard output
    std::string buffer_;  // read from its output and not yet returned as a line
};

}  // namespace rulesrun
