// Conformance: what every runnable rules file in rules/ must satisfy, whatever the game. The files are listed when
// the tests start, so a new game (or one that could not run yet) joins without any change here; a file that the
// compiler cannot run yet is skipped with its diagnostic, a file with any other error fails.
//
// For each file and for its smallest and largest player count, 200 seeded games with uniformly random actions:
// - every game ends within an action limit, without an error, with a sound decision at every step;
// - a copy equals its original, stays equal when both get the same actions, and is independent of it;
// - replaying the history on a new (or restarted) game reproduces the state, the results and the messages;
// - the same seed and the same actions give the same game twice;
// - a view never shows what its viewer may not see (hidden zones, other seats' private zones and fields), a seat's
//   view differs from a spectator's only in what is private to that seat (checked in 100 games: views are slow to
//   build), and an answer given to a simultaneous decision reveals nothing while the other seats are still choosing;
// - the results and the statistics are consistent; a simulation gives the same report on 1 and 3 threads;
// - a determinization (for search bots) keeps the deciding seat's view and plays on to the end.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>

#include "bots.hpp"
#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"
#include "program.hpp"  // the declared visibility of zones and player fields: what a view must hide
#include "state.hpp"    // which zones the rules have shown to everyone
#include "random.hpp"
#include "simulation.hpp"

namespace rulesrun::runtime {
namespace {

constexpr int games_per_player_count = 200;
// Far more actions than any game here needs (a random Diamant game takes under 100, Pig under 200): a game still
// running after this many actions is stuck in a loop of decisions.
constexpr int action_limit = 20000;

std::string rules_folder() { return std::string(RULESRUN_SOURCE_DIR) + "/rules"; }

// Every rules file under rules/ (the classics in rules/classics/ too), by path from rules/, sorted.
std::vector<std::string> rules_files() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(rules_folder())) {
        if (entry.path().extension() == ".rules") {
            names.push_back(std::filesystem::relative(entry.path(), rules_folder()).generic_string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

// "cosmic_disaster.rules" -> "cosmic_disaster": GoogleTest names may only hold letters, digits and underscores.
std::string test_name(const testing::TestParamInfo<std::string>& info) {
    std::string name = std::filesystem::path(info.param).replace_extension().generic_string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

// Each file is loaded once for all the tests.
const LoadedGame& loaded(const std::string& file) {
    static std::map<std::string, std::unique_ptr<LoadedGame>> cache;
    auto& slot = cache[file];
    if (!slot) slot = std::make_unique<LoadedGame>(load_game(rules_folder() + "/" + file));
    return *slot;
}

std::string errors_of(const LoadedGame& game, bool only_cannot_run_yet) {
    std::string out;
    for (const auto& d : game.diagnostics) {
        if (d.severity != Severity::error) continue;
        if (only_cannot_run_yet != (d.message.find("cannot run yet") != std::string::npos)) continue;
        out += render_diagnostic(game.sources, d, false);
    }
    return out;
}

// Plays one decision: a random seat among those to act (the order of simultaneous answers varies too) chooses a
// uniformly random action.
ActionRecord random_action(const Game& game, Rng& rng) {
    const std::vector<int> seats = game.to_act();
    const int seat = seats[rng.below(static_cast<std::uint32_t>(seats.size()))];
    return {seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(game.action_count(seat))))};
}

// The generator that picks the actions of game `index`: its own seed, unrelated to the game's.
Rng action_generator(int index) { return Rng(0x5eed0000ULL + static_cast<std::uint64_t>(index)); }

std::uint64_t game_seed(int index) { return 1 + static_cast<std::uint64_t>(index); }

std::string describe_results(const Results& r) {
    return "scores " + testing::PrintToString(r.scores) + ", winners " + testing::PrintToString(r.winners);
}

bool same_samples(const std::vector<StatSample>& a, const std::vector<StatSample>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const StatSample& x, const StatSample& y) {
        return x.stat == y.stat && x.seat == y.seat && x.value == y.value;
    });
}

bool same_results(const Results& a, const Results& b) {
    return a.scores == b.scores && a.ranks == b.ranks && a.winners == b.winners &&
           a.everybody_loses == b.everybody_loses && a.shared_win == b.shared_win;
}

// ---- secrecy -------------------------------------------------------------------------------------------------------

// What a view fact is about: "player 2.hand = [...]" -> "player 2.hand", "deck = 3 cards (face down)" -> "deck".
std::string subject_of(const std::string& fact) { return fact.substr(0, fact.find(" = ")); }
std::string value_of(const std::string& fact) {
    const auto at = fact.find(" = ");
    return at == std::string::npos ? "" : fact.substr(at + 3);
}

bool is_count_only(const std::string& value) {
    static const std::regex count(R"(\d+ cards? \((face down|secret|seen by the others)\))");
    return std::regex_match(value, count);
}

// The subjects of the view facts that only some viewers may see, from the rules' declarations (not from the views):
// hidden zones (nobody), per-player private zones and private player fields (their owner only).
struct Secrets {
    std::set<std::string> hidden_zones;                  // nobody sees their cards
    std::vector<std::set<std::string>> private_zones;    // per seat: only that seat sees their cards
    std::vector<std::set<std::string>> private_fields;   // per seat: only that seat sees their value
    std::vector<std::set<std::string>> held_zones;       // per seat: every seat but that one sees their cards

    explicit Secrets(const Game& game) : private_zones(static_cast<std::size_t>(game.players())),
                                private_fields(static_cast<std::size_t>(game.players())),
                                held_zones(static_cast<std::size_t>(game.players())) {
        const Program& p = game.definition().program();
        for (const ZoneDecl& z : p.zones) {
            if (!z.per_player) {
                // A zone of the whole table is private to nobody: shown to no one, like a hidden one.
                if (z.visibility != Visibility::public_) hidden_zones.insert(z.name);
                continue;
            }
            for (int seat = 0; seat < game.players(); ++seat) {
                const std::string name = game.seat_name(seat) + "." + z.name;
                if (z.visibility == Visibility::hidden) hidden_zones.insert(name);
                if (z.visibility == Visibility::private_) private_zones[static_cast<std::size_t>(seat)].insert(name);
                if (z.visibility == Visibility::others_) held_zones[static_cast<std::size_t>(seat)].insert(name);
            }
        }
        for (const FieldInfo& f : p.player_fields) {
            if (!f.is_private) continue;
            for (int seat = 0; seat < game.players(); ++seat) {
                private_fields[static_cast<std::size_t>(seat)].insert(game.seat_name(seat) + "." + f.name);
            }
        }
    }

    [[nodiscard]] bool private_to(int seat, const std::string& subject) const {
        if (seat < 0) return false;
        return private_zones[static_cast<std::size_t>(seat)].count(subject) > 0 ||
               private_fields[static_cast<std::size_t>(seat)].count(subject) > 0;
    }

    // The seat that holds this zone facing the others, or -1.
    [[nodiscard]] int holder(const std::string& subject) const {
        for (std::size_t seat = 0; seat < held_zones.size(); ++seat) {
            if (held_zones[seat].count(subject) > 0) return static_cast<int>(seat);
        }
        return -1;
    }

    // Whether `seat` may see more of `subject` than a spectator does.
    [[nodiscard]] bool beyond_spectator(int seat, const std::string& subject) const {
        const int held_by = holder(subject);
        return private_to(seat, subject) || (seat >= 0 && held_by >= 0 && held_by != seat);
    }
};

// Everything wrong with `viewer`'s view (-1: a spectator), compared with the spectator's view. Empty when the view
// shows the viewer's own secrets, only the sizes of hidden zones and of the other seats' private zones, "(secret)"
// for the other seats' private fields, and is otherwise the spectator's view fact for fact.
// The zones the rules have shown to everyone (`show ZONE to everyone`) and no card has entered since: their cards are
// public now.
std::set<std::string> face_up_zones(const Game& game) {
    std::set<std::string> names;
    const StateData& state = game.state();
    const Instance& in = *state.instance;
    const Program& p = game.definition().program();
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        if (!state.zone_face_up[z]) continue;
        const std::string& name = p.zones[static_cast<std::size_t>(in.zone_decl[z])].name;
        names.insert(in.zone_owner[z] >= 0 ? game.seat_name(in.zone_owner[z]) + "." + name : name);
    }
    return names;
}

std::vector<std::string> secrecy_problems(const Game& game, const Secrets& secrets, int viewer,
                                          const std::vector<std::string>& spectator) {
    const std::set<std::string> face_up = face_up_zones(game);
    std::vector<std::string> problems;
    const std::vector<std::string> view = view_facts(game, viewer);
    std::set<std::string> subjects;
    for (const auto& fact : view) subjects.insert(subject_of(fact));
    auto must_see = [&](const std::set<std::string>& names) {
        for (const auto& name : names) {
            if (subjects.count(name) == 0) problems.push_back("no fact about " + name);
        }
    };
    must_see(secrets.hidden_zones);
    for (int seat = 0; seat < game.players(); ++seat) {
        must_see(secrets.private_zones[static_cast<std::size_t>(seat)]);
        must_see(secrets.private_fields[static_cast<std::size_t>(seat)]);
    }
    for (const auto& fact : view) {
        const std::string subject = subject_of(fact), value = value_of(fact);
        const bool own = secrets.private_to(viewer, subject);
        bool other_zone = secrets.hidden_zones.count(subject) > 0, other_field = false;
        for (int seat = 0; seat < game.players(); ++seat) {
            if (seat == viewer) continue;
            other_zone = other_zone || secrets.private_zones[static_cast<std::size_t>(seat)].count(subject) > 0;
            other_field = other_field || secrets.private_fields[static_cast<std::size_t>(seat)].count(subject) > 0;
        }
        if (other_zone && face_up.count(subject) == 0 && !is_count_only(value))
            problems.push_back("shows cards it may not see: " + fact);
        if (other_field && value != "(secret)") problems.push_back("shows a field it may not see: " + fact);
        if (own && secrets.private_zones[static_cast<std::size_t>(viewer)].count(subject) > 0 && value.rfind('[', 0) != 0) {
            problems.push_back("does not show the viewer's own cards: " + fact);
        }
        if (own && value == "(secret)") problems.push_back("hides the viewer's own field: " + fact);
        if (const int held_by = secrets.holder(subject); held_by >= 0 && face_up.count(subject) == 0) {
            const bool sees = viewer >= 0 && viewer != held_by;
            if (!sees && !is_count_only(value)) problems.push_back("shows cards held facing the others: " + fact);
            if (sees && value.rfind('[', 0) != 0) problems.push_back("does not show another's held cards: " + fact);
        }
    }
    if (view.size() != spectator.size()) {
        problems.push_back("has " + std::to_string(view.size()) + " facts, the spectator's " + std::to_string(spectator.size()));
        return problems;
    }
    for (std::size_t i = 0; i < view.size(); ++i) {
        if (view[i] != spectator[i] && !secrets.beyond_spectator(viewer, subject_of(view[i]))) {
            problems.push_back("differs from the spectator's view in a public fact: '" + view[i] + "' / '" + spectator[i] + "'");
        }
    }
    return problems;
}

// ---- the suite -----------------------------------------------------------------------------------------------------

// Rules files that load but whose own issue is not done yet: each is skipped with the reason, visibly, until its
// issue removes it from this list.
const std::map<std::string, std::string>& awaiting_their_issue() {
    static const std::map<std::string, std::string> files = {
    };
    return files;
}

class Conformance : public testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        if (auto waiting = awaiting_their_issue().find(GetParam()); waiting != awaiting_their_issue().end()) {
            GTEST_SKIP() << GetParam() << " is not runnable yet: " << waiting->second;
        }
        const LoadedGame& file = loaded(GetParam());
        if (!file.game) {
            const std::string other_errors = errors_of(file, false);
            ASSERT_TRUE(other_errors.empty()) << GetParam() << " has errors:\n" << other_errors;
            GTEST_SKIP() << GetParam() << " cannot run yet:\n" << errors_of(file, true);
        }
        definition_ = file.game;
    }

    // The smallest and the largest player counts (once when they are the same).
    [[nodiscard]] std::vector<int> player_counts() const {
        if (definition_->min_players() == definition_->max_players()) return {definition_->min_players()};
        return {definition_->min_players(), definition_->max_players()};
    }

    [[nodiscard]] Game start(int players, std::uint64_t seed, bool keep_messages = false) const {
        Settings settings;
        settings.players = players;
        settings.seed = seed;
        return Game(definition_, resolve_settings(*definition_, settings), keep_messages);
    }

    [[nodiscard]] std::string where(int players, int index) const {
        return GetParam() + ", " + std::to_string(players) + " players, seed " + std::to_string(game_seed(index));
    }

    // Plays game `index` at random to the end (or the action limit), calling `before(game, action)` before each
    // action is applied. Returns the finished game; a rule failing is reported as a test failure with its seed.
    template <class Before>
    std::optional<Game> play(int players, int index, Before&& before, bool keep_messages = false) const {
        try {
            Game game = start(players, game_seed(index), keep_messages);
            Rng rng = action_generator(index);
            for (int actions = 0; !game.finished() && actions < action_limit; ++actions) {
                const ActionRecord action = random_action(game, rng);
                before(game, action);
                game.apply(action.seat, action.action);
            }
            return game;
        } catch (const std::exception& e) {
            ADD_FAILURE() << where(players, index) << ": " << e.what();
            return std::nullopt;
        }
    }

    std::optional<Game> play(int players, int index) const {
        return play(players, index, [](const Game&, const ActionRecord&) {});
    }

    std::shared_ptr<const GameDefinition> definition_;
};

TEST_P(Conformance, RandomGamesEndWithinTheActionLimit) {
    for (const int players : player_counts()) {
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            int decisions = 0;
            auto game = play(players, index, [&](const Game& g, const ActionRecord&) {
                ++decisions;
                // Whoever must decide has at least one action, each with a name.
                for (const int seat : g.to_act()) {
                    ASSERT_GE(g.action_count(seat), 1);
                    for (int a = 0; a < g.action_count(seat); ++a) EXPECT_FALSE(g.action_name(seat, a).empty());
                }
            });
            if (!game) return;
            ASSERT_TRUE(game->finished()) << "still running after " << action_limit << " actions";
            EXPECT_TRUE(game->to_act().empty());
            EXPECT_EQ(game->history().size(), static_cast<std::size_t>(decisions));
            if (HasFailure()) return;  // one failing game is enough to read
        }
    }
}

TEST_P(Conformance, ACopyEqualsItsOriginalAndStaysEqualUnderTheSameActions) {
    for (const int players : player_counts()) {
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            Rng when(0xc0b1e5ULL + static_cast<std::uint64_t>(index));  // picks the moments to copy
            std::optional<Game> follower;  // a copy made at the first of these moments, given every later action too
            Game assigned = start(players, game_seed(index + 1));
            auto game = play(players, index, [&](const Game& g, const ActionRecord& action) {
                const bool copy_now = when.below(8) == 0;
                if (copy_now && !follower) follower = g;
                if (follower) {
                    EXPECT_TRUE(*follower == g);
                    follower->apply(action.seat, action.action);
                }
                if (!copy_now) return;
                Game copy = g;
                EXPECT_TRUE(copy == g);
                assigned = g;
                EXPECT_TRUE(assigned == g);
                // Two copies list the same actions under the same names (looking at a game changes nothing: see
                // LookingAtAGameChangesNothing).
                ASSERT_EQ(copy.to_act(), g.to_act());
                for (const int seat : g.to_act()) {
                    ASSERT_EQ(copy.action_count(seat), g.action_count(seat));
                    for (int a = 0; a < g.action_count(seat); ++a) {
                        EXPECT_EQ(copy.action_name(seat, a), assigned.action_name(seat, a));
                    }
                }
                // Playing on the copy leaves the original as it was.
                const Game before = g;
                copy.apply(action.seat, (action.action + 1) % g.action_count(action.seat));
                EXPECT_TRUE(g == before);
            });
            if (!game) return;
            if (follower) {
                EXPECT_TRUE(*follower == *game) << "a copy given the same actions as its original ended differently";
                if (follower->finished() && game->finished()) {
                    EXPECT_TRUE(same_results(follower->results(), game->results()));
                    EXPECT_TRUE(same_samples(follower->samples(), game->samples()));
                }
            }
            if (HasFailure()) return;
        }
    }
}

TEST_P(Conformance, ReplayingTheHistoryReproducesTheGame) {
    for (const int players : player_counts()) {
        // One game object restarted for every replay: what a finished game leaves behind must not leak into the next.
        Game reused = start(players, 0, true);
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            auto game = play(players, index, [](const Game&, const ActionRecord&) {}, true);
            if (!game) return;
            ASSERT_TRUE(game->finished());
            reused.restart(game_seed(index));
            Game fresh = start(players, game_seed(index), true);
            for (const ActionRecord& action : game->history()) {
                const auto seats = fresh.to_act();
                ASSERT_NE(std::find(seats.begin(), seats.end(), action.seat), seats.end()) << "seat " << action.seat;
                ASSERT_LT(action.action, fresh.action_count(action.seat));
                fresh.apply(action.seat, action.action);
                reused.apply(action.seat, action.action);
            }
            EXPECT_TRUE(fresh == *game) << "the replay on a new game differs";
            EXPECT_TRUE(reused == *game) << "the replay on a restarted game differs";
            ASSERT_TRUE(fresh.finished());
            ASSERT_TRUE(reused.finished());
            EXPECT_TRUE(same_results(fresh.results(), game->results())) << describe_results(fresh.results());
            EXPECT_TRUE(same_results(reused.results(), game->results())) << describe_results(reused.results());
            EXPECT_TRUE(same_samples(fresh.samples(), game->samples()));
            const auto said = game->take_messages();
            EXPECT_EQ(fresh.take_messages(), said);
            EXPECT_EQ(reused.take_messages(), said);
            if (HasFailure()) return;
        }
    }
}

TEST_P(Conformance, TheSameSeedGivesTheSameGameTwice) {
    for (const int players : player_counts()) {
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            EXPECT_TRUE(start(players, game_seed(index)) == start(players, game_seed(index)));
            // Each game picks its actions from the legal actions it lists itself, with generators seeded alike.
            auto first = play(players, index);
            auto second = play(players, index);
            if (!first || !second) return;
            EXPECT_TRUE(*first == *second);
            EXPECT_EQ(first->history().size(), second->history().size());
            if (first->finished() && second->finished()) {
                EXPECT_TRUE(same_results(first->results(), second->results()))
                    << describe_results(first->results()) << " / " << describe_results(second->results());
            }
            if (HasFailure()) return;
        }
    }
}

// Views, action names, prompts and strategies' preferences are read by const member functions: reading must leave
// the game exactly as it was, so that a game played through front ends and bots equals its replay. (It once did not:
// `inspect` made functions forget their remembered values, and the next decision computed them anew on the heap.)
TEST_P(Conformance, LookingAtAGameChangesNothing) {
    for (const int players : player_counts()) {
        for (int index = 0; index < 50; ++index) {
            SCOPED_TRACE(where(players, index));
            std::optional<Game> unlooked;  // the same game, never looked at
            auto game = play(players, index, [&](const Game& g, const ActionRecord& action) {
                if (!unlooked) unlooked = g;
                ASSERT_TRUE(*unlooked == g);
                for (int viewer = -1; viewer < g.players(); ++viewer) {
                    (void)view_facts(g, viewer);
                    (void)view_text(g, viewer);
                }
                for (const int seat : g.to_act()) {
                    (void)g.seat_name(seat);
                    (void)g.prompt(seat);
                    (void)g.choice_name(seat);
                    for (int a = 0; a < g.action_count(seat); ++a) (void)g.action_name(seat, a);
                    for (std::size_t s = 0; s < g.definition().strategies().size(); ++s) {
                        (void)g.preferences(static_cast<int>(s), seat);
                    }
                }
                unlooked->apply(action.seat, action.action);
            });
            if (!game) return;
            if (unlooked) {
                EXPECT_TRUE(*unlooked == *game);
            }
            if (HasFailure()) return;
        }
    }
}

TEST_P(Conformance, AViewShowsOnlyWhatItsViewerMaySee) {
    for (const int players : player_counts()) {
        for (int index = 0; index < games_per_player_count / 2; ++index) {
            SCOPED_TRACE(where(players, index));
            std::optional<Secrets> secrets;
            auto check = [&](const Game& g) {
                if (!secrets) secrets.emplace(g);
                const auto spectator = view_facts(g, -1);
                for (int viewer = -1; viewer < g.players(); ++viewer) {
                    for (const auto& problem : secrecy_problems(g, *secrets, viewer, spectator)) {
                        ADD_FAILURE() << "the view of " << (viewer < 0 ? "a spectator" : g.seat_name(viewer)) << " "
                                      << problem;
                    }
                }
            };
            // Once per decision: while the other seats answer a simultaneous decision no view changes (see the
            // next test), so the first answer is the moment to look.
            bool decision_starts = true;
            auto game = play(players, index, [&](const Game& g, const ActionRecord&) {
                if (decision_starts) check(g);
                decision_starts = g.to_act().size() == 1;  // this action completes the decision
            });
            if (!game) return;
            check(*game);
            if (HasFailure()) return;
        }
    }
}

TEST_P(Conformance, AnAnswerToASimultaneousDecisionRevealsNothingUntilAllHaveAnswered) {
    int partial_answers = 0;
    for (const int players : player_counts()) {
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            auto game = play(players, index, [&](const Game& g, const ActionRecord& action) {
                const std::vector<int> seats = g.to_act();
                if (seats.size() < 2) return;
                ++partial_answers;
                Game after = g;
                after.take_messages();
                after.apply(action.seat, action.action);
                // The others are still choosing, from the same actions as before.
                std::vector<int> others = seats;
                others.erase(std::find(others.begin(), others.end(), action.seat));
                ASSERT_EQ(after.to_act(), others);
                for (const int seat : others) {
                    ASSERT_EQ(after.action_count(seat), g.action_count(seat));
                    for (int a = 0; a < g.action_count(seat); ++a) EXPECT_EQ(after.action_name(seat, a), g.action_name(seat, a));
                }
                // Nothing was said, and no view changed: a spectator's, the answering seat's, a seat still choosing.
                EXPECT_TRUE(after.take_messages().empty());
                for (const int viewer : {-1, action.seat, others.front()}) EXPECT_EQ(view_facts(after, viewer), view_facts(g, viewer));
            }, true);
            if (!game) return;
            if (HasFailure()) return;
        }
    }
    if (partial_answers == 0) GTEST_SKIP() << GetParam() << " had no simultaneous decision in these games";
}

TEST_P(Conformance, ResultsAndStatisticsAreConsistent) {
    const auto& stats = definition_->stats();
    for (const int players : player_counts()) {
        const auto n = static_cast<std::size_t>(players);
        if (const Game unfinished = start(players, 1); !unfinished.finished()) {
            EXPECT_THROW((void)unfinished.results(), UsageError) << "results before the end";
        }
        for (int index = 0; index < games_per_player_count; ++index) {
            SCOPED_TRACE(where(players, index));
            auto game = play(players, index);
            if (!game) return;
            ASSERT_TRUE(game->finished());
            const Results r = game->results();
            ASSERT_EQ(r.scores.size(), n);
            ASSERT_EQ(r.ranks.size(), n);
            ASSERT_EQ(r.winners.size(), n);
            const auto winner_count = std::count(r.winners.begin(), r.winners.end(), true);
            const bool lowest_first = definition_->lowest_first();
            for (std::size_t seat = 0; seat < n; ++seat) {
                if (r.draw || r.cooperative) {
                    EXPECT_EQ(r.ranks[seat], 1) << "a draw or a cooperative game ranks everybody first";
                } else if (r.winners[seat]) {
                    EXPECT_EQ(r.ranks[seat], 1) << "the winners share rank 1, " << describe_results(r);
                } else {
                    // Below the winners; a better score never ranks lower (rank keys may break ties further).
                    EXPECT_GT(r.ranks[seat], winner_count) << "seat " << seat << ", " << describe_results(r);
                    EXPECT_LE(r.ranks[seat], static_cast<int>(n));
                    for (std::size_t other = 0; other < n; ++other) {
                        const bool better = lowest_first ? r.scores[other] < r.scores[seat] : r.scores[other] > r.scores[seat];
                        if (!r.winners[other] && better) {
                            EXPECT_LE(r.ranks[other], r.ranks[seat]) << describe_results(r);
                        }
                    }
                }
                if (!definition_->has_scores()) {
                    EXPECT_EQ(r.scores[seat], 0) << "a game without scores";
                }
            }
            EXPECT_EQ(r.everybody_loses, winner_count == 0 && !r.draw) << describe_results(r);
            EXPECT_EQ(r.shared_win, winner_count > 1 && !r.cooperative) << describe_results(r);
            if (r.draw) {
                EXPECT_EQ(winner_count, 0) << "nobody wins a draw";
            }
            for (const StatSample& sample : game->samples()) {
                ASSERT_GE(sample.stat, 0);
                ASSERT_LT(sample.stat, static_cast<int>(stats.size()));
                if (stats[static_cast<std::size_t>(sample.stat)].per_player) {
                    EXPECT_TRUE(sample.seat >= 0 && sample.seat < players) << stats[static_cast<std::size_t>(sample.stat)].name;
                } else {
                    EXPECT_EQ(sample.seat, -1) << stats[static_cast<std::size_t>(sample.stat)].name;
                }
            }
            if (HasFailure()) return;
        }
    }
}

// Bots run strategies through Game::preferences, so this also plays every strategy the file declares.
TEST_P(Conformance, ASimulationOfEveryBotGivesTheSameReportOnOneAndThreeThreads) {
    for (const int players : player_counts()) {
        // Random bots and every strategy the file declares, in turn around the table.
        std::string bots;
        for (int seat = 0; seat < players; ++seat) {
            const auto& strategies = definition_->strategies();
            const auto pick = static_cast<std::size_t>(seat) % (strategies.size() + 1);
            bots += (seat > 0 ? "," : "") + (pick == 0 ? std::string("random") : strategies[pick - 1].name);
        }
        SimulationRequest request;
        request.game = definition_;
        request.settings = resolve_settings(*definition_, {players, {}, 7});
        request.bots = parse_bot_list(bots, definition_->strategies(), false);
        request.games = 60;
        try {
            request.threads = 1;
            const SimulationReport one = simulate(request);
            request.threads = 3;
            const SimulationReport three = simulate(request);
            EXPECT_EQ(one.games, 60);
            EXPECT_TRUE(one == three) << players << " players, bots " << bots;
        } catch (const std::exception& e) {
            ADD_FAILURE() << players << " players, bots " << bots << ": " << e.what();
        }
    }
}

// Game::determinize, for search bots: a deciding seat's determinization keeps that seat's view, does not depend on
// what the seat cannot see (a determinization of a determinization is the same game for the same seed), and plays on
// to the end at random without a rule failing.
TEST_P(Conformance, ADeterminizationKeepsTheSeatsViewAndPlaysOn) {
    for (const int players : player_counts()) {
        for (int index = 0; index < 50; ++index) {
            SCOPED_TRACE(where(players, index));
            Rng when(0xde7e5ULL + static_cast<std::uint64_t>(index));
            auto game = play(players, index, [&](const Game& g, const ActionRecord& action) {
                if (when.below(8) != 0) return;
                const auto seed = static_cast<std::uint64_t>(index);
                const Game guess = g.determinized(action.seat, seed);
                EXPECT_EQ(view_facts(guess, action.seat), view_facts(g, action.seat));
                EXPECT_TRUE(guess == g.determinized(action.seat, seed + 1).determinized(action.seat, seed));
                Game on = guess;
                Rng rng(seed);
                for (int actions = 0; !on.finished() && actions < action_limit; ++actions) {
                    const ActionRecord next = random_action(on, rng);
                    on.apply(next.seat, next.action);
                }
                EXPECT_TRUE(on.finished());
            });
            if (!game || HasFailure()) return;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(RulesFiles, Conformance, testing::ValuesIn(rules_files()), test_name);

// ---- engine bugs found by this suite, each reduced to a small rules file --------------------------------------------

LoadedGame load_text(const std::string& name, const std::string& text) { return testing_support::load_written(name, text); }

// A zone of the whole table declared `private` would belong to no seat: the checker refuses it
// (tests/diagnostics/private_zone_without_owner.rules), so no view has to decide who sees it.
TEST(ConformanceEngineBugs, APrivateZoneOfTheWholeTableIsRefused) {
    const LoadedGame file = load_text("private_zone", R"(game "Private zone" {
  players 2
}
card Token {
  value: int
} shown as "T{value}"
deck tokens: Token = [Token(value: v) for v in 1..5]
zone box: Token, private = tokens
play {
  let x = choose one of [1, 2] by first_player()
  say "{x}"
}
)");
    EXPECT_FALSE(file.game);
    EXPECT_NE(errors_of(file, false).find("only a zone 'per player' can be private"), std::string::npos) << errors_of(file, false);
}

// A strategy whose preference calls a function with a block body failed at once with "50000000 steps without a
// decision": `inspect` (interpreter/state_inspection.hpp) made a new Machine whose step limit was 0, so the first
// instruction of the function exceeded it. Found by the simulation test above on cosmic_disaster.rules (its greedy
// and thrifty strategies call rescue_value); the Machine now sets its limit when it is made.
TEST(ConformanceEngineBugs, AStrategyMayCallAFunctionWithABlockBody) {
    const LoadedGame file = load_text("block_function", R"(game "Block function" {
  players 2
}
function twice(n: int): int {
  return 2 * n
}
play {
  let x = choose one of [1, 2, 3] by first_player() "pick"
  say "{x}"
}
strategy big "prefers big numbers" {
  on x prefer twice(choice)
}
)");
    ASSERT_TRUE(file.game) << errors_of(file, false);
    const Game game(file.game, resolve_settings(*file.game, {2, {}, 1}));
    try {
        EXPECT_EQ(game.preferences(0, 0), (std::vector<std::int32_t>{2, 4, 6}));
    } catch (const RuleError& e) {
        ADD_FAILURE() << e.what();
    }
}

}  // namespace
}  // namespace rulesrun::runtime
