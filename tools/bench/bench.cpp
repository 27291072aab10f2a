// rulesrun_bench: how fast the interpreter and the native engine play random games, next to the hand-written
// baselines, and whether the interpreter's memory stays flat over many games. The native engines are built into a
// fresh folder each run (removed at the end), so that their build times are measured too. See bench_run.hpp for what it runs and bench_output.hpp for what it prints.
//
//   rulesrun_bench [--seconds S] [--memory-games N] [--seed N] [--rules-dir DIR] [--only SECTION,...] [--json]
//                  [--native-cache DIR]
//
// Exit codes: 0 done, 1 a rules file with errors or a rule failing in a game, 2 wrong arguments.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <string>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "bench_output.hpp"
#include "bench_run.hpp"

int main(int argc, char** argv) {
    using namespace rulesrun::bench;
    CLI::App app{"Plays random games with the interpreter, the native engine and the hand-written baselines; prints "
                 "games per second, their ratios, the native engines' build times and the memory used over many games."};
    BenchOptions options;
    options.rules_dir = RULESRUN_SOURCE_DIR "/rules";
    options.tic_tac_toe_rules = RULESRUN_SOURCE_DIR "/tests/games/tic_tac_toe.rules";
    bool json = false;
    app.add_option("--seconds", options.seconds, "how long each timed run lasts (default 3)")
        ->check(CLI::Range(0.001, 3600.0));
    app.add_option("--memory-games", options.memory_games,
                   "games of the memory run (default 1000000; 0 skips it)")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{1'000'000'000'000}));
    app.add_option("--seed", options.seed, "the first game's seed; the next games take the next seeds (default 1)");
    app.add_option("--rules-dir", options.rules_dir, "the folder of diamant.rules, pig.rules and classics/ (default: the "
                                                     "source tree's rules/)")
        ->check(CLI::ExistingDirectory);
    app.add_option("--only", options.only, "run only these sections, comma-separated (settings and summary always)")
        ->delimiter(',')
        ->check(CLI::IsMember(section_names()));
    app.add_flag("--json", json, "print one JSON object instead of key=value lines");
    std::string native_cache;
    app.add_option("--native-cache", native_cache, "keep the native engines in this folder and use those already there "
                                                   "(default: a fresh folder, removed at the end, so that build times "
                                                   "are measured)");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e) == 0 ? 0 : 2;  // --help is a ParseError that exits 0
    }

    // The native engines' cache, for this run only unless --native-cache (native_library.hpp reads RULESRUN_CACHE_DIR).
    const std::filesystem::path cache = native_cache.empty() ? std::filesystem::temp_directory_path() /
                                                                   ("rulesrun_bench_" + std::to_string(::getpid()))
                                                             : std::filesystem::path(native_cache);
    setenv("RULESRUN_CACHE_DIR", cache.c_str(), 1);
    struct RemovedAtExit {
        std::filesystem::path folder;
        ~RemovedAtExit() {
            std::error_code ignored;
            if (!folder.empty()) std::filesystem::remove_all(folder, ignored);
        }
    } removed{native_cache.empty() ? cache : std::filesystem::path()};
    Figures report;
    try {
        run_benchmarks(options, [&](const std::string& name, const Figures& figures) {
            if (json) {
                report[name] = figures;
                return;
            }
            print_section(stdout, name, figures);
            if (name == "summary") print_summary_table(stdout, figures);
        });
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rulesrun_bench: %s\n", e.what());
        return 1;
    }
    if (json) std::printf("%s\n", report.dump(2).c_str());
    return 0;
}
