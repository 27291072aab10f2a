// A general search bot: Monte Carlo tree search over any rules file, with no knowledge of the game.
//
// - Secrets: information-set search by determinization. Each iteration starts from a fresh Game::determinize of the
//   real game from the deciding seat's point of view, so the bot uses nothing it could not know (and the generator is
//   reseeded, so chance is sampled anew each time).
// - Chance: sampled by the game's own generator during the iteration. Tree nodes are reached by the actions taken
//   and by what happened next (who must decide and among how many options), so a die that passes the turn leads to
//   another node than one that does not; after a draw of chance, also by the names of the options on offer, so that
//   two rolls that offer as many moves lead to two nodes (an edge stands for an option by its place in the list).
// - Simultaneous decisions: decoupled UCT. Each deciding seat picks its action from its own statistics at the node,
//   without seeing what the others picked; the joint answer leads to the child.
// - Several players: every action's value is the deciding seat's own reward, the share of the win (1 for a lone
//   winner, 1/k for each of k winners, 0 when everybody loses), optionally mixed with the score margin (the seat's
//   score minus the best other's), normalised by the margins seen in the search so that it means something alone.
// - Playouts beyond the tree learn as the search goes (MAST): each seat's average reward after each action, named
//   alike in every state (Game::action_keys), kept for the whole game; a playout takes each seat's best-rated
//   action, or a random one with chance `epsilon`. Where random play loses every game (Cosmic Disaster alone), such
//   playouts still find the moves that do well. Untried actions at a node are tried best-rated first, so that a wide
//   decision (Diablo's hundred moves) is searched from its likely moves. `playout=random` gives uniformly random
//   playouts (and untried actions in random order).
// - Rewards are read on the scale of those seen in the search (the lowest 0, the highest 1): where every playout is
//   lost, the score margin alone tells them apart and the exploration weighs against it as it would against wins.
// - Proven results (MCTS-Solver): where the seat knows the game exactly (nothing to guess) and along answers of a
//   seat deciding alone that draw on no chance, an end reached is a proven result; a decision with an action proven
//   to win, or with every action proven, is proven too. A proven win is always taken, a proven result is not explored
//   further, and the search stops once the decision is proven. Connect Four, Breakthrough, chess: forced wins and
//   losses a few moves deep are seen, where averages of random playouts blur them.
// - Or playouts follow a strategy of the rules file (random where it has no rule). With a strategy the tree is PUCT
//   with the strategy's choice as prior: the bot plays like the strategy until its playouts show a better action.
// - Other seats' secret answers and numbers drawn out of the seat's sight are guessed by playing the game again
//   (view/unseen_redraw.hpp): 32 such games, each the start of every 32nd iteration, played on from one decision to
//   the next (drawing only what happened since).
//
// Parameters ("mcts:iterations=2000,c=0.7"): iterations (per decision, default 1000), time (seconds per decision;
// replaces iterations, and then the bot is no longer reproducible), c (exploration constant, default 0.7, or 2 with
// a strategy), score (weight of the normalised score margin in the reward, 0 to 1, default 0.5: it guides the search
// where every playout is lost or won, as in a hard cooperative game), seed (mixed into the bot's generator), playout
// (random or a strategy's name; learned when not given), epsilon (learned playouts' chance of a random action, 0 to
// 1, default 0.2), memory (the share of the learned statistics kept from one decision to the next, default 1),
// temperature (> 0: learned playouts draw by softmax instead of taking the best), cutoff (actions before a playout
// of a game with scores stops, once the scores moved, and ranks the players by score, default 10, 0: none), reuse (1: the next
// decision starts from the subtree below the answers since, where the seat saw them all; 0: afresh), rave (RAVE's
// equivalence parameter, default 0: none), solver (1: proven results where the game allows, the default; 0: none),
// prior (the share of the prior held by the strategy's choice, 0 to 1, default 0.8), ngram (learned playouts also
// weigh each action by what it brought right after the action before it, once that pair was taken this many times:
// NST; default 0, none), chance (1: nodes after a draw of chance are told apart by the options on offer, the
// default; 0: by their number only).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "bots.hpp"

namespace rulesrun {

// The exploration constants by default: UCB1 (random playouts) and PUCT (playouts by a strategy). PUCT's is larger
// because the strategy's prior must outweigh the noise of a few playouts (two to three standard errors, at any budget).
constexpr double ucb_exploration = 0.7;
constexpr double guided_exploration = 2.0;

// How playouts beyond the tree choose: by the action statistics learned in the search (the default), uniformly at
// random, or by a strategy of the rules file.
enum class PlayoutKind { learned, random, strategy };

struct MctsSettings {
    int iterations = 1000;
    double seconds = 0;          // > 0: a time budget per decision instead of iterations
    double exploration = -1;     // < 0: the default of the tree's rule (ucb_exploration or guided_exploration)
    double score_weight = 0.5;
    double prior = 0.8;          // with a playout strategy: the share of the prior that its choice holds
    std::uint64_t seed = 0;
    int playout_strategy = -1;   // index in GameDefinition::strategies(), -1: none
    bool random_playouts = false;  // "playout=random": uniformly random playouts, no action statistics
    double epsilon = 0.2;        // learned playouts: the chance of a random action instead of the best known
    double memory = 1;           // learned playouts: the weight kept of earlier decisions' statistics (0: none)
    // Playouts of games with scores stop after this many actions, at the first action after which the scores differ
    // from the decision's, the players ranked by their scores then (0: played to the end).
    int cutoff = 10;
    double temperature = 0;      // learned playouts: > 0 draws by softmax of the averages instead of the best one
    bool reuse = true;           // the subtree the last decision's search grew below the answers since is kept
    double rave = 0;             // RAVE's equivalence parameter k (0: no RAVE): see MctsBot::blended_value
    // Learned playouts: an action's statistics after the action just before it (NST) count once the pair was taken
    // this many times (0: only the action's own statistics, MAST).
    int ngram = 0;
    // Nodes reached after a draw of chance are told apart by the options then on offer (not only by their number).
    bool chance_keys = true;
    bool solver = true;          // proven results where the game is known exactly and chance plays no part
    int playout_limit = 20000;   // actions in one playout before it counts as a draw (a game stuck in a loop)
    std::size_t node_limit = 4'000'000;  // the tree stops growing beyond this (long time budgets)

    [[nodiscard]] PlayoutKind playout() const {
        if (playout_strategy >= 0) return PlayoutKind::strategy;
        return random_playouts ? PlayoutKind::random : PlayoutKind::learned;
    }
};

// The strategy named by the "playout" parameter (index in `strategies`), or -1 for random playouts. Throws
// BotListError for a strategy the game does not declare.
int playout_strategy(const std::vector<std::pair<std::string, std::string>>& parameters,
                     const std::vector<runtime::StrategyInfo>& strategies);

// Reads "iterations", "time", "c", "score", "seed", "prior" and "playout" (already resolved to `playout_strategy`); throws
// BotListError naming a wrong parameter or value.
MctsSettings parse_mcts_settings(const std::vector<std::pair<std::string, std::string>>& parameters,
                                 int playout_strategy = -1);

// What the last decision's search did: for tests of the budget and for benchmarks.
struct SearchReport {
    int iterations = 0;
    bool proven = false;  // the solver proved the decision's result (the search stopped there)
    std::size_t nodes = 0;
    double seconds = 0;
    // The deciding seat's root statistics, per legal action: visits and the sum of its rewards.
    std::vector<std::int64_t> visits;
    std::vector<double> values;
};

class SearchBot : public Bot {
public:
    [[nodiscard]] virtual const SearchReport& last_search() const = 0;
};

std::unique_ptr<SearchBot> make_mcts_bot(const MctsSettings& settings, std::uint64_t game_seed, int seat);

}  // namespace rulesrun
