// What a seat knows of where the cards are (interpreter/card_knowledge.cpp), as determinize uses it: a card the seat
// saw go somewhere stays there, a shuffle or a move it could not follow makes it forget, and a card put at a random
// position of a deck stays among the positions it could have gone to, evenly.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "random.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::action_names;
using testing_support::chi_square_uniform;
using testing_support::start_game;

// Card 12 is turned up on the table, then goes where the option says, in view of both players.
const char* const card_twelve = R"(
game "Card twelve" {
  players 2
}
option scenario: in_hand | hidden_move | on_top | shuffled | drawn = in_hand "what both players saw happen to card 12"
card Num {
  value: int
} shown as "{value}"
deck nums: Num = [Num(value: v) for v in 1..12]
zone deck: Num, ordered, hidden = nums
zone table: Num, public
zone hand: Num, per player, private
zone pile: Num, hidden
setup {
  let second = next_seat(first_player())
  move first([c for c in deck where c.value == 12]) to table
  shuffle deck
  repeat 3 times {
    move top(deck) to second.hand
  }
  if scenario == in_hand or scenario == hidden_move {
    move top(table) to second.hand
  } else {
    move top(table) to deck
  }
  if scenario == hidden_move {
    move first(second.hand) to pile   # one of the three cards dealt face down: nobody else can tell which
  }
  if scenario == shuffled {
    shuffle deck
  }
  if scenario == drawn {
    move top(deck) to second.hand     # card 12, from the top where everybody saw it go
  }
}
play {
  choose go by first_player() "go on?" {
    option yes "turn up the top card" {
      move top(deck) to table
    }
  }
}
)";

// The cards of a zone in a view: the names between the brackets of the fact "NAME = [a, b, c]".
std::vector<std::string> cards_in(const std::vector<std::string>& view, const std::string& zone) {
    const std::string start = zone + " = [";
    for (const std::string& fact : view) {
        if (fact.rfind(start, 0) != 0) continue;
        std::vector<std::string> cards;
        const std::string inside = fact.substr(start.size(), fact.size() - start.size() - 1);
        for (std::size_t at = 0; at < inside.size();) {
            const std::size_t comma = std::min(inside.find(", ", at), inside.size());
            cards.push_back(inside.substr(at, comma - at));
            at = comma + 2;
        }
        return cards;
    }
    ADD_FAILURE() << "no fact " << start << "...]";
    return {};
}

bool holds(std::vector<std::string> cards, const std::string& card) {
    return std::find(cards.begin(), cards.end(), card) != cards.end();
}

// How many of 100 determinizations for player 1 have card 12 in player 2's hand, and on the table once player 1
// turns up the top card of the deck.
std::pair<int, int> twelve_in_hand_and_on_top(const std::string& scenario) {
    static const auto game = testing_support::load_text("card_twelve", card_twelve);
    const Game original = start_game(game, 2, 7, {{"scenario", scenario}});
    int in_hand = 0, on_top = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
        Game guess = original.determinized(0, seed);
        in_hand += holds(cards_in(view_facts(guess, 1), guess.seat_name(1) + ".hand"), "12") ? 1 : 0;
        guess.apply(0, 0);
        on_top += cards_in(view_facts(guess, -1), "table") == std::vector<std::string>{"12"} ? 1 : 0;
    }
    return {in_hand, on_top};
}

TEST(CardKnowledge, ACardSeenGoingIntoAHandStaysThere) {
    EXPECT_EQ(twelve_in_hand_and_on_top("in_hand").first, 100);
}

TEST(CardKnowledge, ACardSeenOnTopOfADeckStaysThereUntilTheDeckIsShuffled) {
    EXPECT_EQ(twelve_in_hand_and_on_top("on_top").second, 100);
    // 9 cards in the deck, dealt again at random: on top about once in 9.
    const int on_top = twelve_in_hand_and_on_top("shuffled").second;
    EXPECT_GT(on_top, 0);
    EXPECT_LT(on_top, 30);
}

TEST(CardKnowledge, ACardDrawnFromAKnownPlaceOfADeckIsKnown) {
    EXPECT_EQ(twelve_in_hand_and_on_top("drawn").first, 100);
}

TEST(CardKnowledge, AMoveBetweenTwoUnseenPlacesForgetsTheCardsOfItsSource) {
    // Player 1 can place none of the 12 cards now: player 2 holds 3 of them, card 12 about one time in 4.
    const int in_hand = twelve_in_hand_and_on_top("hidden_move").first;
    EXPECT_GT(in_hand, 5);
    EXPECT_LT(in_hand, 60);
}

// A game that keeps no knowledge (random bots alone) cannot be determinized; switched on again, a seat knows only what
// it sees from then on (what it knew may be stale): here player 1 forgot that card 12 went into player 2's hand.
TEST(CardKnowledge, AGameSwitchedBackToKeepingKnowledgeKnowsOnlyWhatItSeesNow) {
    static const auto game = testing_support::load_text("card_twelve", card_twelve);
    Game g = start_game(game, 2, 7, {{"scenario", "in_hand"}});
    g.keep_knowledge(false);
    EXPECT_THROW(g.determinize(0, 1), UsageError);
    g.keep_knowledge(true);
    int in_hand = 0;
    for (std::uint64_t seed = 0; seed < 100; ++seed)
        in_hand += holds(cards_in(view_facts(g.determinized(0, seed), 1), g.seat_name(1) + ".hand"), "12") ? 1 : 0;
    EXPECT_GT(in_hand, 5);   // 4 of the 12 cards player 1 cannot see are in that hand: about 33 times in 100
    EXPECT_LT(in_hand, 70);
}

// ---- Diam's ----------------------------------------------------------------------------------------------------

std::shared_ptr<const GameDefinition> diams_game(const std::string& file) {
    return testing_support::expect_game(load_game(std::string(RULESRUN_SOURCE_DIR) + file));
}

// A multiset difference: the cards of `before` not in `after`.
std::vector<std::string> removed(std::vector<std::string> before, const std::vector<std::string>& after) {
    for (const std::string& card : after) {
        const auto found = std::find(before.begin(), before.end(), card);
        if (found != before.end()) before.erase(found);
    }
    return before;
}

bool contains_all(std::vector<std::string> cards, const std::vector<std::string>& wanted) {
    for (const std::string& card : wanted) {
        const auto found = std::find(cards.begin(), cards.end(), card);
        if (found == cards.end()) return false;
        cards.erase(found);
    }
    return true;
}

// Diam's played at random until another player than player 1 takes diamonds from the market into his hand: every
// determinization for player 1 leaves them in that hand.
TEST(CardKnowledge, DiamondsTakenFromTheMarketStayInTheHandThatTookThem) {
    const auto diams = diams_game("/rules/diams.rules");
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 20 && checked < 5; ++seed) {
        Game g = start_game(diams, 3, seed);
        Rng rng(seed);
        for (int actions = 0; actions < 300 && !g.finished(); ++actions) {
            const int seat = g.to_act().front();
            const auto names = action_names(g, seat);
            const auto take = std::find(names.begin(), names.end(), "take all");
            if (seat == 0 || take == names.end()) {
                g.apply(seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(names.size()))));
                continue;
            }
            const auto market_before = cards_in(view_facts(g, -1), "market");
            g.apply(seat, static_cast<int>(take - names.begin()));
            const auto taken = removed(market_before, cards_in(view_facts(g, -1), "market"));
            ASSERT_FALSE(taken.empty());
            const std::string hand = g.seat_name(seat) + ".hand";
            ASSERT_TRUE(contains_all(cards_in(view_facts(g, seat), hand), taken));
            for (std::uint64_t d = 0; d < 50; ++d) {
                EXPECT_TRUE(contains_all(cards_in(view_facts(g.determinized(0, d), seat), hand), taken)) << "seed " << seed;
            }
            ++checked;
            break;
        }
    }
    EXPECT_EQ(checked, 5);
}

// Knowledge changes no rule: a game that keeps none plays the same game, seed for seed.
TEST(CardKnowledge, AGameThatKeepsNoKnowledgePlaysTheSameGame) {
    const auto diams = diams_game("/rules/diams.rules");
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        Game kept = start_game(diams, 3, seed);
        Game blind = kept;
        blind.keep_knowledge(false);
        blind.restart(seed);
        Rng rng(seed);
        while (!kept.finished()) {
            ASSERT_EQ(kept.to_act(), blind.to_act());
            const int seat = kept.to_act().front();
            ASSERT_EQ(action_names(kept, seat), action_names(blind, seat));
            const int action = static_cast<int>(rng.below(static_cast<std::uint32_t>(kept.action_count(seat))));
            kept.apply(seat, action);
            blind.apply(seat, action);
            for (int viewer = -1; viewer < 3; ++viewer) ASSERT_EQ(view_facts(kept, viewer), view_facts(blind, viewer));
        }
        ASSERT_TRUE(blind.finished());
        EXPECT_EQ(kept.results().scores, blind.results().scores);
        EXPECT_EQ(kept.results().winners, blind.results().winners);
    }
}

int deck_size(const Game& g) {
    for (const std::string& fact : view_facts(g, -1)) {
        if (fact.rfind("deck = ", 0) == 0) return std::stoi(fact.substr(7));
    }
    ADD_FAILURE() << "no deck in the view";
    return 0;
}

// The chi-square exceeded by chance once in a thousand, by degrees of freedom (1 to 16).
double chi_square_limit(int degrees) {
    static const double limits[] = {10.83, 13.82, 16.27, 18.47, 20.52, 22.46, 24.32, 26.12,
                                    27.88, 29.59, 31.26, 32.91, 34.53, 36.12, 37.70, 39.25};
    return limits[std::clamp(degrees, 1, 16) - 1];
}

// Diam's with `players` players, played at random until the deck holds no more than `deck` cards (the closure card
// still in it). Over `determinizations` determinizations for player 1 the closure card is never in a hand, and is
// drawn from each of the last `window` places of the deck (or from each, when the deck is shorter) about equally
// often: a chi-square test.
void expect_closure_even_in_window(int players, int deck, int window, int determinizations) {
    SCOPED_TRACE(std::to_string(players) + " players");
    static const auto diams = diams_game("/tests/games/diams_closure_drawn.rules");
    const auto& stats = diams->stats();
    const auto stat = static_cast<int>(std::find_if(stats.begin(), stats.end(), [](const StatInfo& s) {
                                           return s.name == "closure_drawn_at";
                                       }) - stats.begin());
    Game g = start_game(diams, players, 3);
    Rng rng(3);
    while (deck_size(g) > deck) {
        const int seat = g.to_act().front();
        g.apply(seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(g.action_count(seat)))));
    }
    ASSERT_TRUE(cards_in(view_facts(g, -1), "set_aside").empty()) << "the closure card was drawn before the deck held " << deck;
    const int span = std::min(window, deck_size(g));
    std::map<int, int> places;
    for (int d = 0; d < determinizations; ++d) {
        Game guess = g.determinized(0, static_cast<std::uint64_t>(d));
        for (int seat = 1; seat < players; ++seat) {
            EXPECT_FALSE(holds(cards_in(view_facts(guess, seat), guess.seat_name(seat) + ".hand"), "closure card"));
        }
        const std::size_t recorded = guess.samples().size();
        while (guess.samples().size() == recorded && !guess.finished()) {
            const int seat = guess.to_act().front();
            guess.apply(seat, static_cast<int>(rng.below(static_cast<std::uint32_t>(guess.action_count(seat)))));
        }
        ASSERT_GT(guess.samples().size(), recorded) << "the closure card was never drawn";
        EXPECT_EQ(guess.samples()[recorded].stat, stat);
        ++places[guess.samples()[recorded].value];
    }
    EXPECT_EQ(places.begin()->first, 1);
    EXPECT_EQ(places.rbegin()->first, span);
    EXPECT_LT(chi_square_uniform(places, span, determinizations), chi_square_limit(span - 1));
}

TEST(CardKnowledge, TheClosureCardStaysEvenlyAmongTheLast15CardsOfTheDeck) {
    expect_closure_even_in_window(2, 30, 15, 1500);
}

TEST(CardKnowledge, TheClosureCardStaysEvenlyAmongTheLast5CardsOfTheDeck) {
    expect_closure_even_in_window(4, 30, 5, 1000);
}

// Once the deck is no deeper than the window, the opponents draw into their hands from within it: the closure card
// was not among those cards, since it would have been set aside in view of all (the move's event).
TEST(CardKnowledge, TheClosureCardIsNotInAHandOnceTheDeckIsShorterThanItsWindow) {
    expect_closure_even_in_window(2, 9, 15, 900);
    expect_closure_even_in_window(3, 9, 15, 900);
}

}  // namespace
}  // namespace rulesrun::runtime
