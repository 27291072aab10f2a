#include "slurm_job.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include <sys/wait.h>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

namespace fs = std::filesystem;

// One word for the shell, whatever it holds: in single quotes, a quote written '\''.
std::string quoted(const std::string& word) {
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string command_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& word : words) line += (line.empty() ? "" : " ") + quoted(word);
    return line;
}

// A path on an #SBATCH line, which sbatch reads itself: bare, or in double quotes when it has blanks.
std::string directive_path(const std::string& path) {
    return path.find_first_of(" \t") == std::string::npos ? path : "\"" + path + "\"";
}

std::string absolute(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

std::string shards_script(const SlurmJob& job, const std::string& folder) {
    std::string script = "#!/bin/bash\n";
    script += fmt::format("#SBATCH --job-name={}\n#SBATCH --array=1-{}\n", job.name, job.tasks);
    script += fmt::format("#SBATCH --output={}\n", directive_path(folder + "/shard-%a.log"));
    if (job.threads > 0) script += fmt::format("#SBATCH --cpus-per-task={}\n", job.threads);
    script += fmt::format("# Task K plays the K-th of {} shards; its part is renamed into place only when whole.\n"
                          "set -euo pipefail\n", job.tasks);
    script += fmt::format("cd {}\n", quoted(fs::current_path().string()));
    script += fmt::format("part={}/part-\"$SLURM_ARRAY_TASK_ID\".json\n", quoted(folder));
    script += fmt::format("{} --shard \"$SLURM_ARRAY_TASK_ID/{}\" >\"$part.tmp\"\nmv \"$part.tmp\" \"$part\"\n",
                          command_line(job.command), job.tasks);
    return script;
}

std::string merge_script(const SlurmJob& job, const std::string& folder) {
    std::string script = "#!/bin/bash\n";
    script += fmt::format("#SBATCH --job-name={}-merge\n", job.name);
    script += fmt::format("#SBATCH --output={}\n", directive_path(folder + "/merge.log"));
    script += "# Runs after every task of the array has succeeded (submit.sh: --dependency=afterok).\nset -euo pipefail\n";
    script += fmt::format("cd {}\n", quoted(fs::current_path().string()));
    std::vector<std::string> merge{this_program(), "merge"};
    if (job.json) merge.push_back("--json");
    if (!job.report.empty()) merge.insert(merge.end(), {"--report", absolute(job.report)});
    script += fmt::format("{} {}/part-{{1..{}}}.json >{}/result.{}\n", command_line(merge), quoted(folder), job.tasks,
                          quoted(folder), job.json ? "json" : "txt");
    return script;
}

std::string submit_script() {
    return "#!/bin/sh\n"
           "# Submits the shards' job array, then the merge, which Slurm starts once every shard has succeeded.\n"
           "set -e\n"
           "cd \"$(dirname \"$0\")\"\n"
           "shards=$(sbatch --parsable shards.sbatch)\n"
           "shards=${shards%%;*}  # --parsable may add ';cluster'\n"
           "merge=$(sbatch --parsable --dependency=afterok:\"$shards\" merge.sbatch)\n"
           "echo \"shards: job $shards; merge: job ${merge%%;*}\"\n";
}

void write_file(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) throw std::runtime_error(fmt::format("--slurm: cannot write '{}'", path.string()));
    fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add);
}

}  // namespace

std::string this_program() {
    std::error_code error;
    const auto path = fs::read_symlink("/proc/self/exe", error);
    return error ? std::string("rulesrun") : path.string();
}

void write_slurm_job(const SlurmJob& job) {
    std::error_code error;
    fs::create_directories(job.folder, error);
    if (error)
        throw std::runtime_error(
            fmt::format("--slurm: cannot create the folder '{}': {}", job.folder, error.message()));
    const std::string folder = absolute(job.folder);
    write_file(fs::path(folder) / "shards.sbatch", shards_script(job, folder));
    write_file(fs::path(folder) / "merge.sbatch", merge_script(job, folder));
    write_file(fs::path(folder) / "submit.sh", submit_script());
    if (job.submit) {
        std::cout.flush();  // submit.sh prints the jobs' numbers after what was printed so far
        const int status = std::system(fmt::format("sh {}", quoted(folder + "/submit.sh")).c_str());
        if (status != 0)
            throw std::runtime_error(fmt::format("--submit: {}/submit.sh failed (exit code {}): is Slurm's sbatch "
                                                 "installed and its controller reachable?", folder,
                                                 WIFEXITED(status) ? WEXITSTATUS(status) : status));
        std::cout << fmt::format("Submitted; the result goes to {}/result.{}.\n", folder, job.json ? "json" : "txt");
        return;
    }
    std::cout << fmt::format("Wrote a Slurm job array of {} shards and its merge in {}:\n  sh {}/submit.sh\nsubmits "
                             "them; the result goes to {}/result.{}.\n",
                             job.tasks, folder, folder, folder, job.json ? "json" : "txt");
}

}  // namespace rulesrun::cli
