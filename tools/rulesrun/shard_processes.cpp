#include "shard_processes.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

#include "simulation_runs.hpp"
#include "step_progress.hpp"

namespace rulesrun::cli {

namespace {

namespace fs = std::filesystem;

// What a failed shard wrote on standard error is quoted up to this many of its last lines.
constexpr std::size_t quoted_lines = 20;

// The signals that interrupt a run: they stop the children before rulesrun ends.
constexpr int interruptions[] = {SIGINT, SIGTERM, SIGHUP};

// A temporary folder for the parts and the children's standard error, removed with everything in it.
class TemporaryFolder {
public:
    TemporaryFolder() {
        std::string pattern = (fs::temp_directory_path() / "rulesrun-shards-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error(fmt::format("--processes: cannot create a temporary folder ({}): {}", pattern,
                                                 std::strerror(errno)));
        path_ = pattern;
    }
    ~TemporaryFolder() {
        std::error_code ignored;
        fs::remove_all(path_, ignored);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    [[nodiscard]] std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

// While it lives, the interruptions and SIGCHLD are blocked in this thread and waited for (wait_signal) rather than
// delivered; the children start with the mask rulesrun had.
class BlockedSignals {
public:
    BlockedSignals() {
        sigemptyset(&waited_);
        for (const int s : interruptions) sigaddset(&waited_, s);
        sigaddset(&waited_, SIGCHLD);
        pthread_sigmask(SIG_BLOCK, &waited_, &original_);
    }
    // Unblocks them: an interruption still pending is delivered then (and ends rulesrun, as it would have).
    ~BlockedSignals() { pthread_sigmask(SIG_SETMASK, &original_, nullptr); }
    BlockedSignals(const BlockedSignals&) = delete;
    BlockedSignals& operator=(const BlockedSignals&) = delete;

    // The next signal within a second, or 0.
    int wait_signal() const {
        const timespec second{1, 0};
        const int signal = sigtimedwait(&waited_, nullptr, &second);
        return signal < 0 ? 0 : signal;
    }
    // An interruption that arrived and was not waited for yet, or 0.
    [[nodiscard]] int pending_interruption() const {
        sigset_t pending;
        sigpending(&pending);
        for (const int s : interruptions)
            if (sigismember(&pending, s)) return s;
        return 0;
    }
    [[nodiscard]] const sigset_t& original() const { return original_; }

private:
    sigset_t waited_{}, original_{};
};

struct Child {
    std::size_t shard = 0;  // from 0
    pid_t pid = -1;         // -1 once reaped
    std::string part, errors;
};

// Starts `command` with its standard output into `part` and its standard error into `errors`; between fork and exec
// only async-signal-safe calls.
pid_t start_child(const std::vector<std::string>& command, const Child& child, const sigset_t& mask) {
    std::vector<char*> argv;
    for (const auto& word : command) argv.push_back(const_cast<char*>(word.c_str()));
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0)
        throw std::runtime_error(fmt::format("--processes: cannot start shard {}: {}", child.shard + 1,
                                             std::strerror(errno)));
    if (pid > 0) return pid;
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // stopped when rulesrun dies, however it dies
    if (::getppid() != parent) ::_exit(127);
    const int input = ::open("/dev/null", O_RDONLY);
    const int output = ::open(child.part.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int errors = ::open(child.errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (input < 0 || output < 0 || errors < 0) ::_exit(127);
    ::dup2(input, STDIN_FILENO);
    ::dup2(output, STDOUT_FILENO);
    ::dup2(errors, STDERR_FILENO);
    ::pthread_sigmask(SIG_SETMASK, &mask, nullptr);
    ::execv(argv[0], argv.data());
    const char message[] = "rulesrun: error: --processes: cannot run this rulesrun again (execv failed)\n";
    (void)!::write(STDERR_FILENO, message, sizeof message - 1);
    ::_exit(127);
}

std::string status_text(int status) {
    if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return fmt::format("was killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
    return fmt::format("ended with status {}", status);
}

// The last lines of what a child wrote on standard error, indented.
std::string errors_of(const Child& child) {
    std::ifstream in(child.errors);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    if (lines.empty()) return " (it wrote nothing on standard error)";
    std::string text = lines.size() > quoted_lines ? "; the last lines it wrote:" : "; it wrote:";
    for (std::size_t i = lines.size() > quoted_lines ? lines.size() - quoted_lines : 0; i < lines.size(); ++i)
        text += "\n  " + lines[i];
    return text;
}

// Stops the children still running and reaps them.
void stop_all(std::vector<Child>& children) {
    for (auto& child : children)
        if (child.pid > 0) ::kill(child.pid, SIGTERM);
    for (auto& child : children)
        if (child.pid > 0) {
            while (::waitpid(child.pid, nullptr, 0) < 0 && errno == EINTR) {
            }
            child.pid = -1;
        }
}

// Runs the children to their end. Returns 0, or the interruption that stopped them (after stopping them).
int wait_for_all(std::vector<Child>& children, const BlockedSignals& signals) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t running = children.size();
    while (running > 0) {
        const int signal = signals.wait_signal();
        if (signal != 0 && signal != SIGCHLD) {
            stop_all(children);
            return signal;
        }
        for (auto& child : children) {
            int status = 0;
            if (child.pid <= 0 || ::waitpid(child.pid, &status, WNOHANG) != child.pid) continue;
            child.pid = -1;
            --running;
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
                const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
                fmt::print(stderr, "shard {}/{} finished ({} of {} done, {} elapsed)\n", child.shard + 1,
                           children.size(), children.size() - running, children.size(),
                           duration_text(elapsed.count()));
                continue;
            }
            if (const int interruption = signals.pending_interruption()) {  // a Ctrl-C reaches the children too
                stop_all(children);
                return interruption;
            }
            stop_all(children);
            throw std::runtime_error(fmt::format("--processes: shard {}/{} {}{}", child.shard + 1, children.size(),
                                                 status_text(status), errors_of(child)));
        }
    }
    return 0;
}

}  // namespace

int threads_per_process(int threads, int processes) {
    if (threads > 0) return threads;
    const int processors = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
    return std::max(1, processors / std::max(1, processes));
}

std::vector<std::vector<std::string>> shard_commands(const std::vector<std::string>& command, int count) {
    std::vector<std::vector<std::string>> commands;
    for (int k = 1; k <= count; ++k) {
        commands.push_back(command);
        commands.back().insert(commands.back().end(), {"--shard", fmt::format("{}/{}", k, count)});
    }
    return commands;
}

void run_shard_processes(const std::vector<std::vector<std::string>>& commands, MergeOptions merge) {
    (void)open_report(merge.report);  // a page that cannot be written fails before any game
    fmt::print(stderr, "playing {} shards in {} processes\n", commands.size(), commands.size());
    int interruption = 0;
    {
        const BlockedSignals signals;
        {
            const TemporaryFolder folder;  // removed before an interruption is delivered
            std::vector<Child> children;
            for (std::size_t k = 0; k < commands.size(); ++k)
                children.push_back({k, -1, folder.file(fmt::format("part-{}.json", k + 1)),
                                    folder.file(fmt::format("shard-{}.err", k + 1))});
            try {
                for (auto& child : children) child.pid = start_child(commands[child.shard], child, signals.original());
                interruption = wait_for_all(children, signals);
            } catch (...) {
                stop_all(children);
                throw;
            }
            if (interruption == 0) {
                for (const auto& child : children) merge.parts.push_back(child.part);
                run_merge(merge);
            }
        }
        if (interruption != 0) {
            fmt::print(stderr, "\nrulesrun: interrupted: every shard was stopped\n");
            std::signal(interruption, SIG_DFL);
            ::raise(interruption);  // delivered as the signals are unblocked: rulesrun ends by it
        }
    }
    if (interruption != 0) std::exit(128 + interruption);
}

}  // namespace rulesrun::cli
