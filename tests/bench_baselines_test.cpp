// The hand-written baselines of tools/bench (Diamant and Diablo in plain C++): they must play exactly the rules of
// rules/diamant.rules and rules/diablo.rules, or the benchmark compares the interpreter with a different game.
// Random games are checked against the rules' invariants through observers; small set-up positions check the
// obligations one by one. No timing here: speed is rulesrun_bench_native's business.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include "diablo.hpp"
#include "diamant.hpp"
#include "random.hpp"

namespace {

using namespace rulesrun::bench;

// ==== The generator ==================================================================================================

TEST(BaselineRng, SameSeedSameNumbers) {
    Rng a(7), b(7), c(8);
    bool differs = false;
    for (int i = 0; i < 100; ++i) {
        const std::uint64_t x = a.next();
        EXPECT_EQ(x, b.next());
        differs = differs || x != c.next();
    }
    EXPECT_TRUE(differs);
}

TEST(BaselineRng, BelowStaysInRangeAndReachesEveryValue) {
    Rng rng(1);
    std::array<int, 7> seen{};
    for (int i = 0; i < 7000; ++i) {
        const std::uint32_t x = rng.below(7);
        ASSERT_LT(x, 7u);
        ++seen[x];
    }
    for (int count : seen) EXPECT_GT(count, 800);  // about 1000 each
    EXPECT_EQ(rng.below(1), 0u);
}

// ==== Diamant ========================================================================================================

constexpr int kTreasureTotal = 124;  // 1 + 2 + 3 + 4 + 5 + 5 + 7 + 7 + 9 + 11 + 11 + 13 + 14 + 15 + 17

struct AlwaysLeaveBot {
    PlayerSet choose_leavers(const DiamantGame& game, Rng&) const { return game.explorers(); }
};

struct AlwaysStayBot {
    PlayerSet choose_leavers(const DiamantGame&, Rng&) const { return 0; }
};

// The random bot, checking when it is asked: never before the first card of a round, never with nobody inside.
struct DecisionTimingBot {
    PlayerSet choose_leavers(const DiamantGame& game, Rng& rng) const {
        EXPECT_GT(game.cards_turned(), 0) << "the stay/leave decision is skipped before the first card";
        EXPECT_NE(game.explorers(), 0);
        EXPECT_FALSE(game.struck());
        return RandomDiamantBot{}.choose_leavers(game, rng);
    }
};

// Checks every leave, explore and round end of a game against the rules.
struct DiamantChecker {
    // Before a leave.
    std::array<int, kDiamantMaxPlayers> chest_before{};
    std::array<int, kDiamantMaxPlayers> in_front_before{};
    int loot_before = 0;
    PlayerSet explorers_before = 0;
    // Over the game.
    int cards_at_round_start = kMineCards;
    int hazard_rounds = 0;
    int revealed_total = 0;
    bool everyone_left = false;

    void before_leave(const DiamantGame& game, PlayerSet leavers) {
        EXPECT_EQ(leavers & ~game.explorers(), 0) << "only explorers inside can leave";
        for (int p = 0; p < game.players(); ++p) {
            chest_before[p] = game.chest(p);
            in_front_before[p] = game.in_front(p);
        }
        loot_before = game.loot_on_path();
        explorers_before = game.explorers();
    }

    // The leavers share the path equally (rounded down), the remainder stays; everyone else is untouched.
    void after_leave(const DiamantGame& game, PlayerSet leavers) {
        const int count = std::popcount(leavers);
        const int share = loot_before / count;
        EXPECT_EQ(game.loot_on_path(), loot_before % count);
        for (int p = 0; p < game.players(); ++p) {
            const bool left = leavers & DiamantGame::bit(p);
            EXPECT_EQ(game.chest(p), chest_before[p] + (left ? share + in_front_before[p] : 0));
            EXPECT_EQ(game.in_front(p), left ? 0 : in_front_before[p]);
        }
        EXPECT_EQ(game.explorers(), explorers_before & ~leavers);
        everyone_left = game.explorers() == 0;
    }

    void after_explore(const DiamantGame& game) {
        EXPECT_FALSE(everyone_left) << "no card is turned once everyone has left";
        EXPECT_LE(game.cards_turned(), game.cards_in_game());
        if (game.variant() == DiamantVariant::seed) {
            for (int p = 0; p < game.players(); ++p) EXPECT_EQ(game.in_front(p), 0);
        }
    }

    void after_round(const DiamantGame& game, const DiamantRoundStats& stats) {
        EXPECT_LE(stats.cards_turned, cards_at_round_start);
        EXPECT_LE(stats.cards_turned, kMineCards);
        EXPECT_GE(stats.cards_turned, 1);
        if (stats.ended_on_hazard) ++hazard_rounds;
        // The second hazard leaves the game for good: 30 cards minus the removed ones.
        EXPECT_EQ(game.cards_in_game(), kMineCards - hazard_rounds);
        cards_at_round_start = game.cards_in_game();
        revealed_total += stats.diamonds_revealed;
        everyone_left = false;
    }
};

int total_chests(const DiamantResult& r) {
    int total = 0;
    for (int p = 0; p < r.players; ++p) total += r.chest[p];
    return total;
}

TEST(DiamantBaseline, SameSeedSameGame) {
    for (DiamantVariant variant : {DiamantVariant::seed, DiamantVariant::official}) {
        for (int players = kDiamantMinPlayers; players <= kDiamantMaxPlayers; ++players) {
            const DiamantOptions options{players, variant, 5};
            int different = 0;
            for (std::uint64_t seed = 0; seed < 20; ++seed) {
                const DiamantResult r = DiamantGame::play_random(options, seed);
                EXPECT_EQ(r, DiamantGame::play_random(options, seed));
                different += r == DiamantGame::play_random(options, seed + 1000) ? 0 : 1;
            }
            EXPECT_GT(different, 15) << "different seeds should mostly give different games";
        }
    }
}

TEST(DiamantBaseline, RandomGamesKeepTheRules) {
    for (DiamantVariant variant : {DiamantVariant::seed, DiamantVariant::official}) {
        for (int players = kDiamantMinPlayers; players <= kDiamantMaxPlayers; ++players) {
            for (std::uint64_t seed = 0; seed < 300; ++seed) {
                Rng rng(seed);
                DiamantGame game({players, variant, 5});
                DiamantChecker checker;
                const DiamantResult r = game.play(rng, DecisionTimingBot{}, checker);
                EXPECT_LE(total_chests(r), checker.revealed_total) << "no diamond is taken that was not revealed";
                EXPECT_EQ(r.winners, game.richest());
                EXPECT_GE(r.winners_count(), 1);
            }
        }
    }
}

TEST(DiamantBaseline, TiedPlayersShareTheWin) {
    int ties = 0;
    for (std::uint64_t seed = 0; seed < 2000; ++seed) {
        const DiamantResult r = DiamantGame::play_random({}, seed);
        int most = 0;
        for (int p = 0; p < r.players; ++p) most = std::max(most, r.chest[p]);
        for (int p = 0; p < r.players; ++p) EXPECT_EQ((r.winners >> p) & 1, r.chest[p] == most ? 1 : 0);
        ties += r.winners_count() > 1 ? 1 : 0;
    }
    EXPECT_GT(ties, 0) << "2000 random games should hold a tie";
}

TEST(DiamantBaseline, EveryoneLeavingEndsTheRound) {
    // By hand: the first card, then everyone leaves with what it put on the path.
    Rng rng(3);
    DiamantGame game({});
    game.start_round(rng);
    game.explore();
    const int loot = game.loot_on_path();
    game.leave(game.all_players());
    EXPECT_EQ(game.explorers(), 0);
    EXPECT_EQ(game.loot_on_path(), loot % 4);
    for (int p = 0; p < 4; ++p) EXPECT_EQ(game.chest(p), loot / 4);

    // Whole games: when everyone leaves at the first decision, each round turns exactly one card.
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        Rng game_rng(seed);
        DiamantGame leaving({5, DiamantVariant::seed, 5});
        const DiamantResult r = leaving.play(game_rng, AlwaysLeaveBot{});
        for (int round = 0; round < r.rounds; ++round) {
            EXPECT_EQ(r.round_stats[round].cards_turned, 1);
            EXPECT_FALSE(r.round_stats[round].ended_on_hazard);
        }
    }
}

// Nobody ever leaves, 20 rounds. Every round ends on a second hazard while some kind still has two cards, so the first
// 10 rounds remove 10 hazards and leave one card of each kind; from then on no round can end on a hazard, the mine
// runs out after its 20 cards and (Decision of the rules file) everyone still inside leaves with all 124 diamonds:
// 31 each for 4 players, in both variants (official: 24 in front + 28 on the cards, shared as 7 each).
TEST(DiamantBaseline, WhenTheMineRunsOutEveryExplorerLeaves) {
    for (DiamantVariant variant : {DiamantVariant::seed, DiamantVariant::official}) {
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            Rng rng(seed);
            DiamantGame game({4, variant, 20});
            DiamantChecker checker;
            const DiamantResult r = game.play(rng, AlwaysStayBot{}, checker);
            for (int round = 0; round < 10; ++round) EXPECT_TRUE(r.round_stats[round].ended_on_hazard);
            for (int round = 10; round < 20; ++round) {
                EXPECT_FALSE(r.round_stats[round].ended_on_hazard);
                EXPECT_EQ(r.round_stats[round].cards_turned, kMineCards - 10);
                EXPECT_EQ(r.round_stats[round].diamonds_revealed, kTreasureTotal);
            }
            for (int p = 0; p < 4; ++p) EXPECT_EQ(r.chest[p], 10 * (kTreasureTotal / 4));
            EXPECT_EQ(game.cards_in_game(), kMineCards - 10);
        }
    }
}

TEST(DiamantBaseline, OfficialVariantSplitsTreasureAtOnce) {
    // Turn cards by hand until a treasure shows: its value is split among the 3 explorers, the remainder on the path.
    Rng rng(11);
    DiamantGame game({3, DiamantVariant::official, 5});
    game.start_round(rng);
    for (int turned = 0; turned < 10 && !game.struck(); ++turned) {
        const int revealed_before = game.diamonds_revealed();
        const int loot_before = game.loot_on_path();
        const int in_front_before = game.in_front(0);
        game.explore();
        const int value = game.diamonds_revealed() - revealed_before;
        if (value == 0) continue;
        for (int p = 0; p < 3; ++p) EXPECT_EQ(game.in_front(p), in_front_before + value / 3);
        EXPECT_EQ(game.loot_on_path(), loot_before + value % 3);
    }
}

// ==== Diablo =========================================================================================================

// Checks every turn and action of a game against the rules of rules/diablo.rules: whose turn it is, the dice, the
// obligations, the moves' geometry, captures of equal or smaller stacks only, one move to an empty square per turn,
// checker counts that never grow, the end after the action that empties a colour.
struct DiabloChecker {
    enum class Action { none, move, removal };

    Colour expected_mover = Colour::black;
    bool ended = false;
    int turns = 0;
    std::array<int, 2> checkers_before{};
    // The current turn.
    Colour mover = Colour::black;
    int die_a = 0, die_b = 0;
    int checkers_at_turn_start = 0;
    int first_options = 0;   // legal first moves
    int second_options = 0;  // legal second moves, known once the first move is made
    int actions = 0;
    int empty_moves = 0;
    Action first = Action::none;
    int first_die = 0;
    bool first_onto_empty = false;

    explicit DiabloChecker(const DiabloGame& game)
        : checkers_before{game.checkers(Colour::black), game.checkers(Colour::green)} {}

    void on_turn_start(const DiabloGame& game, Colour c, int a, int b) {
        EXPECT_FALSE(ended) << "no turn after the end";
        check_turn_complete(game);
        EXPECT_EQ(c, expected_mover);
        expected_mover = opponent(c);
        EXPECT_GE(a, 1);
        EXPECT_LE(a, game.die_faces());
        EXPECT_GE(b, 1);
        EXPECT_LE(b, game.die_faces());
        ++turns;
        mover = c;
        die_a = a;
        die_b = b;
        checkers_at_turn_start = game.checkers(c);
        DiabloMoveList moves;
        game.legal_moves(c, a, b, true, moves);
        first_options = moves.count;
        actions = 0;
        empty_moves = 0;
        first = Action::none;
    }

    void before_move(const DiabloGame& game, const DiabloMove& m) {
        EXPECT_FALSE(ended) << "no action after the end";
        ++actions;
        EXPECT_TRUE(game.holds_stack_of(m.from, mover)) << "a player moves his own stacks";
        const int rows = std::abs(game.row_of(m.to) - game.row_of(m.from));
        const int columns = std::abs(game.column_of(m.to) - game.column_of(m.from));
        EXPECT_TRUE((rows == 0) != (columns == 0)) << "along a row or a column";
        EXPECT_EQ(rows + columns, m.die) << "exactly as many squares as the die";
        if (!game.empty(m.to) && game.owner(m.to) != mover) {
            EXPECT_LE(game.height(m.to), game.height(m.from)) << "a capture never takes a taller stack";
        }
        if (game.empty(m.to)) ++empty_moves;
        EXPECT_LE(empty_moves, 1) << "one move to an empty square per turn";
        if (actions == 1) {
            EXPECT_GT(first_options, 0);
            EXPECT_TRUE(m.die == die_a || m.die == die_b);
            first = Action::move;
            first_die = m.die;
            first_onto_empty = game.empty(m.to);
        } else {
            EXPECT_EQ(actions, 2);
            EXPECT_NE(turns, 1) << "Black's first turn has one action";
            EXPECT_EQ(first, Action::move);
            EXPECT_EQ(m.die, first_die == die_a ? die_b : die_a) << "the second move uses the other die";
        }
    }

    void before_removal(const DiabloGame& game, int square) {
        EXPECT_FALSE(ended) << "no action after the end";
        ++actions;
        EXPECT_TRUE(game.holds_stack_of(square, mover)) << "a player removes his own checkers";
        if (actions == 1) {
            EXPECT_EQ(first_options, 0) << "removing first is allowed only when no stack can move";
            first = Action::removal;
        } else if (first == Action::move) {
            EXPECT_EQ(second_options, 0) << "removing second is allowed only when no second move is possible";
        }
    }

    void after_action(const DiabloGame& game) {
        EXPECT_LE(actions, 2);
        check_counts(game);
        if (actions == 1 && first == Action::move) {
            const int other_die = first_die == die_a ? die_b : die_a;
            DiabloMoveList moves;
            game.legal_moves(mover, other_die, other_die, !first_onto_empty, moves);
            second_options = moves.count;
        }
        ended = game.over();
    }

    // The board agrees with the counts the game keeps, and no colour ever gains checkers.
    void check_counts(const DiabloGame& game) {
        for (Colour c : {Colour::black, Colour::green}) {
            int checkers = 0, stacks = 0;
            for (int s = 0; s < game.square_count(); ++s) {
                if (!game.holds_stack_of(s, c)) continue;
                checkers += game.height(s);
                ++stacks;
            }
            EXPECT_EQ(checkers, game.checkers(c));
            EXPECT_EQ(stacks, game.stacks(c));
            const int i = static_cast<int>(c);
            EXPECT_LE(checkers, checkers_before[i]) << "a colour's checker count never grows";
            checkers_before[i] = checkers;
        }
    }

    // The previous turn took every action it owed: one on Black's first turn, two otherwise, unless the game ended or
    // the player ran out of checkers to remove.
    void check_turn_complete(const DiabloGame& game) {
        if (turns == 0 || game.over()) return;
        if (turns == 1) {
            EXPECT_EQ(actions, 1);
        } else if (first == Action::removal) {
            EXPECT_EQ(actions, std::min(2, checkers_at_turn_start));
        } else {
            EXPECT_EQ(actions, 2);
        }
    }
};

TEST(DiabloBaseline, SetUpIsACheckerboardWithBlackInTheCorner) {
    for (int side : {4, 6, 8, 10}) {
        const DiabloGame game(side);
        EXPECT_EQ(game.owner(game.square(0, 0)), Colour::black);
        EXPECT_EQ(game.owner(game.square(0, 1)), Colour::green);
        EXPECT_EQ(game.owner(game.square(1, 0)), Colour::green);
        EXPECT_EQ(game.checkers(Colour::black), side * side / 2);
        EXPECT_EQ(game.checkers(Colour::green), side * side / 2);
        EXPECT_EQ(game.die_faces(), side / 2);
        for (int s = 0; s < game.square_count(); ++s) EXPECT_EQ(game.height(s), 1);
    }
}

TEST(DiabloBaseline, SameSeedSameGame) {
    for (int side : {4, 6, 8, 10}) {
        int different = 0;
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            const DiabloResult r = DiabloGame::play_random(side, seed);
            EXPECT_EQ(r, DiabloGame::play_random(side, seed));
            different += r == DiabloGame::play_random(side, seed + 1000) ? 0 : 1;
        }
        EXPECT_GT(different, side == 4 ? 5 : 15) << "different seeds should mostly give different games";
    }
}

TEST(DiabloBaseline, ThousandRandomGamesPerSizeKeepTheRules) {
    for (int side : {4, 6, 8, 10}) {
        for (std::uint64_t seed = 0; seed < 1000; ++seed) {
            Rng rng(seed);
            DiabloGame game(side);
            DiabloChecker checker(game);
            const DiabloResult r = game.play(rng, RandomDiabloBot{}, checker);
            ASSERT_TRUE(checker.ended) << "side " << side << " seed " << seed;
            // Exactly one winner: the winner has checkers left, the loser none.
            EXPECT_GT(game.checkers(r.winner), 0);
            EXPECT_EQ(game.checkers(opponent(r.winner)), 0);
            EXPECT_EQ(r.winner_checkers, game.checkers(r.winner));
            EXPECT_EQ(r.turns, checker.turns);
            EXPECT_LE(r.turns, game.turn_bound());
        }
    }
}

// Picks the first legal move ending on `target` (else the first move), and removes from the first own stack.
struct ScriptedBot {
    int target = -1;
    int choose_move(const DiabloGame&, const DiabloMoveList& moves, Rng&) const {
        for (int i = 0; i < moves.count; ++i)
            if (moves[i].to == target) return i;
        return 0;
    }
    int choose_removal(const DiabloGame& game, Colour remover, Rng&) const {
        for (int s = 0; s < game.square_count(); ++s)
            if (game.holds_stack_of(s, remover)) return s;
        return -1;
    }
};

// A 6x6 board (dice 1 to 3) emptied, past Black's first turn.
DiabloGame empty_board() {
    DiabloGame game(6);
    game.clear_board();
    game.set_turns_played(4);
    return game;
}

TEST(DiabloBaseline, MovesJumpStayOnTheBoardAndCaptureOnlyEqualOrSmaller) {
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 2);
    game.place(1, 0, Colour::black, 1);  // jumped over by the stack on (0, 0)
    game.place(2, 0, Colour::green, 2);  // equal: may be captured
    game.place(0, 2, Colour::green, 3);  // taller: may not
    DiabloMoveList moves;
    game.legal_moves(Colour::black, 2, 2, true, moves);
    ASSERT_EQ(moves.count, 3);
    EXPECT_EQ(moves[0].from, game.square(0, 0));
    EXPECT_EQ(moves[0].to, game.square(2, 0));
    EXPECT_EQ(moves[1].to, game.square(3, 0));  // (1, 0) up to an empty square; down would leave the board
    EXPECT_EQ(moves[2].to, game.square(1, 2));
    game.legal_moves(Colour::black, 2, 2, false, moves);
    ASSERT_EQ(moves.count, 1);
    EXPECT_EQ(moves[0].to, game.square(2, 0));
}

TEST(DiabloBaseline, MergeAddsHeightsAndCaptureReplaces) {
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 2);
    game.place(0, 1, Colour::black, 3);
    game.place(1, 1, Colour::green, 4);
    game.apply_move({static_cast<std::int8_t>(game.square(0, 0)), static_cast<std::int8_t>(game.square(0, 1)), 1});
    EXPECT_TRUE(game.empty(game.square(0, 0)));
    EXPECT_EQ(game.height(game.square(0, 1)), 5);
    EXPECT_EQ(game.stacks(Colour::black), 1);
    game.apply_move({static_cast<std::int8_t>(game.square(0, 1)), static_cast<std::int8_t>(game.square(1, 1)), 1});
    EXPECT_EQ(game.owner(game.square(1, 1)), Colour::black);
    EXPECT_EQ(game.height(game.square(1, 1)), 5);
    EXPECT_EQ(game.checkers(Colour::green), 0);
    EXPECT_TRUE(game.over());
    EXPECT_EQ(game.winner(), Colour::black);
}

TEST(DiabloBaseline, NoMoveMeansTwoRemovalsOrAllThePlayerHas) {
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 1);
    game.place(2, 0, Colour::green, 2);
    game.place(0, 2, Colour::green, 2);
    Rng rng(1);
    DiabloChecker checker(game);
    game.take_turn(Colour::black, 2, 2, rng, ScriptedBot{}, checker);
    EXPECT_EQ(checker.actions, 1) << "one checker to remove, not two";
    EXPECT_TRUE(game.over());
    EXPECT_EQ(game.winner(), Colour::green);

    DiabloGame two = empty_board();
    two.place(0, 0, Colour::black, 3);
    two.place(2, 0, Colour::green, 4);
    two.place(0, 2, Colour::green, 4);
    two.take_turn(Colour::black, 2, 2, rng, ScriptedBot{}, NoDiabloObserver{});
    EXPECT_EQ(two.height(two.square(0, 0)), 1);
}

TEST(DiabloBaseline, AfterAMoveToAnEmptySquareTheSecondMustMergeOrCapture) {
    Rng rng(1);
    // A capture is possible with the other die: it is made.
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 1);
    game.place(3, 1, Colour::green, 1);
    game.place(3, 3, Colour::green, 1);
    game.take_turn(Colour::black, 3, 1, rng, ScriptedBot{game.square(3, 0)}, NoDiabloObserver{});
    EXPECT_TRUE(game.empty(game.square(3, 0)));
    EXPECT_EQ(game.owner(game.square(3, 1)), Colour::black);
    EXPECT_EQ(game.checkers(Colour::green), 1);

    // Only moves to empty squares are left for the other die: one checker is removed instead.
    DiabloGame blocked = empty_board();
    blocked.place(0, 0, Colour::black, 1);
    blocked.place(0, 1, Colour::black, 1);
    blocked.place(3, 1, Colour::green, 2);
    blocked.place(3, 3, Colour::green, 1);
    DiabloChecker checker(blocked);
    blocked.take_turn(Colour::black, 3, 1, rng, ScriptedBot{blocked.square(3, 0)}, checker);
    EXPECT_EQ(checker.actions, 2);
    EXPECT_EQ(checker.second_options, 0);
    EXPECT_EQ(blocked.owner(blocked.square(3, 0)), Colour::black);
    EXPECT_EQ(blocked.checkers(Colour::black), 1);
    EXPECT_EQ(blocked.checkers(Colour::green), 3);
}

TEST(DiabloBaseline, AfterAMergeTheSecondMayGoToAnEmptySquare) {
    Rng rng(1);
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 1);
    game.place(1, 0, Colour::black, 1);
    game.place(3, 3, Colour::green, 1);
    // The bot aims at (1, 0): the merge with the 1; then at nothing, so the second move is the first listed with the
    // 2: the merged stack up to the empty (3, 0).
    game.take_turn(Colour::black, 1, 2, rng, ScriptedBot{game.square(1, 0)}, NoDiabloObserver{});
    EXPECT_EQ(game.owner(game.square(3, 0)), Colour::black);
    EXPECT_EQ(game.height(game.square(3, 0)), 2);
    EXPECT_EQ(game.moves_to_empty(), 1);
}

TEST(DiabloBaseline, BlackFirstTurnUsesOneDie) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        Rng rng(seed);
        DiabloGame game(6);
        DiabloChecker checker(game);
        game.take_turn(Colour::black, 1 + static_cast<int>(seed % 3), 1 + static_cast<int>(seed / 3 % 3), rng,
                       RandomDiabloBot{}, checker);
        EXPECT_EQ(checker.actions, 1);
        EXPECT_EQ(checker.empty_moves, 0) << "the board is full";
    }
}

TEST(DiabloBaseline, TheGameEndsRightAfterTheActionThatEmptiesAColour) {
    DiabloGame game = empty_board();
    game.place(0, 0, Colour::black, 1);
    game.place(0, 1, Colour::green, 1);
    Rng rng(1);
    DiabloChecker checker(game);
    game.take_turn(Colour::black, 1, 2, rng, ScriptedBot{game.square(0, 1)}, checker);
    EXPECT_EQ(checker.actions, 1) << "no second action after the winning capture";
    EXPECT_TRUE(game.over());
    const DiabloResult r = game.result();
    EXPECT_EQ(r.winner, Colour::black);
    EXPECT_EQ(r.winner_checkers, 1);
    EXPECT_EQ(r.turns, 5);
}

}  // namespace
