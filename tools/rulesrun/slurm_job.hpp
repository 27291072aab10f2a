// --slurm FOLDER --tasks N (simulate, sweep): instead of playing, writes a Slurm job array whose N tasks are the run's
// shards (task K runs the same command with --shard K/N and keeps its part in FOLDER/part-K.json), a merge job that
// Slurm starts once every task has succeeded (afterok) and that prints what the run in one go prints into
// FOLDER/result.txt (or .json; --report goes to the merge), and FOLDER/submit.sh, which submits both with sbatch.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rulesrun::cli {

struct SlurmJob {
    std::string folder;
    std::int64_t tasks = 0;
    std::string name;                   // the jobs' names: "rulesrun-simulate-diamant"
    std::vector<std::string> command;   // the run's command line, without --shard, --json or --report
    int threads = 0;                    // CPUs per task (0: Slurm's default)
    bool json = false;                  // what the merge prints
    std::string report;                 // the page the merge writes, or empty
    bool submit = false;                // --submit: also run submit.sh
};

// The running program's absolute path (for the scripts' commands).
std::string this_program();

// Writes the three files and says on standard output how to submit them, or (--submit) submits them. Throws
// std::runtime_error when the folder cannot be written or the submission fails.
void write_slurm_job(const SlurmJob& job);

}  // namespace rulesrun::cli
