// Bots: programs that choose actions for a seat. `random` picks uniformly among the legal actions; a strategy bot
// follows a strategy the rules file declares (its highest preference, ties broken at random). Every bot draws from
// its own generator, seeded from the game's seed and its seat, so a game between bots is reproducible.
//
// A list of bots is written "random,cautious,stay", one entry per seat. An entry is NAME or NAME:key=value,...
// ("mcts:iterations=2000,c=0.7"); only the search bot `mcts` takes parameters (mcts.hpp).
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

namespace rulesrun {

// A wrong bot list (an unknown bot, a parameter a bot does not take, "human" where no human can play).
struct BotListError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

enum class BotKind { human, random, strategy, mcts };

struct BotSpec {
    BotKind kind = BotKind::random;
    std::string name;   // as written: "human", "random", a strategy's name
    // Index in GameDefinition::strategies(): the strategy a strategy bot follows, or the one the search bot's playouts
    // follow (-1: its playouts are random).
    int strategy = -1;
    std::vector<std::pair<std::string, std::string>> parameters;

    // "cautious", or "mcts:iterations=2000" with its parameters: the entry as it would be written in a list.
    [[nodiscard]] std::string text() const;
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
};

// The action with the highest preference; among equal preferences each has the same chance (one draw per tie).
int pick_preferred(const std::vector<std::int32_t>& preferences, Rng& rng);

// The seed of a bot's generator: a function of the game's seed and the seat only.
std::uint64_t bot_seed(std::uint64_t game_seed, int seat);

// A bot for a spec (not human); seeded for (game_seed, seat). Throws BotListError for a human spec.
std::unique_ptr<Bot> make_bot(const BotSpec& spec, std::uint64_t game_seed, int seat);

}  // namespace rulesrun
