// Secret and targeted information in the language: `say ... to`, `show ... to` (a seat, several, or everyone) and
// secret choices (`by p secretly`): who reads each message, what each seat's view shows, and what a determinization
// keeps in place because a seat was shown it.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_text;
using testing_support::load_written;
using testing_support::start_game;

// Three players with two cards each; the first player peeks at the second's hand, whispers to the third, passes a
// card in secret and at the end everyone's hand is shown.
const char* const peeking = R"(
game "Peeking" {
  players 3
}
option reveal_hands: true | false = true "show every hand at the end"
card Num {
  value: int
} shown as "N{value}"
deck nums: Num = [Num(value: v) for v in 1..12]
zone deck: Num, ordered, hidden = nums
zone hand: Num, per player, private
zone table: Num, public
setup {
  shuffle deck
  for p in players {
    repeat 2 times {
      move top(deck) to p.hand
    }
  }
}
play {
  let first = first_player()
  let second = next_seat(first)
  let third = next_seat(second)
  say "{first} whispers to {third}" to third
  say "nobody hears this" to [p for p in players where false]
  show second.hand to first
  let passed = choose one of first.hand by first secretly "pass a card to {second}"
  move passed to second.hand
  say "{first} passes a card to {second}"
  choose look by second secretly "look at the deck?" {
    option yes "look at the top card" {
      show top(deck) to [second, third]
    }
    option no "do not look" {
    }
  }
  if reveal_hands {
    for p in players {
      show p.hand to everyone
    }
  }
  choose done by first "again?" {
    option stop "stop here" {
      move top(deck) to first.hand
    }
  }
}
)";

std::shared_ptr<const GameDefinition> peeking_game() {
    static const auto game = load_text("peeking", peeking);
    return game;
}

Game started(std::uint64_t seed) {
    const auto definition = peeking_game();
    Settings settings;
    settings.seed = seed;
    return Game(definition, resolve_settings(*definition, settings), true);
}

bool contains(const std::vector<std::string>& lines, const std::string& text) {
    return std::find(lines.begin(), lines.end(), text) != lines.end();
}

// The fact "NAME = [cards]" of a view, or "" when the view shows no cards under that name.
std::string zone_fact(const std::vector<std::string>& facts, const std::string& name) {
    for (const auto& fact : facts) {
        if (fact.rfind(name + " = [", 0) == 0) return fact;
    }
    return "";
}

// The cards of such a fact, sorted: a hand is unordered, and nobody but its owner follows its order.
std::vector<std::string> card_set(const std::string& fact) {
    std::vector<std::string> cards;
    const auto open = fact.find('[');
    if (open == std::string::npos) return cards;
    std::string card;
    for (std::size_t i = open + 1; i < fact.size() && fact[i] != ']'; ++i) {
        if (fact[i] == ',') {
            cards.push_back(card);
            card.clear();
        } else if (fact[i] != ' ') {
            card += fact[i];
        }
    }
    if (!card.empty()) cards.push_back(card);
    std::sort(cards.begin(), cards.end());
    return cards;
}

TEST(SecrecyStatements, ASayToOneSeatIsReadByThatSeatAlone) {
    Game g = started(1);
    const auto said = g.take_messages();
    EXPECT_TRUE(contains(messages_for(said, 2), "player 1 whispers to player 3"));
    for (const int viewer : {-1, 0, 1}) EXPECT_FALSE(contains(messages_for(said, viewer), "player 1 whispers to player 3"));
}

TEST(SecrecyStatements, ASayToAnEmptyListReachesNobody) {
    Game g = started(1);
    const auto said = g.take_messages();
    for (const int viewer : {-1, 0, 1, 2}) EXPECT_FALSE(contains(messages_for(said, viewer), "nobody hears this"));
}

TEST(SecrecyStatements, AShowToOneSeatIsItsMessageAndItsKnowledge) {
    Game g = started(3);
    const auto said = g.take_messages();
    const std::string hand = zone_fact(view_facts(g, 1), "player 2.hand");
    ASSERT_FALSE(hand.empty());
    const std::string cards = hand.substr(hand.find('['));
    EXPECT_TRUE(contains(messages_for(said, 0), "You see player 2's hand: " + cards)) << cards;
    for (const int viewer : {-1, 1, 2}) {
        for (const auto& line : messages_for(said, viewer)) EXPECT_EQ(line.find("You see"), std::string::npos) << line;
    }
    // The first player's determinizations keep the second's hand as it is; the third's deal it again.
    bool third_guessed_otherwise = false;
    for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        EXPECT_EQ(card_set(zone_fact(view_facts(g.determinized(0, seed), 1), "player 2.hand")), card_set(hand))
            << "seed " << seed;
        third_guessed_otherwise = third_guessed_otherwise ||
                                  card_set(zone_fact(view_facts(g.determinized(2, seed), 1), "player 2.hand")) !=
                                      card_set(hand);
    }
    EXPECT_TRUE(third_guessed_otherwise);
}

TEST(SecrecyStatements, ASecretChoiceIsMarkedSoAndTheOthersLearnOnlyWhatTheRulesSay) {
    Game g = started(5);
    g.take_messages();
    ASSERT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_TRUE(g.choice_is_secret(0));
    g.apply(0, 0);
    EXPECT_TRUE(contains(messages_for(g.take_messages(), -1), "player 1 passes a card to player 2"));
    ASSERT_EQ(g.to_act(), std::vector<int>{1});
    EXPECT_TRUE(g.choice_is_secret(1));  // a menu can be secret too
    g.apply(1, 0);                        // looks at the deck's top card, with the third player
    const auto said = g.take_messages();
    ASSERT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_FALSE(g.choice_is_secret(0));
    const auto seen_by = [&](int viewer) {
        for (const auto& line : messages_for(said, viewer)) {
            if (line.rfind("You see N", 0) == 0) return true;
        }
        return false;
    };
    EXPECT_TRUE(seen_by(1));
    EXPECT_TRUE(seen_by(2));
    EXPECT_FALSE(seen_by(0));
    EXPECT_FALSE(seen_by(-1));
}

TEST(SecrecyStatements, AZoneShownToEveryoneIsFaceUpUntilACardEntersIt) {
    Game g = started(7);
    g.apply(0, 0);
    g.apply(1, 1);
    // Every hand is shown: every seat's view, and a spectator's, lists every hand's cards.
    for (const int viewer : {-1, 0, 1, 2}) {
        for (const std::string name : {"player 1.hand", "player 2.hand", "player 3.hand"})
            EXPECT_FALSE(zone_fact(view_facts(g, viewer), name).empty()) << viewer << " " << name;
    }
    EXPECT_TRUE(contains(messages_for(g.take_messages(), -1),
                         "Shown to everyone: player 1's hand: " + zone_fact(view_facts(g, 0), "player 1.hand").substr(
                                                                      zone_fact(view_facts(g, 0), "player 1.hand").find('['))));
    // A card drawn into the first hand hides it again from the others; the other hands stay face up.
    g.apply(0, 0);
    EXPECT_TRUE(zone_fact(view_facts(g, 1), "player 1.hand").empty());
    EXPECT_FALSE(zone_fact(view_facts(g, 0), "player 1.hand").empty());
    EXPECT_FALSE(zone_fact(view_facts(g, 0), "player 2.hand").empty());
}

TEST(SecrecyStatements, NothingIsFaceUpWhenTheRulesShowNothing) {
    const auto definition = peeking_game();
    Settings settings;
    settings.options = {{"reveal_hands", "false"}};
    Game g(definition, resolve_settings(*definition, settings));
    g.apply(0, 0);
    g.apply(1, 1);
    for (const std::string name : {"player 1.hand", "player 3.hand"})
        EXPECT_TRUE(zone_fact(view_facts(g, 1), name).empty()) << name;
}

TEST(SecrecyStatements, TheCheckerNamesAWrongAudience) {
    const auto loaded = load_written("bad_audience", R"(
game "Bad audience" {
  players 2
}
zone pile: Num, hidden
card Num {
  value: int
}
function told(): int = 1
play {
  say "hello" to 3
  show pile to "everybody"
  end game
}
)");
    std::vector<std::string> messages;
    for (const auto& d : loaded.diagnostics) messages.push_back(std::to_string(d.loc.line) + ": " + d.message);
    ASSERT_FALSE(loaded.game);
    EXPECT_TRUE(std::any_of(messages.begin(), messages.end(), [](const std::string& m) {
        return m.rfind("11: 'say ... to' needs a player or a list of players", 0) == 0;
    })) << ::testing::PrintToString(messages);
    EXPECT_TRUE(std::any_of(messages.begin(), messages.end(), [](const std::string& m) {
        return m.rfind("12: 'show ... to' needs a player or a list of players", 0) == 0;
    })) << ::testing::PrintToString(messages);
}

TEST(SecrecyStatements, AShowWithoutItsAudienceIsASyntaxErrorAtItsPlace) {
    const auto loaded = load_written("show_without_to", R"(
game "Show" {
  players 2
}
play {
  show 3
  end game
}
)");
    ASSERT_FALSE(loaded.game);
    ASSERT_FALSE(loaded.diagnostics.empty());
    EXPECT_EQ(loaded.diagnostics.front().loc.line, 7);
    EXPECT_NE(loaded.diagnostics.front().message.find("expected 'to'"), std::string::npos)
        << loaded.diagnostics.front().message;
}

}  // namespace
}  // namespace rulesrun::runtime
