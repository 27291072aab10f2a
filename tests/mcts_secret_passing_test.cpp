// The search bot at simultaneous choices from secret hands: every seat passes cards from its private hand at once
// (tests/games/secret_passing.rules). A determinization deals the other hands again, so the others' pending options,
// computed from the true hands, are offered again from the new ones (Game::determinize); before, the search moved cards
// the new hands did not hold and stopped with "player N has no legal option".
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "bots.hpp"
#include "game.hpp"
#include "mcts.hpp"
#include "seat_view.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

std::shared_ptr<const GameDefinition> passing() {
    static const auto game = testing_support::expect_game(
        load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/secret_passing.rules"));
    return game;
}

Game start(int players, std::uint64_t seed, const std::string& passed_cards) {
    return Game(passing(), resolve_settings(*passing(), Settings{players, {{"passed_cards", passed_cards}}, seed}));
}

TEST(MctsSecretPassing, TheSearchBotPlaysEveryGameToTheEnd) {
    for (const int players : {3, 4}) {
        for (const std::string passed : {"1", "2"}) {
            for (std::uint64_t seed = 1; seed <= 8; ++seed) {
                SCOPED_TRACE(::testing::Message() << players << " players, " << passed << " cards, seed " << seed);
                Game game = start(players, seed, passed);
                std::vector<std::unique_ptr<Bot>> bots;
                bots.push_back(make_bot(BotSpec{BotKind::mcts, "mcts", -1, {{"iterations", "40"}}}, seed, 0));
                for (int seat = 1; seat < players; ++seat)
                    bots.push_back(make_bot(BotSpec{BotKind::random, "random", -1, {}}, seed, seat));
                while (!game.finished()) {
                    for (const int seat : game.to_act()) ASSERT_NO_THROW(game.apply(seat, bots[seat]->choose(game, seat)));
                }
            }
        }
    }
}

// While the others still choose what to pass, a determinization keeps the deciding seat's view, every hand's size,
// and offers the others options from the hands it dealt them.
TEST(MctsSecretPassing, ADeterminizationOffersTheOthersTheirNewHands) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Game game = start(4, seed, "2");
        ASSERT_EQ(game.to_act(), (std::vector<int>{0, 1, 2, 3}));
        game.apply(2, 0);  // one seat has answered already: its answer is withdrawn in another seat's guess
        const Game guess = game.determinized(0, seed);
        EXPECT_EQ(view_facts(guess, 0), view_facts(game, 0));
        EXPECT_EQ(view_facts(guess, -1), view_facts(game, -1));  // the sizes of every hand
        ASSERT_EQ(guess.to_act(), (std::vector<int>{0, 1, 2, 3}));
        for (const int seat : {1, 2, 3}) {
            // Every option names two cards of the hand the guess dealt to that seat.
            const std::string hand = [&] {
                for (const auto& fact : view_facts(guess, seat)) {
                    if (fact.rfind(guess.seat_name(seat) + ".hand = [", 0) == 0) return fact;
                }
                return std::string();
            }();
            ASSERT_FALSE(hand.empty());
            for (int a = 0; a < guess.action_count(seat); ++a) {
                const std::string name = guess.action_name(seat, a);
                for (std::size_t at = 0; (at = name.find('N', at)) != std::string::npos; ++at) {
                    std::size_t end = at + 1;
                    while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end]))) ++end;
                    const std::string card = name.substr(at, end - at);
                    EXPECT_TRUE(hand.find(card + ",") != std::string::npos || hand.find(card + "]") != std::string::npos)
                        << card << " is not in " << hand << " (seed " << seed << ")";
                }
            }
        }
    }
}

}  // namespace
}  // namespace rulesrun::runtime
