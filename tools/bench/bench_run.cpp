#include "bench_run.hpp"

#include <cstdio>

#include <unistd.h>

#include "interpreter_playout.hpp"
#include "memory.hpp"
#include "native_diablo_playout.hpp"
#include "native_diamant_playout.hpp"
#include "throughput.hpp"

#ifndef RULESRUN_BUILD_TYPE
#define RULESRUN_BUILD_TYPE "unknown"
#endif

namespace rulesrun::bench {

namespace {

constexpr int diamant_players = 4;
constexpr int pig_players = 2;

// What is running, on standard error when it is a terminal: a full run lasts about a minute.
void announce(const char* what) {
    if (isatty(STDERR_FILENO)) std::fprintf(stderr, "rulesrun_bench: %s...\n", what);
}

Figures settings_figures(const BenchOptions& options) {
    Figures f;
    f["seconds"] = options.seconds;
    f["seed"] = options.seed;
    f["memory_games"] = options.memory_games;
    f["rules_dir"] = options.rules_dir;
    f["build_type"] = RULESRUN_BUILD_TYPE;
    return f;
}

// The interpreter's and the hand-written version's runs from the same seed on, timed in turns, and the hand-written
// games again on exactly the interpreter's seeds, for the differential test.
template <class Native>
Figures timed_comparison(InterpreterPlayout& interpreter, Native& native, const BenchOptions& options) {
    const auto [interpreted, hand_written] = measure_in_turns(interpreter, native, options.seconds, options.seed);
    return comparison_figures(interpreted, hand_written, replay_seeds(native, interpreted.games, options.seed));
}

Figures diamant_figures(const BenchOptions& options, InterpreterPlayout& interpreter) {
    DiamantOptions native_options;
    native_options.players = diamant_players;
    NativeDiamantPlayout native(native_options);
    announce("Diamant, interpreter and hand-written");
    Figures f;
    f["players"] = diamant_players;
    f["length"] = "cards_turned";
    f.update(timed_comparison(interpreter, native, options));
    return f;
}

Figures pig_figures(const BenchOptions& options) {
    InterpreterPlayout interpreter(load_rules(options.rules_dir + "/pig.rules"), pig_players, "turns");
    announce("Pig, interpreter");
    Figures f;
    f["players"] = pig_players;
    f["length"] = "turns";
    f["interpreter"] = throughput_figures(measure(interpreter, options.seconds, options.seed));
    return f;
}

std::string board_name(int size) { return std::to_string(size) + "x" + std::to_string(size); }

// Random Diablo on one board size, interpreter and hand-written.
Figures diablo_figures(const BenchOptions& options, int size) {
    InterpreterPlayout interpreter(load_rules(options.rules_dir + "/diablo.rules"), 2, "game_length",
                                   {{"size", std::to_string(size)}});
    NativeDiabloPlayout native(size);
    announce(("Diablo " + board_name(size) + ", interpreter and hand-written").c_str());
    Figures f;
    f["size"] = size;
    f["length"] = "game_length";
    f.update(timed_comparison(interpreter, native, options));
    return f;
}

Figures memory_section(const BenchOptions& options, InterpreterPlayout& interpreter) {
    announce("memory");
    Figures f;
    f["game"] = "diamant";
    f["players"] = diamant_players;
    f.update(memory_figures(run_for_memory(interpreter, options.memory_games, options.seed)));
    return f;
}

}  // namespace

void run_benchmarks(const BenchOptions& options, const SectionSink& sink) {
    sink("settings", settings_figures(options));
    // One Game for the timed Diamant run and the memory run: the memory run shows that reusing it costs nothing.
    InterpreterPlayout diamant(load_rules(options.rules_dir + "/diamant.rules"), diamant_players, "cards_turned");
    sink("diamant", diamant_figures(options, diamant));
    sink("pig", pig_figures(options));
    for (const int size : {6, 8}) sink("diablo_" + board_name(size), diablo_figures(options, size));
    if (options.memory_games > 0) sink("memory", memory_section(options, diamant));
}

}  // namespace rulesrun::bench
