// The fingerprint a saved game keeps (runtime::rules_fingerprint): it changes with the text of the rules file and of
// every file it imports, with the player count and with any option, and not with the seed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "game.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

const char* const game_text = R"(import "fingerprint_library.rules"
game "Fingerprint" {
  players 2 to 3
}
option target: 1 to 9 = 3 "points to win"
player {
  points: int = 0
}
play {
  repeat target times {
    for p in players {
      score_one(p)
    }
  }
}
)";

std::string fingerprint_of(const std::string& library, int players, std::string target, std::uint64_t seed) {
    std::ofstream(testing_support::process_folder() / "fingerprint_library.rules") << library;
    const auto definition = testing_support::load_text("fingerprint_game", game_text);
    if (!definition) return "";
    return rules_fingerprint(*definition, resolve_settings(*definition, Settings{players, {{"target", target}}, seed}));
}

const std::string library = "procedure score_one(p: player) {\n  p.points += 1\n}\n";

TEST(Fingerprint, ChangesWithTheRulesTheImportsThePlayersAndTheOptionsButNotTheSeed) {
    const std::string base = fingerprint_of(library, 2, "3", 1);
    ASSERT_EQ(base.size(), 16u);
    EXPECT_EQ(fingerprint_of(library, 2, "3", 99), base);
    EXPECT_NE(fingerprint_of(library, 3, "3", 1), base);
    EXPECT_NE(fingerprint_of(library, 2, "4", 1), base);
    EXPECT_NE(fingerprint_of(library + "# a comment\n", 2, "3", 1), base);
}

}  // namespace
}  // namespace rulesrun::runtime
