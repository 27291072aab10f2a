// Partial result files: what `simulate --shard K/N` (and `simulate --compare --shard K/N`) prints and `merge` reads.
//   {"format": "rulesrun-partial-result", "version": 1,
//    "run": {"command": "simulate" or "compare", "file": as typed, "path": absolute, "fingerprint": of its rules and
//            settings, ("compare": the same three of the other file,) "arguments": {"players", "options", "bots",
//            "bot_timeout"} as given, "players", "options" (every option's value), "bots" (one per seat), "seed",
//            "games" (of the whole run), "shards": N},
//    "shard": K, "result": the exact figures (partial_result.hpp)}
// Parts belong together when their "run" objects are equal; merge needs each shard from 1 to N once.
#pragma once

#include <string>
#include <vector>

#include "commands.hpp"
#include "partial_result.hpp"
#include "rulesrun.hpp"

namespace rulesrun::cli {

inline constexpr const char* part_format = "rulesrun-partial-result";
// Version 2: reports hold each pair of seats' order and the bots' decisions (ratings, the ladder's times).
// Version 3: the games a length limit ended (limit_games, stopped_games) and the run's cap (arguments.max_actions).
inline constexpr int part_version = 3;

struct Part {
    std::string file;  // where it was read from
    PartJson run;
    std::int64_t shard = 0;  // from 1 to run["shards"]
    PartJson result;
};

// The "run" object of a simulation (b null) or of a comparison of a with b.
PartJson run_description(const SimulateOptions& options, const SimulationRequest& a, const SimulationRequest* b,
                         std::int64_t shards);

// The part's whole text.
std::string part_text(const PartJson& run, const Shard& shard, const PartJson& result);

// Reads one part. Throws PartFormatError naming the file when it cannot be read or is not a part.
Part read_part(const std::string& file);

// The parts sorted by shard, once it is checked that they are every shard of one run. Throws ArgumentError naming the
// files that differ, a shard given twice or a shard missing.
std::vector<Part> check_parts(std::vector<Part> parts);

// The first difference between two runs' descriptions ("seed: 7 and 8"), or empty when they are the same run.
std::string run_difference(const PartJson& a, const PartJson& b);

// The options the run was given (to make its requests again); json and report are left to the caller.
SimulateOptions options_of_run(const PartJson& run);

// Throws ArgumentError when the rules file (or the compared one) no longer gives the fingerprint the run recorded.
void check_unchanged(const PartJson& run, const SimulationRequest& a, const SimulationRequest* b);

}  // namespace rulesrun::cli
