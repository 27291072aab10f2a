// The solver on the built tree: backward induction, CFR+, the bots' policy, and every policy's values and best
// responses. Policies are flat: one probability per action of each information set, from offsets[set] on.
#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

#include <fmt/format.h>

#include "seeds.hpp"

namespace rulesrun {

namespace {

using Kind = SolverTree::Kind;

// Where each information set's actions start in a flat policy, and the total.
std::vector<std::int32_t> policy_offsets(const SolverTree& tree) {
    std::vector<std::int32_t> offsets;
    std::int32_t next = 0;
    for (const auto& set : tree.information_sets) {
        offsets.push_back(next);
        next += static_cast<std::int32_t>(set.actions.size());
    }
    offsets.push_back(next);
    return offsets;
}

// The policy's probability of taking edge `edge` of decision node `n`, or the chance of a chance edge.
double edge_probability(const SolverTree& tree, const SolverTree::Node& n, std::int32_t edge,
                        const std::vector<double>& policy, const std::vector<std::int32_t>& offsets) {
    if (n.kind == Kind::chance) return tree.probabilities[static_cast<std::size_t>(n.first + edge)];
    return policy[static_cast<std::size_t>(offsets[static_cast<std::size_t>(n.index)] + edge)];
}

// Each seat's expected payoff under the policy, by one pass from the ends up (children come after their parents).
std::vector<double> expected_values(const SolverTree& tree, const std::vector<double>& payoffs,
                                    const std::vector<double>& policy, const std::vector<std::int32_t>& offsets) {
    const auto players = static_cast<std::size_t>(tree.players);
    std::vector<double> values(tree.nodes.size() * players, 0.0);
    for (std::size_t i = tree.nodes.size(); i-- > 0;) {
        const SolverTree::Node& n = tree.nodes[i];
        double* const v = values.data() + i * players;
        if (n.kind == Kind::terminal) {
            std::copy_n(payoffs.data() + static_cast<std::size_t>(n.index) * players, players, v);
            continue;
        }
        for (std::int32_t e = 0; e < n.count; ++e) {
            const double p = edge_probability(tree, n, e, policy, offsets);
            if (p == 0) continue;
            const auto child_node = static_cast<std::size_t>(tree.children[static_cast<std::size_t>(n.first + e)]);
            const double* const child = values.data() + child_node * players;
            for (std::size_t s = 0; s < players; ++s) v[s] += p * child[s];
        }
    }
    return {values.begin(), values.begin() + static_cast<std::ptrdiff_t>(players)};
}

// The chance that chance and every seat but `seat` (all seats when seat is -1) bring the game to each node.
std::vector<double> reach_probabilities(const SolverTree& tree, const std::vector<double>& policy,
                                        const std::vector<std::int32_t>& offsets, int seat) {
    std::vector<double> reach(tree.nodes.size(), 0.0);
    reach[0] = 1;
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const SolverTree::Node& n = tree.nodes[i];
        for (std::int32_t e = 0; e < n.count; ++e) {
            const bool own = n.kind == Kind::decision && n.seat == seat;
            const double p = own ? 1.0 : edge_probability(tree, n, e, policy, offsets);
            reach[static_cast<std::size_t>(tree.children[static_cast<std::size_t>(n.first + e)])] = reach[i] * p;
        }
    }
    return reach;
}

// The value for `seat` of its best response to the others' policy. With perfect recall, the seat's information sets
// are decided from its last decisions to its first: at own depth d, each action's value is summed over the set's
// states, weighted by the chance that chance and the others bring the game there, with the deeper decisions already
// taken; ties go to the first action.
double best_response_value(const SolverTree& tree, const std::vector<double>& payoffs,
                           const std::vector<double>& policy, const std::vector<std::int32_t>& offsets, int seat) {
    const auto players = static_cast<std::size_t>(tree.players);
    const std::vector<double> reach = reach_probabilities(tree, policy, offsets, seat);
    int deepest = -1;
    for (const auto& set : tree.information_sets) {
        if (set.seat == seat) deepest = std::max(deepest, set.own_depth);
    }
    std::vector<std::int32_t> chosen(tree.information_sets.size(), -1);
    std::vector<double> values(tree.nodes.size(), 0.0);
    std::vector<double> action_values(static_cast<std::size_t>(offsets.back()), 0.0);
    for (int depth = deepest; depth >= -1; --depth) {
        std::fill(action_values.begin(), action_values.end(), 0.0);
        for (std::size_t i = tree.nodes.size(); i-- > 0;) {
            const SolverTree::Node& n = tree.nodes[i];
            if (n.kind == Kind::terminal) {
                values[i] = payoffs[static_cast<std::size_t>(n.index) * players + static_cast<std::size_t>(seat)];
                continue;
            }
            auto child_value = [&](std::int32_t e) {
                return values[static_cast<std::size_t>(tree.children[static_cast<std::size_t>(n.first + e)])];
            };
            if (n.kind == Kind::decision && n.seat == seat) {
                const auto set = static_cast<std::size_t>(n.index);
                const int own_depth = tree.information_sets[set].own_depth;
                if (own_depth == depth) {
                    for (std::int32_t e = 0; e < n.count; ++e) {
                        action_values[static_cast<std::size_t>(offsets[set] + e)] += reach[i] * child_value(e);
                    }
                }
                values[i] = own_depth > depth ? child_value(chosen[set]) : 0.0;  // shallower ones: a later pass
                continue;
            }
            double v = 0;
            for (std::int32_t e = 0; e < n.count; ++e) {
                const double p = edge_probability(tree, n, e, policy, offsets);
                if (p != 0) v += p * child_value(e);
            }
            values[i] = v;
        }
        for (std::size_t set = 0; set < tree.information_sets.size(); ++set) {
            if (tree.information_sets[set].seat != seat || tree.information_sets[set].own_depth != depth) continue;
            const auto begin = action_values.begin() + offsets[set];
            const auto end = action_values.begin() + offsets[set + 1];
            chosen[set] = static_cast<std::int32_t>(std::max_element(begin, end) - begin);
        }
    }
    return values[0];
}

// CFR+ with alternating updates: each iteration updates the seats in turn, each against the others' current policy.
class CfrPlus {
public:
    CfrPlus(const SolverTree& tree, const std::vector<double>& payoffs, const std::vector<std::int32_t>& offsets)
        : tree_(tree), payoffs_(payoffs), offsets_(offsets), regrets_(static_cast<std::size_t>(offsets.back()), 0.0),
          new_regrets_(regrets_.size(), 0.0), sums_(regrets_.size(), 0.0), current_(regrets_.size(), 0.0) {}

    void iterate(std::int64_t iteration) {
        for (int seat = 0; seat < tree_.players; ++seat) {
            match_regrets();
            traverse(0, seat, 1.0, 1.0, static_cast<double>(iteration));
            // The regrets are kept at 0 or more once the whole set's regret of the iteration is in, not state by state.
            for (std::size_t a = 0; a < regrets_.size(); ++a) {
                regrets_[a] = std::max(regrets_[a] + new_regrets_[a], 0.0);
                new_regrets_[a] = 0;
            }
        }
    }

    // The average policy: the current policies weighted by the iteration and the seat's own reach.
    [[nodiscard]] std::vector<double> average() const {
        std::vector<double> policy(sums_.size());
        for (std::size_t set = 0; set + 1 < offsets_.size(); ++set) normalise(sums_, policy, set);
        return policy;
    }

private:
    // Each set's actions in proportion to their weights (regrets or sums), all alike when none is positive.
    void normalise(const std::vector<double>& weights, std::vector<double>& into, std::size_t set) const {
        const auto begin = static_cast<std::size_t>(offsets_[set]), end = static_cast<std::size_t>(offsets_[set + 1]);
        double total = 0;
        for (std::size_t a = begin; a < end; ++a) total += std::max(weights[a], 0.0);
        for (std::size_t a = begin; a < end; ++a) {
            into[a] = total > 0 ? std::max(weights[a], 0.0) / total : 1.0 / static_cast<double>(end - begin);
        }
    }

    void match_regrets() {
        for (std::size_t set = 0; set + 1 < offsets_.size(); ++set) normalise(regrets_, current_, set);
    }

    // The value for `seat` below `node`; own_reach is the seat's chance of playing to here, others_reach that of
    // chance and the other seats.
    double traverse(std::int32_t node, int seat, double own_reach, double others_reach, double weight) {
        const SolverTree::Node& n = tree_.nodes[static_cast<std::size_t>(node)];
        const auto players = static_cast<std::size_t>(tree_.players);
        if (n.kind == Kind::terminal) {
            return payoffs_[static_cast<std::size_t>(n.index) * players + static_cast<std::size_t>(seat)];
        }
        auto child = [&](std::int32_t e) { return tree_.children[static_cast<std::size_t>(n.first + e)]; };
        if (n.kind == Kind::chance) {
            double v = 0;
            for (std::int32_t e = 0; e < n.count; ++e) {
                const double p = tree_.probabilities[static_cast<std::size_t>(n.first + e)];
                v += p * traverse(child(e), seat, own_reach, others_reach * p, weight);
            }
            return v;
        }
        const auto at = static_cast<std::size_t>(offsets_[static_cast<std::size_t>(n.index)]);
        if (n.seat != seat) {
            // An action the other seat never takes still leads to the seat's own sets, whose average policy counts
            // them by the seat's own reach alone: only what neither seat can reach is skipped.
            double v = 0;
            for (std::int32_t e = 0; e < n.count; ++e) {
                const double p = current_[at + static_cast<std::size_t>(e)];
                if (p > 0 || own_reach > 0) v += p * traverse(child(e), seat, own_reach, others_reach * p, weight);
            }
            return v;
        }
        // The seat's own decision: each action's value (kept on a stack: no allocation once it is large enough).
        const std::size_t base = scratch_.size();
        scratch_.resize(base + static_cast<std::size_t>(n.count));
        double v = 0;
        for (std::int32_t e = 0; e < n.count; ++e) {
            const double p = current_[at + static_cast<std::size_t>(e)];
            const double action_value = traverse(child(e), seat, own_reach * p, others_reach, weight);
            scratch_[base + static_cast<std::size_t>(e)] = action_value;
            v += p * action_value;
        }
        for (std::int32_t e = 0; e < n.count; ++e) {
            const std::size_t a = at + static_cast<std::size_t>(e);
            new_regrets_[a] += others_reach * (scratch_[base + static_cast<std::size_t>(e)] - v);
            sums_[a] += weight * own_reach * current_[a];
        }
        scratch_.resize(base);
        return v;
    }

    const SolverTree& tree_;
    const std::vector<double>& payoffs_;
    const std::vector<std::int32_t>& offsets_;
    std::vector<double> regrets_, new_regrets_, sums_, current_;
    std::vector<double> scratch_;
};

// Backward induction: each seat takes the action of highest value for itself; among those, the one of lowest total
// value for the other seats (a seat indifferent between losing alone and everybody losing takes the others down with
// it, as a player playing against them would), then the first listed.
std::vector<double> backward_induction(const SolverTree& tree, const std::vector<double>& payoffs,
                                       const std::vector<std::int32_t>& offsets) {
    const auto players = static_cast<std::size_t>(tree.players);
    std::vector<double> policy(static_cast<std::size_t>(offsets.back()), 0.0);
    std::vector<double> values(tree.nodes.size() * players, 0.0);
    for (std::size_t i = tree.nodes.size(); i-- > 0;) {
        const SolverTree::Node& n = tree.nodes[i];
        double* const v = values.data() + i * players;
        auto child = [&](std::int32_t e) {
            const auto child_node = static_cast<std::size_t>(tree.children[static_cast<std::size_t>(n.first + e)]);
            return values.data() + child_node * players;
        };
        if (n.kind == Kind::terminal) {
            std::copy_n(payoffs.data() + static_cast<std::size_t>(n.index) * players, players, v);
        } else if (n.kind == Kind::chance) {
            for (std::int32_t e = 0; e < n.count; ++e) {
                const double p = tree.probabilities[static_cast<std::size_t>(n.first + e)];
                for (std::size_t s = 0; s < players; ++s) v[s] += p * child(e)[s];
            }
        } else {
            const auto seat = static_cast<std::size_t>(n.seat);
            auto others = [&](const double* v) {
                double total = 0;
                for (std::size_t s = 0; s < players; ++s) total += s == seat ? 0.0 : v[s];
                return total;
            };
            std::int32_t best = 0;
            for (std::int32_t e = 1; e < n.count; ++e) {
                const double gain = child(e)[seat] - child(best)[seat];
                if (gain > 1e-12 || (gain >= -1e-12 && others(child(e)) < others(child(best)) - 1e-12)) best = e;
            }
            std::copy_n(child(best), players, v);
            policy[static_cast<std::size_t>(offsets[static_cast<std::size_t>(n.index)] + best)] = 1.0;
        }
    }
    return policy;
}

bool perfect_information(const SolverTree& tree) {
    return std::all_of(tree.information_sets.begin(), tree.information_sets.end(),
                       [](const SolverTree::InformationSet& set) { return set.nodes == 1; });
}

// Whether the seats' payoffs add up to the same total at every end.
bool constant_sum(const std::vector<double>& payoffs, int players) {
    const auto n = static_cast<std::size_t>(players);
    double first = 0;
    for (std::size_t end = 0; end * n < payoffs.size(); ++end) {
        double total = 0;
        for (std::size_t s = 0; s < n; ++s) total += payoffs[end * n + s];
        if (end == 0) first = total;
        if (std::abs(total - first) > 1e-9) return false;
    }
    return true;
}

bool sums_to_zero(const std::vector<double>& payoffs, int players) {
    const auto n = static_cast<std::size_t>(players);
    for (std::size_t end = 0; end * n < payoffs.size(); ++end) {
        double total = 0;
        for (std::size_t s = 0; s < n; ++s) total += payoffs[end * n + s];
        if (std::abs(total) > 1e-9) return false;
    }
    return true;
}

// A policy's values, each seat's best response to the others, and NashConv.
void evaluate_figures(const SolverTree& tree, const std::vector<double>& payoffs,
                      const std::vector<std::int32_t>& offsets, const std::vector<double>& policy,
                      SolveReport& report) {
    report.values = expected_values(tree, payoffs, policy, offsets);
    report.best_responses.clear();
    report.nash_conv = 0;
    for (int seat = 0; seat < tree.players; ++seat) {
        report.best_responses.push_back(best_response_value(tree, payoffs, policy, offsets, seat));
        report.nash_conv += report.best_responses.back() - report.values[static_cast<std::size_t>(seat)];
    }
}

// The report's figures for a policy, and the policy itself, set by set.
void evaluate(const SolverTree& tree, const std::vector<double>& payoffs, const std::vector<std::int32_t>& offsets,
              const std::vector<double>& policy, SolveReport& report) {
    evaluate_figures(tree, payoffs, offsets, policy, report);
    const std::vector<double> reach = reach_probabilities(tree, policy, offsets, -1);
    std::vector<double> set_reach(tree.information_sets.size(), 0.0);
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        if (tree.nodes[i].kind == Kind::decision) set_reach[static_cast<std::size_t>(tree.nodes[i].index)] += reach[i];
    }
    report.policy.clear();
    for (std::size_t set = 0; set < tree.information_sets.size(); ++set) {
        const auto& info = tree.information_sets[set];
        report.policy.push_back({static_cast<int>(set), info.seat, info.own_depth, info.label, info.nodes,
                                 set_reach[set], info.actions,
                                 {policy.begin() + offsets[set], policy.begin() + offsets[set + 1]}});
    }
    std::stable_sort(report.policy.begin(), report.policy.end(), [](const PolicyEntry& a, const PolicyEntry& b) {
        if (a.seat != b.seat) return a.seat < b.seat;
        if (a.own_depth != b.own_depth) return a.own_depth < b.own_depth;
        return a.reach > b.reach;
    });
}

void describe_tree(const SolverTree& tree, SolveReport& report) {
    report.nodes = static_cast<std::int64_t>(tree.nodes.size());
    report.decision_nodes = tree.decision_nodes;
    report.chance_nodes = tree.chance_nodes;
    report.terminal_nodes = tree.terminal_nodes;
    report.information_sets = static_cast<std::int64_t>(tree.information_sets.size());
    report.depth = tree.depth;
    report.perfect_information = perfect_information(tree);
}

SolveValue chosen_value(const SolverTree& tree, const runtime::GameDefinition& game, SolveValue asked,
                        std::string& reason) {
    if (asked != SolveValue::automatic) return asked;
    if (!game.has_scores()) {
        reason = "win shares: the game keeps no score";
        return SolveValue::outcome;
    }
    if (sums_to_zero(tree.scores, tree.players)) {
        reason = "the scores, in the game's own units: they sum to zero at every end (what one seat wins, the others "
                 "lose)";
        return SolveValue::score;
    }
    reason = "win shares: the scores do not sum to zero at every end, so they are points rather than payoffs "
             "(--value score to use them)";
    return SolveValue::outcome;
}

// The policy of a list of bots, read at each information set the first time the tree meets it: random and strategy
// bots exactly (a strategy takes its preferred actions, alike; where it has no rule, any action alike), other bots
// by their answers to `samples` questions, each bot seeded from the seed, the set and the question. Exact policies
// are read again at every other state of the set: one that differs (the bot read something its seat cannot know) is
// counted.
class BotPolicyReader {
public:
    BotPolicyReader(const std::vector<BotSpec>& bots, std::uint64_t seed, int samples)
        : bots_(bots), seed_(seed), samples_(samples) {}

    void operator()(const runtime::Game& game, int seat, int set, bool first) {
        const BotSpec& bot = bots_[static_cast<std::size_t>(seat)];
        const auto index = static_cast<std::size_t>(set);
        if (first) {
            by_set_.resize(std::max(by_set_.size(), index + 1));
            differs_.resize(by_set_.size(), false);
            by_set_[index] = exact(bot) ? exact_policy(game, seat, bot) : sampled_policy(game, seat, bot, set);
            return;
        }
        if (!exact(bot) || differs_[index]) return;
        const std::vector<double> again = exact_policy(game, seat, bot);
        for (std::size_t a = 0; a < again.size(); ++a) {
            if (std::abs(again[a] - by_set_[index][a]) > 1e-12) {
                differs_[index] = true;
                ++inconsistent_;
                return;
            }
        }
    }

    [[nodiscard]] std::vector<double> flat(const std::vector<std::int32_t>& offsets) const {
        std::vector<double> policy(static_cast<std::size_t>(offsets.back()));
        for (std::size_t set = 0; set < by_set_.size(); ++set) {
            std::copy(by_set_[set].begin(), by_set_[set].end(), policy.begin() + offsets[set]);
        }
        return policy;
    }
    [[nodiscard]] std::int64_t inconsistent() const { return inconsistent_; }

    static bool exact(const BotSpec& bot) { return bot.kind == BotKind::random || bot.kind == BotKind::strategy; }

private:
    static std::vector<double> exact_policy(const runtime::Game& game, int seat, const BotSpec& bot) {
        const auto actions = static_cast<std::size_t>(game.action_count(seat));
        std::vector<double> policy(actions, 1.0 / static_cast<double>(actions));
        if (bot.kind == BotKind::random) return policy;
        const std::vector<std::int32_t> preferences = game.preferences(bot.strategy, seat);
        if (preferences.empty()) return policy;
        const std::int32_t best = *std::max_element(preferences.begin(), preferences.end());
        const auto ties = static_cast<double>(std::count(preferences.begin(), preferences.end(), best));
        for (std::size_t a = 0; a < actions; ++a) policy[a] = preferences[a] == best ? 1.0 / ties : 0.0;
        return policy;
    }

    std::vector<double> sampled_policy(const runtime::Game& game, int seat, const BotSpec& spec, int set) const {
        std::vector<int> answers(static_cast<std::size_t>(game.action_count(seat)), 0);
        for (int k = 0; k < samples_; ++k) {
            const std::uint64_t question =
                static_cast<std::uint64_t>(set) * static_cast<std::uint64_t>(samples_) + static_cast<std::uint64_t>(k);
            const std::uint64_t seed = derive_seed(seed_, question);
            const std::unique_ptr<Bot> bot = make_bot(spec, seed, seat);
            bot->start_game(seed, seat);
            ++answers[static_cast<std::size_t>(bot->choose(game, seat))];
        }
        std::vector<double> policy;
        for (const int count : answers) policy.push_back(static_cast<double>(count) / samples_);
        return policy;
    }

    const std::vector<BotSpec>& bots_;
    std::uint64_t seed_;
    int samples_;
    std::vector<std::vector<double>> by_set_;
    std::vector<bool> differs_;
    std::int64_t inconsistent_ = 0;
};

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

SolveReport solve_tree(const SolverTree& tree, SolveValue value, std::int64_t iterations) {
    const Clock::time_point started = Clock::now();
    SolveReport report;
    describe_tree(tree, report);
    report.value = value == SolveValue::automatic ? SolveValue::score : value;
    const std::vector<double>& payoffs = report.value == SolveValue::score ? tree.scores : tree.shares;
    report.constant_sum = constant_sum(payoffs, tree.players);
    const std::vector<std::int32_t> offsets = policy_offsets(tree);
    std::vector<double> policy;
    if (report.perfect_information) {
        report.method = "backward induction";
        policy = backward_induction(tree, payoffs, offsets);
    } else {
        report.method = "CFR+";
        CfrPlus cfr(tree, payoffs, offsets);
        std::int64_t next_point = 1;
        for (std::int64_t t = 1; t <= iterations; ++t) {
            cfr.iterate(t);
            if (t == next_point || t == iterations) {
                SolveReport point;
                evaluate_figures(tree, payoffs, offsets, cfr.average(), point);
                report.convergence.push_back({t, point.nash_conv});
                if (t == next_point) next_point *= 10;
            }
        }
        report.iterations = iterations;
        policy = cfr.average();
    }
    evaluate(tree, payoffs, offsets, policy, report);
    report.solve_seconds = seconds_since(started);
    return report;
}

SolveReport solve_game(std::shared_ptr<const runtime::GameDefinition> game, const SolveRequest& request) {
    if (request.iterations < 1) throw runtime::UsageError("the solver's iterations must be 1 or more");
    const bool with_bots = !request.bots.empty();
    if (with_bots && request.bots.size() != static_cast<std::size_t>(request.settings.players)) {
        throw BotListError(fmt::format("{} bots for {} players: give one per seat", request.bots.size(),
                                       request.settings.players));
    }
    bool determinizing = false;
    for (const BotSpec& bot : request.bots) {
        if (bot.kind == BotKind::exec || bot.kind == BotKind::human) {
            throw BotListError(fmt::format("solve cannot read the policy of '{}': only random, the game's strategies "
                                           "and mcts can be asked at every information set", bot.text()));
        }
        determinizing = determinizing || bot.kind != BotKind::random;  // strategies and mcts determinize
    }
    if (request.samples < 1) throw runtime::UsageError("the bots' samples must be 1 or more");
    BotPolicyReader reader(request.bots, request.settings.seed, request.samples);
    SolverTreeOptions options;
    options.max_nodes = request.max_nodes;
    options.keep_knowledge = determinizing;
    if (with_bots) options.visit_decision = std::ref(reader);

    const Clock::time_point started = Clock::now();
    const SolverTree tree = build_solver_tree(game, request.settings, options);
    const double build_seconds = seconds_since(started);
    std::string reason;
    const SolveValue value = chosen_value(tree, *game, request.value, reason);
    SolveReport report;
    if (with_bots) {
        const Clock::time_point evaluated = Clock::now();
        describe_tree(tree, report);
        report.method = "the bots' policy";
        report.value = value;
        const std::vector<double>& payoffs = value == SolveValue::score ? tree.scores : tree.shares;
        report.constant_sum = constant_sum(payoffs, tree.players);
        const std::vector<std::int32_t> offsets = policy_offsets(tree);
        evaluate(tree, payoffs, offsets, reader.flat(offsets), report);
        for (const BotSpec& bot : request.bots) report.bots.push_back(bot.text());
        report.inconsistent_sets = reader.inconsistent();
        report.solve_seconds = seconds_since(evaluated);
    } else {
        report = solve_tree(tree, value, request.iterations);
    }
    report.value_reason = reason;
    report.build_seconds = build_seconds;
    return report;
}

}  // namespace rulesrun
