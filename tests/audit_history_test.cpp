// The leak audit's games played again with what a seat may not know drawn again (interpreter/audit/history_audit.hpp):
// the lines said before the first decision and the numbers kept in locals, which the states compared before each
// decision cannot vary. Each leaking fixture of tests/audit/ here was reported clean before; the clean games stay
// clean (a number shown by the rules is learned, not leaked).
#include <gtest/gtest.h>

#include <string>

#include "audit.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

std::shared_ptr<const runtime::GameDefinition> fixture(const std::string& path) {
    return testing_support::expect_game(runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/" + path));
}

AuditReport audited(const std::string& path, int games = 6) {
    const auto game = fixture(path);
    if (!game) return {};  // the failure is reported by expect_game
    AuditSettings settings;
    settings.games = games;
    return audit_game(game, settings);
}

// The leak that `path` has at `line`, through the log.
const Leak* log_leak_at(const AuditReport& report, const std::string& path, int line) {
    const std::string origin = std::string(RULESRUN_SOURCE_DIR) + "/" + path + ":" + std::to_string(line) + ":";
    for (const auto& leak : report.leaks) {
        if (leak.channel == "log" && leak.origin.starts_with(origin)) return &leak;
    }
    return nullptr;
}

TEST(AuditHistory, FindsAHoleCardKeptInALocalAndToldBeforeItIsShown) {
    const auto report = audited("tests/audit/leak_say_hole_card.rules");
    const Leak* leak = log_leak_at(report, "tests/audit/leak_say_hole_card.rules", 24);
    ASSERT_NE(leak, nullptr) << report.leaks.size() << " leaks, none at line 24";
    EXPECT_TRUE(leak->shown == "player 1 smiles" || leak->instead == "player 1 smiles")
        << leak->shown << " / " << leak->instead;
    EXPECT_NE(leak->reproduction.find("after action 1"), std::string::npos) << leak->reproduction;
    EXPECT_EQ(report.leaks.size(), 1U) << "the card shown at the end is learned, not leaked";
}

TEST(AuditHistory, FindsALineSaidBeforeTheFirstDecision) {
    const auto report = audited("tests/audit/leak_say_at_start.rules");
    const Leak* leak = log_leak_at(report, "tests/audit/leak_say_at_start.rules", 21);
    ASSERT_NE(leak, nullptr) << report.leaks.size() << " leaks, none at line 21";
    EXPECT_NE(leak->shown, leak->instead);
    EXPECT_NE(leak->reproduction.find("at the start (before the first decision)"), std::string::npos)
        << leak->reproduction;
}

TEST(AuditHistory, ANumberTheRulesShowIsLearnedNotLeaked) {
    const auto report = audited("tests/games/hole_card.rules");
    EXPECT_TRUE(report.leaks.empty()) << report.leaks.front().channel << " " << report.leaks.front().origin;
    EXPECT_GT(report.comparisons, 0);
}

// A die rolled behind a screen into a private field and one rolled in the open and said: neither is a leak.
TEST(AuditHistory, ADieSaidInTheOpenIsNotALeak) {
    const auto report = audited("tests/games/peek_and_guess.rules");
    EXPECT_TRUE(report.leaks.empty()) << report.leaks.front().channel << " " << report.leaks.front().origin;
}

TEST(AuditHistory, AnotherSeatsSecretAnswerKeptAndToldLaterIsFound) {
    const auto game = testing_support::load_text("later_secret", R"(
game "Secret told later" {
  players 2
}
play {
  let hider = first_player()
  let seeker = next_seat(hider)
  let number = choose one of [k for k in 1..4] by hider secretly "hide a number"
  choose wait by seeker "wait?" {
    option wait "wait" {
    }
  }
  say "the hidden number is {number}"
  choose again by seeker "again?" {
    option again "again" {
    }
  }
}
)");
    AuditSettings settings;
    settings.games = 4;
    ASSERT_TRUE(game);
    const auto report = audit_game(game, settings);
    ASSERT_FALSE(report.leaks.empty()) << "a secret answer said two steps later";
    EXPECT_EQ(report.leaks.front().channel, "log");
    EXPECT_NE(report.leaks.front().origin.find(":13:"), std::string::npos) << report.leaks.front().origin;
}

}  // namespace
}  // namespace rulesrun
