// The search bot (mcts.hpp): UCT over determinizations, decoupled UCT at simultaneous decisions, playouts at random
// or by a strategy.
#include "mcts.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <tuple>

#include "action_statistics.hpp"
#include "seeds.hpp"
#include "unseen_redraw.hpp"

namespace rulesrun {

namespace {

constexpr std::uint64_t mcts_tag = 0x6d637473ULL << 32;  // "mcts"

// One seat's option at a node, with that seat's statistics.
struct Edge {
    std::int32_t seat = 0;
    std::int32_t action = 0;
    std::int32_t visits = 0;
    double value = 0;  // sum of the seat's rewards
    std::uint64_t key = 0;  // Game::action_keys: the action's name in the action statistics
    std::int32_t amaf_visits = 0;  // RAVE: iterations in which the seat took this action here or later
    double amaf_value = 0;
    // The solver (exact searches only, see MctsBot::exact_): the node this action always leads to, and the result it
    // is proven to bring under best play (an index in MctsBot::proofs_), or -1.
    std::int32_t child = -1;
    std::int32_t proven = -1;
};

// A decision reached by a joint answer from the parent. Its edges are grouped by deciding seat, in seat order.
struct Node {
    std::uint64_t key = 0;  // the joint answer that led here and the decision found here
    std::uint64_t joint = 0;  // the joint answer alone
    std::int32_t first_child = -1;
    std::int32_t next_sibling = -1;
    std::int32_t first_edge = 0;
    std::int32_t edge_count = 0;
    std::int32_t visits = 0;
    std::int32_t proven = -1;  // the solver: the result best play brings from here (an index in MctsBot::proofs_)
};

std::uint64_t mix(std::uint64_t hash, std::uint64_t value) { return splitmix64(hash ^ splitmix64(value)); }

class MctsBot : public SearchBot {
public:
    MctsBot(const MctsSettings& settings, std::uint64_t game_seed, int seat) : settings_(settings), rng_(0) {
        if (settings_.exploration < 0)
            settings_.exploration = settings_.playout_strategy >= 0 ? guided_exploration : ucb_exploration;
        rave_notes_ = settings_.rave > 0 && settings_.playout() != PlayoutKind::strategy;
        MctsBot::start_game(game_seed, seat);
    }

    void start_game(std::uint64_t game_seed, int seat) override {
        rng_ = Rng(derive_seed(bot_seed(game_seed, seat), mcts_tag ^ settings_.seed));
        learned_.clear();
        pairs_.clear();
        redrawn_.clear();
        redrawn_history_.clear();
        redrawn_seat_ = -1;
        decided_node_ = -1;
    }

    int choose(const runtime::Game& game, int seat) override {
        const int count = game.action_count(seat);
        if (count == 1) {  // nothing to think about
            report_ = SearchReport{};
            return 0;
        }
        if (settings_.memory <= 0) {
            learned_.clear();
            pairs_.clear();
        } else if (settings_.memory < 1) {
            learned_.decay(settings_.memory);
            pairs_.decay(settings_.memory);
        }
        search(game, seat);
        const int best = best_action(game, seat, count);
        report_.visits = visits_;
        report_.values = values_;
        return best;
    }

    [[nodiscard]] const SearchReport& last_search() const override { return report_; }

private:
    void search(const runtime::Game& game, int seat) {
        if (!reuse_tree(game, seat)) {
            nodes_.assign(1, Node{});  // node 0 stands above the decisions the determinizations of the real game show
            edges_.clear();
            proofs_.clear();
        }
        players_ = static_cast<std::size_t>(game.players());
        const bool cut = settings_.cutoff > 0 && game.definition().has_scores();
        exact_ = false;
        const bool solving = settings_.solver && (settings_.score_weight == 0 || !game.definition().has_scores());
        const std::uint64_t root_key = mix(0, decision_key(game));
        // The scales are this search's own, a reused tree's included: the rewards still possible from here.
        lowest_margin_ = highest_margin_ = 0;
        margins_seen_ = false;
        lowest_reward_ = INFINITY;
        highest_reward_ = -INFINITY;
        const auto start = std::chrono::steady_clock::now();
        auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
        const runtime::UnseenRedraw redraw(game, seat);
        follow_redrawn(redraw, game, seat);
        redraw_failed_ = false;
        failed_draws_ = 0;
        int i = 0;
        for (;; ++i) {
            if (settings_.seconds > 0 ? i > 0 && seconds() >= settings_.seconds : i >= settings_.iterations) break;
            if (exact_ && proven(root_key)) break;  // best play from here is known: nothing more to learn
            if (i % decided_check == 0 && i > 0 && decided(seat, i, seconds())) break;
            // Other seats' secret choices and the numbers chance drew out of the seat's sight are guessed anew (they
            // may sit in private fields or locals, which determinize leaves as they are); then the unseen cards are
            // dealt again.
            const std::uint64_t seed = rng_.next();
            const runtime::Game* start = redraw.draws_anything() ? redrawn_game(redraw, i, seed) : &game;
            if (start == nullptr) break;  // no game the seat cannot tell apart: it plays unsearched (best_action)
            if (work_) {
                *work_ = *start;
            } else {
                work_.emplace(*start);
            }
            const bool guessed = work_->determinize(seat, seed);
            exact_ = solving && !guessed && !redraw.draws_anything();
            if (cut) work_->scores_now(scores_at_decision_);  // of the seat's guess: the real game's may hold secrets
            iterate(*work_);
        }
        redrawn_history_ = game.history();
        redrawn_seat_ = seat;
        decided_node_ = deciding_alone(game, seat) ? find_child(0, mix(0, decision_key(game))) : -1;
        report_.iterations = i;
        report_.proven = exact_ && proven(root_key);
        report_.nodes = nodes_.size() - 1;
        report_.seconds = seconds();
    }

    // Tree reuse: the subtree below the node reached from the last decision by the answers given since becomes the
    // tree of this one. Only where the seat saw every answer (no other seat answered in secret: the bot must not
    // follow what it was not shown), and where the answers lead to one node: chance is not in the tree's keys, so a
    // step whose next decision differs with chance (a die that passes the turn) may not be followed.
    bool reuse_tree(const runtime::Game& game, int seat) {
        if (!settings_.reuse || decided_node_ < 0 || seat != redrawn_seat_ || !deciding_alone(game, seat)) return false;
        const auto& history = game.history();
        if (history.size() <= redrawn_history_.size() || game.others_answered_in_secret(seat)) return false;
        std::int32_t node = decided_node_;
        for (std::size_t i = redrawn_history_.size(); ;) {
            std::uint64_t joint = 0;
            if (!joint_answer(node, history, i, joint)) return false;
            if (i == history.size()) {
                const std::uint64_t key = mix(joint, decision_key(game));
                const std::int32_t after_chance = settings_.chance_keys ? find_child(node, mix(key, options_key(game))) : -1;
                node = after_chance >= 0 ? after_chance : find_child(node, key);
                break;
            }
            node = only_child_after(node, joint);
            if (node < 0) return false;
        }
        if (node < 0) return false;
        reroot(node, mix(0, decision_key(game)));
        return true;
    }

    // Whether `seat` alone decides now. Only then does the decision's key (who decides, among how many options) say
    // nothing the seat cannot see: at a simultaneous decision it holds the others' numbers of options, which may
    // depend on their secrets, and the tree must not be chosen by them.
    bool deciding_alone(const runtime::Game& game, int seat) {
        game.to_act(seats_);
        return seats_.size() == 1 && seats_.front() == seat;
    }

    // The joint answer of the seats deciding at `node`, read from history[i...] (moving i past them), as
    // select_and_apply hashes it; false when the history does not hold them next.
    bool joint_answer(std::int32_t node, const std::vector<runtime::ActionRecord>& history, std::size_t& i,
                      std::uint64_t& joint) const {
        const Node& n = nodes_[static_cast<std::size_t>(node)];
        joint = 0x6a6f696eULL;
        std::size_t answers = 0;
        for (std::int32_t e = n.first_edge; e < n.first_edge + n.edge_count; ++e) {
            const std::int32_t seat = edges_[static_cast<std::size_t>(e)].seat;
            if (e > n.first_edge && edges_[static_cast<std::size_t>(e - 1)].seat == seat) continue;  // one per seat
            std::int32_t action = -1;
            for (std::size_t k = i; k < history.size() && k < i + static_cast<std::size_t>(n.edge_count); ++k) {
                if (history[k].seat == seat) action = history[k].action;
            }
            if (action < 0) return false;
            joint = mix(joint, (static_cast<std::uint64_t>(seat) << 32) | static_cast<std::uint32_t>(action));
            ++answers;
        }
        i += answers;
        return i <= history.size();
    }

    // The child reached by `joint`, when only one is (else -1).
    [[nodiscard]] std::int32_t only_child_after(std::int32_t node, std::uint64_t joint) const {
        std::int32_t found = -1;
        for (std::int32_t c = nodes_[static_cast<std::size_t>(node)].first_child; c >= 0;
             c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
            if (nodes_[static_cast<std::size_t>(c)].joint != joint) continue;
            if (found >= 0) return -1;
            found = c;
        }
        return found;
    }

    // The subtree below `node` copied into a new tree, `node` the only child of the new node 0 (under `key`).
    void reroot(std::int32_t node, std::uint64_t key) {
        std::vector<Node> nodes(1, Node{});
        std::vector<Edge> edges;
        std::vector<std::pair<std::int32_t, std::int32_t>> queue{{node, 0}};  // (old node, new parent)
        for (std::size_t q = 0; q < queue.size(); ++q) {
            const auto [old_index, parent] = queue[q];
            Node copy = nodes_[static_cast<std::size_t>(old_index)];
            const auto index = static_cast<std::int32_t>(nodes.size());
            if (q == 0) {
                copy.key = key;
                copy.joint = 0;
            }
            copy.proven = -1;  // the answers since may have drawn on chance: the solver starts again
            const auto first_edge = static_cast<std::size_t>(copy.first_edge);
            copy.first_edge = static_cast<std::int32_t>(edges.size());
            edges.insert(edges.end(), edges_.begin() + static_cast<std::ptrdiff_t>(first_edge),
                         edges_.begin() + static_cast<std::ptrdiff_t>(first_edge) + copy.edge_count);
            for (auto e = edges.end() - copy.edge_count; e != edges.end(); ++e) e->child = e->proven = -1;
            for (std::int32_t c = copy.first_child; c >= 0; c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
                queue.emplace_back(c, index);
            }
            copy.first_child = -1;
            copy.next_sibling = nodes[static_cast<std::size_t>(parent)].first_child;
            nodes[static_cast<std::size_t>(parent)].first_child = index;
            nodes.push_back(copy);
        }
        nodes_ = std::move(nodes);
        edges_ = std::move(edges);
        proofs_.clear();
    }

    // The redrawn game iteration i starts from. A redraw plays the whole game again, which costs far more than an
    // iteration: the first `redrawn_games` iterations draw one each, and the later ones start from them in turn (their
    // cards are dealt again each time all the same). Once a draw fails, the games drawn so far serve. When none has
    // been drawn after a few tries, nothing: the real game must not stand in for one, since the search would then
    // play on what the seat did not see.
    const runtime::Game* redrawn_game(const runtime::UnseenRedraw& redraw, int i, std::uint64_t seed) {
        if (redrawn_.size() < redrawn_games && !redraw_failed_) {
            if (auto drawn = redraw.draw(seed)) {
                redrawn_.push_back(std::move(*drawn));
            } else {
                redraw_failed_ = !redrawn_.empty() || ++failed_draws_ >= redraw_tries;
            }
        }
        if (redrawn_.empty()) return redraw_failed_ ? nullptr : redrawn_game(redraw, i, rng_.next());
        return &redrawn_[static_cast<std::size_t>(i) % redrawn_.size()];
    }

    // The last decision's redrawn games are played on to this one, drawing what the seat did not see since (those
    // that no longer fit are dropped, and drawn anew by redrawn_game); when the seat or the game changed, all go.
    void follow_redrawn(const runtime::UnseenRedraw& redraw, const runtime::Game& game, int seat) {
        const auto& history = game.history();
        const auto same = [](const runtime::ActionRecord& a, const runtime::ActionRecord& b) {
            return a.seat == b.seat && a.action == b.action;
        };
        const bool same_game = redraw.draws_anything() && seat == redrawn_seat_ &&
                               history.size() >= redrawn_history_.size() &&
                               std::equal(redrawn_history_.begin(), redrawn_history_.end(), history.begin(), same);
        if (!same_game) {
            redrawn_.clear();
            return;
        }
        std::size_t kept = 0;
        for (std::size_t g = 0; g < redrawn_.size(); ++g) {
            if (!redraw.advance(redrawn_[g], redrawn_history_.size(), rng_.next())) continue;
            if (g != kept) std::swap(redrawn_[kept], redrawn_[g]);
            ++kept;
        }
        redrawn_.erase(redrawn_.begin() + static_cast<std::ptrdiff_t>(kept), redrawn_.end());
    }

    // The action of `seat` tried most often over the root decisions. Ties go to the playout strategy's choice, then
    // to more value, then to chance (never to the first action by default).
    int best_action(const runtime::Game& game, int seat, int count) {
        visits_.assign(static_cast<std::size_t>(count), 0);
        values_.assign(static_cast<std::size_t>(count), 0);
        proven_shares_.assign(static_cast<std::size_t>(count), -1);
        for_root_edges(seat, [&](std::int32_t e, const Edge& edge) {
            if (edge.action >= count) return;
            visits_[static_cast<std::size_t>(edge.action)] += edge.visits;
            values_[static_cast<std::size_t>(edge.action)] += edge.value;
            if (exact_) proven_shares_[static_cast<std::size_t>(edge.action)] = proven_share(e);
        });
        strategy_preferences(game, seat, count);
        int best = 0;
        std::uint32_t ties = 1;
        for (int a = 1; a < count; ++a) {
            const auto i = static_cast<std::size_t>(a), b = static_cast<std::size_t>(best);
            // A proven win first, a proven loss last (the solver), else the most tried.
            const auto rank = [&](std::size_t x) {
                return std::tuple(proven_shares_[x] >= 1, proven_shares_[x] != 0, visits_[x], preferred(x), values_[x]);
            };
            if (rank(i) > rank(b)) {
                best = a;
                ties = 1;
            } else if (rank(i) == rank(b) && rng_.below(++ties) == 0) {
                best = a;
            }
        }
        return best;
    }

    // The playout strategy's preferences for `seat` in `game` into preferences_ (empty without a strategy, when it
    // has no rule here, or when the count does not match: a node merged from another situation).
    void strategy_preferences(const runtime::Game& game, int seat, int count) {
        preferences_.clear();
        if (settings_.playout_strategy >= 0) game.preferences(settings_.playout_strategy, seat, preferences_);
        if (static_cast<int>(preferences_.size()) != count) preferences_.clear();
        preferred_count_ = 0;
        if (preferences_.empty()) return;
        preferred_score_ = *std::max_element(preferences_.begin(), preferences_.end());
        preferred_count_ = static_cast<int>(std::count(preferences_.begin(), preferences_.end(), preferred_score_));
    }

    [[nodiscard]] bool preferred(std::size_t action) const {
        return preferred_count_ > 0 && preferences_[action] == preferred_score_;
    }

    // One iteration: down the tree by UCT, one new node, a random playout, rewards back up the path.
    void iterate(runtime::Game& game) {
        path_nodes_.clear();
        path_edges_.clear();
        path_edge_depths_.clear();
        exact_path_ = exact_;
        exact_edge_ = -1;
        previous_key_ = 0;
        pairs_taken_.clear();
        std::int32_t parent = 0;
        std::uint64_t joint = 0;
        chance_drawn_ = false;
        while (!game.finished()) {
            std::uint64_t key = mix(joint, decision_key(game));
            if (chance_drawn_ && settings_.chance_keys) key = mix(key, options_key(game));
            std::int32_t node = find_child(parent, key);
            const bool is_new = node < 0;
            if (is_new) {
                if (nodes_.size() >= settings_.node_limit) break;
                node = add_node(parent, joint, key, game);
            }
            if (exact_edge_ >= 0) edges_[static_cast<std::size_t>(exact_edge_)].child = node;
            path_nodes_.push_back(node);
            joint = select_and_apply(node, game);
            parent = node;
            if (is_new) break;
        }
        if (exact_edge_ >= 0 && game.finished()) prove_end(exact_edge_, game);
        playout(game);
        score(game);
        backpropagate();
        if (exact_) prove_path();
    }

    // Who must decide and among how many options: what tells apart the decisions after the same answers.
    std::uint64_t decision_key(const runtime::Game& game) {
        game.to_act(seats_);
        std::uint64_t key = 0x6b6579ULL;
        for (const int s : seats_) key = mix(key, (static_cast<std::uint64_t>(s) << 32) | static_cast<std::uint32_t>(game.action_count(s)));
        return key;
    }

    // The names of the options on offer to the deciding seats (seats_ holds them). After a draw of chance, a node is
    // told apart by them: a roll of 6-1 and one of 3-2 may offer as many moves, but not the same, and an edge stands
    // for an option by its place in the list.
    std::uint64_t options_key(const runtime::Game& game) {
        std::uint64_t key = 0x6f7074ULL;
        for (const int s : seats_) {
            game.action_keys(s, keys_);
            for (const std::uint64_t option : keys_) key = mix(key, option);
        }
        return key;
    }

    std::int32_t find_child(std::int32_t parent, std::uint64_t key) const {
        for (std::int32_t c = nodes_[static_cast<std::size_t>(parent)].first_child; c >= 0;
             c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
            if (nodes_[static_cast<std::size_t>(c)].key == key) return c;
        }
        return -1;
    }

    // A node for the decision now pending (seats_ holds the deciding seats).
    std::int32_t add_node(std::int32_t parent, std::uint64_t joint, std::uint64_t key, const runtime::Game& game) {
        Node n;
        n.key = key;
        n.joint = joint;
        n.first_edge = static_cast<std::int32_t>(edges_.size());
        for (const int s : seats_) {
            game.action_keys(s, keys_);
            for (int a = 0; a < game.action_count(s); ++a) edges_.push_back(Edge{s, a, 0, 0, keys_[static_cast<std::size_t>(a)]});
        }
        n.edge_count = static_cast<std::int32_t>(edges_.size()) - n.first_edge;
        Node& p = nodes_[static_cast<std::size_t>(parent)];
        n.next_sibling = p.first_child;
        const auto index = static_cast<std::int32_t>(nodes_.size());
        p.first_child = index;
        nodes_.push_back(n);
        return index;
    }

    // Each deciding seat picks by its own statistics (decoupled UCT); returns the joint answer's hash.
    std::uint64_t select_and_apply(std::int32_t node, runtime::Game& game) {
        const Node& n = nodes_[static_cast<std::size_t>(node)];
        const double log_visits = std::log(static_cast<double>(std::max(n.visits, 1)));
        std::uint64_t joint = 0x6a6f696eULL;
        const std::size_t chosen_begin = path_edges_.size();
        std::int32_t e = n.first_edge;
        const std::int32_t end = n.first_edge + n.edge_count;
        while (e < end) {
            const std::int32_t seat = edges_[static_cast<std::size_t>(e)].seat;
            std::int32_t group_end = e;
            while (group_end < end && edges_[static_cast<std::size_t>(group_end)].seat == seat) ++group_end;
            std::int32_t pick = 0;
            if (settings_.playout_strategy >= 0) {
                strategy_preferences(game, seat, group_end - e);
                pick = select_guided(e, group_end, n.visits);
            } else {
                pick = select_ucb(e, group_end, log_visits);
            }
            path_edges_.push_back(pick);
            path_edge_depths_.push_back(static_cast<std::int32_t>(path_nodes_.size()) - 1);
            joint = mix(joint, (static_cast<std::uint64_t>(seat) << 32) |
                                   static_cast<std::uint32_t>(edges_[static_cast<std::size_t>(pick)].action));
            e = group_end;
        }
        const std::uint64_t chance_before = game.chance_mark();
        for (std::size_t i = chosen_begin; i < path_edges_.size(); ++i) {
            const Edge& edge = edges_[static_cast<std::size_t>(path_edges_[i])];
            game.apply(edge.seat, edge.action);
            note_taken(edge.seat, edge.key);
        }
        // The solver follows only a seat deciding alone whose answer drew on no chance: from the same game, the same
        // answer then always leads to the same game.
        const bool alone = path_edges_.size() == chosen_begin + 1;
        chance_drawn_ = game.chance_mark() != chance_before;
        exact_path_ = exact_path_ && alone && !chance_drawn_;
        exact_edge_ = exact_path_ ? path_edges_.back() : -1;
        return joint;
    }

    // UCB1 over edges [begin, end), every untried edge first: with learned playouts the one whose action did best
    // elsewhere (a wide decision is searched best first), else in random order; ties by chance. Average rewards are
    // read on the scale of those seen in this search, so that the exploration weighs the same whether playouts
    // differ by wins or, where every playout is lost, by a little score.
    std::int32_t select_ucb(std::int32_t begin, std::int32_t end, double log_visits) {
        std::int32_t best = -1;
        double best_score = 0;
        std::uint32_t ties = 0;
        const bool learned = settings_.playout() == PlayoutKind::learned;
        for (std::int32_t e = begin; e < end; ++e) {
            const Edge& edge = edges_[static_cast<std::size_t>(e)];
            const double visits = edge.visits;
            const double exact = proven_share(e);
            if (exact >= 1) return e;  // a proven win
            double ucb = 0;
            if (exact >= 0) {
                ucb = on_search_scale(exact);  // known: nothing to explore
            } else if (edge.visits == 0 && edge.amaf_visits > 0) {
                ucb = untried_score + on_search_scale(edge.amaf_value / edge.amaf_visits);
            } else if (edge.visits == 0) {
                ucb = learned ? untried_score + learned_score(edge.seat, edge.key, 1.0) : INFINITY;
            } else {
                ucb = blended_value(edge) + settings_.exploration * std::sqrt(log_visits / visits);
            }
            consider(e, ucb, best, best_score, ties);
        }
        return best;
    }

    // The edge's average reward, with RAVE mixed with its all-moves-as-first average by the weight
    // sqrt(k / (3 n + k)) (k the `rave` parameter, n the edge's visits): the latter rules while visits are few.
    [[nodiscard]] double blended_value(const Edge& edge) const {
        const double value = on_search_scale(edge.value / edge.visits);
        if (!rave_notes_ || edge.amaf_visits == 0) return value;
        const double weight = std::sqrt(settings_.rave / (3.0 * edge.visits + settings_.rave));
        return (1 - weight) * value + weight * on_search_scale(edge.amaf_value / edge.amaf_visits);
    }

    // An average reward on the scale of the rewards seen in this search: 0 the lowest, 1 the highest.
    [[nodiscard]] double on_search_scale(double reward) const {
        const double range = highest_reward_ - lowest_reward_;
        return range > 0 ? (reward - lowest_reward_) / range : reward;
    }

    // Playouts by a strategy: PUCT with the strategy as prior. Its choice holds the share `prior` of the prior (the
    // other actions share the rest), and an untried action is assumed as good as the node's average so far. While
    // visits are few the search follows the strategy; another action takes over only when its value shows it, so
    // the noise of a few playouts cannot make the bot play worse than its strategy (UCB1 tries every action once
    // first, and with 20 iterations and 9 actions that is a random move).
    std::int32_t select_guided(std::int32_t begin, std::int32_t end, std::int32_t node_visits) {
        const int count = end - begin;
        double group_value = 0, group_visits = 0;
        for (std::int32_t e = begin; e < end; ++e) {
            group_value += edges_[static_cast<std::size_t>(e)].value;
            group_visits += edges_[static_cast<std::size_t>(e)].visits;
        }
        const double untried_value = group_visits > 0 ? group_value / group_visits : 0.5;
        const bool split = preferred_count_ > 0 && preferred_count_ < count;
        const double prior_preferred = split ? settings_.prior / preferred_count_ : 1.0 / count;
        const double prior_other = split ? (1 - settings_.prior) / (count - preferred_count_) : 1.0 / count;
        const double exploration = settings_.exploration * std::sqrt(static_cast<double>(node_visits) + 1);
        std::int32_t best = -1;
        double best_score = 0;
        std::uint32_t ties = 0;
        for (std::int32_t e = begin; e < end; ++e) {
            const Edge& edge = edges_[static_cast<std::size_t>(e)];
            const double exact = proven_share(e);
            if (exact >= 1) return e;  // a proven win
            const double value = edge.visits > 0 ? edge.value / edge.visits : untried_value;
            const double prior = preferred(static_cast<std::size_t>(e - begin)) ? prior_preferred : prior_other;
            consider(e, exact >= 0 ? exact : value + exploration * prior / (1.0 + edge.visits), best, best_score, ties);
        }
        return best;
    }

    // Keeps the best score; equal scores each have the same chance (one draw per tie).
    void consider(std::int32_t edge, double score, std::int32_t& best, double& best_score, std::uint32_t& ties) {
        if (best < 0 || score > best_score) {
            best = edge;
            best_score = score;
            ties = 1;
        } else if (score == best_score && rng_.below(++ties) == 0) {
            best = edge;
        }
    }

    void playout(runtime::Game& game) {
        playout_cut_ = playout_stopped_ = false;
        trajectory_.clear();
        const bool may_stop = settings_.cutoff > 0 && game.definition().has_scores();
        for (int actions = 0; !game.finished(); ++actions) {
            if (actions >= settings_.playout_limit) {
                playout_cut_ = true;
                return;
            }
            if (may_stop && actions >= settings_.cutoff && scores_moved(game)) {
                playout_stopped_ = true;
                return;
            }
            game.to_act(seats_);
            for (const int s : seats_) {
                const int action = playout_action(game, s);
                if (rave_notes_ && settings_.playout() != PlayoutKind::learned) trajectory_.push_back(Taken{s, game.action_key(s, action)});
                game.apply(s, action);
            }
        }
    }

    // Whether the scores differ from those at the decision searched (in this iteration's guess of the game). Until they
    // do, a playout stopped now would tell nothing (Hearts counts a hand's points only at its end): it goes on.
    bool scores_moved(const runtime::Game& game) {
        game.scores_now(scores_);
        return scores_ != scores_at_decision_;
    }

    int playout_action(const runtime::Game& game, int seat) {
        switch (settings_.playout()) {
            case PlayoutKind::strategy:
                game.preferences(settings_.playout_strategy, seat, preferences_);
                if (!preferences_.empty()) return pick_preferred(preferences_, rng_);
                break;
            case PlayoutKind::learned: return learned_action(game, seat);
            case PlayoutKind::random: break;
        }
        return static_cast<int>(rng_.below(static_cast<std::uint32_t>(game.action_count(seat))));
    }

    // Epsilon-greedy on the action statistics (the best choice of playout policy for MAST in general game playing,
    // Tak, Winands and Björnsson 2012): a random action with chance epsilon, else the one that did best so far (an
    // action never taken counts as the best, so that it is tried). The action is noted for the statistics.
    int learned_action(const runtime::Game& game, int seat) {
        if (rng_.unit() < settings_.epsilon) {
            const int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(game.action_count(seat))));
            trajectory_.push_back(Taken{seat, game.action_key(seat, pick)});
            note_taken(seat, trajectory_.back().key);
            return pick;
        }
        game.action_keys(seat, keys_);
        const auto count = static_cast<std::uint32_t>(keys_.size());
        int pick = 0;
        if (settings_.temperature > 0) {
            pick = softmax_action(seat);
        } else {
            double best_score = 0;
            std::uint32_t ties = 0;
            for (std::uint32_t a = 0; a < count; ++a) {
                const double score = learned_score(seat, keys_[a], 1.0);
                if (ties == 0 || score > best_score) {
                    pick = static_cast<int>(a);
                    best_score = score;
                    ties = 1;
                } else if (score == best_score && rng_.below(++ties) == 0) {
                    pick = static_cast<int>(a);
                }
            }
        }
        trajectory_.push_back(Taken{seat, keys_[static_cast<std::size_t>(pick)]});
        note_taken(seat, trajectory_.back().key);
        return pick;
    }

    // What the statistics say of the seat's action now: its average reward (MAST), or with `ngram`, once the pair of
    // the action just taken and this one was taken often enough, the mean of that and the pair's average (NST, Tak,
    // Winands and Björnsson 2012): a reply to a move (a capture back, a block) is learned as a reply.
    [[nodiscard]] double learned_score(int seat, std::uint64_t key, double unknown) const {
        const double alone = learned_.average(seat, key, unknown);
        double after_previous = 0;
        if (settings_.ngram > 0 && pairs_.average_if_seen(seat, pair_key(previous_key_, key), settings_.ngram, after_previous)) {
            return (alone + after_previous) / 2;
        }
        return alone;
    }

    static std::uint64_t pair_key(std::uint64_t previous, std::uint64_t key) { return mix(previous, key); }

    // An action taken in this iteration, in the tree or the playout: with `ngram`, its pair with the one before it
    // is kept for the statistics.
    void note_taken(int seat, std::uint64_t key) {
        if (settings_.ngram > 0) pairs_taken_.push_back(Taken{seat, pair_key(previous_key_, key)});
        previous_key_ = key;
    }

    // Gibbs sampling on the action statistics (keys_ holds the seat's actions): each action with a chance in
    // proportion to exp(average / temperature), averages on the search's scale. Where the actions did about as well
    // as each other, the playout stays nearly random; where one did clearly better, it is nearly always taken.
    int softmax_action(int seat) {
        weights_.resize(keys_.size());
        double total = 0;
        for (std::size_t a = 0; a < keys_.size(); ++a) {
            const double average = on_search_scale(learned_score(seat, keys_[a], highest_reward_));
            weights_[a] = std::exp((std::min(average, 1.0) - 1.0) / settings_.temperature);
            total += weights_[a];
        }
        double draw = rng_.unit() * total;
        for (std::size_t a = 0; a + 1 < keys_.size(); ++a) {
            draw -= weights_[a];
            if (draw < 0) return static_cast<int>(a);
        }
        return static_cast<int>(keys_.size()) - 1;
    }

    // Each seat's reward in [0, 1]: its share of the win (Results::win_share: 1/n each in a draw, 1 to every player
    // of a cooperative game won), mixed with its normalised score margin if asked.
    void score(const runtime::Game& game) {
        const auto n = static_cast<std::size_t>(game.players());
        reward_.assign(n, 1.0 / static_cast<double>(n));
        win_share_.resize(n);
        if (playout_cut_) return;  // a game that does not end: a draw
        if (playout_stopped_) {
            game.scores_now(scores_);
            leaders_share(scores_, game.definition());
        } else {
            const runtime::Results results = game.results();
            scores_ = results.scores;
            for (std::size_t s = 0; s < n; ++s) win_share_[s] = results.win_share(s);
        }
        const bool scored = settings_.score_weight > 0 && game.definition().has_scores();
        if (scored) score_margins(scores_, game.definition());
        for (std::size_t s = 0; s < n; ++s) {
            const double win = win_share_[s];
            reward_[s] = scored ? (1 - settings_.score_weight) * win + settings_.score_weight * normalised_margin(s) : win;
        }
    }

    // A playout stopped before the end: the seats with the best score share the win, as if the game ended there.
    void leaders_share(const std::vector<std::int32_t>& scores, const runtime::GameDefinition& definition) {
        const std::int64_t sign = definition.lowest_first() ? -1 : 1;
        std::int64_t best = INT64_MIN;
        for (const std::int32_t score : scores) best = std::max(best, sign * score);
        std::size_t leaders = 0;
        for (const std::int32_t score : scores) leaders += sign * score == best;
        for (std::size_t s = 0; s < scores.size(); ++s) win_share_[s] = sign * scores[s] == best ? 1.0 / static_cast<double>(leaders) : 0.0;
    }

    // A seat's score margin: its score minus the best other seat's (alone, or in a cooperative game, its score; where
    // the lowest score ranks first, the scores count negatively). Margins are compared with the lowest and highest
    // seen in this search, not only within one game: alone, or when everybody loses, the score still tells a better
    // playout from a worse one.
    void score_margins(const std::vector<std::int32_t>& scores, const runtime::GameDefinition& definition) {
        const std::int64_t sign = definition.lowest_first() ? -1 : 1;
        const bool against_others = scores.size() > 1 && !definition.cooperative();
        margins_.assign(scores.size(), 0);
        for (std::size_t s = 0; s < scores.size(); ++s) {
            std::int64_t best_other = against_others ? INT64_MIN : 0;
            for (std::size_t o = 0; against_others && o < scores.size(); ++o) {
                if (o != s) best_other = std::max<std::int64_t>(best_other, sign * scores[o]);
            }
            margins_[s] = sign * scores[s] - best_other;
            if (!margins_seen_ || margins_[s] < lowest_margin_) lowest_margin_ = margins_[s];
            if (!margins_seen_ || margins_[s] > highest_margin_) highest_margin_ = margins_[s];
            margins_seen_ = true;
        }
    }

    [[nodiscard]] double normalised_margin(std::size_t seat) const {
        if (highest_margin_ == lowest_margin_) return 0.5;
        return static_cast<double>(margins_[seat] - lowest_margin_) / static_cast<double>(highest_margin_ - lowest_margin_);
    }

    // The solver (MCTS-Solver, Winands, Björnsson and Saito 2008), in searches where the game is the seat's exact
    // knowledge (nothing was guessed) and only along answers of a seat deciding alone that drew on no chance: there
    // the same answers always lead to the same game, so an end reached is a proven result, and a decision whose seat
    // has an action proven to win, or whose every action is proven, is proven too. Proven actions are chosen (a win)
    // or valued exactly (nothing more to explore), and the search stops once the decision itself is proven.

    // The seat's share of the win that edge e is proven to bring, or -1 while it is not proven.
    double proven_share(std::int32_t e) {
        Edge& edge = edges_[static_cast<std::size_t>(e)];
        if (edge.proven < 0 && edge.child >= 0) edge.proven = nodes_[static_cast<std::size_t>(edge.child)].proven;
        if (edge.proven < 0) return -1;
        return proofs_[static_cast<std::size_t>(edge.proven) * players_ + static_cast<std::size_t>(edge.seat)];
    }

    // Edge e ended the game: its result is proven.
    void prove_end(std::int32_t e, const runtime::Game& game) {
        const runtime::Results results = game.results();
        edges_[static_cast<std::size_t>(e)].proven = static_cast<std::int32_t>(proofs_.size() / players_);
        for (std::size_t s = 0; s < players_; ++s) proofs_.push_back(results.win_share(s));
    }

    // Proves the iteration's nodes from the deepest up, as far as they can be.
    void prove_path() {
        for (auto d = path_nodes_.size(); d-- > 0;) {
            const std::int32_t node = path_nodes_[d];
            if (nodes_[static_cast<std::size_t>(node)].proven < 0 && !prove(node)) return;
        }
    }

    // A node of one deciding seat is proven by an action proven to win, or by every action proven (the best of them).
    bool prove(std::int32_t node) {
        Node& n = nodes_[static_cast<std::size_t>(node)];
        std::int32_t best = -1;
        double best_share = -1;
        bool all = true;
        for (std::int32_t e = n.first_edge; e < n.first_edge + n.edge_count; ++e) {
            if (edges_[static_cast<std::size_t>(e)].seat != edges_[static_cast<std::size_t>(n.first_edge)].seat) return false;
            const double share = proven_share(e);
            all = all && share >= 0;
            if (share > best_share) {
                best = edges_[static_cast<std::size_t>(e)].proven;
                best_share = share;
            }
        }
        if (best_share < 1 && !all) return false;
        n.proven = best;
        return true;
    }

    // Calls visit(e, edge) for each edge of `seat` at the root decisions (node 0's children: one per decision the
    // determinizations of the real game showed).
    template <class Visit>
    void for_root_edges(int seat, const Visit& visit) {
        for (std::int32_t c = nodes_[0].first_child; c >= 0; c = nodes_[static_cast<std::size_t>(c)].next_sibling) {
            const Node& n = nodes_[static_cast<std::size_t>(c)];
            for (std::int32_t e = n.first_edge; e < n.first_edge + n.edge_count; ++e) {
                if (edges_[static_cast<std::size_t>(e)].seat == seat) visit(e, edges_[static_cast<std::size_t>(e)]);
            }
        }
    }

    // Whether the most tried action is ahead of every other by more iterations than are left: the rest of the budget
    // could not change the choice (best_action), so it is saved. A time budget's iterations left are estimated from
    // the pace so far.
    bool decided(int seat, int done, double elapsed) {
        const double left = settings_.seconds > 0 ? (settings_.seconds - elapsed) * done / std::max(elapsed, 1e-9)
                                                  : settings_.iterations - done;
        std::int64_t most = 0, second = 0;
        lead_visits_.clear();
        for_root_edges(seat, [&](std::int32_t, const Edge& edge) {
            const auto a = static_cast<std::size_t>(edge.action);
            if (a >= lead_visits_.size()) lead_visits_.resize(a + 1, 0);
            lead_visits_[a] += edge.visits;
        });
        for (const std::int64_t v : lead_visits_) {
            if (v > most) {
                second = most;
                most = v;
            } else if (v > second) {
                second = v;
            }
        }
        return static_cast<double>(most - second) > left;
    }

    // Whether the decision under `key` (the real game's) is proven.
    [[nodiscard]] bool proven(std::uint64_t key) const {
        const std::int32_t root = find_child(0, key);
        return root >= 0 && nodes_[static_cast<std::size_t>(root)].proven >= 0;
    }

    void backpropagate() {
        for (const double r : reward_) {
            lowest_reward_ = std::min(lowest_reward_, r);
            highest_reward_ = std::max(highest_reward_, r);
        }
        for (const std::int32_t node : path_nodes_) ++nodes_[static_cast<std::size_t>(node)].visits;
        const bool learned = settings_.playout() == PlayoutKind::learned;
        for (const std::int32_t e : path_edges_) {
            Edge& edge = edges_[static_cast<std::size_t>(e)];
            ++edge.visits;
            const double reward = reward_[static_cast<std::size_t>(edge.seat)];
            edge.value += reward;
            if (learned) learned_.add(edge.seat, edge.key, reward);
        }
        if (learned) {
            for (const Taken& taken : trajectory_) learned_.add(taken.seat, taken.key, reward_[static_cast<std::size_t>(taken.seat)]);
            for (const Taken& taken : pairs_taken_) pairs_.add(taken.seat, taken.key, reward_[static_cast<std::size_t>(taken.seat)]);
        }
        if (rave_notes_) backpropagate_all_moves_as_first();
    }

    // RAVE (Gelly and Silver 2007): every edge of a node on the path whose action its seat took at that node or later
    // in the iteration (in the tree or the playout) counts the iteration's reward, as if it had been played first.
    void backpropagate_all_moves_as_first() {
        first_taken_.clear();
        const auto playout_depth = static_cast<std::int32_t>(path_nodes_.size());
        for (const Taken& taken : trajectory_) {
            first_taken_.emplace_back(ActionStatistics::seat_key(taken.seat, taken.key), playout_depth);
        }
        for (std::size_t i = 0; i < path_edges_.size(); ++i) {
            const Edge& edge = edges_[static_cast<std::size_t>(path_edges_[i])];
            first_taken_.emplace_back(ActionStatistics::seat_key(edge.seat, edge.key), path_edge_depths_[i]);
        }
        std::sort(first_taken_.begin(), first_taken_.end());  // by action, then depth: the first of each is the earliest
        for (std::size_t depth = 0; depth < path_nodes_.size(); ++depth) {
            const Node& n = nodes_[static_cast<std::size_t>(path_nodes_[depth])];
            for (std::int32_t e = n.first_edge; e < n.first_edge + n.edge_count; ++e) {
                Edge& edge = edges_[static_cast<std::size_t>(e)];
                const std::uint64_t action = ActionStatistics::seat_key(edge.seat, edge.key);
                const auto found = std::lower_bound(first_taken_.begin(), first_taken_.end(), std::pair(action, std::int32_t{0}));
                if (found == first_taken_.end() || found->first != action || found->second < static_cast<std::int32_t>(depth)) continue;
                ++edge.amaf_visits;
                edge.amaf_value += reward_[static_cast<std::size_t>(edge.seat)];
            }
        }
    }



    MctsSettings settings_;
    Rng rng_;
    std::optional<runtime::Game> work_;  // the game of an iteration, reused: assignment keeps its memory
    std::vector<runtime::Game> redrawn_;  // this decision's redrawn games (redrawn_game)
    std::vector<runtime::ActionRecord> redrawn_history_;  // the real game's history they were drawn to (follow_redrawn)
    int redrawn_seat_ = -1;
    std::int32_t decided_node_ = -1;  // the node of the last decision, in the tree it was searched with (reuse_tree)
    static constexpr std::size_t redrawn_games = 32;
    static constexpr int decided_check = 16;  // iterations between two looks at whether the choice is decided
    std::vector<std::int64_t> lead_visits_;
    // The solver: whether this iteration's game is the seat's exact knowledge, whether the path so far is exact, the
    // last exact edge taken, and the proven results (each seat's share of the win, players_ numbers each).
    bool exact_ = false, exact_path_ = false;
    bool chance_drawn_ = false;  // the last joint answer applied drew on chance (options_key)
    std::int32_t exact_edge_ = -1;
    std::vector<double> proofs_;
    std::size_t players_ = 1;
    std::vector<double> proven_shares_;  // best_action: per action, its proven share (-1: not proven)
    static constexpr int redraw_tries = 4;  // draws tried (each of several attempts) before the search gives up
    bool redraw_failed_ = false;            // this decision's pool of redrawn games grows no more
    int failed_draws_ = 0;
    std::vector<Node> nodes_;
    std::vector<Edge> edges_;
    std::vector<std::int32_t> path_nodes_, path_edges_;
    std::vector<std::int32_t> path_edge_depths_;  // per path edge: the index in path_nodes_ of its node
    bool rave_notes_ = false;                     // RAVE is on: playouts note their actions
    std::vector<std::pair<std::uint64_t, std::int32_t>> first_taken_;  // RAVE: each action of the iteration, its depth
    std::vector<int> seats_;
    std::vector<double> reward_;
    std::vector<std::int32_t> preferences_;  // the strategy's preferences at the decision being searched
    std::int32_t preferred_score_ = 0;
    int preferred_count_ = 0;                 // actions with the best preference (0: no preference)
    std::vector<std::int64_t> margins_;
    std::int64_t lowest_margin_ = 0, highest_margin_ = 0;
    bool margins_seen_ = false;
    std::vector<std::int64_t> visits_;
    std::vector<double> values_;
    bool playout_cut_ = false;      // the playout went on too long: a draw
    bool playout_stopped_ = false;  // the playout stopped at the cutoff: ranked by the scores then
    std::vector<std::int32_t> scores_;
    std::vector<std::int32_t> scores_at_decision_;  // the scores at the decision searched (scores_moved)
    std::vector<double> win_share_;
    SearchReport report_;
    // Learned playouts: what each seat's actions brought, across this game's searches, and this playout's actions.
    struct Taken {
        int seat;
        std::uint64_t key;
    };
    ActionStatistics learned_;
    std::vector<Taken> trajectory_;
    ActionStatistics pairs_;            // NST: the statistics of pairs of actions, one after the other (`ngram`)
    std::vector<Taken> pairs_taken_;    // this iteration's pairs, in the order taken
    std::uint64_t previous_key_ = 0;    // the action this iteration took last (0: none yet)
    std::vector<std::uint64_t> keys_;
    std::vector<double> weights_;
    double lowest_reward_ = 0, highest_reward_ = 0;  // the rewards seen in this search
    // An untried edge scores above any tried one (whose score is at most 1 plus the exploration term).
    static constexpr double untried_score = 1e9;
};

}  // namespace

std::unique_ptr<SearchBot> make_mcts_bot(const MctsSettings& settings, std::uint64_t game_seed, int seat) {
    return std::make_unique<MctsBot>(settings, game_seed, seat);
}

}  // namespace rulesrun
