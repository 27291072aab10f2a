// The search bot: it finds a forced win, keeps to its budget, breaks ties fairly, uses the score when every game is
// lost, follows its playout strategy until playouts show better, is reproducible for a seed, plays games with
// secrets, chance and simultaneous decisions to the end, and names wrong parameters.
#include <gtest/gtest.h>

#include <set>

#include "bots.hpp"
#include "action_statistics.hpp"
#include "mcts.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using runtime::Game;
using testing_support::load_rules;
using testing_support::load_text;

// Nim: take 1 to 3 stones in turn; whoever takes the last stone wins. The player to move wins by leaving a multiple
// of 4, and only that way.
const char* const nim = R"(
game "Nim" {
  players 2
}
option stones: 1 to 40 = 5 "stones at the start"
state {
  left: int = 0
}
setup {
  left = stones
}
play {
  let p = first_player()
  repeat {
    let taken = choose one of [n for n in 1..3 where n <= left] by p "take how many?"
    left -= taken
    if left == 0 {
      end game with winners [p]
    }
    p = next_seat(p)
  }
}
)";

Game start(const std::shared_ptr<const runtime::GameDefinition>& game, int players, std::uint64_t seed,
           std::vector<std::pair<std::string, std::string>> options = {}) {
    runtime::Settings settings;
    settings.players = players;
    settings.seed = seed;
    settings.options = std::move(options);
    return Game(game, runtime::resolve_settings(*game, settings));
}

MctsSettings with_iterations(int iterations) {
    MctsSettings settings;
    settings.iterations = iterations;
    return settings;
}

TEST(Mcts, FindsTheWinningMoveOfNim) {
    const auto game = load_text("mcts_nim", nim);
    ASSERT_TRUE(game);
    for (const int stones : {5, 6, 7, 9, 10, 11, 13, 14, 15}) {
        const Game g = start(game, 2, 1, {{"stones", std::to_string(stones)}});
        auto bot = make_mcts_bot(with_iterations(3000), 1, 0);
        EXPECT_EQ(bot->choose(g, 0) + 1, stones % 4) << stones << " stones";
    }
}

TEST(Mcts, WinsNimFromAWinningStartAgainstRandom) {
    const auto game = load_text("mcts_nim", nim);
    ASSERT_TRUE(game);
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        Game g = start(game, 2, seed, {{"stones", "21"}});
        auto bot = make_mcts_bot(with_iterations(2000), seed, 0);
        Rng rng(seed);
        while (!g.finished()) {
            const int seat = g.to_act().front();
            g.apply(seat, seat == 0 ? bot->choose(g, 0) : static_cast<int>(rng.below(static_cast<std::uint32_t>(g.action_count(1)))));
        }
        EXPECT_TRUE(g.results().winners[0]) << "seed " << seed;
    }
}

// Nim is known exactly and has no chance: the solver proves the result of the decision and the search stops there.
// Where the game holds what the seat cannot know (Diamant's deck), nothing is proven.
TEST(Mcts, ProvesTheResultOfAGameWithoutChanceOrSecretsAndStopsThere) {
    const auto game = load_text("mcts_nim", nim);
    ASSERT_TRUE(game);
    for (const int stones : {9, 12}) {  // a win for the player to move, then a loss
        const Game g = start(game, 2, 1, {{"stones", std::to_string(stones)}});
        auto bot = make_mcts_bot(with_iterations(20000), 1, 0);
        const int taken = bot->choose(g, 0) + 1;
        EXPECT_TRUE(bot->last_search().proven) << stones << " stones";
        EXPECT_LT(bot->last_search().iterations, 20000) << stones << " stones";
        if (stones % 4 != 0) EXPECT_EQ(taken, stones % 4);
        MctsSettings unsolved = with_iterations(2000);
        unsolved.solver = false;
        auto plain = make_mcts_bot(unsolved, 1, 0);
        plain->choose(g, 0);
        EXPECT_FALSE(plain->last_search().proven);
    }
    const auto diamant = load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    auto bot = make_mcts_bot(with_iterations(300), 2, 0);
    bot->choose(start(diamant, 3, 2), 0);
    EXPECT_FALSE(bot->last_search().proven);
}

// The next decision's search starts from the subtree below the answers given since: more nodes than iterations.
TEST(Mcts, ReusesTheSubtreeOfTheAnswersGivenSince) {
    const auto game = load_text("mcts_nim", nim);
    ASSERT_TRUE(game);
    auto nodes_at_second_decision = [&](bool reuse) {
        MctsSettings settings = with_iterations(500);
        settings.reuse = reuse;
        auto bot = make_mcts_bot(settings, 1, 0);
        Game g = start(game, 2, 1, {{"stones", "30"}});
        g.apply(0, bot->choose(g, 0));
        g.apply(1, 0);
        bot->choose(g, 0);
        return std::pair(bot->last_search().nodes, static_cast<std::size_t>(bot->last_search().iterations));
    };
    const auto [reused_nodes, reused_iterations] = nodes_at_second_decision(true);
    EXPECT_GT(reused_nodes, reused_iterations);
    const auto [fresh_nodes, fresh_iterations] = nodes_at_second_decision(false);
    EXPECT_LE(fresh_nodes, fresh_iterations);
}

TEST(Mcts, KeepsToItsIterationsAndTimeBudgets) {
    const auto diamant = load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    const Game g = start(diamant, 3, 2);
    auto bot = make_mcts_bot(with_iterations(250), 2, 0);
    bot->choose(g, 0);
    EXPECT_LE(bot->last_search().iterations, 250);  // fewer once the rest could not change the choice
    EXPECT_GE(bot->last_search().iterations, 125);
    EXPECT_LE(bot->last_search().nodes, 250U);
    MctsSettings timed;
    timed.seconds = 0.05;
    auto timed_bot = make_mcts_bot(timed, 2, 0);
    timed_bot->choose(g, 0);
    EXPECT_LT(timed_bot->last_search().seconds, 1.0);
    EXPECT_GE(timed_bot->last_search().iterations, 1);
}

// One choice among ten numbers, then the game ends. `lucky` always wins (the others lose); with lucky 0 a coin decides,
// whatever the number. The strategy `seven` always picks 7; `points` is the score (every game is lost with `doomed`).
const char* const pick = R"rules(
game "Pick" {
  players 1
}
option lucky: 0 to 10 = 0 "the number that wins (0: a coin decides)"
option doomed: false | true = false "every game is lost, whatever the number"
die coin: 2 faces
player {
  points: int = 0
}
play {
  let p = first_player()
  let number = choose one of [n for n in 1..10] by p "which number?"
  p.points = number
  if doomed {
    end game with winners nobody
  }
  if number == lucky or (lucky == 0 and roll(coin) == 1) {
    end game with winners [p]
  }
  end game with winners nobody
}
score(p) = p.points
strategy seven "always 7" {
  on number prefer if choice == 7 then 1 else 0
}
)rules";

int pick_with(const std::string& bot_spec, std::uint64_t seed, std::vector<std::pair<std::string, std::string>> options) {
    const auto game = load_text("mcts_pick", pick);
    EXPECT_TRUE(game);
    const auto spec = parse_bot_list(bot_spec, game->strategies(), false).at(0);
    const Game g = start(game, 1, seed, std::move(options));
    return make_bot(spec, seed, 0)->choose(g, 0) + 1;
}

// The search stops once the most tried action leads every other by more iterations than are left: where one number
// wins, well before its budget; where a coin decides whatever the number, only near its end.
TEST(Mcts, StopsOnceTheRestOfTheBudgetCouldNotChangeTheChoice) {
    const auto game = load_text("mcts_pick", pick);
    ASSERT_TRUE(game);
    auto searched = [&](const char* lucky) {
        MctsSettings settings = with_iterations(5000);
        settings.score_weight = 0;  // the number alone: every number as good when a coin decides
        auto bot = make_mcts_bot(settings, 1, 0);
        const int number = bot->choose(start(game, 1, 1, {{"lucky", lucky}}), 0) + 1;
        return std::pair(number, bot->last_search().iterations);
    };
    const auto [winning, iterations] = searched("7");
    EXPECT_EQ(winning, 7);
    EXPECT_LT(iterations, 3000);
    EXPECT_GE(searched("0").second, 4500);
}

TEST(Mcts, EqualActionsDoNotAllFallToTheFirst) {
    std::set<int> picked;  // every number loses, scores unused: every root statistic is equal
    for (std::uint64_t seed = 0; seed < 20; ++seed) picked.insert(pick_with("mcts:iterations=20,score=0", seed, {{"doomed", "true"}}));
    EXPECT_GE(picked.size(), 3U);
}

TEST(Mcts, TheScoreGuidesTheSearchWhenEveryPlayoutIsLost) {
    // Alone and always losing, the only signal is the score: its margin is compared across the search's playouts.
    for (std::uint64_t seed = 0; seed < 5; ++seed) EXPECT_EQ(pick_with("mcts:iterations=200", seed, {{"doomed", "true"}}), 10);
}

// The learned playouts' statistics: each seat's average reward per action, unknown actions told apart, older
// decisions weighing less, and nothing lost when the table grows.
TEST(ActionStatistics, AveragesEachSeatsRewardsPerAction) {
    ActionStatistics stats;
    EXPECT_EQ(stats.average(0, 42, -1.0), -1.0);  // never taken
    stats.add(0, 42, 1.0);
    stats.add(0, 42, 0.0);
    stats.add(1, 42, 1.0);  // the same action, another seat
    EXPECT_DOUBLE_EQ(stats.average(0, 42, -1.0), 0.5);
    EXPECT_DOUBLE_EQ(stats.average(1, 42, -1.0), 1.0);
    stats.decay(0.5);  // a new decision: the average stays, its weight halves
    EXPECT_DOUBLE_EQ(stats.average(0, 42, -1.0), 0.5);
    stats.add(0, 42, 1.0);
    EXPECT_DOUBLE_EQ(stats.average(0, 42, -1.0), 0.75);  // (0.5 + 1) / (1 + 1)
    for (std::uint64_t action = 0; action < 5000; ++action) stats.add(2, action * 0x9e3779b97f4a7c15ULL, static_cast<double>(action % 7));
    for (std::uint64_t action = 0; action < 5000; ++action) {
        ASSERT_DOUBLE_EQ(stats.average(2, action * 0x9e3779b97f4a7c15ULL, -1.0), static_cast<double>(action % 7)) << action;
    }
    EXPECT_DOUBLE_EQ(stats.average(1, 42, -1.0), 1.0);
    stats.clear();
    EXPECT_EQ(stats.average(1, 42, -1.0), -1.0);
}

TEST(Mcts, FollowsItsStrategyUntilThePlayoutsShowABetterAction) {
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        // A coin decides whatever the number: a few noisy playouts must not draw the bot away from the strategy.
        EXPECT_EQ(pick_with("mcts:iterations=30,score=0,playout=seven", seed, {}), 7) << "seed " << seed;
        // Only 3 wins: the playouts show it, and the search leaves the strategy's choice.
        EXPECT_EQ(pick_with("mcts:iterations=300,score=0,playout=seven", seed, {{"lucky", "3"}}), 3) << "seed " << seed;
    }
}

// A game between bots from a bot list, to the end: the history.
std::vector<runtime::ActionRecord> play_bots(const std::shared_ptr<const runtime::GameDefinition>& game, int players,
                                             const std::string& list, std::uint64_t seed) {
    const auto specs = parse_bot_list(list, game->strategies(), false);
    Game g = start(game, players, seed);
    std::vector<std::unique_ptr<Bot>> bots;
    EXPECT_EQ(specs.size(), static_cast<std::size_t>(players));
    for (int s = 0; s < players; ++s) bots.push_back(make_bot(specs[static_cast<std::size_t>(s)], seed, s));
    while (!g.finished()) {
        for (const int s : g.to_act()) g.apply(s, bots[static_cast<std::size_t>(s)]->choose(g, s));
    }
    return g.history();
}

bool same(const std::vector<runtime::ActionRecord>& a, const std::vector<runtime::ActionRecord>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const auto& x, const auto& y) { return x.seat == y.seat && x.action == y.action; });
}

TEST(Mcts, TheSameSeedPlaysTheSameGame) {
    const auto diamant = load_rules("diamant.rules");
    ASSERT_TRUE(diamant);
    const std::string list = "mcts:iterations=100,mcts:iterations=100,random";
    EXPECT_TRUE(same(play_bots(diamant, 3, list, 7), play_bots(diamant, 3, list, 7)));
    const std::string reseeded = "mcts:iterations=100,seed=5,mcts:iterations=100,seed=5,random";
    bool differs = false;
    for (std::uint64_t seed = 7; seed < 10 && !differs; ++seed)
        differs = !same(play_bots(diamant, 3, list, seed), play_bots(diamant, 3, reseeded, seed));
    EXPECT_TRUE(differs);
}

// Playouts stopped at the cutoff rank the players by the scores the rules count then: the same as at the end.
TEST(Mcts, ScoresNowAreTheScoresTheRulesCount) {
    const auto pig = load_rules("pig.rules");
    ASSERT_TRUE(pig);
    Game g = start(pig, 2, 7);
    Rng rng(7);
    std::vector<std::int32_t> scores;
    bool banked = false;
    while (!g.finished()) {
        g.scores_now(scores);
        ASSERT_EQ(scores.size(), 2U);
        banked = banked || scores[0] > 0 || scores[1] > 0;
        const int seat = g.to_act().front();
        g.apply(seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(g.action_count(seat)))));
    }
    EXPECT_TRUE(banked);
    g.scores_now(scores);
    EXPECT_EQ(scores, g.results().scores);
    const auto nim_game = load_text("mcts_nim", nim);
    ASSERT_TRUE(nim_game);
    start(nim_game, 2, 1).scores_now(scores);
    EXPECT_TRUE(scores.empty());  // no score in the rules
}

// A solo game whose score is counted only at its end, sixty actions after the one choice that matters: a playout
// stopped at the cutoff before the score moved would tell every number alike, so playouts go on until it moves.
const char* const late_score = R"rules(
game "Late score" {
  players 1
}
player {
  points: int = 0
}
play {
  let p = first_player()
  let number = choose one of [n for n in 1..10] by p "which number?"
  repeat 60 times {
    let step = choose one of [1, 2, 3] by p "a step that changes nothing"
  }
  if number == 7 {
    p.points = 10
  }
  end game with winners [p]
}
score(p) = p.points
)rules";

TEST(Mcts, PlayoutsGoOnUntilTheScoresMove) {
    const auto game = load_text("mcts_late_score", late_score);
    ASSERT_TRUE(game);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto bot = make_mcts_bot(with_iterations(200), seed, 0);
        EXPECT_EQ(bot->choose(start(game, 1, seed), 0) + 1, 7) << "seed " << seed;
    }
}

TEST(Mcts, PlaysEveryKindOfGameToTheEnd) {
    // Pig: chance; Diamant: simultaneous decisions and a hidden deck.
    EXPECT_FALSE(play_bots(load_rules("pig.rules"), 2, "mcts:iterations=50,random", 3).empty());
    EXPECT_FALSE(play_bots(load_rules("pig.rules"), 2, "mcts:iterations=50,playout=hold_at_20,random", 3).empty());
    EXPECT_FALSE(play_bots(load_rules("diamant.rules"), 4, "mcts:iterations=50,mcts:iterations=50,random,random", 3).empty());
}

std::string parameter_error(const std::string& list) {
    try {
        parse_bot_list(list, {}, false);
    } catch (const BotListError& e) {
        return e.what();
    }
    return "no error";
}

TEST(Mcts, NamesWrongParameters) {
    EXPECT_EQ(parameter_error("mcts:depth=3"),
              "bot 'mcts' has no parameter 'depth' (its parameters: iterations, time, c, score, seed, playout, prior, epsilon, memory, cutoff, rave, temperature, reuse, solver, ngram, chance)");
    EXPECT_EQ(parameter_error("mcts:iterations=0"),
              "bot 'mcts': parameter 'iterations' must be a whole number from 1 to 100000000 (got '0')");
    EXPECT_EQ(parameter_error("mcts:iterations=12x"),
              "bot 'mcts': parameter 'iterations' must be a whole number from 1 to 100000000 (got '12x')");
    EXPECT_EQ(parameter_error("mcts:c=-1"), "bot 'mcts': parameter 'c' must be a number from 0 to 100 (got '-1')");
    EXPECT_EQ(parameter_error("mcts:time="), "bot 'mcts': parameter 'time' must be a number of seconds from 0.001 to 3600 (got '')");
    EXPECT_EQ(parameter_error("mcts:c=1,c=2"), "bot 'mcts': parameter 'c' is given twice");
    EXPECT_EQ(parameter_error("mcts:prior=1.5"), "bot 'mcts': parameter 'prior' must be a number from 0 to 1 (got '1.5')");
    EXPECT_EQ(parameter_error("mcts:iterations=10,c=0.5,score=0.1,seed=3,time=1,playout=random,prior=0.8"), "no error");
    EXPECT_EQ(parameter_error("mcts:epsilon=0.1,memory=0.5,cutoff=0,rave=300,temperature=0.1"), "no error");
    EXPECT_EQ(parameter_error("mcts:rave=-1"), "bot 'mcts': parameter 'rave' must be a number from 0 to 1000000000 (got '-1')");
    EXPECT_EQ(parameter_error("mcts:epsilon=2"), "bot 'mcts': parameter 'epsilon' must be a number from 0 to 1 (got '2')");
    EXPECT_EQ(parameter_error("mcts:memory=-0.5"), "bot 'mcts': parameter 'memory' must be a number from 0 to 1 (got '-0.5')");
    EXPECT_EQ(parameter_error("mcts:cutoff=1.5"),
              "bot 'mcts': parameter 'cutoff' must be a whole number from 0 to 1000000 (got '1.5')");
    EXPECT_EQ(parameter_error("mcts:playout=bold"),
              "bot 'mcts': parameter 'playout' names no strategy of the game: 'bold' (known: random)");
    const auto pig = load_rules("pig.rules");
    ASSERT_TRUE(pig);
    EXPECT_EQ(parse_bot_list("mcts:playout=hold_at_20", pig->strategies(), false).front().strategy, 0);
}

}  // namespace
}  // namespace rulesrun
