// The public face of the runtime: load a rules file into an immutable game definition, start games from settings
// (player count, options, seed), list and apply the actions of the players to act, and read results, statistics,
// messages and each player's view. Everything a front end (play, simulate, replay, bots, benchmarks) needs.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "source_set.hpp"

namespace rulesrun::runtime {

struct Program;  // the compiled rules (program.hpp)
class Machine;   // runs compiled rules on a state (machine.cpp)
struct StateData;

// A rule failed while running (an endless loop, a choice with no legal option, an empty list read...). The message
// names the rule and its place: "diamant.rules:120:5: in procedure explore: ...".
struct RuleError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Wrong settings for a game (unknown option, value out of range, unsupported player count).
struct SettingsError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Something the caller got wrong: an action index out of range, a seat that is not to act, a finished game.
struct UsageError : std::logic_error {
    using std::logic_error::logic_error;
};

struct OptionInfo {
    std::string name;
    std::string description;
    std::vector<std::string> values;  // the allowed values, or {"LOW to HIGH"} for a range
    std::string default_value;
};

struct StatInfo {
    std::string name;
    std::string description;
    bool per_player = false;
};

struct StrategyInfo {
    std::string name;
    std::string description;
};

// A loaded and compiled rules file; immutable and shared by every game played from it (and by every thread).
class GameDefinition {
public:
    [[nodiscard]] const std::string& title() const;
    [[nodiscard]] const std::string& path() const;
    [[nodiscard]] int min_players() const;
    [[nodiscard]] int max_players() const;
    [[nodiscard]] const std::vector<OptionInfo>& options() const;
    [[nodiscard]] const std::vector<StatInfo>& stats() const;
    // The strategies the file declares (the built-in "random" is not listed; no file may declare one of that name).
    [[nodiscard]] const std::vector<StrategyInfo>& strategies() const;
    [[nodiscard]] bool has_scores() const;
    [[nodiscard]] const Program& program() const { return *program_; }

    explicit GameDefinition(std::shared_ptr<const Program> program) : program_(std::move(program)) {}

private:
    std::shared_ptr<const Program> program_;
};

struct LoadedGame {
    std::shared_ptr<const GameDefinition> game;  // null when the file has errors
    SourceSet sources;
    std::vector<Diagnostic> diagnostics;  // errors and warnings, sorted
};

// Reads, checks and compiles a rules file with its imports.
LoadedGame load_game(const std::string& path);

struct Settings {
    int players = 0;  // 0: the game's smallest player count
    std::vector<std::pair<std::string, std::string>> options;  // name=value pairs as typed; the others keep defaults
    std::uint64_t seed = 1;
};

// The settings checked against a game: every option with its value (declaration order), the player count.
struct ResolvedSettings {
    int players = 0;
    std::vector<std::pair<std::string, std::string>> options;  // every option, as text
    std::vector<std::int32_t> option_values;                    // the same, as runtime values
    std::uint64_t seed = 1;
};

// Throws SettingsError naming the wrong option, value or player count (with the allowed ones).
ResolvedSettings resolve_settings(const GameDefinition& game, const Settings& settings);

struct ActionRecord {
    int seat = 0;
    int action = 0;  // index in the list of legal actions of that seat at that moment
};

struct StatSample {
    int stat = 0;   // index in GameDefinition::stats()
    int seat = -1;  // for per-player statistics
    std::int32_t value = 0;
};

// A chance result forced by a test (docs/fixtures.md): the next `roll` or `random` gives `number`, or the next
// `shuffle` puts the cards shown as `order` on top of the zone, in that order (the others below, shuffled). A forced
// result that the rules could not produce there (a face the die does not have, a card not in the zone, a number where
// a shuffle comes) stops the game with a RuleError that names `origin` (where the test forced it).
struct ForcedChance {
    enum class Kind { number, order } kind = Kind::number;
    std::int32_t number = 0;
    std::vector<std::string> order;
    std::string origin;
    friend bool operator==(const ForcedChance&, const ForcedChance&) = default;
};

struct Results {
    std::vector<std::int32_t> scores;  // per seat (all 0 when the game declares no score)
    std::vector<int> ranks;            // 1 = best; tied scores share a rank
    std::vector<bool> winners;         // per seat
    bool everybody_loses = false;      // no winner at all
    bool shared_win = false;           // more than one winner
};

// One game in progress: a copyable value (cloning copies flat vectors and nothing else).
class Game {
public:
    // Starts a game and runs it up to the first decision (or the end). Throws RuleError. With keep_messages, the
    // `say` messages of the very start are kept too (see take_messages).
    Game(std::shared_ptr<const GameDefinition> definition, const ResolvedSettings& settings, bool keep_messages = false);
    Game(const Game&);
    Game& operator=(const Game&);
    Game(Game&&) noexcept;
    Game& operator=(Game&&) noexcept;
    ~Game();

    // Starts again with another seed, reusing this game's memory (simulations play millions of games).
    void restart(std::uint64_t seed);
    // Tests: starts again with chance results forced from the very start (setup included), consumed in order.
    void restart(std::uint64_t seed, std::vector<ForcedChance> forced);
    // Tests: more forced chance results, consumed after those still waiting; and how many still wait.
    void force_chance(const std::vector<ForcedChance>& more);
    [[nodiscard]] std::vector<ForcedChance> forced_chance_left() const;

    // Whether `say` messages are kept for take_messages(); off by default (simulations do not format texts).
    void keep_messages(bool keep);
    // Whether the seats' knowledge of where the hidden cards are is kept up to date: on by default. Only determinize
    // reads it (search and strategy bots), and throws UsageError while it is off; a game played by random bots alone
    // can spare the work. Switched on again, every seat knows only what it sees now (it forgot the rest).
    void keep_knowledge(bool keep);
    std::vector<std::string> take_messages();

    [[nodiscard]] const GameDefinition& definition() const { return *definition_; }
    [[nodiscard]] const ResolvedSettings& settings() const { return settings_; }
    [[nodiscard]] int players() const { return settings_.players; }
    [[nodiscard]] std::string seat_name(int seat) const;

    [[nodiscard]] bool finished() const;
    // The seats that must decide now, in seat order: one seat, or several for a simultaneous decision (each seat's
    // choice is kept secret until all have chosen). Empty when the game is finished.
    [[nodiscard]] std::vector<int> to_act() const;
    // The same, into a vector the caller keeps (no allocation once it is large enough): for simulations.
    void to_act(std::vector<int>& seats) const;
    [[nodiscard]] int action_count(int seat) const;
    // A readable name for an action, stable for a given state ("leave", "c3-c5", "pass").
    [[nodiscard]] std::string action_name(int seat, int action) const;
    // The name of the choice point (the `let` name or menu name) and the rendered prompt.
    [[nodiscard]] std::string choice_name(int seat) const;
    [[nodiscard]] std::string prompt(int seat) const;
    // Applies one seat's decision; the game runs on to the next decision once every deciding seat has chosen.
    // Throws UsageError for a wrong seat or index, RuleError when a rule fails.
    void apply(int seat, int action);

    [[nodiscard]] const std::vector<ActionRecord>& history() const;
    [[nodiscard]] const std::vector<StatSample>& samples() const;  // recorded and end-of-game statistics
    [[nodiscard]] Results results() const;                        // only when finished
    [[nodiscard]] std::int64_t steps() const;                      // loop rounds, calls and list values so far (work done)
    // Values held by the state's slots, heap, zones and suspended rules (not the history): what a clone copies.
    [[nodiscard]] std::size_t state_values() const;

    // What `viewer` may see, as text for a terminal (public state, that seat's secrets, sizes of hidden zones).
    // viewer -1 is a spectator who sees only public information.
    [[nodiscard]] std::string describe(int viewer) const;
    // The same information as a flat list of "name = value" facts, for tests of secrecy and for bots.
    [[nodiscard]] std::vector<std::string> view(int viewer) const;
    // Whether anything on screen for `viewer` is secret from the other seats (for "pass the keyboard" pauses).
    [[nodiscard]] bool has_secrets(int viewer) const;

    // Strategies: the preference of a strategy (index in strategies()) for each action of `seat`; empty when the
    // strategy has no rule for the current choice point (then it plays at random). The options are scored on a
    // determinized copy (see determinize; seeded by the number of actions so far): a strategy never reads what its
    // seat cannot see, and two games that differ only in that get the same preferences.
    [[nodiscard]] std::vector<std::int32_t> preferences(int strategy, int seat) const;
    // The same into a vector the caller keeps (no allocation once it is large enough): for simulations.
    void preferences(int strategy, int seat, std::vector<std::int32_t>& scores) const;

    // Information sets, for search bots (docs/engine.md, "Determinization"): replaces everything `seat` cannot know
    // by a random guess consistent with what it has seen. The cards in places the seat cannot see (hidden zones, the
    // other seats' private zones) whose place it does not know (it did not see them go there, or forgot) are gathered
    // in card order and dealt back at random among their places, each zone keeping its size and its declared card
    // type, a card put at a random position of a deck staying among the positions it could have gone to; the cards
    // it knows stay where they are; the other seats' secret answers to a pending simultaneous decision
    // are withdrawn (they must answer again); the history is emptied (it is no longer a replay of this state); and
    // the generator is reseeded. Two games that differ only in what `seat` cannot see become equal for the same
    // seed. The other seats' `private` player fields are kept as they are (nothing says how to guess them).
    // seat -1 is a spectator: every private zone is dealt again.
    void determinize(int seat, std::uint64_t seed);
    [[nodiscard]] Game determinized(int seat, std::uint64_t seed) const;

    // Equal when everything that determines the rest of the game is equal (state, pending decisions, generator).
    friend bool operator==(const Game& a, const Game& b);

private:
    std::shared_ptr<const GameDefinition> definition_;
    ResolvedSettings settings_;
    std::unique_ptr<StateData> state_;
};

}  // namespace rulesrun::runtime
