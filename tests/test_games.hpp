// Loading games in tests: a rules file of rules/, or a small rules file written by the test itself.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "game.hpp"

namespace rulesrun::testing_support {

// Writes `text` to NAME.rules in a temporary folder and loads it, diagnostics included.
inline runtime::LoadedGame load_written(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / "rulesrun_tests";
    std::filesystem::create_directories(dir);
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

}  // namespace rulesrun::testing_support
