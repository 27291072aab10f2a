// The native engine (interpreter/native/) against the interpreter: for every rules file of the project (seed games,
// classics, test games), the same seeds and the same choices must give the same games: the same decisions offered
// (seats, actions, prompts), the same log, the same strategies' preferences, the same work counted, the same
// histories, statistics, results and errors. And nothing written in a rules file reaches the generated C++.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "game.hpp"
#include "native_engine.hpp"
#include "native_library.hpp"
#include "native_source.hpp"
#include "random.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using namespace runtime;
namespace fs = std::filesystem;

// Every rules file of the project, relative to the source tree.
std::vector<std::string> project_rules_files() {
    std::vector<std::string> names;
    for (const char* folder : {"rules", "tests/games"}) {
        for (const auto& entry : fs::recursive_directory_iterator(fs::path(RULESRUN_SOURCE_DIR) / folder)) {
            if (entry.path().extension() == ".rules") {
                names.push_back(fs::relative(entry.path(), RULESRUN_SOURCE_DIR).generic_string());
            }
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
    std::string name = fs::path(info.param).replace_extension().generic_string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

// The native engine of a game; skips the test when this machine has no C++ compiler.
std::shared_ptr<const GameDefinition> native_of(std::shared_ptr<const GameDefinition> game) {
    const EngineChoice choice = with_engine(std::move(game), Engine::native);
    EXPECT_EQ(choice.engine, Engine::native) << choice.notice;
    return choice.game;
}

// Everything a front end, a bot or a simulation may read of a game as it stands.
std::string observed(Game& game) {
    std::string out;
    for (const Message& m : game.take_messages()) {
        out += "say " + m.text + " to";
        for (const int seat : m.seats) out += " " + std::to_string(seat);
        out += "\n";
    }
    out += "steps " + std::to_string(game.steps()) + " values " + std::to_string(game.state_values()) + "\n";
    if (game.finished()) {
        const Results r = game.results();
        for (std::size_t seat = 0; seat < r.scores.size(); ++seat) {
            out += "seat " + std::to_string(seat) + " score " + std::to_string(r.scores[seat]) + " rank " +
                   std::to_string(r.ranks[seat]) + (r.winners[seat] ? " wins" : "") + "\n";
        }
        out += r.draw ? "draw\n" : "";
        for (const StatSample& s : game.samples()) {
            out += "stat " + std::to_string(s.stat) + " " + std::to_string(s.seat) + " " + std::to_string(s.value) + "\n";
        }
        return out;
    }
    for (const int seat : game.to_act()) {
        out += "seat " + std::to_string(seat) + " " + game.choice_name(seat) + ": " + game.prompt(seat) + "\n";
        for (int a = 0; a < game.action_count(seat); ++a) out += "  " + game.action_name(seat, a) + "\n";
        for (std::size_t k = 0; k < game.definition().strategies().size(); ++k) {
            out += "  prefer";
            for (const std::int32_t score : game.preferences(static_cast<int>(k), seat)) out += " " + std::to_string(score);
            out += "\n";
        }
    }
    return out;
}

// Plays one game on both engines with the same random choices; compares after every action, and counts the actions
// into `actions_compared`. Returns false when they differed (the test has failed then).
bool same_game(const std::shared_ptr<const GameDefinition>& interpreted, const std::shared_ptr<const GameDefinition>& native,
               int players, std::uint64_t seed, int& actions_compared) {
    SCOPED_TRACE(testing::Message() << players << " players, seed " << seed);
    const ResolvedSettings settings = resolve_settings(*interpreted, {players, {}, seed});
    std::string error_interpreted, error_native;
    std::optional<Game> a, b;
    try { a.emplace(interpreted, settings, true); } catch (const RuleError& e) { error_interpreted = e.what(); }
    try { b.emplace(native, settings, true); } catch (const RuleError& e) { error_native = e.what(); }
    EXPECT_EQ(error_interpreted, error_native);
    if (!a || !b) return error_interpreted == error_native;
    Rng choices(seed * 7919 + 13);
    for (int actions = 0; actions < 3000; ++actions) {
        const std::string seen = observed(*a);
        EXPECT_EQ(seen, observed(*b)) << "after " << actions << " actions";
        if (testing::Test::HasFailure()) return false;
        if (a->finished()) break;
        ++actions_compared;
        const std::vector<int> seats = a->to_act();
        const int seat = seats[choices.below(static_cast<std::uint32_t>(seats.size()))];
        const int action = static_cast<int>(choices.below(static_cast<std::uint32_t>(a->action_count(seat))));
        try { a->apply(seat, action); } catch (const RuleError& e) { error_interpreted = e.what(); }
        try { b->apply(seat, action); } catch (const RuleError& e) { error_native = e.what(); }
        EXPECT_EQ(error_interpreted, error_native);
        if (!error_interpreted.empty() || !error_native.empty()) return error_interpreted == error_native;
    }
    EXPECT_EQ(a->history().size(), b->history().size());
    return !testing::Test::HasFailure();
}

class NativeEngine : public testing::TestWithParam<std::string> {};

TEST_P(NativeEngine, PlaysTheInterpretersGamesBitForBit) {
    const auto interpreted = testing_support::expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/" + GetParam()));
    if (!interpreted) return;
    const auto native = native_of(interpreted);
    if (HasFailure()) return;
    // 12 games per player count, or fewer when they are long (chess): at least 3, until 3000 actions are compared.
    const int low = interpreted->min_players(), high = std::min(interpreted->max_players(), low + 1);
    for (int players = low; players <= high; ++players) {
        int actions = 0;
        for (std::uint64_t seed = 1; seed <= 12 && (seed <= 3 || actions < 3000); ++seed) {
            if (!same_game(interpreted, native, players, seed, actions)) return;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(RulesFiles, NativeEngine, testing::ValuesIn(project_rules_files()), test_name);

// Rules that run away or fail stop with the same located error in both engines, naming the rule where it lies:
// a small function copied into its caller (compiler_inlining.cpp) is still named, as a function called is.
TEST(NativeEngineErrors, RunawayAndFailingRulesStopWithTheInterpretersErrors) {
    struct Failing {
        std::string name, body, rule;
    };
    const std::vector<Failing> cases = {
        {"endless_loop", "play { let n = 0\n  while n < 10 { n += 1\n    n -= 1 } }", "in play"},
        {"endless_recursion", "function f(n: int): int = f(n + 1) + 1\nplay { let x = f(1)\n say \"{x}\" }", "in function f"},
        {"overflow", "play { let n = 2147483647\n  let m = n * 3\n  say \"{m}\" }", "in play"},
        {"division_by_zero", "play { let z = 0\n  let n = 5 / z\n  say \"{n}\" }", "in play"},
        {"range_too_long", "play { let n = size([x for x in 1..2147483647 where x > 0])\n  say \"{n}\" }", "in play"},
        {"none_player", "player { gold: int = 0 }\nplay { let p: player? = none\n  let g = p.gold\n  say \"{g}\" }", "in play"},
        {"max_of_nothing", "play { let xs: list of int = []\n  let m = max(xs)\n  say \"{m}\" }", "in play"},
        {"copied_function", "function ratio(a: int, b: int): int = a / b\nplay { let z = 0\n  let n = ratio(5, z)\n  say \"{n}\" }",
         "in function ratio"},
        {"copied_comprehension",
         "function ratios(xs: list of int, k: int): list of int = [k / x for x in xs where x < 5]\n"
         "play { let n = sum([r + 1 for r in ratios([1, 0], 6)])\n  say \"{n}\" }",
         "in function ratios"},
    };
    for (const auto& [name, body, rule] : cases) {
        SCOPED_TRACE(name);
        const auto game = testing_support::load_text(name, "game \"Runaway\" { players 1 }\n" + body + "\n");
        if (!game) continue;
        const auto native = native_of(game);
        if (HasFailure()) return;
        std::string interpreted_error, native_error;
        try { Game g(game, resolve_settings(*game, {1, {}, 1})); } catch (const RuleError& e) { interpreted_error = e.what(); }
        try { Game g(native, resolve_settings(*native, {1, {}, 1})); } catch (const RuleError& e) { native_error = e.what(); }
        EXPECT_NE(interpreted_error.find(": " + rule + ": "), std::string::npos) << interpreted_error;
        EXPECT_EQ(interpreted_error, native_error);
    }
}

// Names and texts of a rules file never reach the C++: they stay in the program, read at run time. A file full of
// C++ and preprocessor text plays as the interpreter plays it.
TEST(NativeEngineSafety, NothingWrittenInTheRulesReachesTheGeneratedCode) {
    const std::string hostile_text = R"(*/ #include <cstdlib> system('rm -rf /'); /* )";
    const std::string rules = "game \"Hostile */ system(1); //\" { players 2 }\n"
                              "player { asm__: int = 0\n  system: int = 0 }\n"
                              "function define(include: int): int = include + 1\n"
                              "play {\n"
                              "  for p in players {\n"
                              "    p.asm__ = define(p.system)\n"
                              "    let x = choose one of [1, 2, 3] by p \"" + hostile_text + "\"\n"
                              "    say \"" + hostile_text + " {x}\"\n"
                              "    p.system += x\n"
                              "  }\n"
                              "}\n"
                              "score(p) = p.system + p.asm__\n";
    const auto game = testing_support::load_text("hostile", rules);
    ASSERT_TRUE(game);
    const std::string source = native_source(game->program());
    for (const char* written : {"system", "rm -rf", "asm__", "define", "Hostile", "cstdlib"}) {
        EXPECT_EQ(source.find(written), std::string::npos) << written << " reached the generated code";
    }
    const auto native = native_of(game);
    if (HasFailure()) return;
    int actions = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) same_game(game, native, 2, seed, actions);
    EXPECT_GT(actions, 0);
}

// A library in the cache is used again, not built again; the cache key changes with the program.
TEST(NativeEngineCache, ALibraryIsBuiltOnceAndFoundAfterwards) {
    const auto compiler = find_native_compiler();
    if (!compiler) GTEST_SKIP() << "no C++ compiler on this machine";
    const auto one = testing_support::load_text("cached_one", "game \"One\" { players 1 }\nplay { say \"one\" }\n");
    const auto two = testing_support::load_text("cached_two", "game \"Two\" { players 1 }\nplay { let n = 2\n say \"{n}\" }\n");
    ASSERT_TRUE(one && two);
    const BuiltLibrary first = build_native_library(native_source(one->program()), *compiler);
    const BuiltLibrary again = build_native_library(native_source(one->program()), *compiler);
    EXPECT_FALSE(again.built_now);
    EXPECT_EQ(first.path, again.path);
    EXPECT_NE(build_native_library(native_source(two->program()), *compiler).path, first.path);
}

}  // namespace
}  // namespace rulesrun
