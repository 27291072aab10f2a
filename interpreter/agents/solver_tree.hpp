// The whole game tree of a small game, built once for the solver (solver.hpp): every decision, every chance result
// with its probability, every end with its payoffs, and each decision's information set, made only from what the
// deciding seat may know.
//
// - Decisions: a ply where several seats decide at once (`simultaneously`) is a chain of decision nodes, one per
//   seat, each seat's information set made from the state before the ply: no seat knows the others' answers.
// - Chance: each number a `roll` or `random` may give is a child with probability 1 / (high - low + 1); each distinct
//   order of a `shuffle` is a child with probability (k1! k2! ...) / n!, cards shown alike (same name, type and
//   fields) being interchangeable. Both are enumerated with forced chance and a probe, as game_tree.cpp does.
// - Information sets (perfect recall): a seat's decision is keyed by the sequence of what it observed, from the
//   start: at each of its decisions, its view (view_facts), the choice's name, prompt and action names; between its
//   decisions, the table's lines it may read (each choice as the table log tells it, "player 2 chooses in secret"
//   for another seat's secret choice, and the rules' messages it may read). Never the true state. The sequence is
//   hashed link by link into 128 bits (two independent 64-bit hashes), so keys take no room.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "game.hpp"
#include "game_types.hpp"

namespace rulesrun {

// The game cannot be solved as asked: too large for --max-nodes, a chance result that cannot be enumerated. The
// message says why and what to try.
struct SolveRefused : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A node takes 40 to 450 bytes with its edges, payoffs and information set (the most where every decision is a set
// of its own, with its label and actions' names: tic-tac-toe's 549946 nodes take 240 MB): 5 million nodes take at
// most about 2 GiB and, at 3 to 6 microseconds a node, under a minute to build.
inline constexpr std::int64_t default_max_solver_nodes = 5'000'000;
// Plies from the start beyond which the tree is refused (the walk is recursive).
inline constexpr int most_solver_plies = 1000;

struct SolverTree {
    enum class Kind : std::uint8_t { decision, chance, terminal };
    struct Node {
        Kind kind = Kind::terminal;
        std::int32_t seat = -1;     // decision: the deciding seat
        std::int32_t index = -1;    // decision: its information set; terminal: its row of payoffs
        std::int32_t first = 0;     // its edges: children[first .. first + count)
        std::int32_t count = 0;
    };
    struct InformationSet {
        int seat = 0;
        int own_depth = 0;                 // the seat's decisions before this one (the same at every node of the set)
        std::string label;                 // what the seat knows: its private facts, then what it read at the table
        std::vector<std::string> actions;  // the names of its actions
        std::int64_t nodes = 0;            // the states the seat cannot tell apart here
    };

    int players = 0;
    std::vector<Node> nodes;                 // node 0 is the start; a node comes before its children
    std::vector<std::int32_t> children;      // per edge: the child node
    std::vector<double> probabilities;       // per edge: a chance edge's probability (1 for a decision's edges)
    std::vector<double> scores;              // per end, per seat: Results::scores
    std::vector<double> shares;              // per end, per seat: Results::win_share
    std::vector<InformationSet> information_sets;
    std::int64_t decision_nodes = 0, chance_nodes = 0, terminal_nodes = 0;
    int depth = 0;                            // the most plies from the start to an end
};

// Called at every decision node while the tree is built, with the game there (its seat to decide), the node's
// information set and whether the set was met for the first time: bots' policies are read so (solver.cpp).
using DecisionVisitor = std::function<void(const runtime::Game& game, int seat, int information_set, bool first)>;

struct SolverTreeOptions {
    std::int64_t max_nodes = default_max_solver_nodes;
    bool keep_knowledge = false;  // the games' knowledge of hidden cards, for bots that determinize (strategies, mcts)
    DecisionVisitor visit_decision;
};

// Builds the tree. Throws SolveRefused past max_nodes (with the size and depth reached, and the options that may make
// the game smaller), for a shuffle of cards shown alike that are not alike, and for a ply drawing more than
// most_draws_per_ply numbers; runtime::TreeError when a rule fails (with the plies that led there).
SolverTree build_solver_tree(std::shared_ptr<const runtime::GameDefinition> game,
                             const runtime::ResolvedSettings& settings, const SolverTreeOptions& options);

}  // namespace rulesrun
