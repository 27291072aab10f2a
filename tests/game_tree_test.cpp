// The game tree's counts (interpreter/engine/game_tree.hpp) on games whose counts are known: worked out by hand
// (tests/games/tree_counts.rules, Pig), or well known (tic-tac-toe); its errors; and the probe it uses, which
// ordinary games never meet.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "game_tree.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::expect_game;
using testing_support::load_rules;
using testing_support::load_text;

std::shared_ptr<const GameDefinition> load_test_game(const std::string& name) {
    return expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/" + name));
}

ResolvedSettings settings_for(const GameDefinition& game, std::vector<std::pair<std::string, std::string>> options = {},
                              int players = 0) {
    return resolve_settings(game, Settings{players, std::move(options), 1});
}

// The counts as {sequences, terminal} pairs, depth 0 first.
std::vector<std::pair<std::int64_t, std::int64_t>> pairs(const TreeCounts& counts) {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (const TreeLevel& level : counts.levels) out.emplace_back(level.sequences, level.terminal);
    return out;
}

TEST(GameTree, CountsTheSmallGameAsWorkedOutByHand) {
    const auto game = load_test_game("tree_counts.rules");
    const auto counts = count_tree(game, settings_for(*game), 4);
    // tests/games/tree_counts.rules derives these: 2 starts (a die before the first decision), a pick of 3 ending the
    // game, a roll with 5 outcomes after a shuffle (1 ending the game), 2 x 2 simultaneous guesses ending it.
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected{{2, 0}, {6, 2}, {24, 4}, {80, 80}, {0, 0}};
    EXPECT_EQ(pairs(counts), expected);
}

TEST(GameTree, CountsTicTacToeAsEveryoneKnowsIt) {
    const auto game = load_test_game("tic_tac_toe.rules");
    const auto counts = count_tree(game, settings_for(*game), 9);
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected{
        {1, 0},         {9, 0},         {72, 0},         {504, 0},        {3024, 0},
        {15120, 1440},  {54720, 5328},  {148176, 47952}, {200448, 72576}, {127872, 127872}};
    EXPECT_EQ(pairs(counts), expected);
    std::int64_t finished = 0;
    for (const TreeLevel& level : counts.levels) finished += level.terminal;
    EXPECT_EQ(finished, 255168);  // every game of tic-tac-toe, stopping at wins
}

// Pig: each ply is a hold (1 outcome) or a roll (6 outcomes), so 7^d sequences. With a target of 10 the first to
// act can bank 10 at the third ply: a roll of a, a roll of b (neither a 1) and a hold with a + b >= 10, which six
// pairs give: 4+6, 5+5, 5+6, 6+4, 6+5, 6+6.
TEST(GameTree, CountsPigsDiceAsBranches) {
    const auto game = load_rules("pig.rules");
    const auto counts = count_tree(game, settings_for(*game, {{"target", "10"}}), 3);
    const std::vector<std::pair<std::int64_t, std::int64_t>> expected{{1, 0}, {7, 0}, {49, 0}, {343, 6}};
    EXPECT_EQ(pairs(counts), expected);
}

TEST(GameTree, DepthZeroCountsTheStartsOnly) {
    const auto game = load_test_game("tree_counts.rules");
    EXPECT_EQ(pairs(count_tree(game, settings_for(*game), 0)), (std::vector<std::pair<std::int64_t, std::int64_t>>{{2, 0}}));
}

TEST(GameTree, ARuleFailingNamesItsPlaceAndTheSequenceThatLedThere) {
    const auto game = load_text("tree_error", R"(game "Tree error" {
  players 2
}
die d6: 6 faces
play {
  let p = first_player()
  let n = choose one of [1, 2] by p "pick"
  if n == 2 {
    let face = roll(d6)
    if face == 4 {
      let nothing: list of int = []
      let most = max(nothing)
      say "the most of nothing is {most}"
    }
  }
  end game with winners [p]
}
)");
    try {
        count_tree(game, settings_for(*game), 2);
        FAIL() << "no error";
    } catch (const TreeError& e) {
        EXPECT_NE(e.rule_message.find("tree_error.rules:12:"), std::string::npos) << e.rule_message;
        EXPECT_EQ(e.plies, (std::vector<std::string>{"start", "player 1: 2 (drew 4)"}));
        EXPECT_NE(std::string(e.what()).find("after: start; player 1: 2 (drew 4)"), std::string::npos) << e.what();
    }
}

TEST(GameTree, APlyDrawingWithoutEndIsStoppedWithAnError) {
    const auto game = load_text("tree_endless_rolls", R"(game "Endless rolls" {
  players 2
}
die d6: 6 faces
play {
  let p = first_player()
  let n = choose one of [1, 2] by p "pick"
  repeat {
    if roll(d6) == 6 {
      break
    }
  }
  end game with winners [p]
}
)");
    try {
        count_tree(game, settings_for(*game), 1);
        FAIL() << "no error";
    } catch (const TreeError& e) {
        EXPECT_NE(e.rule_message.find("more than 64 numbers"), std::string::npos) << e.rule_message;
        ASSERT_EQ(e.plies.size(), 2U);
        EXPECT_EQ(e.plies[1].rfind("player 1: 1 (drew 1, 1, 1", 0), 0U) << e.plies[1];
    }
}

// The seed deals the shuffles: the counts of a game that shuffles do not depend on it when its moves do not
// depend on the order (tree_counts only shuffles), and two runs give the same counts.
TEST(GameTree, CountsAreTheSameForAnySeedWhenOnlyTheOrderOfAPileDiffers) {
    const auto game = load_test_game("tree_counts.rules");
    auto other_seed = settings_for(*game);
    other_seed.seed = 99;
    EXPECT_EQ(pairs(count_tree(game, settings_for(*game), 3)), pairs(count_tree(game, other_seed, 3)));
}

// The probe (ForcedChance::Kind::probe) notes the draw that reaches it and lets the game go on as usual.
TEST(GameTree, AProbeNotesTheRangeOfTheNextDrawAndForcesNothing) {
    const auto game = load_rules("pig.rules");
    Game pig(game, settings_for(*game));
    EXPECT_EQ(pig.probed_chance().kind, ChanceProbe::Kind::none);
    pig.force_chance({{ForcedChance::Kind::number, 5, {}, "test"}, {ForcedChance::Kind::probe, 0, {}, "test"}});
    pig.apply(0, 0);  // roll: the forced 5
    EXPECT_EQ(pig.probed_chance().kind, ChanceProbe::Kind::none);
    pig.apply(0, 0);  // roll again: the probe, which gives the lowest face, a 1: the turn goes to player 2
    const ChanceProbe probed = pig.probed_chance();
    EXPECT_EQ(probed.kind, ChanceProbe::Kind::number);
    EXPECT_EQ(probed.low, 1);
    EXPECT_EQ(probed.high, 6);
    EXPECT_EQ(pig.to_act(), std::vector<int>{1});
    pig.drop_forced_chance();
    EXPECT_TRUE(pig.forced_chance_left().empty());
    EXPECT_EQ(pig.probed_chance().kind, ChanceProbe::Kind::none);
}

// A probe at a shuffle notes the zone's cards by name in card order (not the seeded order), for the solver to force
// each order in turn, and whether cards shown alike are alike.
TEST(GameTree, AProbeNotesTheShuffledCardsByName) {
    const auto game = load_rules("classics/leduc_poker.rules");
    Game leduc(game, settings_for(*game));
    leduc.restart(7, {{ForcedChance::Kind::probe, 0, {}, "test"}});
    const ChanceProbe probed = leduc.probed_chance();
    EXPECT_EQ(probed.kind, ChanceProbe::Kind::shuffle);
    EXPECT_EQ(probed.cards, (std::vector<std::string>{"Js", "Jh", "Qs", "Qh", "Ks", "Kh"}));
    EXPECT_TRUE(probed.alike_when_shown_alike);

    const auto alike = load_text("probe_alike", R"(
game "Probe alike" {
  players 2
}

card Token {
  label: text
  power: int
} shown as "{label}"

deck tokens: Token = [Token(label: "X", power: 1), Token(label: "Y", power: 1), Token(label: "X", power: 2)]

zone pile: Token, ordered, hidden = tokens

setup {
  shuffle pile
}

play {
  let n = choose one of [1, 2] by players[1] "a number"
  end game with winners (if n == top(pile).power then [players[1]] else [players[2]])
}
)");
    Game tokens(alike, settings_for(*alike));
    tokens.restart(1, {{ForcedChance::Kind::probe, 0, {}, "test"}});
    EXPECT_EQ(tokens.probed_chance().cards, (std::vector<std::string>{"X", "Y", "X"}));
    EXPECT_FALSE(tokens.probed_chance().alike_when_shown_alike);  // the two X differ in power
}

}  // namespace
}  // namespace rulesrun::runtime
