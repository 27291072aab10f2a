// Loading games in tests: a rules file of rules/, or a small rules file written by the test itself.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "game.hpp"

namespace rulesrun::testing_support {

// A temporary folder of this process, removed when it exits. One folder per process: ctest runs the tests of one
// file in parallel processes, and a file rewritten while another process reads it would load half a game.
inline const std::filesystem::path& process_folder() {
    struct Folder {
        std::filesystem::path path =
            std::filesystem::temp_directory_path() / ("rulesrun_tests_" + std::to_string(::getpid()));
        Folder() { std::filesystem::create_directories(path); }
        ~Folder() {
            std::error_code ignored;
            std::filesystem::remove_all(path, ignored);
        }
    };
    static const Folder folder;
    return folder.path;
}

// Writes `text` to NAME.rules in the process's temporary folder and loads it, diagnostics included.
inline runtime::LoadedGame load_written(const std::string& name, const std::string& text) {
    const auto& dir = process_folder();
    const auto path = dir / (name + ".rules");
    std::ofstream(path) << text;
    return runtime::load_game(path.string());
}

// The game of a loaded file; a file that does not load fails the test with its diagnostics.
inline std::shared_ptr<const runtime::GameDefinition> expect_game(const runtime::LoadedGame& loaded) {
    std::string messages;
    for (const auto& d : loaded.diagnostics) messages += render_diagnostic(loaded.sources, d, false);
    EXPECT_TRUE(loaded.game) << messages;
    return loaded.game;
}

inline std::shared_ptr<const runtime::GameDefinition> load_text(const std::string& name, const std::string& text) {
    return expect_game(load_written(name, text));
}

// rules/NAME of the source tree.
inline std::shared_ptr<const runtime::GameDefinition> load_rules(const std::string& name) {
    return expect_game(runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/rules/" + name));
}

// A game of `game` with these settings (players 0: the smallest count), started up to its first decision.
inline runtime::Game start_game(const std::shared_ptr<const runtime::GameDefinition>& game, int players = 0,
                                std::uint64_t seed = 1, std::vector<std::pair<std::string, std::string>> options = {}) {
    runtime::Settings s;
    s.players = players;
    s.seed = seed;
    s.options = std::move(options);
    return runtime::Game(game, runtime::resolve_settings(*game, s));
}

// A game of `game` with these options (else the default settings), started, keeping no knowledge of the cards
// (nothing searches it): what move-counting tests of board games play on.
inline runtime::Game start_plain_game(const std::shared_ptr<const runtime::GameDefinition>& game,
                                      std::vector<std::pair<std::string, std::string>> options = {}) {
    runtime::Game g = start_game(game, 0, 1, std::move(options));
    g.keep_knowledge(false);
    return g;
}

// Pearson's chi-square of counts (by value) against the uniform distribution over the values 1..span.
inline double chi_square_uniform(const std::map<int, int>& counts, int span, int total) {
    const double expected = static_cast<double>(total) / span;
    double chi = 0;
    for (int value = 1; value <= span; ++value) {
        const auto found = counts.find(value);
        const double seen = found == counts.end() ? 0 : found->second;
        chi += (seen - expected) * (seen - expected) / expected;
    }
    return chi;
}

// The names of a seat's legal actions, in their order.
inline std::vector<std::string> action_names(const runtime::Game& g, int seat) {
    std::vector<std::string> names;
    for (int a = 0; a < g.action_count(seat); ++a) names.push_back(g.action_name(seat, a));
    return names;
}

// The sequences of `depth` moves from g in a game of one decision at a time and no chance drawn between decisions
// (chess, Othello, Go): perft. The last move is counted, not made ("bulk counting"). A finished game has none.
// (`rulesrun tree`, interpreter/engine/game_tree.hpp, counts any game, chance and simultaneous decisions included.)
inline std::int64_t perft(const runtime::Game& g, int depth) {
    if (g.finished()) return 0;
    const int seat = g.to_act().front();
    const int moves = g.action_count(seat);
    if (depth <= 1) return depth == 1 ? moves : 1;
    std::int64_t total = 0;
    for (int a = 0; a < moves; ++a) {
        runtime::Game next = g;
        next.apply(seat, a);
        total += perft(next, depth - 1);
    }
    return total;
}

}  // namespace rulesrun::testing_support
