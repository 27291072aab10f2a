// Diablo's rules (docs/games/diablo.md, rules/diablo.rules) as whole-game invariants of seeded random games
// on every board size, read from a spectator's view after every action: a square holds one stack of one colour
// (an owner exactly when its height is at least 1), no colour's checker count ever grows, every turn lowers (own
// stacks + all checkers) as the spec's note says, and the game ends with one colour gone. Positions with given dice
// are tested by the fixtures of tests/fixtures/diablo/.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "game.hpp"
#include "seat_view.hpp"
#include "random.hpp"
#include "test_games.hpp"

namespace rulesrun::runtime {
namespace {

std::shared_ptr<const GameDefinition> diablo() {
    static const auto game = testing_support::load_rules("diablo.rules");
    return game;
}

struct Board {
    std::map<std::string, int> checkers;  // per colour
    std::map<std::string, int> stacks;    // per colour
    int turn = 0;
};

// Reads the squares and the turn from the view, checking that each square is one stack of one colour or empty.
Board read_board(const Game& game) {
    static const std::regex square(R"(^([a-j])(\d+): owner = (\w+), height = (-?\d+)$)");
    static const std::regex turn(R"(^turn_number = (\d+)$)");
    Board b;
    for (const auto& fact : view_facts(game, -1)) {
        std::smatch m;
        if (std::regex_match(fact, m, turn)) b.turn = std::stoi(m[1].str());
        if (!std::regex_match(fact, m, square)) continue;
        const std::string owner = m[3].str();
        const int height = std::stoi(m[4].str());
        if (owner == "none") {
            EXPECT_EQ(height, 0) << fact;
            continue;
        }
        EXPECT_TRUE(owner == "black" || owner == "green") << fact;
        EXPECT_GE(height, 1) << fact;
        b.checkers[owner] += height;
        b.stacks[owner] += 1;
    }
    return b;
}

int count(const std::map<std::string, int>& per_colour, const std::string& colour) {
    const auto it = per_colour.find(colour);
    return it == per_colour.end() ? 0 : it->second;
}

// The mover's stacks plus all checkers: the spec says every turn strictly lowers it.
int progress_measure(const Board& b, const std::string& mover) {
    return count(b.stacks, mover) + count(b.checkers, "black") + count(b.checkers, "green");
}

void play_random_game(int size, std::uint64_t seed) {
    Settings settings;
    settings.seed = seed;
    settings.options = {{"size", std::to_string(size)}};
    Game game(diablo(), resolve_settings(*diablo(), settings));
    Rng bot(seed * 7919 + 1);
    Board before = read_board(game);
    EXPECT_EQ(before.checkers["black"], size * size / 2);
    EXPECT_EQ(before.checkers["green"], size * size / 2);
    int turn_start_measure = progress_measure(before, "black");
    std::string mover = "black";
    int actions = 0;
    while (!game.finished()) {
        ASSERT_LT(++actions, 20 * size * size) << "size " << size << ", seed " << seed << ": the game does not end";
        const int seat = game.to_act().front();
        game.apply(seat, static_cast<int>(bot.below(static_cast<std::uint32_t>(game.action_count(seat)))));
        const Board after = read_board(game);
        for (const std::string colour : {"black", "green"}) {
            EXPECT_LE(count(after.checkers, colour), count(before.checkers, colour))
                << colour << "'s checkers grew, size " << size << ", seed " << seed;
        }
        if (after.turn != before.turn && !game.finished()) {
            // A new turn began: the last one lowered its mover's measure.
            EXPECT_LT(progress_measure(after, mover), turn_start_measure) << "size " << size << ", seed " << seed;
            mover = mover == "black" ? "green" : "black";
            turn_start_measure = progress_measure(after, mover);
        }
        before = after;
    }
    const Results results = game.results();
    const Board end = read_board(game);
    EXPECT_EQ(end.checkers.size(), 1U) << "exactly one colour is left";
    const int winner = results.winners[0] ? 0 : 1;
    EXPECT_TRUE(results.winners[static_cast<std::size_t>(winner)] && !results.winners[static_cast<std::size_t>(1 - winner)]);
    EXPECT_EQ(end.checkers.count(game.seat_name(winner)), 1U) << "the winner is the colour left";
}

TEST(DiabloRules, RandomGamesKeepTheInvariantsOnEverySize) {
    for (const int size : {4, 6, 8, 10}) {
        const int games = size <= 6 ? 40 : 10;
        for (int g = 1; g <= games; ++g) play_random_game(size, static_cast<std::uint64_t>(g));
    }
}

}  // namespace
}  // namespace rulesrun::runtime
