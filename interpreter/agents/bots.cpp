// The built-in bots: random, and one bot per strategy the rules file declares.
#include "bots.hpp"

#include "exec_bot.hpp"
#include "mcts.hpp"
#include "seeds.hpp"

namespace rulesrun {

namespace {

// Seats are mixed with a tag so that a bot's numbers differ from those of a game seeded with the same value.
constexpr std::uint64_t bot_tag = 0x626f74ULL << 32;  // "bot"

class RandomBot : public Bot {
public:
    explicit RandomBot(std::uint64_t seed) : rng_(seed) {}

    void start_game(std::uint64_t game_seed, int seat) override { rng_ = Rng(bot_seed(game_seed, seat)); }

    int choose(const runtime::Game& game, int seat) override {
        return static_cast<int>(rng_.below(static_cast<std::uint32_t>(game.action_count(seat))));
    }

private:
    Rng rng_;
};

// Takes the action the strategy prefers most; among equal preferences each has the same chance. Where the
// strategy has no rule (empty preferences) it plays at random, as the language says.
class StrategyBot : public Bot {
public:
    StrategyBot(int strategy, std::uint64_t seed) : strategy_(strategy), rng_(seed) {}

    void start_game(std::uint64_t game_seed, int seat) override { rng_ = Rng(bot_seed(game_seed, seat)); }

    int choose(const runtime::Game& game, int seat) override {
        game.preferences(strategy_, seat, preferences_);
        if (preferences_.empty())
            return static_cast<int>(rng_.below(static_cast<std::uint32_t>(game.action_count(seat))));
        return pick_preferred(preferences_, rng_);
    }

private:
    int strategy_;
    Rng rng_;
    std::vector<std::int32_t> preferences_;  // kept from decision to decision: no allocation in simulations
};

}  // namespace

// One pass: the k-th action found with the best preference replaces the pick with chance 1/k (reservoir sampling), so
// every tied action is equally likely.
int pick_preferred(const std::vector<std::int32_t>& preferences, Rng& rng) {
    int best = 0;
    std::uint32_t ties = 1;
    for (int i = 1; i < static_cast<int>(preferences.size()); ++i) {
        if (preferences[i] > preferences[best]) {
            best = i;
            ties = 1;
        } else if (preferences[i] == preferences[best] && rng.below(++ties) == 0) {
            best = i;
        }
    }
    return best;
}

std::uint64_t bot_seed(std::uint64_t game_seed, int seat) {
    return derive_seed(game_seed, bot_tag | static_cast<std::uint32_t>(seat));
}

std::unique_ptr<Bot> make_bot(const BotSpec& spec, std::uint64_t game_seed, int seat) {
    switch (spec.kind) {
    case BotKind::random:
        return std::make_unique<RandomBot>(bot_seed(game_seed, seat));
    case BotKind::strategy:
        return std::make_unique<StrategyBot>(spec.strategy, bot_seed(game_seed, seat));
    case BotKind::mcts:
        return make_mcts_bot(parse_mcts_settings(spec.parameters, spec.strategy), game_seed, seat);
    case BotKind::exec:
        return std::make_unique<ExecBot>(spec.command, spec.timeout_seconds);
    case BotKind::human:
        break;
    }
    throw BotListError("a human is not a bot: the front end asks the player");
}

}  // namespace rulesrun
