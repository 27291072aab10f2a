// Backgammon (rules/classics/backgammon.rules) from the opening position: for each of the 21 distinct rolls, the
// distinct plays the rules allow (distinct positions after the whole roll, played one checker at a time) are exactly
// those of a reference written here from the published rules, which enumerates whole sequences of moves and keeps
// those that use the most dice (the larger die when only one of two can be used). Scripted positions (bearing off,
// entering, the larger die, gammons) are position fixtures in tests/fixtures/backgammon/.
//
// Chance is forced (docs/fixtures.md): with opening=reroll, White wins the opening roll (2 against 1) and rolls the
// two dice under test; Black's roll after that is forced too, so that every play ends in the same state but the board.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <functional>
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

std::shared_ptr<const GameDefinition> backgammon() {
    static const auto game = load_rules("classics/backgammon.rules");
    return game;
}

// ---- The reference ---------------------------------------------------------------------------------------------

// From the mover's side: p[1..24] his checkers (positive) or the opponent's (negative), p[25] his bar, p[0] his
// checkers borne off, p[26] the opponent's bar.
using Position = std::array<int, 27>;

Position opening() {
    Position p{};
    p[24] = 2;
    p[13] = 5;
    p[8] = 3;
    p[6] = 5;
    p[1] = -2;   // the opponent's 24-point
    p[12] = -5;  // his 13
    p[17] = -3;  // his 8
    p[19] = -5;  // his 6
    return p;
}

bool legal(const Position& p, int from, int die) {
    if (p[from] <= 0) return false;
    if (p[25] > 0 && from != 25) return false;
    const int to = from - die;
    if (to >= 1) return p[to] >= -1;
    for (int n = 7; n <= 25; ++n)
        if (p[n] > 0) return false;
    if (to == 0) return true;
    for (int n = from + 1; n <= 24; ++n)
        if (p[n] > 0) return false;
    return true;
}

Position moved(Position p, int from, int die) {
    const int to = from - die;
    --p[from];
    if (to <= 0) {
        ++p[0];
    } else {
        if (p[to] == -1) {
            p[to] = 0;
            ++p[26];
        }
        ++p[to];
    }
    return p;
}

struct Sequence {
    Position end;
    int used;
    int largest_single;  // the die of a one-move sequence
};

void sequences(const Position& p, std::vector<int> dice, int used, int first_die, std::vector<Sequence>& out) {
    bool any = false;
    std::set<int> tried;
    for (std::size_t k = 0; k < dice.size(); ++k) {
        if (!tried.insert(dice[k]).second) continue;
        auto rest = dice;
        rest.erase(rest.begin() + static_cast<long>(k));
        for (int from = 1; from <= 25; ++from) {
            if (!legal(p, from, dice[k])) continue;
            any = true;
            sequences(moved(p, from, dice[k]), rest, used + 1, used == 0 ? dice[k] : first_die, out);
        }
    }
    if (!any) out.push_back({p, used, first_die});
}

std::set<Position> reference_plays(int a, int b) {
    std::vector<int> dice = a == b ? std::vector<int>{a, a, a, a} : std::vector<int>{a, b};
    std::vector<Sequence> all;
    sequences(opening(), dice, 0, 0, all);
    int most = 0;
    for (const auto& s : all) most = std::max(most, s.used);
    bool larger = false;
    if (most == 1 && a != b)
        for (const auto& s : all) larger = larger || s.largest_single == std::max(a, b);
    std::set<Position> ends;
    for (const auto& s : all) {
        if (s.used != most) continue;
        if (larger && s.largest_single != std::max(a, b)) continue;
        ends.insert(s.end);
    }
    return ends;
}

// ---- The rules file ------------------------------------------------------------------------------------------------

ForcedChance die(int face) { return {ForcedChance::Kind::number, face, {}, "backgammon roll"}; }

// The board, the bars and the checkers borne off, as the spectator sees them.
std::string board_key(const Game& g) {
    std::string key;
    for (const auto& f : view_facts(g, -1)) {
        if (f.rfind("white.", 0) == 0 || f.rfind("black.", 0) == 0 || f.find(": owner") != std::string::npos ||
            f.find(": checkers") != std::string::npos)
            key += f + "\n";
    }
    return key;
}

std::string turn(const Game& g) {
    for (const auto& f : view_facts(g, -1))
        if (f.rfind("turn_number = ", 0) == 0) return f;
    return "";
}

// Every end of White's turn reachable from g (a turn of Black's without a move would give White the next turn: the
// turn number tells them apart).
void plays(const Game& g, std::set<std::string>& ends, int& leaves, const std::string& start) {
    if (g.finished() || g.to_act() != std::vector<int>{0} || turn(g) != start) {
        ++leaves;
        ends.insert(board_key(g));
        return;
    }
    for (int a = 0; a < g.action_count(0); ++a) {
        Game next = g;
        next.apply(0, a);
        plays(next, ends, leaves, start);
    }
}

TEST(Backgammon, The21RollsFromTheOpeningAllowTheReferencesDistinctPlays) {
    int rolls = 0;
    double probability = 0;
    std::map<std::string, std::size_t> counts;
    for (int a = 1; a <= 6; ++a) {
        for (int b = a; b <= 6; ++b) {
            ++rolls;
            probability += a == b ? 1.0 / 36 : 2.0 / 36;
            Game g = start_game(backgammon(), 2, 1, {{"opening", "reroll"}});
            g.restart(1, {die(2), die(1), die(b), die(a), die(1), die(2)});
            g.keep_knowledge(false);
            ASSERT_EQ(g.to_act(), std::vector<int>{0});
            std::set<std::string> ends;
            int leaves = 0;
            plays(g, ends, leaves, turn(g));
            const auto expected = reference_plays(a, b);
            EXPECT_EQ(ends.size(), expected.size()) << a << "-" << b;
            counts[std::to_string(b) + "-" + std::to_string(a)] = ends.size();
        }
    }
    EXPECT_EQ(rolls, 21);
    EXPECT_NEAR(probability, 1.0, 1e-12);
    // Figures checked by hand: 6-5 has the run 24/13 among its plays; every roll has at least one play.
    for (const auto& [roll, n] : counts) EXPECT_GT(n, 0U) << roll;
}

// Positions with their distinct plays, as a backgammon library's tests list them (White to move; points from each
// player's own side): 2-1 with checkers on 1 and 2: "2/off 1/off", "2/off" (2/1/off); 6-5 from there: both off; 1-1
// with two checkers on 24: "24/20", "24/21 24/23", "24/22(2)"; 6-5 from 24 against a Black blot on his 7: "24/18*/13",
// "24/13"; against two Black checkers there: "24/13" only; 6-6 then: no play; 6-5 from the bar against a blot on
// Black's 6: "bar/19*/14", "bar/14"; 4-3 from the bar with a checker on 6 against Black's points 1, 2, 5, 6, 7 and
// 23: "bar/21 6/3" only (entering with the 3 would leave the 4 unplayable).
TEST(Backgammon, KnownPositionsHaveTheirPublishedNumberOfPlays) {
    static const auto positions = testing_support::expect_game(
        load_game(std::string(RULESRUN_SOURCE_DIR) + "/tests/games/backgammon_positions.rules"));
    struct Case {
        int a, b;
        std::size_t plays;
    };
    const std::vector<Case> cases = {{2, 1, 2}, {6, 5, 1}, {1, 1, 3}, {6, 5, 2}, {6, 5, 1}, {6, 6, 0}, {6, 5, 2}, {4, 3, 1}};
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const auto& c = cases[k];
        Game g = start_game(positions, 2, 1, {{"case", std::to_string(k + 1)}, {"opening", "reroll"}});
        g.restart(1, {die(2), die(1), die(c.a), die(c.b), die(1), die(2)});
        g.keep_knowledge(false);
        if (c.plays == 0) {
            EXPECT_NE(g.to_act(), std::vector<int>{0}) << "case " << k + 1;
            continue;
        }
        std::set<std::string> ends;
        int leaves = 0;
        plays(g, ends, leaves, turn(g));
        EXPECT_EQ(ends.size(), c.plays) << "case " << k + 1;
    }
}

// Each turn is at least one legal move when one exists, and a double is four moves when all four can be played.
TEST(Backgammon, ADoubleIsPlayedFourTimes) {
    Game g = start_game(backgammon(), 2, 1, {{"opening", "reroll"}});
    g.restart(1, {die(2), die(1), die(3), die(3), die(1), die(2)});
    g.keep_knowledge(false);
    int moves = 0;
    while (g.to_act() == std::vector<int>{0}) {
        g.apply(0, 0);
        ++moves;
    }
    EXPECT_EQ(moves, 4);
}

// The board is a track of 24 points drawn with the numbers the moves use (13/8), not a chess board's letters.
TEST(Backgammon, ThePointsAreDrawnWithTheirNumbers) {
    const Game g = start_game(backgammon(), 2, 1);
    const std::string screen = view_text(g, 0);
    EXPECT_NE(screen.find(" 1  2  3  4"), std::string::npos) << screen;
    EXPECT_NE(screen.find(" 23 24"), std::string::npos) << screen;
    EXPECT_EQ(screen.find(" a  b  c"), std::string::npos) << screen;
}

}  // namespace
}  // namespace rulesrun::runtime
