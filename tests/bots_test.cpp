// Bot lists (names, humans, parameters, the errors) and the bots themselves: random is reproducible and uses every
// action, a strategy bot follows its preferences, breaks ties at random and plays at random where it has no rule.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "bots.hpp"
#include "test_games.hpp"
#include "game.hpp"

namespace rulesrun {
namespace {

using runtime::Game;

const std::vector<runtime::StrategyInfo> diamant_strategies = {{"stay", ""}, {"cautious", ""}, {"bold", ""}};

std::string list_error(const std::string& list, bool allow_human) {
    try {
        parse_bot_list(list, diamant_strategies, allow_human);
    } catch (const BotListError& e) {
        return e.what();
    }
    return "no error";
}

using testing_support::load_rules;

using testing_support::load_text;

Game start(const std::shared_ptr<const runtime::GameDefinition>& definition, int players, std::uint64_t seed) {
    return Game(definition, runtime::resolve_settings(*definition, {players, {}, seed}));
}

BotSpec spec(const runtime::GameDefinition& definition, const std::string& name) {
    return parse_bot_list(name, definition.strategies(), false).front();
}

TEST(BotList, NamesBecomeSpecsInSeatOrder) {
    const auto bots = parse_bot_list(" random, cautious,stay ", diamant_strategies, false);
    ASSERT_EQ(bots.size(), 3U);
    EXPECT_EQ(bots[0].kind, BotKind::random);
    EXPECT_EQ(bots[1].kind, BotKind::strategy);
    EXPECT_EQ(bots[1].strategy, 1);
    EXPECT_EQ(bots[1].text(), "cautious");
    EXPECT_EQ(bots[2].strategy, 0);
}

TEST(BotList, HumansOnlyWhereAllowed) {
    EXPECT_EQ(parse_bot_list("human,bold", diamant_strategies, true)[0].kind, BotKind::human);
    EXPECT_EQ(list_error("human,bold", false),
              "'human' can only play in 'rulesrun play' (known bots: random, mcts, stay, cautious, bold, or exec:COMMAND "
              "for a program)");
}

TEST(BotList, UnknownBotsAreNamedWithTheKnownOnes) {
    EXPECT_EQ(list_error("random,cautios", true),
              "unknown bot 'cautios' (known bots: human, random, mcts, stay, cautious, bold, or exec:COMMAND for a "
              "program)");
    EXPECT_EQ(list_error("random,,stay", false),
              "the bot list 'random,,stay' has an empty entry (known bots: random, mcts, stay, cautious, bold, or "
              "exec:COMMAND for a program)");
    EXPECT_NE(list_error("", false).find("empty entry"), std::string::npos);
}

TEST(BotList, OnlyTheSearchBotTakesParameters) {
    const auto bots = parse_bot_list("mcts:iterations=2000,c=1.4,random", diamant_strategies, false);
    ASSERT_EQ(bots.size(), 2U);
    EXPECT_EQ(bots[0].kind, BotKind::mcts);
    EXPECT_EQ(bots[0].text(), "mcts:iterations=2000,c=1.4");
    EXPECT_EQ(bots[1].kind, BotKind::random);
    EXPECT_EQ(list_error("random:seed=3,depth=2,stay", false),
              "bot 'random' takes no parameters (got 'random:seed=3,depth=2')");
    EXPECT_EQ(list_error("stay,depth=2", false),
              "'depth=2' in the bot list 'stay,depth=2' is a parameter but follows no 'NAME:' entry");
    EXPECT_EQ(list_error("stay:depth", false), "bot parameter 'depth' of 'stay' is not written key=value");
}

TEST(BotList, KnownNamesStartWithHumanAndRandom) {
    EXPECT_EQ(known_bot_names(diamant_strategies, true),
              (std::vector<std::string>{"human", "random", "mcts", "stay", "cautious", "bold"}));
    EXPECT_THROW(make_bot(parse_bot_list("human", diamant_strategies, true)[0], 1, 0), BotListError);
}

// The choices of a bot through one game of Pig, as action names.
std::vector<std::string> pig_choices(const BotSpec& bot_spec, std::uint64_t game_seed, int bot_seed_seat) {
    const auto pig = load_rules("pig.rules");
    auto game = start(pig, 2, game_seed);
    auto bot = make_bot(bot_spec, game_seed, bot_seed_seat);
    std::vector<std::string> names;
    while (!game.finished() && names.size() < 200) {
        const int seat = game.to_act().front();
        const int action = bot->choose(game, seat);
        names.push_back(game.action_name(seat, action));
        game.apply(seat, action);
    }
    return names;
}

TEST(Bots, RandomIsReproducibleFromTheGameSeedAndSeat) {
    const auto pig = load_rules("pig.rules");
    const auto random = spec(*pig, "random");
    const auto first = pig_choices(random, 11, 0);
    EXPECT_EQ(pig_choices(random, 11, 0), first);
    EXPECT_NE(pig_choices(random, 11, 1), first);  // another seat draws other numbers
    EXPECT_EQ(std::set<std::string>(first.begin(), first.end()), (std::set<std::string>{"roll", "hold"}));
}

TEST(Bots, StartGameReseedsLikeANewBot) {
    const auto pig = load_rules("pig.rules");
    auto game = start(pig, 2, 5);
    auto used = make_bot(spec(*pig, "random"), 99, 1);
    for (int i = 0; i < 17; ++i) used->choose(game, 0);
    used->start_game(5, 0);
    auto fresh = make_bot(spec(*pig, "random"), 5, 0);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(used->choose(game, 0), fresh->choose(game, 0));
}

TEST(Bots, AStrategyTakesItsPreferredAction) {
    const auto diamant = load_rules("diamant.rules");
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto game = start(diamant, 3, seed);
        auto stay = make_bot(spec(*diamant, "stay"), seed, 0);
        const auto seats = game.to_act();
        ASSERT_FALSE(seats.empty());
        EXPECT_EQ(game.action_name(seats[0], stay->choose(game, seats[0])), "stay");
    }
}

const char* two_choices = R"(game "Two choices" {
  players 1
}
enum Side { left, right }
state {
  lefts: int = 0
}
play {
  repeat 2 times {
    let tie = choose one of Side by first_player() "tie"
    if tie == left { lefts += 1 }
    let free = choose one of Side by first_player() "free"
    if free == left { lefts += 1 }
  }
}
score(p) = lefts
strategy even "likes both sides the same and has no rule for free" {
  on tie prefer 0
}
)";

TEST(Bots, TiesAndChoicesWithoutARuleAreRandom) {
    const auto definition = load_text("two_choices", two_choices);
    const auto even = spec(*definition, "even");
    std::set<std::string> tie_picks, free_picks;
    for (std::uint64_t seed = 1; seed <= 64; ++seed) {
        auto game = start(definition, 1, seed);
        auto bot = make_bot(even, seed, 0);
        while (!game.finished()) {
            const bool tie = game.choice_name(0) == "tie";
            EXPECT_EQ(game.preferences(even.strategy, 0).empty(), !tie);  // what the bot sees
            const int action = bot->choose(game, 0);
            (tie ? tie_picks : free_picks).insert(game.action_name(0, action));
            game.apply(0, action);
        }
    }
    EXPECT_EQ(tie_picks, (std::set<std::string>{"left", "right"}));
    EXPECT_EQ(free_picks, (std::set<std::string>{"left", "right"}));
}

}  // namespace
}  // namespace rulesrun
