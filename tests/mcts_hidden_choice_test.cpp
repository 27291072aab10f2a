// The search bot and what its seat did not see but a private field keeps: another seat's secret choice
// (tests/games/hide_and_guess.rules), a die rolled behind a screen (tests/games/peek_and_guess.rules), or a number
// kept in a local (tests/games/hole_card.rules). The
// determinization leaves private fields as they are, so the search plays on games where those are drawn again
// (UnseenRedraw); before, the seeker read the hidden number and always guessed right.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "bots.hpp"
#include "game.hpp"
#include "unseen_redraw.hpp"
#include "mcts.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

std::shared_ptr<const GameDefinition> hide_and_guess() {
    static const auto game = testing_support::expect_game(
        load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/hide_and_guess.rules"));
    return game;
}

// The game after the hider hid `number`: the seeker (seat 2) is to guess.
Game hidden(int number, std::uint64_t seed) {
    Game game(hide_and_guess(), resolve_settings(*hide_and_guess(), Settings{2, {}, seed}));
    game.apply(0, number - 1);
    return game;
}

// "player 1.hidden = 4" as the hider sees it.
std::string hidden_fact(const Game& game) {
    for (const auto& fact : view_facts(game, 0)) {
        if (fact.starts_with("player 1.hidden")) return fact;
    }
    return "";
}

TEST(MctsHiddenChoice, TheOtherSeatsSecretChoicesAreDrawnAgain) {
    const Game game = hidden(4, 1);
    const UnseenRedraw redraw(game, 1);
    std::set<std::string> guessed;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto redrawn = redraw.draw(seed);
        ASSERT_TRUE(redrawn);
        EXPECT_EQ(view_facts(*redrawn, 1), view_facts(game, 1)) << "the seeker sees the same game";
        EXPECT_EQ(redrawn->to_act(), game.to_act());
        guessed.insert(hidden_fact(*redrawn));
    }
    EXPECT_GE(guessed.size(), 4U) << "the hidden number is drawn again, not read";
    // The hider knows its own choice: nothing to draw for it.
    EXPECT_FALSE(UnseenRedraw(game, 0).draw(1));
}

// A drawn game played on from a decision ago may have gone another way (in Hearts, other cards passed put another
// seat to lead): where the next secret answer's seat is not to act, it does not fit. Drawing that answer among the
// seat's options stopped the whole simulation ("seat 1 has nothing to decide now").
TEST(MctsHiddenChoice, AGameThatWentAnotherWayDoesNotFit) {
    const Game game = hidden(4, 1);
    const UnseenRedraw redraw(game, 1);
    Game gone_on = game;  // the hider has answered already: the secret answer of step 1 cannot be given again
    EXPECT_FALSE(redraw.advance(gone_on, 1, 7));
}

// How many of 36 games the search bot in seat 2 wins with one guess, `game(i, seed)` being game i before the guess.
template <typename MakeGame>
int seeker_wins(MakeGame game_before_guess) {
    int right = 0;
    for (int i = 0; i < 36; ++i) {
        const auto seed = static_cast<std::uint64_t>(i + 1);
        Game game = game_before_guess(i, seed);
        const auto seeker = make_bot(BotSpec{BotKind::mcts, "mcts", -1, {{"iterations", "200"}}}, seed, 1);
        game.apply(1, seeker->choose(game, 1));
        right += game.results().winners[1];
    }
    return right;
}

TEST(MctsHiddenChoice, TheSeekerGuessesNoBetterThanChance) {
    // Chance is 1 in 6 (6 of 36 on average); reading the hidden field gave 36 of 36.
    const int right = seeker_wins([](int i, std::uint64_t seed) { return hidden(i % 6 + 1, seed); });
    EXPECT_LE(right, 15) << right << " of 36 guessed right";
}

std::shared_ptr<const GameDefinition> peek_and_guess() {
    static const auto game = testing_support::expect_game(
        load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/peek_and_guess.rules"));
    return game;
}

Game rolled(std::uint64_t seed) { return Game(peek_and_guess(), resolve_settings(*peek_and_guess(), Settings{2, {}, seed})); }

std::string fact_starting(const Game& game, int seat, const std::string& start) {
    for (const auto& fact : view_facts(game, seat)) {
        if (fact.starts_with(start)) return fact;
    }
    return "";
}

TEST(MctsHiddenChance, ANumberRolledOutOfSightIsDrawnAgainAndOneInTheOpenIsNot) {
    const Game game = rolled(7);
    const UnseenRedraw redraw(game, 1);
    std::set<std::string> hidden;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto redrawn = redraw.draw(seed);
        ASSERT_TRUE(redrawn);
        EXPECT_EQ(view_facts(*redrawn, 1), view_facts(game, 1)) << "the seeker sees the same game";
        EXPECT_EQ(fact_starting(*redrawn, 1, "open_die"), fact_starting(game, 1, "open_die"));
        EXPECT_NE(fact_starting(game, 1, "open_die"), "");
        hidden.insert(fact_starting(*redrawn, 0, "player 1.hidden"));
    }
    EXPECT_GE(hidden.size(), 4U) << "the hidden die is drawn again, not read";
    // The roller saw both dice: nothing to draw for it (it is not to act, but its search would start from here).
    EXPECT_FALSE(UnseenRedraw(game, 0).draw(1));
}

// A game whose dice were forced (the Python module's explicit chance nodes) is not the game its seed gives: it is
// played again with the results it was forced (Game::chance_to_replay), the unseen one drawn again among them. Before,
// the replay rolled from the seed, the open die came out otherwise, and no draw fitted.
TEST(MctsHiddenChance, AGameWhoseDiceWereForcedIsPlayedAgainWithThem) {
    Game game = rolled(7);
    const ForcedChance hidden_six{ForcedChance::Kind::number, 6, {}, "the test"};
    const ForcedChance open_two{ForcedChance::Kind::number, 2, {}, "the test"};
    game.restart(7, {hidden_six, open_two});
    game.drop_forced_chance();  // as the Python module leaves a ply: the results used are kept
    ASSERT_EQ(game.chance_to_replay(), (std::vector<ForcedChance>{hidden_six, open_two}));
    const UnseenRedraw redraw(game, 1);
    EXPECT_TRUE(redraw.replays_the_game());
    std::set<std::string> hidden;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto redrawn = redraw.draw(seed);
        ASSERT_TRUE(redrawn);
        EXPECT_EQ(view_facts(*redrawn, 1), view_facts(game, 1)) << "the seeker sees the same game";
        EXPECT_EQ(fact_starting(*redrawn, 1, "open_die"), "open_die = 2");
        hidden.insert(fact_starting(*redrawn, 0, "player 1.hidden"));
    }
    EXPECT_GE(hidden.size(), 4U) << "the hidden die is drawn again, not read";
    EXPECT_TRUE(game.determinized(1, 3).chance_to_replay().empty()) << "a guessed game has no past to play again";
}

TEST(MctsHiddenChance, TheSeekerGuessesNoBetterThanChance) {
    const int right = seeker_wins([](int, std::uint64_t seed) { return rolled(seed); });
    EXPECT_LE(right, 15) << right << " of 36 guessed right";
}

std::shared_ptr<const GameDefinition> hole_card() {
    static const auto game =
        testing_support::expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/hole_card.rules"));
    return game;
}

// A number drawn with `random` and kept in a local until it is shown (tests/games/hole_card.rules): no field holds
// it, and the search bot draws it again all the same. High or low is one chance in two: reading it gave 36 of 36.
TEST(MctsHiddenChance, AHoleCardKeptInALocalIsDrawnAgain) {
    const int right = seeker_wins([](int, std::uint64_t seed) {
        return Game(hole_card(), resolve_settings(*hole_card(), Settings{2, {}, seed}));
    });
    EXPECT_LE(right, 26) << right << " of 36 guessed right";
}

// The same hole card shown to the guesser before it guesses: a number drawn out of its sight and shown later is known
// from then on. The drawn games checked only the steps that drew, so the bot went on guessing the card it was shown
// (23 of 36 right); it must now be right every time, and find nothing to draw.
TEST(MctsHiddenChance, AHoleCardShownLaterIsKnownNotDrawnAgain) {
    const auto shown_later = testing_support::load_text("shown_hole", R"(
game "Shown hole" {
  players 2
}
play {
  let dealer = first_player()
  let guesser = next_seat(dealer)
  let hole = random(1, 10)
  say "{dealer} draws a card face down"
  choose ready by guesser "ready?" {
    option ready "ready" {
    }
  }
  show hole to guesser
  let guess = choose one of ["high", "low"] by guesser "high or low?"
  if (guess == "high") == (hole >= 6) {
    end game with winners [guesser]
  }
  end game with winners [dealer]
}
)");
    ASSERT_TRUE(shown_later);
    auto ready = [&](std::uint64_t seed) {
        Game game(shown_later, resolve_settings(*shown_later, Settings{2, {}, seed}));
        EXPECT_TRUE(UnseenRedraw(game, 1).draws_anything()) << "before it is shown, the card is drawn again";
        game.apply(1, 0);
        return game;
    };
    EXPECT_FALSE(UnseenRedraw(ready(3), 1).draws_anything());
    const int right = seeker_wins([&](int, std::uint64_t seed) { return ready(seed); });
    EXPECT_EQ(right, 36) << right << " of 36 guessed right";
}

std::shared_ptr<const GameDefinition> hide_and_hint() {
    static const auto game = testing_support::expect_game(
        load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/hide_and_hint.rules"));
    return game;
}

// When no game the seat cannot tell from the real one is found, the bot plays without searching: it must not search
// the real game, which holds the hidden number (it then guessed right every time).
TEST(MctsHiddenChoice, NoGameThatFitsIsNoReasonToReadTheHiddenOne) {
    const int right = seeker_wins([](int i, std::uint64_t seed) {
        Game game(hide_and_hint(), resolve_settings(*hide_and_hint(), Settings{2, {}, seed}));
        game.apply(0, (i % 6 + 1) * 1000 - 1);
        return game;
    });
    EXPECT_LE(right, 15) << right << " of 36 guessed right";
}

}  // namespace
}  // namespace rulesrun::runtime

