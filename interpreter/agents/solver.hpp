// Exact play for small games (`rulesrun solve`): the value of the game for each seat and a policy that reaches it,
// on the whole tree (solver_tree.hpp).
// - Perfect information (every information set a single state): backward induction. Chance is an expectation over its
//   results; each seat takes the action of highest value for itself, and among equal ones the action of lowest total
//   value for the others, then the first listed. With two seats whose payoffs sum to the same at every end this is
//   minimax; with more, or payoffs that do not (a game that ends with everybody losing), it is one subgame-perfect
//   equilibrium, chosen by the tie rule.
// - Hidden information: CFR+ (regret matching on regrets kept at 0 or more, the seats updated in turn, the average
//   policy weighted by the iteration's number), whose average policy tends to a Nash equilibrium for two seats with
//   payoffs summing to a constant (with more seats it carries no such guarantee: the exploitability says how far it
//   is).
// - Bots: the policy of a list of bots, read at every information set (random and strategies exactly, others by
//   asking them a number of times with derived seeds), is evaluated as it is.
// Whatever the policy, each seat's best response to the others' policy is computed exactly: its value, and NashConv
// (the sum over seats of what a best response gains), which is 0 for an equilibrium; the exploitability is NashConv / 2
// for two seats.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots.hpp"
#include "game.hpp"
#include "solver_tree.hpp"

namespace rulesrun {

// What a seat's value counts: its score (the game's own units, chips), or its share of the win (1 for a win, 1/k to
// each of k winners, 1/n to each of n seats in a draw, 0 for a loss).
enum class SolveValue { automatic, score, outcome };

// The iterations of CFR+ when none are asked: Kuhn poker is within 0.001 of its value long before, Leduc hold'em
// within about 0.001 of exploitability, in seconds.
inline constexpr std::int64_t default_solver_iterations = 1000;
// The answers asked of a bot that does not say its preferences (mcts), per information set.
inline constexpr int default_bot_samples = 16;

struct SolveRequest {
    runtime::ResolvedSettings settings;
    // automatic: the score when the game has scores that sum to zero at every end (chips won and lost), else outcome.
    SolveValue value = SolveValue::automatic;
    std::int64_t iterations = default_solver_iterations;
    std::int64_t max_nodes = default_max_solver_nodes;
    std::vector<BotSpec> bots;  // empty: solve; else one per seat: their policy is evaluated
    int samples = default_bot_samples;
};

struct PolicyEntry {
    int information_set = 0;
    int seat = 0;
    int own_depth = 0;
    std::string label;
    std::int64_t nodes = 0;
    double reach = 0;  // the chance that the policy (and chance) bring the seat to this decision
    std::vector<std::string> actions;
    std::vector<double> probabilities;
};

// Exploitability after some iterations (CFR+ only), to see it fall.
struct ConvergencePoint {
    std::int64_t iterations = 0;
    double nash_conv = 0;
};

struct SolveReport {
    std::string method;        // "backward induction", "CFR+", "the bots' policy"
    SolveValue value = SolveValue::score;
    std::string value_reason;  // why this value was taken, when it was not asked
    bool perfect_information = false;
    bool constant_sum = false;  // the seats' payoffs sum to the same at every end
    std::int64_t nodes = 0, decision_nodes = 0, chance_nodes = 0, terminal_nodes = 0, information_sets = 0;
    int depth = 0;
    std::int64_t iterations = 0;            // CFR+'s; 0 otherwise
    std::vector<double> values;             // per seat: the policy's expected value
    std::vector<double> best_responses;     // per seat: a best response's value against the others' policy
    double nash_conv = 0;
    std::vector<ConvergencePoint> convergence;
    std::vector<PolicyEntry> policy;        // every information set, by seat, then own depth, then most reached first
    std::vector<std::string> bots;          // per seat, when the bots' policy was evaluated
    std::int64_t inconsistent_sets = 0;     // information sets where an exact bot's policy differed between states
    double build_seconds = 0, solve_seconds = 0;

    // NashConv / 2: for two seats, what a best response gains on average over them (NashConv itself otherwise).
    [[nodiscard]] double exploitability() const { return values.size() == 2 ? nash_conv / 2 : nash_conv; }
};

// Builds the tree and solves it (or evaluates the bots). Throws SolveRefused, runtime::TreeError, BotListError (an
// exec: bot, which cannot be asked at every information set).
SolveReport solve_game(std::shared_ptr<const runtime::GameDefinition> game, const SolveRequest& request);

// The same on a tree already built: backward induction with perfect information, else CFR+ for `iterations`; the
// report holds the policy of every information set and its figures. `automatic` counts the scores here (solve_game
// chooses from the game).
SolveReport solve_tree(const SolverTree& tree, SolveValue value, std::int64_t iterations);

}  // namespace rulesrun
