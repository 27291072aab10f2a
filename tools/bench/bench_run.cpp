#include "bench_run.hpp"

#include <algorithm>
#include <cstdio>

#include <unistd.h>

#include "breakthrough.hpp"
#include "connect_four.hpp"
#include "connect_four_kept_heights.hpp"
#include "interpreter_playout.hpp"
#include "memory.hpp"
#include "native_board_playout.hpp"
#include "native_diablo_playout.hpp"
#include "native_diamant_playout.hpp"
#include "throughput.hpp"
#include "tic_tac_toe.hpp"

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
    std::string only;
    for (const std::string& name : options.only) only += (only.empty() ? "" : ",") + name;
    f["only"] = only.empty() ? "all" : only;
    return f;
}

// The interpreter's and the hand-written version's runs from the same seed on, timed in turns, and the hand-written
// games again on exactly the interpreter's seeds, for the differential test; then the native engine's run, timed in
// turns with the hand-written one again, and its games on the interpreter's seeds, which must be the same games.
template <class Native>
Figures timed_comparison(InterpreterPlayout& interpreter, Native& native, const BenchOptions& options) {
    const auto [interpreted, hand_written] = measure_in_turns(interpreter, native, options.seconds, options.seed);
    Figures f = comparison_figures(interpreted, hand_written, replay_seeds(native, interpreted.games, options.seed));
    const runtime::EngineChoice engine = runtime::with_engine(interpreter.definition(), runtime::Engine::native);
    if (engine.engine != runtime::Engine::native) throw std::runtime_error(engine.notice);
    InterpreterPlayout compiled = interpreter.on(engine.game);
    const auto [compiled_run, hand_written_again] = measure_in_turns(compiled, native, options.seconds, options.seed);
    f.update(native_engine_figures(compiled_run, hand_written_again, replay_seeds(compiled, interpreted.games, options.seed),
                                   interpreted, engine.built_now ? std::optional<double>(engine.build_seconds) : std::nullopt));
    return f;
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

// Random games of a hand-written board game and of its rules file: the game's length is its moves.
template <class Native>
Figures board_game_figures(const BenchOptions& options, const std::string& rules_path, const char* title) {
    InterpreterPlayout interpreter(load_rules(rules_path), 2, "");
    Native native;
    announce((std::string(title) + ", interpreter and hand-written").c_str());
    Figures f;
    f["length"] = "moves";
    f.update(timed_comparison(interpreter, native, options));
    return f;
}

// One row of the summary: a section's hand-written and interpreter rates and their ratio.
Figures summary_row(const std::string& game, const Figures& section) {
    Figures row;
    row["game"] = game;
    row["hand_written_games_per_second"] = section["hand_written"]["games_per_second"];
    row["interpreter_games_per_second"] = section["interpreter"]["games_per_second"];
    row["ratio"] = section["ratio"];
    row["native_engine_games_per_second"] = section["native_engine"]["games_per_second"];
    row["native_engine_ratio"] = section["native_engine_ratio"];
    row["native_engine_build_seconds"] = section["native_engine_build_seconds"];
    return row;
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

const std::vector<std::string>& section_names() {
    static const std::vector<std::string> names = {"diamant",     "pig",          "diablo_6x6",   "diablo_8x8",
                                                   "tic_tac_toe", "connect_four", "connect_four_kept_heights",
                                                   "breakthrough", "memory"};
    return names;
}

void run_benchmarks(const BenchOptions& options, const SectionSink& sink) {
    const auto wanted = [&](const std::string& name) {
        return options.only.empty() || std::find(options.only.begin(), options.only.end(), name) != options.only.end();
    };
    Figures summary = Figures::array();
    // Passes a timed comparison on, and keeps its row for the summary.
    const auto compared = [&](const std::string& name, const Figures& figures) {
        sink(name, figures);
        summary.push_back(summary_row(name, figures));
    };
    sink("settings", settings_figures(options));
    // One Game for the timed Diamant run and the memory run: the memory run shows that reusing it costs nothing.
    InterpreterPlayout diamant(load_rules(options.rules_dir + "/diamant.rules"), diamant_players, "cards_turned");
    if (wanted("diamant")) compared("diamant", diamant_figures(options, diamant));
    if (wanted("pig")) sink("pig", pig_figures(options));
    for (const int size : {6, 8})
        if (wanted("diablo_" + board_name(size))) compared("diablo_" + board_name(size), diablo_figures(options, size));
    if (wanted("tic_tac_toe"))
        compared("tic_tac_toe", board_game_figures<NativeBoardPlayout<TicTacToeGame, int>>(
                                    options, options.tic_tac_toe_rules, "Tic-tac-toe"));
    if (wanted("connect_four"))
        compared("connect_four", board_game_figures<NativeBoardPlayout<ConnectFourGame, int>>(
                                     options, options.rules_dir + "/classics/connect_four.rules", "Connect Four"));
    if (wanted("connect_four_kept_heights"))
        compared("connect_four_kept_heights",
                 board_game_figures<NativeBoardPlayout<ConnectFourKeptHeightsGame, int>>(
                     options, options.rules_dir + "/classics/connect_four.rules",
                     "Connect Four, against a hand-written one that keeps the columns' heights"));
    if (wanted("breakthrough"))
        compared("breakthrough", board_game_figures<NativeBoardPlayout<BreakthroughGame, BreakthroughMove>>(
                                     options, options.rules_dir + "/classics/breakthrough.rules", "Breakthrough"));
    if (options.memory_games > 0 && wanted("memory")) sink("memory", memory_section(options, diamant));
    Figures section;
    section["games"] = summary;
    sink("summary", section);
}

}  // namespace rulesrun::bench
