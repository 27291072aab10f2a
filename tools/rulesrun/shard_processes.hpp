// --processes N (simulate, simulate --compare, sweep): the run played as N shards by N child processes of this very
// rulesrun (each runs the command with --shard K/N, its part going to a temporary folder), then merged as `rulesrun
// merge` merges them, so that what is printed is the one-process run's output, byte for byte. A line goes to standard
// error as each shard finishes. A shard that fails stops the others and is reported with its exit status and what it
// wrote on standard error. An interruption (SIGINT, SIGTERM, SIGHUP) stops every child, removes the temporary folder,
// and then ends rulesrun by the same signal; a child whose rulesrun dies anyway is stopped by the kernel
// (PR_SET_PDEATHSIG). Linux only, as /proc/self/exe is.
#pragma once

#include <string>
#include <vector>

#include "commands.hpp"

namespace rulesrun::cli {

// The threads each of `processes` children runs on: --threads when given, else the processors shared between them.
int threads_per_process(int threads, int processes);

// The command line of each of `count` shards: `command` (this program first), then --shard K/count.
std::vector<std::vector<std::string>> shard_commands(const std::vector<std::string>& command, int count);

// Runs every command at once as a child process (command K is shard K), waits for them all, and prints their merged
// result as `rulesrun merge` does with `merge`'s --json and --report (its parts are filled in here). Throws
// std::runtime_error naming the shard that failed.
void run_shard_processes(const std::vector<std::vector<std::string>>& commands, MergeOptions merge);

}  // namespace rulesrun::cli
