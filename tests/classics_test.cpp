// The classic games of rules/classics/ against figures known from their published rules: the exact size of their
// game trees (terminal histories, decision points, information sets), Othello's published move counts (perft), the
// payoff of every terminal history against a small reference written here from the rules, Kuhn poker's game value
// -1/18 under Nash play, and exact probabilities under uniform random play (computed by enumerating the game tree)
// against the frequencies of seeded simulations, within a 99.9% interval.
//
// Chance is forced (docs/fixtures.md): a deal is a forced shuffle (the cards named are put on top of the deck in that
// order), a cup of dice is forced rolls.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "game.hpp"
#include "seat_view.hpp"
#include "simulation.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

using testing_support::perft;

using testing_support::load_rules;
using testing_support::start_game;
using Options = std::vector<std::pair<std::string, std::string>>;
using History = std::vector<std::string>;

constexpr double z999 = 3.2905;  // two-sided 99.9% quantile of the normal distribution

ForcedChance deal_order(std::vector<std::string> cards) {
    return {ForcedChance::Kind::order, 0, std::move(cards), "classics_test deal"};
}

ForcedChance die_face(int face) { return {ForcedChance::Kind::number, face, {}, "classics_test roll"}; }

// A game started with these chance results forced from the very start.
Game forced_game(const std::shared_ptr<const GameDefinition>& game, std::vector<ForcedChance> forced,
                 const Options& options = {}, int players = 0) {
    Game g = start_game(game, players, 1, options);
    g.restart(1, std::move(forced));
    g.keep_knowledge(false);
    EXPECT_TRUE(g.forced_chance_left().empty());
    return g;
}

int action_named(const Game& g, int seat, const std::string& name) {
    for (int a = 0; a < g.action_count(seat); ++a) {
        if (g.action_name(seat, a) == name) return a;
    }
    ADD_FAILURE() << "no action " << name << " for seat " << seat;
    return 0;
}

// Plays the named actions, each by the one seat to act.
void play_out(Game& g, const History& actions) {
    for (const auto& name : actions) {
        ASSERT_FALSE(g.finished()) << "finished before " << name;
        const int seat = g.to_act().front();
        g.apply(seat, action_named(g, seat, name));
    }
}

// Visits every node of the game tree below g (sequential decisions: one seat acts at a time), with the names of the
// actions that led there. A node is a decision point or, when finished, a terminal history.
void walk(const Game& g, History& history, const std::function<void(const Game&, const History&)>& visit) {
    visit(g, history);
    if (g.finished()) return;
    const auto seats = g.to_act();
    EXPECT_EQ(seats.size(), 1U);
    const int seat = seats.front();
    for (int a = 0; a < g.action_count(seat); ++a) {
        Game next = g;
        next.apply(seat, a);
        history.push_back(g.action_name(seat, a));
        walk(next, history, visit);
        history.pop_back();
    }
}

// The probability of each legal action of the seat to act, by name.
using Policy = std::function<std::map<std::string, double>(const Game&, const History&)>;

std::map<std::string, double> uniform(const Game& g, const History&) {
    const int seat = g.to_act().front();
    std::map<std::string, double> p;
    for (int a = 0; a < g.action_count(seat); ++a) p[g.action_name(seat, a)] = 1.0 / g.action_count(seat);
    return p;
}

// The expectation of `value` at the end of the game when every seat plays `policy` from g.
double expectation(const Game& g, History& history, const Policy& policy, const std::function<double(const Game&)>& value) {
    if (g.finished()) return value(g);
    const int seat = g.to_act().front();
    double total = 0;
    for (const auto& [name, probability] : policy(g, history)) {
        if (probability == 0) continue;
        Game next = g;
        next.apply(seat, action_named(g, seat, name));
        history.push_back(name);
        total += probability * expectation(next, history, policy, value);
        history.pop_back();
    }
    return total;
}

// Seeded games between random bots (one thread: the report does not depend on it).
SimulationReport simulate_random(const std::shared_ptr<const GameDefinition>& game, std::int64_t games,
                                 const Options& options = {}, int players = 2) {
    Settings settings;
    settings.players = players;
    settings.options = options;
    settings.seed = 2024;
    SimulationRequest request{game, resolve_settings(*game, settings), {}, games, 1, {}, {}, {}};
    request.bots.assign(static_cast<std::size_t>(players), BotSpec{});
    return simulate(request);
}

// A frequency seen in n games is within the 99.9% interval of the exact probability p.
void expect_frequency(double p, std::int64_t hits, std::int64_t n, const std::string& what) {
    const double seen = static_cast<double>(hits) / static_cast<double>(n);
    const double half = z999 * std::sqrt(p * (1 - p) / static_cast<double>(n));
    EXPECT_NEAR(seen, p, half) << what << ": " << hits << " of " << n;
}

// ==== Kuhn poker ===================================================================================================

std::shared_ptr<const GameDefinition> kuhn() {
    static const auto game = load_rules("classics/kuhn_poker.rules");
    return game;
}

const std::vector<std::string> kuhn_cards = {"J", "Q", "K"};

int kuhn_rank(const std::string& card) { return card == "J" ? 1 : card == "Q" ? 2 : 3; }

// Player 1's winnings from the published rules: a fold loses what the folder put in, a showdown wins the other's stake.
int kuhn_payoff(const std::string& c1, const std::string& c2, const History& h) {
    const int sign = kuhn_rank(c1) > kuhn_rank(c2) ? 1 : -1;
    const std::string line = [&] {
        std::string s;
        for (const auto& a : h) s += (s.empty() ? "" : " ") + a;
        return s;
    }();
    if (line == "check check") return sign;
    if (line == "check bet fold") return -1;
    if (line == "check bet call") return 2 * sign;
    if (line == "bet fold") return 1;
    if (line == "bet call") return 2 * sign;
    ADD_FAILURE() << "not a terminal history of Kuhn poker: " << line;
    return 0;
}

// The six deals (player 1's card, player 2's card), equally likely.
std::vector<std::pair<std::string, std::string>> kuhn_deals() {
    std::vector<std::pair<std::string, std::string>> deals;
    for (const auto& a : kuhn_cards)
        for (const auto& b : kuhn_cards)
            if (a != b) deals.emplace_back(a, b);
    return deals;
}

Game kuhn_dealt(const std::string& c1, const std::string& c2) { return forced_game(kuhn(), {deal_order({c1, c2})}); }

// Kuhn's tree: per deal player 1 checks or bets; after a check player 2 checks or bets, and player 1 answers a bet by
// folding or calling; after a bet player 2 folds or calls. 5 terminal histories and 4 decision points per deal, 30
// and 24 over the 6 deals; 12 information sets (a card and the actions seen: 3 cards x 2 points per player).
TEST(KuhnPoker, TheGameTreeHas30TerminalHistoriesAnd12InformationSets) {
    ASSERT_TRUE(kuhn());
    int terminals = 0;
    int decisions = 0;
    std::set<std::string> information_sets;
    for (const auto& [c1, c2] : kuhn_deals()) {
        History h;
        walk(kuhn_dealt(c1, c2), h, [&](const Game& g, const History& history) {
            std::string line;
            for (const auto& a : history) line += " " + a;
            if (g.finished()) {
                ++terminals;
                const Results r = g.results();
                const int payoff = kuhn_payoff(c1, c2, history);
                EXPECT_EQ(r.scores[0], payoff) << c1 << c2 << line;
                EXPECT_EQ(r.scores[1], -payoff) << c1 << c2 << line;
                EXPECT_EQ(r.winners[0], payoff > 0) << c1 << c2 << line;
                EXPECT_EQ(r.winners[1], payoff < 0) << c1 << c2 << line;
                return;
            }
            ++decisions;
            const int seat = g.to_act().front();
            information_sets.insert(std::to_string(seat) + (seat == 0 ? c1 : c2) + line);
        });
    }
    EXPECT_EQ(terminals, 30);
    EXPECT_EQ(decisions, 24);
    EXPECT_EQ(information_sets.size(), 12U);
}

TEST(KuhnPoker, ScriptedHandsPayTheRightChips) {
    struct Hand {
        std::string c1, c2;
        History actions;
        int p1;
    };
    const std::vector<Hand> hands = {
        {"K", "J", {"bet", "call"}, 2},           // the example of the brief: K against J, bet and call
        {"J", "K", {"bet", "call"}, -2},
        {"J", "Q", {"bet", "fold"}, 1},           // a bluff that works
        {"Q", "K", {"check", "bet", "fold"}, -1},
        {"Q", "J", {"check", "bet", "call"}, 2},  // a bluff called
        {"Q", "J", {"check", "check"}, 1},
    };
    for (const auto& hand : hands) {
        Game g = kuhn_dealt(hand.c1, hand.c2);
        EXPECT_EQ(testing_support::action_names(g, 0), (std::vector<std::string>{"check", "bet"}));
        play_out(g, hand.actions);
        ASSERT_TRUE(g.finished());
        EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{hand.p1, -hand.p1}));
    }
}

// Kuhn's equilibria: player 1 bets a Jack with probability a (0 <= a <= 1/3), a King with 3a, never a Queen; after a
// check and a bet he calls with a Queen with probability a + 1/3, always with a King, never with a Jack. Player 2
// always bets and calls with a King; with a Queen he checks and calls a bet with probability 1/3; with a Jack he
// folds to a bet and bets after a check with probability 1/3. Every one of them is worth -1/18 to player 1.
TEST(KuhnPoker, TheNashEquilibriaAreWorthMinusOneEighteenthToPlayer1) {
    for (const double a : {0.0, 1.0 / 6, 1.0 / 3}) {
        double value = 0;
        for (const auto& [c1, c2] : kuhn_deals()) {
            const Policy nash = [&, c1 = c1, c2 = c2](const Game& g, const History& h) -> std::map<std::string, double> {
                const int seat = g.to_act().front();
                const int r = kuhn_rank(seat == 0 ? c1 : c2);
                auto two = [](const std::string& yes, const std::string& no, double p) {
                    return std::map<std::string, double>{{yes, p}, {no, 1 - p}};
                };
                if (h.empty()) return two("bet", "check", r == 1 ? a : r == 2 ? 0 : 3 * a);
                if (h.size() == 1 && h[0] == "bet") return two("call", "fold", r == 1 ? 0 : r == 2 ? 1.0 / 3 : 1);
                if (h.size() == 1) return two("bet", "check", r == 1 ? 1.0 / 3 : r == 2 ? 0 : 1);
                return two("call", "fold", r == 1 ? 0 : r == 2 ? a + 1.0 / 3 : 1);
            };
            History h;
            value += expectation(kuhn_dealt(c1, c2), h, nash, [](const Game& g) { return g.results().scores[0]; }) / 6;
        }
        EXPECT_NEAR(value, -1.0 / 18, 1e-12) << "a = " << a;
    }
}

// Under uniform random play, by hand: player 1 wins a bet-fold (1/4), half the showdowns after bet-call (1/4),
// check-check (1/4) and check-bet-call (1/8), so 9/16 of the hands; his winnings are +1 (1/4), -1 (1/8) and 0 on
// average in the showdowns: 1/8 of a chip per hand.
TEST(KuhnPoker, UniformRandomPlayMatchesTheExactProbabilities) {
    double win = 0, mean = 0, square = 0;
    for (const auto& [c1, c2] : kuhn_deals()) {
        History h;
        const Game g = kuhn_dealt(c1, c2);
        win += expectation(g, h, uniform, [](const Game& e) { return e.results().winners[0] ? 1.0 : 0.0; }) / 6;
        mean += expectation(g, h, uniform, [](const Game& e) { return 1.0 * e.results().scores[0]; }) / 6;
        square += expectation(g, h, uniform, [](const Game& e) { return std::pow(e.results().scores[0], 2); }) / 6;
    }
    EXPECT_NEAR(win, 9.0 / 16, 1e-12);
    EXPECT_NEAR(mean, 1.0 / 8, 1e-12);
    const std::int64_t n = 20000;
    const SimulationReport report = simulate_random(kuhn(), n);
    expect_frequency(win, report.wins[0], n, "player 1 wins");
    EXPECT_EQ(report.wins[0] + report.wins[1], n);  // a hand always has one winner
    const double sd = std::sqrt(square - mean * mean);
    EXPECT_NEAR(report.scores[0].mean(), mean, z999 * sd / std::sqrt(static_cast<double>(n)));
}

// ==== Leduc hold'em ================================================================================================

std::shared_ptr<const GameDefinition> leduc() {
    static const auto game = load_rules("classics/leduc_poker.rules");
    return game;
}

const std::vector<std::string> leduc_cards = {"Js", "Jh", "Qs", "Qh", "Ks", "Kh"};

int leduc_rank(const std::string& card) { return card[0] == 'J' ? 1 : card[0] == 'Q' ? 2 : 3; }

// Leduc from its published rules, replayed from the actions' names: the legal actions at each point, whether the
// public card is out, and player 1's winnings at the end.
struct LeducReference {
    std::string c1, c2, board;
    int round = 1, actor = 0, checks = 0, bets = 0, folded = -1;
    int in_pot[2] = {1, 1};
    bool over = false;

    [[nodiscard]] std::vector<std::string> legal() const {
        const bool facing = in_pot[actor] < in_pot[1 - actor];
        std::vector<std::string> names;
        if (facing) {
            names = {"fold", "call"};
            if (bets < 2) names.emplace_back("raise");
        } else {
            names = {"check"};
            if (bets < 2) names.emplace_back("bet");
        }
        return names;
    }

    void next_round() {
        if (round == 2) {
            over = true;
            return;
        }
        round = 2;
        actor = 0;
        checks = 0;
        bets = 0;
    }

    void act(const std::string& name) {
        const int size = round == 1 ? 2 : 4;
        const int other = 1 - actor;
        if (name == "fold") {
            folded = actor;
            over = true;
            return;
        }
        if (name == "call") {
            in_pot[actor] = in_pot[other];
            next_round();
            return;
        }
        if (name == "check" && ++checks == 2) {
            next_round();
            return;
        }
        if (name == "bet" || name == "raise") {
            in_pot[actor] = in_pot[other] + size;
            ++bets;
        }
        actor = other;
    }

    [[nodiscard]] int strength(const std::string& card) const {
        return leduc_rank(card) == leduc_rank(board) ? 10 + leduc_rank(card) : leduc_rank(card);
    }

    [[nodiscard]] int payoff() const {
        if (folded == 0) return -in_pot[0];
        if (folded == 1) return in_pot[1];
        const int a = strength(c1), b = strength(c2);
        return a > b ? in_pot[1] : a < b ? -in_pot[0] : 0;
    }
};

Game leduc_dealt(const std::string& c1, const std::string& c2, const std::string& board) {
    return forced_game(leduc(), {deal_order({c1, c2, board})});
}

// The 120 equally likely deals: player 1's card, player 2's, the public card.
std::vector<std::vector<std::string>> leduc_deals() {
    std::vector<std::vector<std::string>> deals;
    for (const auto& a : leduc_cards)
        for (const auto& b : leduc_cards)
            for (const auto& c : leduc_cards)
                if (a != b && a != c && b != c) deals.push_back({a, b, c});
    return deals;
}

// A betting round has 6 decision points and ends in 4 ways by a fold and 5 by a call or two checks, so a deal of the
// private cards has 4 + 5 x 4 x 9 terminal histories (the public card is one of 4), and the 30 deals 5520, as in
// OpenSpiel's leduc_poker (whose cards are the 6 cards, suits told apart). Information sets: a private card (6) and
// the round 1 actions seen (6 points), 36; in round 2 the private card, the public card (5 left), the 5 round 1
// sequences and 6 points: 900; 936 in all.
TEST(LeducPoker, TheGameTreeHas5520TerminalHistoriesAnd936InformationSets) {
    ASSERT_TRUE(leduc());
    std::set<std::string> terminals, decisions, information_sets;
    for (const auto& deal : leduc_deals()) {
        History h;
        walk(leduc_dealt(deal[0], deal[1], deal[2]), h, [&](const Game& g, const History& history) {
            LeducReference ref{deal[0], deal[1], deal[2]};
            std::string line;
            for (const auto& a : history) {
                ref.act(a);
                line += " " + a;
            }
            const std::string board = ref.round == 2 ? deal[2] : "-";
            const std::string key = deal[0] + deal[1] + board + line;
            if (g.finished()) {
                EXPECT_TRUE(ref.over) << key;
                terminals.insert(key);
                const Results r = g.results();
                EXPECT_EQ(r.scores[0], ref.payoff()) << key;
                EXPECT_EQ(r.scores[1], -ref.payoff()) << key;
                EXPECT_EQ(r.draw, ref.payoff() == 0) << key;
                return;
            }
            EXPECT_FALSE(ref.over) << key;
            const int seat = g.to_act().front();
            EXPECT_EQ(seat, ref.actor) << key;
            EXPECT_EQ(testing_support::action_names(g, seat), ref.legal()) << key;
            decisions.insert(key);
            information_sets.insert(std::to_string(seat) + deal[static_cast<std::size_t>(seat)] + board + line);
        });
    }
    EXPECT_EQ(terminals.size(), 5520U);
    EXPECT_EQ(decisions.size(), 30U * 6 + 30U * 4 * 5 * 6);
    EXPECT_EQ(information_sets.size(), 936U);
}

TEST(LeducPoker, ScriptedHandsPayTheRightChips) {
    struct Hand {
        std::vector<std::string> deal;
        History actions;
        int p1;
    };
    const std::vector<Hand> hands = {
        // A King pairs the public King: bet 2, call; bet 4, raise 4, call: each put in 1 + 2 + 8 = 11.
        {{"Ks", "Qh", "Kh"}, {"bet", "call", "bet", "raise", "call"}, 11},
        // Two Jacks against a Queen on the table: a split pot.
        {{"Js", "Jh", "Qs"}, {"check", "check", "bet", "call"}, 0},
        // The higher private card wins without a pair.
        {{"Qs", "Kh", "Jh"}, {"check", "check", "check", "check"}, -1},
        // A raise and a fold in the first round: player 2 loses his ante and his bet.
        {{"Js", "Qh", "Kh"}, {"check", "bet", "raise", "fold"}, 3},
        // Two raises in a round close it to raises: only fold or call remain.
        {{"Jh", "Qs", "Ks"}, {"bet", "raise", "call", "check", "bet", "fold"}, -5},
    };
    for (const auto& hand : hands) {
        Game g = leduc_dealt(hand.deal[0], hand.deal[1], hand.deal[2]);
        play_out(g, hand.actions);
        ASSERT_TRUE(g.finished());
        EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{hand.p1, -hand.p1})) << hand.deal[0] << hand.deal[1];
    }
    Game g = leduc_dealt("Jh", "Qs", "Ks");
    play_out(g, {"bet", "raise"});
    EXPECT_EQ(testing_support::action_names(g, 0), (std::vector<std::string>{"fold", "call"}));
}

// Uniform random play: the exact probabilities, by enumerating every deal and every action, against 20000 games.
TEST(LeducPoker, UniformRandomPlayMatchesTheExactProbabilities) {
    double win = 0, split = 0, mean = 0, square = 0;
    const auto deals = leduc_deals();
    for (const auto& deal : deals) {
        const Game g = leduc_dealt(deal[0], deal[1], deal[2]);
        const double weight = 1.0 / static_cast<double>(deals.size());
        History h;
        win += weight * expectation(g, h, uniform, [](const Game& e) {
            const Results r = e.results();
            return r.winners[0] && !r.shared_win ? 1.0 : 0.0;
        });
        split += weight * expectation(g, h, uniform, [](const Game& e) { return e.results().draw ? 1.0 : 0.0; });
        mean += weight * expectation(g, h, uniform, [](const Game& e) { return 1.0 * e.results().scores[0]; });
        square += weight * expectation(g, h, uniform, [](const Game& e) { return std::pow(e.results().scores[0], 2); });
    }
    // What the enumeration gives (exact fractions of the 120 deals' trees).
    EXPECT_NEAR(win, 95.0 / 192, 1e-12);
    EXPECT_NEAR(split, 5.0 / 64, 1e-12);
    EXPECT_NEAR(mean, -5.0 / 64, 1e-12);
    const std::int64_t n = 20000;
    const SimulationReport report = simulate_random(leduc(), n);
    expect_frequency(win, report.wins[0], n, "player 1 wins alone");
    expect_frequency(split, report.draws, n, "split pots (draws)");
    const double sd = std::sqrt(square - mean * mean);
    EXPECT_NEAR(report.scores[0].mean(), mean, z999 * sd / std::sqrt(static_cast<double>(n)));
}

// ==== Liar's dice ==================================================================================================

std::shared_ptr<const GameDefinition> liars_dice() {
    static const auto game = load_rules("classics/liars_dice.rules");
    return game;
}

// OpenSpiel's game (2 players, 1 die each, 6 faces, sixes wild): the 12 bids 1 one ... 2 sixes, in order.
struct Bid {
    int quantity, face;
};

std::vector<Bid> two_dice_bids() {
    std::vector<Bid> bids;
    for (int q = 1; q <= 2; ++q)
        for (int f = 1; f <= 6; ++f) bids.push_back({q, f});
    return bids;
}

// Whether a bid holds with these two dice, sixes wild.
bool holds(const Bid& b, int d1, int d2) {
    const int found = (d1 == b.face || d1 == 6 ? 1 : 0) + (d2 == b.face || d2 == 6 ? 1 : 0);
    return found >= b.quantity;
}

Bid parse_bid(const std::string& words) {
    const auto space = words.find(' ');
    const std::vector<std::string> faces = {"one", "two", "three", "four", "five", "six"};
    const std::string face = words.substr(space + 1);
    for (int f = 0; f < 6; ++f) {
        if (face == faces[static_cast<std::size_t>(f)] || face == faces[static_cast<std::size_t>(f)] + "s" ||
            (f == 5 && face == "sixes"))
            return {std::stoi(words.substr(0, space)), f + 1};
    }
    ADD_FAILURE() << "not a bid: " << words;
    return {0, 0};
}

// One round with one die each: a history is a strictly increasing sequence of bids (any non-empty subset of the 12,
// in order) ended by "liar", so 2^12 - 1 = 4095 per roll of the dice and 36 x 4095 = 147420 in all (OpenSpiel's
// terminal histories). The decision points are the 2^12 bid sequences (the empty one included), the player to speak
// being told by the sequence's length: 4096 x 6 faces of one's own die = 24576 information sets. The walk covers
// every roll and checks every terminal history's winner against the bid and the dice.
TEST(LiarsDice, OneRoundWithOneDieEachHas147420HistoriesAnd24576InformationSets) {
    ASSERT_TRUE(liars_dice());
    std::int64_t terminals = 0, decisions = 0;
    std::set<std::string> information_sets;
    for (int d1 = 1; d1 <= 6; ++d1) {
        for (int d2 = 1; d2 <= 6; ++d2) {
            History h;
            walk(forced_game(liars_dice(), {die_face(d1), die_face(d2)}), h, [&](const Game& g, const History& history) {
                std::string line;
                for (const auto& a : history) line += "," + a;
                if (g.finished()) {
                    ++terminals;
                    EXPECT_EQ(history.back(), "liar");
                    EXPECT_GE(history.size(), 2U);
                    const Bid last = parse_bid(history[history.size() - 2]);
                    const int bidder = static_cast<int>(history.size() - 2) % 2;
                    const int winner = holds(last, d1, d2) ? bidder : 1 - bidder;
                    const Results r = g.results();
                    EXPECT_TRUE(r.winners[static_cast<std::size_t>(winner)]) << d1 << d2 << line;
                    EXPECT_FALSE(r.winners[static_cast<std::size_t>(1 - winner)]) << d1 << d2 << line;
                    EXPECT_EQ(r.scores[static_cast<std::size_t>(winner)], 1);
                    EXPECT_EQ(r.scores[static_cast<std::size_t>(1 - winner)], -1);
                    return;
                }
                ++decisions;
                const int seat = g.to_act().front();
                EXPECT_EQ(seat, static_cast<int>(history.size()) % 2);
                information_sets.insert(std::to_string(seat == 0 ? d1 : d2) + line);
            });
        }
    }
    EXPECT_EQ(terminals, 147420);
    EXPECT_EQ(decisions, 36 * 4096);
    EXPECT_EQ(information_sets.size(), 24576U);
}

// The opening bids, the highest bid, and liar only after a bid.
TEST(LiarsDice, BidsMustRiseAndLiarNeedsABid) {
    Game g = forced_game(liars_dice(), {die_face(3), die_face(6)});
    const auto opening = testing_support::action_names(g, 0);
    ASSERT_EQ(opening.size(), 12U);
    EXPECT_EQ(opening.front(), "1 one");
    EXPECT_EQ(opening[6], "2 ones");
    EXPECT_EQ(opening.back(), "2 sixes");
    play_out(g, {"1 four"});
    const auto answers = testing_support::action_names(g, 1);
    EXPECT_EQ(answers.size(), 12U - 4 + 1);
    EXPECT_EQ(answers.front(), "1 five");
    EXPECT_EQ(answers.back(), "liar");
    play_out(g, {"2 sixes"});
    EXPECT_EQ(testing_support::action_names(g, 0), (std::vector<std::string>{"liar"}));
    // A 3 and a 6: the 6 is wild, so "2 threes" holds and its bidder wins the challenge.
    Game h = forced_game(liars_dice(), {die_face(3), die_face(6)});
    play_out(h, {"2 threes", "liar"});
    ASSERT_TRUE(h.finished());
    EXPECT_EQ(h.results().scores, (std::vector<std::int32_t>{1, -1}));
    Game k = forced_game(liars_dice(), {die_face(3), die_face(6)});
    play_out(k, {"1 four", "2 fours", "liar"});
    EXPECT_EQ(k.results().scores, (std::vector<std::int32_t>{1, -1}));  // one four (the wild six): player 1 was right
}

// Under uniform random play the winner's chances follow from the bids alone: each seat picks uniformly among the
// bids above the last one and "liar". The exact probability that player 1 wins, computed over the bid sequences and
// the 36 rolls, against 20000 simulated games; the walk of a few rolls agrees with it roll by roll.
TEST(LiarsDice, UniformRandomPlayMatchesTheExactProbabilities) {
    const auto bids = two_dice_bids();
    const int n_bids = static_cast<int>(bids.size());
    // reach[b][s]: the probability that the bid b is made by seat s and then challenged.
    std::vector<std::array<double, 2>> challenged(bids.size(), {0, 0});
    // made[b][s]: the probability that the bid b is made, by seat s (the next seat then speaks).
    std::vector<std::array<double, 2>> made(bids.size(), {0, 0});
    for (int b = 0; b < n_bids; ++b) made[static_cast<std::size_t>(b)][0] += 1.0 / n_bids;  // the opening bid
    for (int b = 0; b < n_bids; ++b) {
        const int options = n_bids - b;  // the higher bids and liar
        for (int s = 0; s < 2; ++s) {
            const double p = made[static_cast<std::size_t>(b)][static_cast<std::size_t>(s)];
            challenged[static_cast<std::size_t>(b)][static_cast<std::size_t>(s)] += p / options;
            for (int c = b + 1; c < n_bids; ++c) made[static_cast<std::size_t>(c)][static_cast<std::size_t>(1 - s)] += p / options;
        }
    }
    auto p1_wins_given = [&](int d1, int d2) {
        double p = 0;
        for (int b = 0; b < n_bids; ++b) {
            const bool ok = holds(bids[static_cast<std::size_t>(b)], d1, d2);
            p += challenged[static_cast<std::size_t>(b)][0] * (ok ? 1 : 0) + challenged[static_cast<std::size_t>(b)][1] * (ok ? 0 : 1);
        }
        return p;
    };
    double win = 0;
    for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = 1; d2 <= 6; ++d2) win += p1_wins_given(d1, d2) / 36;
    EXPECT_NEAR(win, 209.0 / 432, 1e-12);  // what the enumeration gives: 627 of 1296
    for (const auto& [d1, d2] : std::vector<std::pair<int, int>>{{2, 6}, {6, 6}}) {
        History h;
        const double walked = expectation(forced_game(liars_dice(), {die_face(d1), die_face(d2)}), h, uniform,
                                          [](const Game& e) { return e.results().winners[0] ? 1.0 : 0.0; });
        EXPECT_NEAR(walked, p1_wins_given(d1, d2), 1e-12) << d1 << d2;
    }
    const std::int64_t n = 20000;
    const SimulationReport report = simulate_random(liars_dice(), n);
    expect_frequency(win, report.wins[0], n, "player 1 wins");
    EXPECT_EQ(report.wins[0] + report.wins[1], n);
}

// A spectator's view of one fact ("player 2.dice_left").
std::string fact(const Game& g, const std::string& name) {
    for (const auto& f : view_facts(g, -1)) {
        if (f.rfind(name + " = ", 0) == 0) return f.substr(name.size() + 3);
    }
    ADD_FAILURE() << "no fact " << name;
    return "";
}

std::vector<ForcedChance> faces(const std::vector<int>& rolled) {
    std::vector<ForcedChance> forced;
    for (const int f : rolled) forced.push_back(die_face(f));
    return forced;
}

// The multi-round game: the loser of each challenge loses a die and opens the next round (the next player still in
// when he is out); the last player with dice wins. Three players with two dice each, ones wild, the rolls forced.
TEST(LiarsDice, EliminationTakesADiePerChallengeUntilOnePlayerIsLeft) {
    const Options options = {{"dice", "2"}, {"rounds", "elimination"}, {"wild", "ones"}};
    // Round 1: 2 5 | 3 3 | 1 6. Three dice count for threes (the one is wild): "4 threes" is a lie, player 2 loses a die.
    Game g = forced_game(liars_dice(), faces({2, 5, 3, 3, 1, 6}), options, 3);
    EXPECT_EQ(testing_support::action_names(g, 0).size(), 36U);  // 6 dice on the table: 6 x 6 bids
    play_out(g, {"2 threes", "4 threes"});
    g.force_chance(faces({4, 4, 2, 5, 5}));
    play_out(g, {"liar"});
    EXPECT_EQ(fact(g, "player 2.dice_left"), "1");
    // Round 2, opened by the loser: 4 4 | 2 | 5 5. Two fives: "3 fives" is a lie, player 3 loses a die.
    EXPECT_EQ(g.to_act(), std::vector<int>{1});
    EXPECT_EQ(testing_support::action_names(g, 1).size(), 30U);  // 5 dice left
    play_out(g, {"1 two", "3 fives"});
    g.force_chance(faces({6, 6, 1, 2}));
    play_out(g, {"liar"});
    EXPECT_EQ(fact(g, "player 3.dice_left"), "1");
    // Round 3: 6 6 | 1 | 2. Two dice count for twos: "3 twos" is a lie, player 3 loses his last die and is out.
    EXPECT_EQ(g.to_act(), std::vector<int>{2});
    play_out(g, {"3 twos"});
    g.force_chance(faces({3, 4, 4}));
    play_out(g, {"liar"});
    EXPECT_EQ(fact(g, "player 3.dice_left"), "0");
    // Round 4, opened by the player after the one who is out: 3 4 | 4. Two fours: "3 fours" is a lie.
    EXPECT_EQ(g.to_act(), std::vector<int>{0});
    play_out(g, {"3 fours"});
    EXPECT_EQ(g.to_act(), std::vector<int>{1});  // player 3 is skipped
    g.force_chance(faces({2, 5}));
    play_out(g, {"liar"});
    // Round 5: 2 | 5. "1 five" holds: the challenger, player 2, loses his last die and player 1 wins.
    EXPECT_EQ(g.to_act(), std::vector<int>{0});
    EXPECT_EQ(testing_support::action_names(g, 0).size(), 12U);
    play_out(g, {"1 five", "liar"});
    ASSERT_TRUE(g.finished());
    const Results r = g.results();
    EXPECT_EQ(r.winners, (std::vector<bool>{true, false, false}));
    EXPECT_EQ(r.scores, (std::vector<std::int32_t>{1, 0, 0}));
    EXPECT_TRUE(g.forced_chance_left().empty());
}

// ==== Othello ======================================================================================================

std::shared_ptr<const GameDefinition> othello() {
    static const auto game = load_rules("classics/othello.rules");
    return game;
}

TEST(Othello, ThePublishedMoveCountsUpToDepth7) {
    ASSERT_TRUE(othello());
    Game g = start_game(othello());
    g.keep_knowledge(false);
    EXPECT_EQ(testing_support::action_names(g, 0), (std::vector<std::string>{"d3", "c4", "f5", "e6"}));
    const std::vector<std::int64_t> published = {4, 12, 56, 244, 1396, 8200, 55092};
    for (int depth = 1; depth <= static_cast<int>(published.size()); ++depth) {
        EXPECT_EQ(perft(g, depth), published[static_cast<std::size_t>(depth - 1)]) << "depth " << depth;
    }
}

// Depth 8 (390216) takes about 20 seconds here: run it with --gtest_also_run_disabled_tests.
TEST(Othello, DISABLED_ThePublishedMoveCountAtDepth8) {
    Game g = start_game(othello());
    g.keep_knowledge(false);
    EXPECT_EQ(perft(g, 8), 390216);
}

// A short game published on the math-fun list (Warren D. Smith): 11 moves, no pass, and neither player can move
// afterwards, with 14 Black discs against 1 White. With empties=to_winner the 49 empty squares go to Black.
TEST(Othello, AnElevenMoveGameEndsFourteenToOne) {
    const History moves = {"f5", "f4", "c3", "e6", "f7", "g6", "g4", "e8", "g8", "g5", "h5"};
    Game g = start_game(othello());
    play_out(g, moves);
    ASSERT_TRUE(g.finished());
    EXPECT_EQ(g.results().scores, (std::vector<std::int32_t>{14, 1}));
    EXPECT_EQ(g.results().winners, (std::vector<bool>{true, false}));
    Game h = start_game(othello(), 0, 1, {{"empties", "to_winner"}});
    play_out(h, moves);
    ASSERT_TRUE(h.finished());
    EXPECT_EQ(h.results().scores, (std::vector<std::int32_t>{63, 1}));
}

}  // namespace
}  // namespace rulesrun::runtime
