// Bots: programs that choose actions for a seat. `random` picks uniformly among the legal actions; a strategy bot
// follows a strategy the rules file declares (its highest preference, ties broken at random). Every bot draws from
// its own generator, seeded from the game's seed and its seat, so a game between bots is reproducible.
//
// A list of bots is written "random,cautious,stay", one entry per seat. An entry is NAME or NAME:key=value,...
// ("mcts:iterations=2000,c=0.7"); only the search bot `mcts` takes parameters (mcts.hpp). `exec:COMMAND` is a program
// that takes the seat (exec_bot.hpp): the command is the rest of the entry, or, in double quotes, everything up to the
// quote followed by a comma or the end of the list (`exec:"python3 bot.py --level 2, fast",random`).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"
#include "random.hpp"
#include "table_log.hpp"

namespace rulesrun {

// A wrong bot list (an unknown bot, a parameter a bot does not take, "human" where no human can play).
struct BotListError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

enum class BotKind { human, random, strategy, mcts, exec };

// How long an exec bot may take to answer one decision, unless the front end says otherwise (--bot-timeout).
inline constexpr double default_bot_timeout_seconds = 10;

struct BotSpec {
    BotKind kind = BotKind::random;
    std::string name;   // as written: "human", "random", a strategy's name, "exec"
    // Index in GameDefinition::strategies(): the strategy a strategy bot follows, or the one the search bot's playouts
    // follow (-1: its playouts are random).
    int strategy = -1;
    std::vector<std::pair<std::string, std::string>> parameters;
    std::string command{};  // exec: the shell command that starts the program
    double timeout_seconds = default_bot_timeout_seconds;  // exec: the longest wait for one answer

    // "cautious", "mcts:iterations=2000" with its parameters, or exec:"COMMAND": the entry as it would be written in
    // a list (and is read back from a saved game).
    [[nodiscard]] std::string text() const;
    // Whether the bot is told the table's log (Bot::follow): front ends that keep no log keep one for it.
    [[nodiscard]] bool reads_log() const { return kind == BotKind::exec; }
};

// Parses a bot list against the strategies a game declares (GameDefinition::strategies()). `human` is accepted only
// when `allow_human`. Throws BotListError naming the wrong entry and listing the known bots.
std::vector<BotSpec> parse_bot_list(std::string_view list, const std::vector<runtime::StrategyInfo>& strategies,
                                    bool allow_human);

// The names a bot list may use, in the order they are listed in error messages.
std::vector<std::string> known_bot_names(const std::vector<runtime::StrategyInfo>& strategies, bool allow_human);

class Bot {
public:
    virtual ~Bot() = default;
    // Seeds the bot's generator for a new game; a bot object can be reused for many games.
    virtual void start_game(std::uint64_t game_seed, int seat) = 0;
    // The index of the chosen action among game.action_count(seat); `seat` must be one of game.to_act().
    virtual int choose(const runtime::Game& game, int seat) = 0;
    // The table's log the front end keeps (not owned; it must outlive the bot's games), for a bot that is told what
    // its seat may read of it (BotSpec::reads_log). Lines are added to it as the game goes; a front end that keeps
    // none never calls this, and such a bot is told nothing.
    virtual void follow(const runtime::TableLog* /*log*/) {}
    // The game is over (game.finished()): a bot that runs a program sends it the end and lets it go.
    virtual void game_over(const runtime::Game& /*game*/, int /*seat*/) {}
};

// The action with the highest preference; among equal preferences each has the same chance (one draw per tie).
int pick_preferred(const std::vector<std::int32_t>& preferences, Rng& rng);

// The seed of a bot's generator: a function of the game's seed and the seat only.
std::uint64_t bot_seed(std::uint64_t game_seed, int seat);

// A bot for a spec (not human); seeded for (game_seed, seat). Throws BotListError for a human spec. An exec bot starts
// its program when it is first needed in a game.
std::unique_ptr<Bot> make_bot(const BotSpec& spec, std::uint64_t game_seed, int seat);

}  // namespace rulesrun
