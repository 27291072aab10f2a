#include "child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <system_error>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace rulesrun {

namespace {

using Clock = ChildProcess::Clock;

[[noreturn]] void fail(int error, const std::string& what) {
    throw std::system_error(error, std::generic_category(), what);
}

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// Milliseconds left until the deadline, rounded up, for poll(): 0 once it has passed.
int milliseconds_left(Clock::time_point deadline) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::clamp<std::chrono::milliseconds::rep>(left, 0, INT_MAX));
}

// Waits until `fd` is ready for `events` (or closed at the other end): false when the deadline passes first.
bool wait_ready(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        pollfd ready{fd, events, 0};
        const int count = ::poll(&ready, 1, milliseconds_left(deadline));
        if (count > 0) return true;
        if (count == 0) return false;
        if (errno != EINTR) fail(errno, "poll on a bot's pipe");
    }
}

// Starts /bin/sh -c COMMAND with `input` and `output` as its standard input and output. The program gets a process
// group of its own, so that a program that has to be stopped is stopped with whatever it started; and SIGPIPE's
// default action with no signal blocked, whatever rulesrun's threads do with signals.
pid_t spawn(const std::string& command, int input, int output) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none;
    sigemptyset(&none);
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &pipe_signal);
    std::string shell = "sh", flag = "-c", text = command;
    char* argv[] = {shell.data(), flag.data(), text.data(), nullptr};
    pid_t pid = -1;
    const int error = ::posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) fail(error, "cannot start /bin/sh");
    return pid;
}

std::string describe(int status) {
    if (WIFSIGNALED(status))
        return fmt::format("was killed by signal {} ({})", WTERMSIG(status), ::strsignal(WTERMSIG(status)));
    const int code = WEXITSTATUS(status);
    if (code == 127) return "exited with status 127 (the shell found no such command)";
    if (code == 126) return "exited with status 126 (the shell could not run the command)";
    return fmt::format("exited with status {}", code);
}

}  // namespace

// The program's input is one end of a socket pair rather than a pipe: send() with MSG_NOSIGNAL reports a program that
// has gone as EPIPE, where writing to a pipe would kill rulesrun with SIGPIPE (and ignoring SIGPIPE would change it
// for the whole process, the front ends' own output included). Every end is close-on-exec, so that the program of
// another thread's game never inherits one and keeps it open.
ChildProcess::ChildProcess(const std::string& command) {
    int input[2] = {-1, -1};
    int output[2] = {-1, -1};
    try {
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, input) != 0) fail(errno, "socketpair for a bot");
        if (::pipe2(output, O_CLOEXEC) != 0) fail(errno, "pipe for a bot");
        pid_ = spawn(command, input[1], output[1]);
    } catch (...) {
        for (int fd : {input[0], input[1], output[0], output[1]}) close_fd(fd);
        throw;
    }
    close_fd(input[1]);
    close_fd(output[1]);
    input_ = input[0];
    output_ = output[0];
}

ChildProcess::~ChildProcess() { stop(std::chrono::seconds(1)); }

ChildProcess::Io ChildProcess::write(std::string_view text, Clock::time_point deadline) {
    while (!text.empty()) {
        if (input_ < 0) return Io::closed;
        if (!wait_ready(input_, POLLOUT, deadline)) return Io::timed_out;
        const auto sent = ::send(input_, text.data(), text.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent >= 0) {
            text.remove_prefix(static_cast<std::size_t>(sent));
        } else if (errno == EPIPE || errno == ECONNRESET) {
            return Io::closed;
        } else if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
            fail(errno, "writing to a bot");
        }
    }
    return Io::done;
}

ChildProcess::Io ChildProcess::read_line(std::string& line, Clock::time_point deadline) {
    for (;;) {
        if (const auto end = buffer_.find('\n'); end != std::string::npos) {
            line.assign(buffer_, 0, end);
            buffer_.erase(0, end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Io::done;
        }
        if (buffer_.size() > max_line_bytes) return Io::too_long;
        if (output_ < 0) return Io::closed;
        if (!wait_ready(output_, POLLIN, deadline)) return Io::timed_out;
        char chunk[1 << 16];
        const auto count = ::read(output_, chunk, sizeof chunk);
        if (count > 0) {
            buffer_.append(chunk, static_cast<std::size_t>(count));
        } else if (count == 0) {
            close_fd(output_);
        } else if (errno != EINTR && errno != EAGAIN) {
            fail(errno, "reading from a bot");
        }
    }
}

void ChildProcess::close_input() { close_fd(input_); }

std::optional<std::string> ChildProcess::exit_description(std::chrono::milliseconds wait) {
    if (pid_ >= 0 && !wait_for_exit(wait)) return std::nullopt;
    return describe(status_);
}

void ChildProcess::stop(std::chrono::milliseconds grace) {
    close_input();
    if (pid_ >= 0 && !wait_for_exit(grace)) {
        kill_group();
        wait_for_exit(std::chrono::hours(1));  // SIGKILL cannot be refused: this is at once
    }
    close_fd(output_);
}

// Polls rather than blocks, so that a deadline can be kept; five milliseconds is nothing next to a process's start.
// Once the program has exited, what it left running in its process group is killed before the program is reaped:
// until then the group's number cannot go to another process.
bool ChildProcess::wait_for_exit(std::chrono::milliseconds wait) {
    const auto deadline = Clock::now() + wait;
    for (;;) {
        siginfo_t info{};
        const int checked = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
        if (checked == 0 && info.si_pid == pid_) {
            kill_group();
            while (::waitpid(pid_, &status_, 0) < 0 && errno == EINTR) {
            }
            pid_ = -1;
            return true;
        }
        if (checked != 0 && errno != EINTR) {  // not our child any more (cannot happen): nothing to wait for
            pid_ = -1;
            return true;
        }
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

void ChildProcess::kill_group() { ::kill(-pid_, SIGKILL); }

}  // namespace rulesrun
