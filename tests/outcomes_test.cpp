// How games end (docs/language.md, "The end"): draws, ranks with tie-breaks, the lowest score winning, cooperative
// games, where `end game when` is checked, and what simulations and the search bot make of the outcome.
#include <gtest/gtest.h>

#include "game.hpp"
#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using testing_support::start_game;

// A game without decisions whose players end with the scores written in `scores` (seat order), and the outcome
// declarations that follow.
std::shared_ptr<const GameDefinition> scored_game(const std::string& name, const std::string& scores,
                                                  const std::string& declarations, int players = 3) {
    return load_text(name, "game \"" + name + "\" {\n  players " + std::to_string(players) + "\n}\n" +
                               "player {\n  points: int = 0\n  chips: int = 0\n}\n"
                               "play {\n  let given = " + scores + "\n  for p in players {\n"
                               "    p.points = given[seat(p)]\n    p.chips = 10 - seat(p)\n  }\n}\n"
                               "score(p) = p.points\n" + declarations);
}

Results results_of(const std::shared_ptr<const GameDefinition>& game) {
    Game g = start_game(game);
    EXPECT_TRUE(g.finished());
    return g.results();
}

TEST(Outcomes, TheHighestScoreWinsByDefaultAndTiedPlayersShareARank) {
    const Results r = results_of(scored_game("highest", "[5, 9, 5]", ""));
    EXPECT_EQ(r.winners, (std::vector<bool>{false, true, false}));
    EXPECT_EQ(r.ranks, (std::vector<int>{2, 1, 2}));
    EXPECT_FALSE(r.draw);
    EXPECT_DOUBLE_EQ(r.win_share(1), 1.0);
}

TEST(Outcomes, LowestScoreFirstWithATieBreak) {
    // lowest points first; equal points: the most chips (the earlier seat has more) first
    const Results r = results_of(scored_game("lowest", "[4, 2, 2]", "rank(p) = lowest score(p), then highest p.chips\n"));
    EXPECT_EQ(r.winners, (std::vector<bool>{false, true, false}));
    EXPECT_EQ(r.ranks, (std::vector<int>{3, 1, 2}));
}

TEST(Outcomes, PlayersEqualOnEveryKeyShareTheWinAndTheRank) {
    const Results r = results_of(scored_game("tied", "[4, 2, 2]", "rank(p) = lowest score(p)\n"));
    EXPECT_EQ(r.winners, (std::vector<bool>{false, true, true}));
    EXPECT_EQ(r.ranks, (std::vector<int>{3, 1, 1}));
    EXPECT_TRUE(r.shared_win);
    EXPECT_DOUBLE_EQ(r.win_share(1), 0.5);
    EXPECT_DOUBLE_EQ(r.win_share(0), 0.0);
}

TEST(Outcomes, EveryPlayerTiedForFirstIsADraw) {
    const Results r = results_of(scored_game("all_tied", "[3, 3, 3]", ""));
    EXPECT_TRUE(r.draw);
    EXPECT_FALSE(r.shared_win);
    EXPECT_FALSE(r.everybody_loses);
    EXPECT_EQ(r.winners, (std::vector<bool>{false, false, false}));
    EXPECT_EQ(r.ranks, (std::vector<int>{1, 1, 1}));
    EXPECT_DOUBLE_EQ(r.win_share(2), 1.0 / 3);
}

TEST(Outcomes, DeclaredWinnersRankFirstWhateverTheKeysSay) {
    const Results r = results_of(scored_game("declared", "[1, 5, 9]", "winners = [first_player()]\n"));
    EXPECT_EQ(r.winners, (std::vector<bool>{true, false, false}));
    EXPECT_EQ(r.ranks, (std::vector<int>{1, 3, 2}));
}

TEST(Outcomes, EndGameWithDrawAndEndGameWhenWithDraw) {
    auto statement = load_text("draw_statement", R"(game "Draw" {
  players 2
}
play {
  end game with draw
}
)");
    const Results r = results_of(statement);
    EXPECT_TRUE(r.draw);
    auto declaration = load_text("draw_declaration", R"(game "Draw when" {
  players 2
}
state {
  turns: int = 0
}
play {
  repeat {
    choose go by first_player() "go on" {
      option on { turns += 1 }
    }
  }
}
end game when turns == 3 with draw
)");
    Game g = start_game(declaration);
    for (int turn = 0; turn < 3; ++turn) g.apply(0, 0);
    ASSERT_TRUE(g.finished());
    EXPECT_TRUE(g.results().draw);
}

TEST(Outcomes, CooperativePlayersWinOrLoseTogether) {
    const std::string rules = R"(game "Together" {
  players 3
  cooperative
}
option goal: 1 to 9 = 5
play {
  if goal <= 5 { end game with winners [first_player()] }
  end game with winners nobody
}
)";
    auto game = load_text("together", rules);
    const Results won = results_of(game);
    EXPECT_TRUE(won.cooperative);
    EXPECT_EQ(won.winners, (std::vector<bool>{true, true, true}));
    EXPECT_FALSE(won.shared_win);
    EXPECT_DOUBLE_EQ(won.win_share(2), 1.0);
    Game lost = start_game(game, 0, 1, {{"goal", "7"}});
    EXPECT_TRUE(lost.results().everybody_loses);
    EXPECT_EQ(lost.results().ranks, (std::vector<int>{1, 1, 1}));
}

// `end game when` waits until the step has resolved: here the condition holds in the middle of `score_point`,
// between the token taken and the point scored, and the point still counts.
TEST(Outcomes, EndGameWhenIsCheckedOnceTheStepHasResolved) {
    const std::string rules = R"(game "Last token" {
  players 1
}
state {
  tokens: int = 2
}
player {
  points: int = 0
}
play {
  repeat {
    choose turn by first_player() "take a token" {
      option take { score_point(first_player()) }
    }
  }
}
procedure score_point(p: player) {
  tokens -= 1
  p.points += 1
}
end game when tokens == 0
score(p) = p.points
)";
    Game g = start_game(load_text("last_token", rules));
    g.apply(0, 0);
    ASSERT_FALSE(g.finished());
    g.apply(0, 0);
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 2) << "the last point is scored before the game ends";

    // `as soon as`: the game ends in the middle of the step, before the point.
    std::string at_once = rules;
    at_once.replace(at_once.find("end game when"), std::string("end game when").size(), "end game as soon as");
    Game h = start_game(load_text("last_token_at_once", at_once));
    h.apply(0, 0);
    h.apply(0, 0);
    ASSERT_TRUE(h.finished());
    EXPECT_EQ(h.results().scores[0], 1);
}

// With no decision between two cards, `check end of game` is where the rules check: after each card, not after all.
TEST(Outcomes, CheckEndOfGameChecksBetweenStepsWithoutDecisions) {
    const std::string rules = R"(game "Cards" {
  players 1
}
state {
  revealed: int = 0
}
play {
  repeat 5 times {
    revealed += 1
    CHECK
  }
}
end game when revealed >= 2
score(p) = revealed
)";
    std::string checked = rules;
    checked.replace(checked.find("CHECK"), 5, "check end of game");
    Game g = start_game(load_text("check_end", checked));
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores[0], 2);
    // Without the check, `play` finishing is the next point where the condition is checked: after 5 cards.
    std::string unchecked = rules;
    unchecked.replace(unchecked.find("CHECK"), 5, "");
    Game h = start_game(load_text("no_check_end", unchecked));
    ASSERT_TRUE(h.finished());
    EXPECT_EQ(h.results().scores[0], 5);
}

TEST(Outcomes, SimulationCountsDrawsRanksAndWinShares) {
    // seat 1 and 2 tie for the lowest score in half the games (by a coin), else everybody ties: a draw
    auto game = load_text("coin_outcomes", R"(game "Coin" {
  players 3
}
player {
  points: int = 0
}
play {
  if random(1, 2) == 1 {
    for p in players {
      p.points = if seat(p) == 3 then 5 else 1
    }
  }
}
score(p) = p.points
rank(p) = lowest score(p)
)");
    SimulationRequest request;
    request.game = game;
    Settings settings;
    settings.seed = 7;
    request.settings = resolve_settings(*game, settings);
    request.bots.assign(3, BotSpec{});
    request.games = 400;
    const SimulationReport report = simulate(request);
    const std::int64_t shared = report.shared_win_games;
    EXPECT_EQ(shared + report.draws, 400);
    EXPECT_GT(shared, 150);
    EXPECT_GT(report.draws, 150);
    EXPECT_EQ(report.shared_wins[0], shared);
    EXPECT_EQ(report.shared_wins[2], 0);
    EXPECT_EQ(report.ranks[2][2], shared) << "seat 3 ends third whenever the others share the win";
    EXPECT_EQ(report.ranks[2][0], report.draws);
    EXPECT_DOUBLE_EQ(report.win_points(0), static_cast<double>(shared) / 2 + static_cast<double>(report.draws) / 3);
    EXPECT_DOUBLE_EQ(report.win_points(2), static_cast<double>(report.draws) / 3);
}

}  // namespace
}  // namespace rulesrun::runtime
