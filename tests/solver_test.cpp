// The solver (interpreter/agents/solver.hpp) on games whose values are known: tic-tac-toe (a draw), Kuhn poker
// (-1/18 for the first seat), the uniformly random policy of Kuhn poker (its best responses worked out by hand below);
// its chance (shuffles with cards alike, dice), its information sets (made from what a seat sees only), and its
// refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "solver.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

using testing_support::expect_game;
using testing_support::load_rules;
using testing_support::load_text;

std::shared_ptr<const runtime::GameDefinition> load_test_game(const std::string& name) {
    return expect_game(runtime::load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/" + name));
}

SolveRequest request_for(const runtime::GameDefinition& game, std::int64_t iterations = default_solver_iterations) {
    SolveRequest request;
    request.settings = runtime::resolve_settings(game, runtime::Settings{0, {}, 1});
    request.iterations = iterations;
    return request;
}

// tests/games/tic_tac_toe.rules ends a full board with nobody winning (everybody loses): with perfect play no one
// wins, 0 to each. Written as a draw instead, it is worth half a win to each.
TEST(Solver, TicTacToeIsADraw) {
    const auto game = load_test_game("tic_tac_toe.rules");
    const SolveReport report = solve_game(game, request_for(*game));
    EXPECT_TRUE(report.perfect_information);
    EXPECT_EQ(report.method, "backward induction");
    EXPECT_EQ(report.value, SolveValue::outcome);  // no score: win shares
    EXPECT_FALSE(report.constant_sum);             // a win is 1 + 0, everybody losing 0 + 0
    EXPECT_EQ(report.terminal_nodes, 255168);       // every game of tic-tac-toe
    EXPECT_EQ(report.information_sets, report.decision_nodes);
    ASSERT_EQ(report.values.size(), 2u);
    EXPECT_DOUBLE_EQ(report.values[0], 0.0);
    EXPECT_DOUBLE_EQ(report.values[1], 0.0);
    EXPECT_NEAR(report.nash_conv, 0.0, 1e-12);  // no seat gains by deviating

    std::ifstream file(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/tic_tac_toe.rules");
    std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    const std::string nobody = "end game with winners nobody";
    ASSERT_NE(text.find(nobody), std::string::npos);
    text.replace(text.find(nobody), nobody.size(), "end game with draw");
    const auto drawn = load_text("tic_tac_toe_drawn", text);
    const SolveReport draw = solve_game(drawn, request_for(*drawn));
    EXPECT_TRUE(draw.constant_sum);  // minimax
    EXPECT_DOUBLE_EQ(draw.values[0], 0.5);
    EXPECT_DOUBLE_EQ(draw.values[1], 0.5);
    EXPECT_NEAR(draw.nash_conv, 0.0, 1e-12);
}

TEST(Solver, KuhnPokerIsWorthMinusOneEighteenthToTheFirstSeat) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    const SolveReport report = solve_game(game, request_for(*game, 1000));
    EXPECT_FALSE(report.perfect_information);
    EXPECT_EQ(report.method, "CFR+");
    EXPECT_EQ(report.value, SolveValue::score);  // chips: the scores sum to zero
    ASSERT_EQ(report.values.size(), 2u);
    EXPECT_NEAR(report.values[0], -1.0 / 18, 1e-3);
    EXPECT_NEAR(report.values[1], 1.0 / 18, 1e-3);
    EXPECT_LT(report.exploitability(), 1e-3);
}

TEST(Solver, KuhnPokersInformationSetsAreWhatASeatSees) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    const SolveReport report = solve_game(game, request_for(*game, 1));
    // The deal: one chance node, 3! orders of the deck. Each seat decides knowing its card and the bets: player 1 at
    // the start and after check-bet, player 2 after a check or a bet, for each of 3 cards: 12 sets of 2 states (the
    // other's card, one of two).
    EXPECT_EQ(report.chance_nodes, 1);
    EXPECT_EQ(report.information_sets, 12);
    for (const PolicyEntry& entry : report.policy) {
        EXPECT_EQ(entry.nodes, 2) << entry.label;
        EXPECT_EQ(std::count(entry.label.begin(), entry.label.end(), '='), 1) << entry.label;  // its own card only
    }
}

TEST(Solver, CfrPlusExploitabilityFalls) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    const SolveReport report = solve_game(game, request_for(*game, 1000));
    ASSERT_EQ(report.convergence.size(), 4u);  // 1, 10, 100, 1000 iterations
    for (std::size_t i = 1; i < report.convergence.size(); ++i) {
        EXPECT_LT(report.convergence[i].nash_conv, report.convergence[i - 1].nash_conv) << i;
    }
    EXPECT_DOUBLE_EQ(report.convergence.back().nash_conv, report.nash_conv);
}

// Best responses to uniformly random Kuhn poker, by hand (cards J < Q < K, the other's card one of the two left):
// - player 2 against player 1 checking or betting half the time each: facing a bet, call with K (+2) or Q (0), fold
//   J (-1); after a check, bet with K (1/2 x 1 + 1/2 x 2 = 1.5), Q (1/2 x 1 + 1/2 x 0 = 0.5) and J (1/2 x 1 - 1/2 x 2
//   = -0.5). So K 1.75, Q 0.25, J -0.75: 5/12 on average.
// - player 1 against player 2 random: with K 1.5 (bet or check), with Q bet (1/2 x 1 + 1/2 x 0 = 0.5), with J bet
//   (1/2 x 1 - 1/2 x 2 = -0.5, better than checking's -1): 1/2 on average.
// Random against random is worth 1/8 to player 1 (a bet: 1/2 x 1 + 1/2 x 0 = 1/2; a check: 1/2 x 0 + 1/2 x (1/2 x -1 +
// 1/2 x 0) = -1/4), -1/8 to player 2: NashConv (1/2 - 1/8) + (5/12 + 1/8) = 11/12, exploitability 11/24.
TEST(Solver, RandomKuhnPokerIsAsExploitableAsWorkedOutByHand) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    SolveRequest request = request_for(*game);
    request.bots = parse_bot_list("random,random", game->strategies(), false);
    const SolveReport report = solve_game(game, request);
    EXPECT_EQ(report.method, "the bots' policy");
    EXPECT_NEAR(report.values[0], 1.0 / 8, 1e-12);
    EXPECT_NEAR(report.best_responses[0], 0.5, 1e-12);
    EXPECT_NEAR(report.best_responses[1], 5.0 / 12, 1e-12);
    EXPECT_NEAR(report.nash_conv, 11.0 / 12, 1e-12);
    EXPECT_NEAR(report.exploitability(), 11.0 / 24, 1e-12);
    EXPECT_EQ(report.inconsistent_sets, 0);
}

// A strategy's policy is read exactly: `honest` bets and calls with the King only, so its sets hold 0s and 1s.
TEST(Solver, AStrategysPolicyIsReadFromItsPreferences) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    SolveRequest request = request_for(*game);
    request.bots = parse_bot_list("honest", game->strategies(), false);
    request.bots.push_back(request.bots.front());
    const SolveReport report = solve_game(game, request);
    EXPECT_EQ(report.inconsistent_sets, 0);
    for (const PolicyEntry& entry : report.policy) {
        const bool king = entry.label.find("hand = [K]") != std::string::npos;
        for (std::size_t a = 0; a < entry.actions.size(); ++a) {
            const bool aggressive = entry.actions[a] == "bet" || entry.actions[a] == "call";
            EXPECT_DOUBLE_EQ(entry.probabilities[a], aggressive == king ? 1.0 : 0.0) << entry.label;
        }
    }
    EXPECT_GT(report.exploitability(), 0.1);  // honesty is easy to exploit: fold to every bet, bluff
}

// Cards shown alike are one outcome: a pile of A, A, B has 3 orders, each a third. The first player wins when the
// top card is B (1/3), and may instead roll a die (4 sides) that wins on 4 (1/4): the value is 1/3 to him.
TEST(Solver, ChanceIsEnumeratedWithItsProbabilities) {
    const auto game = load_text("solver_chance", R"(
game "Solver chance" {
  players 2
}

die d4: 4 faces

card Letter {
  name: text
} shown as "{name}"

deck letters: Letter = [Letter(name: "A"), Letter(name: "A"), Letter(name: "B")]

zone pile: Letter, ordered, hidden = letters

setup {
  shuffle pile
}

play {
  choose action by players[1] "top card or die?" {
    option card "win if the top card is B" {
      if top(pile).name == "B" {
        end game with winners [players[1]]
      }
    }
    option die "win on a 4" {
      if roll(d4) == 4 {
        end game with winners [players[1]]
      }
    }
  }
  end game with winners [players[2]]
}
)");
    const SolveReport report = solve_game(game, request_for(*game));
    EXPECT_TRUE(report.perfect_information == false);  // the top card is hidden: 3 states in one set
    EXPECT_EQ(report.information_sets, 1);
    EXPECT_EQ(report.policy.front().nodes, 3);
    EXPECT_NEAR(report.values[0], 1.0 / 3, 1e-6);
    EXPECT_NEAR(report.policy.front().probabilities[0], 1.0, 1e-6);  // the card (1/3) beats the die (1/4)
}

// tests/games/tree_counts.rules: a die says who picks first, a shuffle and dice in the middle, both seats guess at
// once at the end. Both seats see the same at the start: their decisions there are still two sets, one per seat.
// Whoever picks first picks 3 and wins: half a win each, and no best response does better.
TEST(Solver, SimultaneousGuessesAndSeatsThatSeeTheSame) {
    const auto game = load_test_game("tree_counts.rules");
    const SolveReport report = solve_game(game, request_for(*game));
    EXPECT_FALSE(report.perfect_information);
    EXPECT_EQ(report.terminal_nodes, 426);
    for (std::size_t seat = 0; seat < 2; ++seat) {
        EXPECT_NEAR(report.values[seat], 0.5, 1e-6) << seat;
        EXPECT_GE(report.best_responses[seat], report.values[seat] - 1e-12) << seat;
    }
    EXPECT_LT(report.nash_conv, 1e-4);
    int starts = 0;
    for (const PolicyEntry& entry : report.policy) {
        if (entry.label != "the start") continue;
        ++starts;
        EXPECT_EQ(entry.nodes, 1) << entry.seat;  // the seat that picks first: one state each
        EXPECT_NEAR(entry.probabilities[2], 1.0, 1e-3) << entry.seat;  // 3 wins at once
    }
    EXPECT_EQ(starts, 2);
}

// Two cards shown alike that differ in a field: an order forced by name cannot say which goes where.
TEST(Solver, RefusesAShuffleOfCardsShownAlikeThatDiffer) {
    const auto game = load_text("solver_alike", R"(
game "Solver alike" {
  players 2
}

card Token {
  label: text
  power: int
} shown as "{label}"

deck tokens: Token = [Token(label: "X", power: 1), Token(label: "X", power: 2)]

zone pile: Token, ordered, hidden = tokens

setup {
  shuffle pile
}

play {
  let strong = choose one of [1, 2] by players[1] "guess the top's power"
  end game with winners (if strong == top(pile).power then [players[1]] else [players[2]])
}
)");
    try {
        solve_game(game, request_for(*game));
        FAIL() << "the shuffle was enumerated";
    } catch (const SolveRefused& e) {
        EXPECT_NE(std::string(e.what()).find("cards shown alike that differ"), std::string::npos) << e.what();
    }
}

TEST(Solver, RefusesAGameTooLargeWithTheSizeReached) {
    const auto game = load_rules("classics/chess.rules");
    SolveRequest request = request_for(*game);
    request.max_nodes = 2000;
    try {
        solve_game(game, request);
        FAIL() << "chess was solved within 2000 nodes";
    } catch (const SolveRefused& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("too large to solve: more than 2000 nodes"), std::string::npos) << message;
        EXPECT_NE(message.find("plies deep"), std::string::npos) << message;
        EXPECT_NE(message.find("--max-nodes"), std::string::npos) << message;
    }
}

TEST(Solver, RefusesAShuffleWithMoreOrdersThanTheLimit) {
    const auto game = load_rules("classics/leduc_poker.rules");
    SolveRequest request = request_for(*game);
    request.max_nodes = 100;  // 6 cards: 720 orders
    try {
        solve_game(game, request);
        FAIL() << "Leduc hold'em was solved within 100 nodes";
    } catch (const SolveRefused& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("a shuffle of 6 cards has 720 distinct orders"), std::string::npos) << message;
    }
}

// A bot that does not say its preferences is asked `samples` times per set, each time seeded from the seed, the set
// and the question: its policy is in steps of 1/samples, and the same for the same seed.
TEST(Solver, ASearchBotsPolicyIsSampledReproducibly) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    SolveRequest request = request_for(*game);
    request.bots = parse_bot_list("mcts:iterations=40", game->strategies(), false);
    request.bots.push_back(request.bots.front());
    request.samples = 8;
    const SolveReport first = solve_game(game, request);
    const SolveReport again = solve_game(game, request);
    ASSERT_EQ(first.policy.size(), 12u);
    for (std::size_t i = 0; i < first.policy.size(); ++i) {
        EXPECT_EQ(first.policy[i].probabilities, again.policy[i].probabilities) << first.policy[i].label;
        for (const double p : first.policy[i].probabilities) EXPECT_DOUBLE_EQ(p * 8, std::round(p * 8));
    }
    EXPECT_EQ(first.nash_conv, again.nash_conv);
    EXPECT_GE(first.nash_conv, 0.0);
}

TEST(Solver, RefusesABotThatCannotBeAskedEverywhere) {
    const auto game = load_rules("classics/kuhn_poker.rules");
    SolveRequest request = request_for(*game);
    request.bots = parse_bot_list("exec:true", game->strategies(), false);
    request.bots.push_back(request.bots.front());
    EXPECT_THROW(solve_game(game, request), BotListError);
}

}  // namespace
}  // namespace rulesrun
