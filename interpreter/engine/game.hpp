// The engine, the public face of the runtime: load a rules file into an immutable game definition, start games from
// settings (player count, options, seed), list and apply the actions of the players to act, and read results,
// statistics and messages. What each seat may see is built from a Game by the next stage (view/seat_view.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "game_types.hpp"
#include "source_set.hpp"

namespace rulesrun::runtime {

struct Program;  // the compiled rules (program.hpp)
struct StateData;  // the running state (state.hpp)
struct ChanceRedraw;  // numbers drawn again (chance_redraw.hpp)

// A decision the rules ask (a choice point: strategies are written for it), for `rulesrun info`.
struct ChoiceInfo {
    struct Prompt {
        std::string text;     // as compiled: the holes of a text with {holes} show as "{...}" (the source has them)
        SourceLocation where;  // the prompt's text in its rules file (where its opening quote is)
    };
    struct Option {
        std::string name;
        std::string description;
    };
    std::string name;
    std::vector<Prompt> prompts;  // every distinct prompt of the places that ask it, in program order
    std::vector<Option> options;  // a `choose NAME by p { option ... }` menu's options; empty for `choose one of`
    bool menu = false;            // asked as a menu of named options
    bool subset = false;          // `choose subset of`: several elements at once
    bool secret = false;          // asked `secretly` somewhere
    bool simultaneous = false;    // asked in a `simultaneously` block somewhere
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
    // `cooperative` in the game declaration: the players win or lose together.
    [[nodiscard]] bool cooperative() const;
    // Whether the lowest score ranks first (`rank(p) = lowest score(p), ...`: the first key's direction).
    [[nodiscard]] bool lowest_first() const;
    // The decisions the rules ask, one per choice point, in the order the compiler met them (read from the Program).
    [[nodiscard]] std::vector<ChoiceInfo> choices() const;
    // The player counts with which option `option` (index in options()) may take another value than its default
    // (`when players LOW to HIGH`): {0, 0} when any count may.
    [[nodiscard]] std::pair<int, int> option_players(std::size_t option) const;
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

// Throws SettingsError naming the wrong option, value or player count (with the allowed ones).
ResolvedSettings resolve_settings(const GameDefinition& game, const Settings& settings);

// What a saved game must match to be played on: the text of the rules file and of every file it imports, the player
// count and every option's value, as 16 hexadecimal digits. The seed is not part of it.
std::string rules_fingerprint(const GameDefinition& game, const ResolvedSettings& settings);

// A game still going after this many actions is taken to be endless: apply() throws a RuleError naming the decision
// it keeps asking. Far above any real game (a long game of Go or backgammon takes some thousands), low enough that
// a game that never ends stops in seconds, in any front end, within bounded memory.
inline constexpr std::size_t max_actions_per_game = 1'000'000;

// How many distinct actions the rules can ever offer (Game::action_space, action_space.cpp), counted decision by
// decision from the declared type of what it offers: a menu its options; a choice of a truth, player, enum value or
// space its type's values; of a card the cards of its type (when no rule changes their fields); of a record the
// product of its fields' counts; of a number only a range written in the choice (`1..10`); a subset the subsets of its
// elements, of at most K when its `where` says `size(X) == K`; `optional` one more (nothing). A number or a text
// anywhere else leaves the count unbounded: the language gives them no range.
struct ActionSpace {
    struct Decision {
        std::string name;
        std::int64_t count = -1;  // -1: unbounded
        std::string unbounded;    // why, when unbounded ("records Move whose field 'die' is a number ...")
    };
    std::vector<Decision> decisions;  // the choices, then the menus, in the order the compiler met them
    std::int64_t count = 0;           // every decision's together; 0 when one is unbounded
    std::string unbounded;            // the first unbounded decision, with its place; empty when bounded
    [[nodiscard]] bool bounded() const { return unbounded.empty(); }
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
    // The game tree (game_tree.hpp): what the probe among the forced results noted (ForcedChance::Kind::probe), and
    // forgetting every forced result, used or waiting, with what the probe noted (a probe no draw reached included).
    [[nodiscard]] ChanceProbe probed_chance() const;
    void drop_forced_chance();
    // A game whose chance was forced (the Python module's explicit chance nodes, tests) is not the game its seed
    // gives: to play its history again, a replay restarts with these (the forced results it used, as it used them,
    // then those still waiting); empty for a game drawn from its seed alone. The forced results a game used are kept
    // when the waiting ones are dropped, and forgotten by determinize (the history goes too).
    [[nodiscard]] std::vector<ForcedChance> chance_to_replay() const;
    // For a replay of `played` (this game, played again up to some point of its history): the chance results to come
    // are forced as `played` used them, from the first this game has not used on.
    void follow_chance_of(const Game& played);

    // Whether `say` messages are kept for take_messages(); off by default (simulations do not format texts).
    void keep_messages(bool keep);
    // While set (the search bot's replays only, view/unseen_redraw.hpp), the numbers the rules draw may be drawn
    // again; restart keeps it, copies share it. Not owned.
    void redraw_chance(ChanceRedraw* numbers);
    // Whether the seats' knowledge of where the hidden cards are is kept up to date: on by default. Only determinize
    // reads it (search and strategy bots), and throws UsageError while it is off; a game played by random bots alone
    // can spare the work. Switched on again, every seat knows only what it sees now (it forgot the rest).
    void keep_knowledge(bool keep);
    // The log lines since the last call, each with the seats that may read it (view/seat_view.hpp filters them).
    std::vector<Message> take_messages();

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
    // What the rules say an action does: a menu option's description ("draw 1 card into your hand"), or "".
    [[nodiscard]] std::string action_description(int seat, int action) const;
    // A short mark the rules give an action's card or record (`marked by`: "capture", "merge"), or "".
    [[nodiscard]] std::string action_mark(int seat, int action) const;
    // The name of the choice point (the `let` name or menu name) and the rendered prompt.
    [[nodiscard]] std::string choice_name(int seat) const;
    [[nodiscard]] std::string prompt(int seat) const;
    // Whether the seat's pending choice is secret (`by p secretly`): its answer is for that seat alone, so front ends
    // tell the others nothing of it (the rules say what they learn).
    [[nodiscard]] bool choice_is_secret(int seat) const;
    // Whether the seat's pending choice picks several elements at once (`choose subset of`): each action's name is
    // then its elements joined by " + " ("nothing" or "pass" for none).
    [[nodiscard]] bool choice_is_subset(int seat) const;
    // Where the rules ask the seat's pending choice: "file.rules:LINE:COLUMN" of its prompt (or of its chooser).
    [[nodiscard]] std::string choice_origin(int seat) const;
    // Applies one seat's decision; the game runs on to the next decision once every deciding seat has chosen.
    // Throws UsageError for a wrong seat or index, RuleError when a rule fails or the game reaches
    // max_actions_per_game.
    void apply(int seat, int action);

    // The run's cap on this game's length (simulate, sweep, tune, ladder, audit: --max-actions): once `actions`
    // actions were taken, the game is stopped before its next decision, as a draw. 0: none. Kept by restart and
    // copies. A limit the rules declare (`end game after N actions`) ends the game with its own outcome first.
    void cap_actions(std::size_t actions);
    // Whether the game ended at a length limit: the rules' own, or the run's cap (then it did not end by its rules).
    [[nodiscard]] bool ended_at_rules_limit() const;
    [[nodiscard]] bool stopped_at_cap() const;

    [[nodiscard]] const std::vector<ActionRecord>& history() const;
    // Whether a seat other than `seat` answered a secret choice (`by p secretly`) in the history (seats from the
    // 65th on are not told apart).
    [[nodiscard]] bool others_answered_in_secret(int seat) const;
    [[nodiscard]] const std::vector<StatSample>& samples() const;  // recorded and end-of-game statistics
    [[nodiscard]] Results results() const;                        // only when finished
    // Every seat's score as the rules count it now (`score(p)`), before the end: for search bots that stop a playout
    // early. Empty when the rules have no score.
    void scores_now(std::vector<std::int32_t>& scores) const;
    [[nodiscard]] std::int64_t steps() const;                      // loop rounds, calls and list values so far (work done)
    // Values held by the state's slots, heap, zones and suspended rules (not the history): what a clone copies.
    [[nodiscard]] std::size_t state_values() const;

    // Strategies: the preference of a strategy (index in strategies()) for each action of `seat`; empty when the
    // strategy has no rule for the current choice point (then it plays at random). The options are scored on a
    // determinized copy (see determinize; seeded by the number of actions so far): a strategy never reads what its
    // seat cannot see, and two games that differ only in that get the same preferences.
    [[nodiscard]] std::vector<std::int32_t> preferences(int strategy, int seat) const;
    // The same into a vector the caller keeps (no allocation once it is large enough): for simulations.
    void preferences(int strategy, int seat, std::vector<std::int32_t>& scores) const;

    // Search bots' statistics of actions (action_keys.cpp): a number per action of `seat` that names what it is, the
    // same in any state where it is offered: its choice point and its option's value (a card by its type and fields,
    // a record by its fields, a subset by its elements in any order). Empty when the seat has nothing to decide.
    void action_keys(int seat, std::vector<std::uint64_t>& keys) const;
    // The same for one action. Throws UsageError for a seat with nothing to decide or a wrong index.
    [[nodiscard]] std::uint64_t action_key(int seat, int action) const;

    // What the rules can offer, counted from the declared types (ActionSpace) for this game's players and cards.
    [[nodiscard]] ActionSpace action_space() const;

    // Information sets, for search bots (docs/engine.md, "Determinization"): replaces everything `seat` cannot know
    // by a random guess consistent with what it has seen. The cards in places the seat cannot see (hidden zones, the
    // other seats' private zones) whose place it does not know (it did not see them go there, or forgot) are gathered
    // in card order and dealt back at random among their places, each zone keeping its size and its declared card
    // type, a card put at a random position of a deck staying among the positions it could have gone to; the cards
    // it knows stay where they are; the other seats' secret answers to a pending simultaneous decision
    // are withdrawn (they must answer again), and another seat's pending decision is offered again from the new deal
    // (its options came from the old one; a deal that cannot offer it, the seat having chosen in a way the new hand
    // does not allow, is replaced by another, up to 8 tries); the history is emptied (it is no longer a replay of this state); and
    // the generator is reseeded. Two games that differ only in what `seat` cannot see become equal for the same
    // seed. The other seats' `private` player fields are kept as they are (nothing says how to guess them).
    // seat -1 is a spectator: every private zone is dealt again. True when something was guessed (a card the seat
    // does not know was dealt again, or another seat's pending decision is asked again): false, the game is the
    // seat's exact knowledge, only its generator reseeded.
    bool determinize(int seat, std::uint64_t seed);
    [[nodiscard]] Game determinized(int seat, std::uint64_t seed) const;

    // For the leak audit only (hidden_fields.cpp): the other seats' `private` player fields take other values of
    // their types (numbers up by 1 to 3, truths flipped, another enum value or player), which `seat` cannot tell
    // apart. The values may be ones the rules could never reach.
    void vary_private_fields(int seat, std::uint64_t seed);
    // For the leak audit only: chance to come draws as in `other` (its generator, and the chance a test forced), so
    // that what the next steps say differs only by what the two games differ in now.
    void draw_chance_as(const Game& other);

    // The running state, for the stages after the engine (seat views): front ends cannot read it, since state.hpp is
    // not part of the public API.
    [[nodiscard]] const StateData& state() const { return *state_; }

    // A mark of the game's generator: the same before and after a step that drew no number and shuffled nothing.
    [[nodiscard]] std::uint64_t chance_mark() const;

    // Equal when everything that determines the rest of the game is equal (state, pending decisions, generator).
    friend bool operator==(const Game& a, const Game& b);

private:
    bool deal_unseen(int seat, std::uint64_t seed);
    void end_if_too_long();
    void offer_pending_again(int seat);

    std::shared_ptr<const GameDefinition> definition_;
    ResolvedSettings settings_;
    std::unique_ptr<StateData> state_;
};

}  // namespace rulesrun::runtime
