// Hanabi (rules/classics/hanabi.rules) against figures of its published rules: 50 cards (in each of 5 colours three
// 1s, two 2s, 3s and 4s, one 5), hands of 5 cards with 2 or 3 players and 4 with 4 or 5, 8 clue tokens and 3 fuses,
// a hand seen by every player but its owner, clues pointing at every card of a colour or number, the score 25 of a
// perfect game, 0 after the third fuse (or the fireworks laid, as an option), and one more turn each once the deck is
// empty.
//
// Chance is forced (docs/fixtures.md): the deck is a forced shuffle; the rules deal one player's whole hand, then the
// next one's, each new card on the left (position 1), so the last card dealt to a player is his card 1.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::load_rules;
using testing_support::start_game;
using Options = std::vector<std::pair<std::string, std::string>>;

std::shared_ptr<const GameDefinition> hanabi() {
    static const auto game = load_rules("classics/hanabi.rules");
    return game;
}

const std::vector<std::string> colours = {"R", "Y", "G", "B", "W"};
const std::vector<int> copies = {3, 2, 2, 2, 1};

// The 25 cards of a perfect game in firework order (R1 .. R5, Y1 .. W5), then the 25 other copies.
std::vector<std::string> sorted_deck() {
    std::vector<std::string> first, rest;
    for (const auto& c : colours) {
        for (int r = 1; r <= 5; ++r) {
            first.push_back(c + std::to_string(r));
            for (int k = 1; k < copies[r - 1]; ++k) rest.push_back(c + std::to_string(r));
        }
    }
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

int action_named(const Game& g, int seat, const std::string& name) {
    for (int a = 0; a < g.action_count(seat); ++a)
        if (g.action_name(seat, a) == name) return a;
    ADD_FAILURE() << "no action " << name << " for seat " << seat;
    return 0;
}

std::vector<std::string> actions(const Game& g, int seat) {
    std::vector<std::string> names;
    for (int a = 0; a < g.action_count(seat); ++a) names.push_back(g.action_name(seat, a));
    return names;
}

std::string fact(const Game& g, const std::string& name, int viewer = -1) {
    for (const auto& f : view_facts(g, viewer))
        if (f.rfind(name + " = ", 0) == 0) return f.substr(name.size() + 3);
    ADD_FAILURE() << "no fact " << name;
    return "";
}

// The cards of `owner`'s hand as `viewer` sees them, position 1 first.
std::vector<std::string> hand_seen(const Game& g, int owner, int viewer) {
    std::string list = fact(g, g.seat_name(owner) + ".hand", viewer);
    std::vector<std::string> cards;
    if (list.size() < 2 || list.front() != '[') return cards;
    list = list.substr(1, list.size() - 2);
    for (std::size_t at = 0; at < list.size();) {
        const std::size_t comma = list.find(", ", at);
        cards.push_back(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        at = comma == std::string::npos ? list.size() : comma + 2;
    }
    return cards;
}

// A game whose deck is dealt in this order, with the hands tracked here as the rules lay them out.
struct Table {
    Game g;
    std::vector<std::deque<std::string>> hands;
    std::vector<std::string> order;
    std::size_t next = 0;
    std::map<char, int> heights;

    Table(int players, std::vector<std::string> deck, Options options = {})
        : g(start_game(hanabi(), players, 1, std::move(options))), hands(static_cast<std::size_t>(players)),
          order(std::move(deck)) {
        g.restart(1, {{ForcedChance::Kind::order, 0, order, "hanabi deck"}});
        g.keep_knowledge(false);
        const int size = players <= 3 ? 5 : 4;
        for (auto& hand : hands)
            for (int k = 0; k < size; ++k) hand.push_front(order[next++]);
    }

    void draw(int seat) {
        if (next < order.size()) hands[seat].push_front(order[next++]);
    }

    [[nodiscard]] bool playable(const std::string& card) const {
        const auto h = heights.find(card[0]);
        return (h == heights.end() ? 0 : h->second) == card[1] - '1';
    }

    // The seat to act plays the card at this position (from 1).
    void play(int position) {
        const int seat = g.to_act().front();
        const std::string card = hands[seat][position - 1];
        hands[seat].erase(hands[seat].begin() + (position - 1));
        if (playable(card)) ++heights[card[0]];
        g.apply(seat, action_named(g, seat, "play"));
        g.apply(seat, action_named(g, seat, std::to_string(position)));
        if (!g.finished()) draw(seat);
    }

    void discard(int position) {
        const int seat = g.to_act().front();
        hands[seat].erase(hands[seat].begin() + (position - 1));
        g.apply(seat, action_named(g, seat, "discard"));
        g.apply(seat, action_named(g, seat, std::to_string(position)));
        draw(seat);
    }

    // The position of the first card of the seat to act that does (or does not) fit a firework, 0 when none.
    [[nodiscard]] int position_of(bool fits) const {
        const auto& hand = hands[g.to_act().front()];
        for (std::size_t k = 0; k < hand.size(); ++k)
            if (playable(hand[k]) == fits) return static_cast<int>(k) + 1;
        return 0;
    }

    // A card already played, else the oldest.
    [[nodiscard]] int useless_position() const {
        const auto& hand = hands[g.to_act().front()];
        for (std::size_t k = 0; k < hand.size(); ++k) {
            const auto h = heights.find(hand[k][0]);
            if (h != heights.end() && hand[k][1] - '0' <= h->second) return static_cast<int>(k) + 1;
        }
        return static_cast<int>(hand.size());
    }

    void clue() {
        const int seat = g.to_act().front();
        g.apply(seat, action_named(g, seat, "clue"));
        g.apply(seat, 0);
    }
};

TEST(Hanabi, TheDeckHas50CardsThreeTwoTwoTwoOneOfEachColour) {
    const auto deck = sorted_deck();
    EXPECT_EQ(deck.size(), 50U);
    // A forced shuffle must find every card it names in the deck: the whole deck, with its copies, is exactly this.
    Table t(2, deck);
    EXPECT_TRUE(t.g.forced_chance_left().empty());
    EXPECT_EQ(fact(t.g, "clue_tokens"), "8");
    EXPECT_EQ(fact(t.g, "fuses"), "3");
}

TEST(Hanabi, HandsHoldFiveCardsWithTwoOrThreePlayersAndFourWithFourOrFive) {
    for (const int players : {2, 3, 4, 5}) {
        Game g = start_game(hanabi(), players, 3);
        const int size = players <= 3 ? 5 : 4;
        // The first player may clue or play (all 8 clue tokens are there, so no discard), a card by its position.
        EXPECT_EQ(actions(g, 0), (std::vector<std::string>{"clue", "play"}));
        g.apply(0, action_named(g, 0, "play"));
        std::vector<std::string> positions;
        for (int k = 1; k <= size; ++k) positions.push_back(std::to_string(k));
        EXPECT_EQ(actions(g, 0), positions) << players << " players";
    }
}

// Each seat sees every other hand, never its own: its own cards appear nowhere in what it is shown.
TEST(Hanabi, NoSeatSeesItsOwnHand) {
    Table t(3, sorted_deck());
    for (int seat = 0; seat < 3; ++seat) {
        std::string seen;
        for (const auto& f : view_facts(t.g, seat)) seen += f + "\n";
        const std::string mine = t.g.seat_name(seat) + ".hand";
        EXPECT_EQ(fact(t.g, mine, seat), "5 cards (seen by the others)");
        for (int other = 0; other < 3; ++other) {
            if (other == seat) continue;
            EXPECT_EQ(hand_seen(t.g, other, seat), std::vector<std::string>(t.hands[other].begin(), t.hands[other].end()));
        }
        // A spectator is not a player: he sees no hand (a player could open the spectators' page).
        EXPECT_EQ(fact(t.g, mine, -1), "5 cards (seen by the others)");
    }
}

// A clue tells its player which of his cards have the colour or number named: every guess at his hand that a search
// bot makes (determinize) keeps to what he was told, card by card, and still guesses.
TEST(Hanabi, GuessesAtAHandFitWhatTheCluesSaid) {
    // Player 1 holds R5 R4 R3 R2 R1 (from the left), player 2 Y5 .. Y1.
    Table t(2, sorted_deck());
    t.g.keep_knowledge(true);
    t.g.apply(0, action_named(t.g, 0, "clue"));
    t.g.apply(0, action_named(t.g, 0, "player 2: yellow"));
    t.g.apply(1, action_named(t.g, 1, "clue"));
    t.g.apply(1, action_named(t.g, 1, "player 1: 4"));
    int differing = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        const std::vector<std::string> first = hand_seen(t.g.determinized(0, seed), 0, 1);
        ASSERT_EQ(first.size(), 5U);
        for (std::size_t k = 0; k < first.size(); ++k) EXPECT_EQ(first[k][1] == '4', k == 1) << first[k] << " at " << k + 1;
        if (first != std::vector<std::string>{"R5", "R4", "R3", "R2", "R1"}) ++differing;
        for (const auto& card : hand_seen(t.g.determinized(1, seed), 1, 0)) EXPECT_EQ(card[0], 'Y') << card;
    }
    EXPECT_GT(differing, 250);  // a guess, not the truth
}

// A clue points at all the cards of its colour or number, and everyone hears which positions.
TEST(Hanabi, AClueNamesEveryCardOfItsColourOrNumber) {
    // Player 1 holds R1 R2 R3 R4 R5 (R5 on the left), player 2 Y1 .. Y5.
    Table t(2, sorted_deck());
    t.g.apply(0, action_named(t.g, 0, "clue"));
    std::vector<std::string> clues = actions(t.g, 0);
    // Player 2's hand has one colour and five numbers.
    EXPECT_EQ(clues, (std::vector<std::string>{"player 2: yellow", "player 2: 1", "player 2: 2", "player 2: 3",
                                               "player 2: 4", "player 2: 5"}));
    t.g.apply(0, action_named(t.g, 0, "player 2: yellow"));
    EXPECT_EQ(fact(t.g, "player 2.told_colours"), "[yellow, yellow, yellow, yellow, yellow]");
    EXPECT_EQ(fact(t.g, "player 2.told_numbers"), "[?, ?, ?, ?, ?]");
    EXPECT_EQ(fact(t.g, "clue_tokens"), "7");
    t.g.apply(1, action_named(t.g, 1, "clue"));
    t.g.apply(1, action_named(t.g, 1, "player 1: 4"));
    EXPECT_EQ(fact(t.g, "player 1.told_numbers"), "[?, 4, ?, ?, ?]");  // R4 is second from the left
}

// Every card of the sorted deck arrives in time to be played: a perfect game, 25 points, everybody wins.
TEST(Hanabi, APerfectGameScores25) {
    for (const int players : {2, 3, 4, 5}) {
        Table t(players, sorted_deck());
        int turns = 0;
        while (!t.g.finished() && turns < 200) {
            ++turns;
            const int position = t.position_of(true);
            if (position > 0) {
                t.play(position);
            } else if (fact(t.g, "clue_tokens") != "0") {
                t.clue();
            } else {
                t.discard(t.useless_position());
            }
        }
        ASSERT_TRUE(t.g.finished()) << players << " players";
        const Results r = t.g.results();
        EXPECT_EQ(r.scores, std::vector<std::int32_t>(static_cast<std::size_t>(players), 25)) << players << " players";
        EXPECT_TRUE(std::all_of(r.winners.begin(), r.winners.end(), [](bool w) { return w; }));
    }
}

// Three cards that do not fit burn the three fuses: the game ends at once, score 0 and a loss (or the fireworks laid
// with fuse_out=keep).
TEST(Hanabi, TheThirdFuseEndsTheGame) {
    for (const std::string rule : {"zero", "keep"}) {
        // Player 1: R1 and four 5s; player 2: 5s and 4s that never fit.
        std::vector<std::string> deck = {"Y5", "G5", "B5", "W5", "R1", "R5", "Y4", "G4", "B4", "W4"};
        const auto full = sorted_deck();
        for (const auto& c : full) {
            if (std::count(deck.begin(), deck.end(), c) < std::count(full.begin(), full.end(), c)) deck.push_back(c);
        }
        deck.resize(50);
        Table t(2, deck, {{"fuse_out", rule}});
        t.play(1);  // R1 fits
        EXPECT_EQ(fact(t.g, "fuses"), "3");
        t.play(t.position_of(false));  // W4 does not
        EXPECT_EQ(fact(t.g, "fuses"), "2");
        t.play(t.position_of(false));
        EXPECT_FALSE(t.g.finished());
        t.play(t.position_of(false));
        ASSERT_TRUE(t.g.finished());
        const Results r = t.g.results();
        EXPECT_EQ(r.scores, (std::vector<std::int32_t>{rule == "zero" ? 0 : 1, rule == "zero" ? 0 : 1}));
        EXPECT_TRUE(r.everybody_loses);
    }
}

// Once the last card is drawn, every player, the one who drew it included, takes exactly one more turn.
TEST(Hanabi, AfterTheLastCardEachPlayerTakesOneMoreTurn) {
    for (const int players : {2, 3, 5}) {
        Table t(players, sorted_deck());
        int after_last = -1;
        while (!t.g.finished()) {
            if (after_last >= 0) ++after_last;
            if (fact(t.g, "clue_tokens") != "8") {
                const bool last = t.next == t.order.size() - 1;
                t.discard(static_cast<int>(t.hands[t.g.to_act().front()].size()));  // the oldest card
                if (last) after_last = 0;
            } else {
                t.clue();
            }
        }
        EXPECT_EQ(after_last, players) << players << " players";
        EXPECT_EQ(t.g.results().scores[0], 0);  // nothing was played
    }
}

}  // namespace
}  // namespace rulesrun::runtime
