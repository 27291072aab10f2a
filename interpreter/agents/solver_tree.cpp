// Building the solver's tree: a depth-first walk over copies of the game, as game_tree.cpp counts it, that keeps
// every node. Chance is enumerated with forced results and a probe: a ply is played again with the results chosen so
// far forced and a probe after them, until a run draws nothing more; a shuffle is forced to each distinct order of its
// cards by name. Each seat's observations are hashed as they come (the key of its next decision).
#include "solver_tree.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "game_tree.hpp"
#include "seat_view.hpp"
#include "table_log.hpp"

namespace rulesrun {

using runtime::ActionRecord;
using runtime::ChanceProbe;
using runtime::ForcedChance;
using runtime::Game;
using runtime::play_ply;
using runtime::Ply;

namespace {

// What a seat observed from the start, hashed: two independent 64-bit hashes of the chain of observations.
struct RecallKey {
    std::uint64_t a = 0x9e3779b97f4a7c15ULL;
    std::uint64_t b = 0xcbf29ce484222325ULL;
    friend bool operator==(const RecallKey&, const RecallKey&) = default;
};

struct RecallKeyHash {
    std::size_t operator()(const RecallKey& k) const { return static_cast<std::size_t>(k.a ^ (k.b * 31)); }
};

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// The key after one more observation: each half hashes the text from the previous half by its own method.
RecallKey extend(const RecallKey& key, std::string_view text) {
    std::uint64_t fnv = key.b;
    for (const char c : text) {
        fnv ^= static_cast<unsigned char>(c);
        fnv *= 0x100000001b3ULL;
    }
    return {mix(key.a ^ mix(std::hash<std::string_view>{}(text) + text.size())), mix(fnv ^ 0x5bd1e995ULL)};
}

// One ply: the actions of the seats deciding (none for the start) and the chance results forced so far.
// What each seat knows on the way down: its key, how many of its decisions came before, the lines it read.
struct Observers {
    std::vector<RecallKey> keys;
    std::vector<int> own_decisions;
};

const std::string solver_origin = "the solver";
const ForcedChance probe{ForcedChance::Kind::probe, 0, {}, solver_origin};

// n! / (k1! k2! ...): the distinct orders of cards whose names repeat k1, k2, ... times (as a double: it may be huge).
double distinct_orders(const std::vector<std::string>& sorted_names) {
    double orders = 1;
    std::size_t run = 0;
    for (std::size_t i = 0; i < sorted_names.size(); ++i) {
        run = (i > 0 && sorted_names[i] == sorted_names[i - 1]) ? run + 1 : 1;
        orders *= static_cast<double>(i + 1) / static_cast<double>(run);
    }
    return orders;
}

class TreeBuilder {
public:
    TreeBuilder(std::shared_ptr<const runtime::GameDefinition> definition, const runtime::ResolvedSettings& settings,
                const SolverTreeOptions& options)
        : settings_(settings), options_(options), root_(start(std::move(definition), settings, options)) {
        tree_.players = settings.players;
        read_.resize(static_cast<std::size_t>(settings.players));
    }

    SolverTree run() {
        // Each seat's chain starts from its own number: two seats that see the same are not in the same set.
        Observers observers{{}, std::vector<int>(static_cast<std::size_t>(settings_.players), 0)};
        for (int seat = 0; seat < settings_.players; ++seat) {
            observers.keys.push_back(extend({}, fmt::format("seat {}", seat)));
        }
        Ply start_ply;
        const std::int32_t root = new_node();
        explore(root_, start_ply, observers, root, 0);
        return std::move(tree_);
    }

private:
    static Game start(std::shared_ptr<const runtime::GameDefinition> definition,
                      const runtime::ResolvedSettings& settings, const SolverTreeOptions& options) {
        try {
            Game game(std::move(definition), settings);
            game.keep_knowledge(options.keep_knowledge);
            game.keep_messages(true);
            return game;
        } catch (const runtime::RuleError& e) {
            throw runtime::TreeError(e.what(), {"start"});
        }
    }

    // A node whose fields the caller fills; refused past the limit, with how far the walk got.
    std::int32_t new_node() {
        if (static_cast<std::int64_t>(tree_.nodes.size()) >= options_.max_nodes) too_large();
        tree_.nodes.emplace_back();
        return static_cast<std::int32_t>(tree_.nodes.size() - 1);
    }

    // Gives `node` `count` edges, their children made by the caller.
    void reserve_edges(std::int32_t node, std::int32_t count) {
        tree_.nodes[static_cast<std::size_t>(node)].first = static_cast<std::int32_t>(tree_.children.size());
        tree_.nodes[static_cast<std::size_t>(node)].count = count;
        tree_.children.resize(tree_.children.size() + static_cast<std::size_t>(count), -1);
        tree_.probabilities.resize(tree_.children.size(), 1.0);
    }

    void set_edge(std::int32_t node, std::int32_t edge, std::int32_t child, double probability) {
        const auto at = static_cast<std::size_t>(tree_.nodes[static_cast<std::size_t>(node)].first + edge);
        tree_.children[at] = child;
        tree_.probabilities[at] = probability;
    }

    // " (its options now: target=100)", or "" for a game without options.
    [[nodiscard]] std::string options_hint() const {
        std::string options;
        for (const auto& [name, value] : settings_.options) {
            options += fmt::format("{}{}={}", options.empty() ? "" : ", ", name, value);
        }
        return options.empty() ? "" : fmt::format(" (its options now: {})", options);
    }

    [[noreturn]] void too_large() const {
        throw SolveRefused(fmt::format(
            "the game is too large to solve: more than {} nodes (the limit, --max-nodes), {} plies deep where the "
            "walk stopped, {} plies the deepest end found so far{}. Try a smaller variant of the game{}, fewer "
            "players, or a larger --max-nodes",
            options_.max_nodes, path_.size(), tree_.depth,
            tree_.information_sets.empty() ? "" : fmt::format(", {} information sets", tree_.information_sets.size()),
            options_hint()));
    }

    // Every outcome of `ply` from `before` into node `node`, given the chance results already chosen: a chance node
    // while the ply draws more, else the game after the ply.
    void explore(const Game& before, Ply& ply, const Observers& observers, std::int32_t node, int depth) {
        Game game = before;
        auto forced = ply.chance;
        forced.push_back(probe);
        try {
            play_ply(game, ply, std::move(forced), settings_.seed);
        } catch (const runtime::RuleError& e) {
            if (game.probed_chance().kind == ChanceProbe::Kind::none) failed(e.what(), before, ply);
        }
        const ChanceProbe drawn = game.probed_chance();
        if (drawn.kind == ChanceProbe::Kind::none) {
            game.drop_forced_chance();
            Observers after = observe_ply(before, game, ply, observers);
            path_.push_back({&before, &ply});
            visit(game, after, node, depth);
            pop_read(ply_lines_pushed_.back());
            ply_lines_pushed_.pop_back();
            path_.pop_back();
            return;
        }
        if (ply.chance.size() >= runtime::most_draws_per_ply) {
            failed(fmt::format("this ply draws more than {} numbers: its outcomes are too many to enumerate",
                               runtime::most_draws_per_ply),
                   before, ply);
        }
        ++tree_.chance_nodes;
        tree_.nodes[static_cast<std::size_t>(node)].kind = SolverTree::Kind::chance;
        if (drawn.kind == ChanceProbe::Kind::number) {
            const auto outcomes = static_cast<std::int32_t>(std::int64_t{drawn.high} - drawn.low + 1);
            reserve_edges(node, outcomes);
            for (std::int32_t i = 0; i < outcomes; ++i) {
                ply.chance.push_back({ForcedChance::Kind::number, drawn.low + i, {}, solver_origin});
                const std::int32_t child = new_node();
                set_edge(node, i, child, 1.0 / outcomes);
                explore(before, ply, observers, child, depth);
                ply.chance.pop_back();
            }
            return;
        }
        explore_shuffle(before, ply, observers, node, depth, drawn);
    }

    // Each distinct order of the shuffled cards, forced by name, is a child of equal probability.
    void explore_shuffle(const Game& before, Ply& ply, const Observers& observers, std::int32_t node, int depth,
                         const ChanceProbe& drawn) {
        if (!drawn.alike_when_shown_alike) {
            throw SolveRefused("a shuffle here holds cards shown alike that differ (in their type or fields): an order "
                               "cannot be forced by the cards' names, so its outcomes cannot be enumerated");
        }
        std::vector<std::string> order = drawn.cards;
        std::sort(order.begin(), order.end());
        const double orders = distinct_orders(order);
        const double room = static_cast<double>(options_.max_nodes - static_cast<std::int64_t>(tree_.nodes.size()));
        if (orders > room) {
            throw SolveRefused(fmt::format(
                "the game is too large to solve: a shuffle of {} cards has {:.4g} distinct orders, more than the "
                "{} nodes left under the limit (--max-nodes {}), {} plies deep. Try a smaller variant of the game "
                "(fewer cards), or a larger --max-nodes",
                order.size(), orders, static_cast<std::int64_t>(room), options_.max_nodes, path_.size()));
        }
        const auto count = static_cast<std::int32_t>(orders);
        reserve_edges(node, count);
        std::int32_t i = 0;
        do {
            ply.chance.push_back({ForcedChance::Kind::order, 0, order, solver_origin});
            const std::int32_t child = new_node();
            set_edge(node, i++, child, 1.0 / orders);
            explore(before, ply, observers, child, depth);
            ply.chance.pop_back();
        } while (std::next_permutation(order.begin(), order.end()));
    }

    // The lines each seat reads of the ply just played (each choice as the table tells it, then the rules'
    // messages), added to its key and to what it has read (popped by the caller when the walk comes back).
    Observers observe_ply(const Game& before, Game& after, const Ply& ply, const Observers& observers) {
        const auto players = static_cast<std::size_t>(settings_.players);
        std::vector<std::vector<std::string>> lines(players);
        for (const ActionRecord& a : ply.actions) {
            const std::string told = runtime::choice_text(before, a.seat, before.action_name(a.seat, a.action));
            const bool secret = before.choice_is_secret(a.seat);
            for (std::size_t s = 0; s < players; ++s) {
                const bool own = static_cast<int>(s) == a.seat;
                lines[s].push_back(secret && !own ? runtime::secret_choice_text(before, a.seat) : told);
            }
        }
        for (const runtime::Message& m : after.take_messages()) {
            for (std::size_t s = 0; s < players; ++s) {
                if (m.readable_by(static_cast<int>(s))) lines[s].push_back(m.text);
            }
        }
        Observers next = observers;
        std::vector<std::size_t> pushed(players, 0);
        for (std::size_t s = 0; s < players; ++s) {
            if (lines[s].empty()) continue;
            next.keys[s] = extend(next.keys[s], fmt::format("read\x1f{}", fmt::join(lines[s], "\x1f")));
            pushed[s] = lines[s].size();
            for (auto& line : lines[s]) read_[s].push_back(std::move(line));
        }
        ply_lines_pushed_.push_back(std::move(pushed));
        return next;
    }

    void pop_read(const std::vector<std::size_t>& pushed) {
        for (std::size_t s = 0; s < pushed.size(); ++s) read_[s].resize(read_[s].size() - pushed[s]);
    }

    // The game after a ply, in node `node`: an end, or the decisions of the seats to act.
    void visit(const Game& game, const Observers& observers, std::int32_t node, int depth) {
        if (game.finished()) {
            terminal(game, node, depth);
            return;
        }
        if (depth >= most_solver_plies) {
            throw SolveRefused(fmt::format("the game is too long to solve: a sequence of more than {} plies (a game "
                                           "that may go on for ever, as one where every turn may end with nothing "
                                           "gained, has no finite tree). Try a smaller variant of the game{}",
                                           most_solver_plies, options_hint()));
        }
        const std::vector<int> seats = game.to_act();
        std::vector<std::int32_t> sets;
        Observers deciding = observers;
        for (const int seat : seats) {
            sets.push_back(information_set(game, seat, deciding));
            ++deciding.own_decisions[static_cast<std::size_t>(seat)];
        }
        Ply ply;
        decide(game, ply, seats, sets, deciding, 0, node, depth);
    }

    void terminal(const Game& game, std::int32_t node, int depth) {
        const runtime::Results results = game.results();
        SolverTree::Node& n = tree_.nodes[static_cast<std::size_t>(node)];
        n.kind = SolverTree::Kind::terminal;
        n.index = static_cast<std::int32_t>(tree_.terminal_nodes++);
        for (std::size_t s = 0; s < static_cast<std::size_t>(settings_.players); ++s) {
            tree_.scores.push_back(static_cast<double>(results.scores[s]));
            tree_.shares.push_back(results.win_share(s));
        }
        tree_.depth = std::max(tree_.depth, depth);
    }

    // Seat k of the ply decides in `node`; each of its actions leads to the next seat's decision, then to the ply.
    void decide(const Game& game, Ply& ply, const std::vector<int>& seats, const std::vector<std::int32_t>& sets,
                const Observers& observers, std::size_t k, std::int32_t node, int depth) {
        const int seat = seats[k];
        const int actions = game.action_count(seat);
        if (actions == 0) failed(fmt::format("{} has no action to choose from", game.seat_name(seat)), game, ply);
        SolverTree::Node& n = tree_.nodes[static_cast<std::size_t>(node)];
        n.kind = SolverTree::Kind::decision;
        n.seat = seat;
        n.index = sets[k];
        ++tree_.decision_nodes;
        reserve_edges(node, actions);
        for (int a = 0; a < actions; ++a) {
            ply.actions.push_back({seat, a});
            const std::int32_t child = new_node();
            set_edge(node, a, child, 1.0);
            if (k + 1 < seats.size()) {
                decide(game, ply, seats, sets, observers, k + 1, child, depth);
            } else {
                explore(game, ply, observers, child, depth + 1);
                ply.chance.clear();
            }
            ply.actions.pop_back();
        }
    }

    // The information set of `seat`'s decision in `game`: found by the seat's key, extended by what it sees now.
    std::int32_t information_set(const Game& game, int seat, Observers& observers) {
        const auto s = static_cast<std::size_t>(seat);
        const std::vector<std::string> facts = runtime::view_facts(game, seat);
        std::string seen = fmt::format("decide\x1f{}\x1f{}\x1f{}", fmt::join(facts, "\x1f"), game.choice_name(seat),
                                       game.prompt(seat));
        std::vector<std::string> actions;
        const int count = game.action_count(seat);
        for (int a = 0; a < count; ++a) {
            actions.push_back(game.action_name(seat, a));
            seen += '\x1e' + actions.back();
        }
        observers.keys[s] = extend(observers.keys[s], seen);
        const auto next = static_cast<std::int32_t>(tree_.information_sets.size());
        const auto [found, added] = sets_.try_emplace(observers.keys[s], next);
        const std::int32_t index = found->second;
        if (added) {
            SolverTree::InformationSet set;
            set.seat = seat;
            set.own_depth = observers.own_decisions[s];
            set.label = label(game, seat, facts);
            set.actions = std::move(actions);
            tree_.information_sets.push_back(std::move(set));
        }
        ++tree_.information_sets[static_cast<std::size_t>(index)].nodes;
        if (options_.visit_decision) options_.visit_decision(game, seat, index, added);
        return index;
    }

    // "hand of player 1 = K | player 1 chooses check, player 2 chooses bet": the facts the seat sees and a spectator
    // does not, then the lines it read at the table.
    std::string label(const Game& game, int seat, const std::vector<std::string>& facts) const {
        std::vector<std::string> own;
        if (runtime::has_secrets(game, seat)) {
            std::vector<std::string> spectator = runtime::view_facts(game, -1);
            std::sort(spectator.begin(), spectator.end());
            for (const auto& fact : facts) {
                if (!std::binary_search(spectator.begin(), spectator.end(), fact)) own.push_back(fact);
            }
        }
        const auto& read = read_[static_cast<std::size_t>(seat)];
        std::string text = fmt::format("{}", fmt::join(own, "; "));
        if (!read.empty()) text += fmt::format("{}{}", text.empty() ? "" : " | ", fmt::join(read, ", "));
        return text.empty() ? "the start" : text;
    }

    // A rule failed in `failing` (played from `before`): the error, with the plies that led there named.
    [[noreturn]] void failed(const std::string& message, const Game& before, const Ply& failing) const {
        std::vector<std::string> plies;
        for (const auto& [game, ply] : path_) plies.push_back(describe(*game, *ply));
        plies.push_back(describe(before, failing));
        throw runtime::TreeError(message, std::move(plies));
    }

    static std::string describe(const Game& before, const Ply& ply) {
        std::vector<std::string> actions;
        for (const ActionRecord& a : ply.actions) {
            actions.push_back(fmt::format("{}: {}", before.seat_name(a.seat), before.action_name(a.seat, a.action)));
        }
        std::vector<std::string> chance;
        for (const ForcedChance& c : ply.chance) {
            chance.push_back(c.kind == ForcedChance::Kind::number ? fmt::format("{}", c.number)
                                                                  : fmt::format("[{}]", fmt::join(c.order, " ")));
        }
        std::string text = actions.empty() ? "start" : fmt::format("{}", fmt::join(actions, " + "));
        if (!chance.empty()) text += fmt::format(" (drew {})", fmt::join(chance, ", "));
        return text;
    }

    runtime::ResolvedSettings settings_;
    const SolverTreeOptions& options_;
    Game root_;
    SolverTree tree_;
    std::unordered_map<RecallKey, std::int32_t, RecallKeyHash> sets_;
    std::vector<std::pair<const Game*, const Ply*>> path_;  // the plies from the start to the game being visited
    std::vector<std::vector<std::string>> read_;             // per seat: the table's lines it read on this path
    std::vector<std::vector<std::size_t>> ply_lines_pushed_;  // per ply on the path: the lines it added per seat
};

}  // namespace

SolverTree build_solver_tree(std::shared_ptr<const runtime::GameDefinition> game,
                             const runtime::ResolvedSettings& settings, const SolverTreeOptions& options) {
    if (options.max_nodes < 1) throw runtime::UsageError("the solver's node limit must be 1 or more");
    return TreeBuilder(std::move(game), settings, options).run();
}

}  // namespace rulesrun
