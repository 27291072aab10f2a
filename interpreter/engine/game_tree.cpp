// Counting the game tree: a depth-first walk over copies of the game. Chance is enumerated with the forced results
// the fixtures use (docs/fixtures.md): a ply is played on a copy with the results chosen so far forced and a probe
// after them (ForcedChance::Kind::probe); when the probe notes a draw, the ply is played again once for each value
// it may give, and so on until a run draws nothing beyond its forced results. Real games never meet a probe.
#include "game_tree.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulesrun::runtime {

TreeError::TreeError(std::string message, std::vector<std::string> moves)
    : RuleError(fmt::format("{}\n  after: {}", message, fmt::join(moves, "; "))),
      rule_message(std::move(message)),
      plies(std::move(moves)) {}

namespace {

// One ply as it was played: its actions (none for the start) and the chance results that came with it, numbers
// and the shuffles (an empty order: the seeded shuffle, kept), in the order the rules drew them.
ForcedChance forced_number(std::int32_t value) { return {ForcedChance::Kind::number, value, {}, "the game tree"}; }
const ForcedChance seeded_shuffle{ForcedChance::Kind::order, 0, {}, "the game tree"};
const ForcedChance probe{ForcedChance::Kind::probe, 0, {}, "the game tree"};

class TreeWalk {
public:
    TreeWalk(std::shared_ptr<const GameDefinition> definition, const ResolvedSettings& settings, int depth)
        : settings_(settings), depth_(depth), root_(start(std::move(definition), settings)) {
        counts_.levels.resize(static_cast<std::size_t>(depth) + 1);
    }

    TreeCounts run() {
        Ply start;
        explore(root_, start, 0);
        return std::move(counts_);
    }

private:
    // The game as the constructor starts it: only the memory the starts reuse (Game::restart) and the replays of
    // errors. The seats' knowledge of hidden cards is for bots; the walk spares it.
    static Game start(std::shared_ptr<const GameDefinition> definition, const ResolvedSettings& settings) {
        try {
            Game game(std::move(definition), settings);
            game.keep_knowledge(false);
            return game;
        } catch (const RuleError& e) {
            throw TreeError(e.what(), {"start"});
        }
    }

    // Every outcome of `ply` from `before`, given the chance results already chosen in ply.chance: each outcome is
    // visited at `depth`.
    void explore(const Game& before, Ply& ply, int depth) {
        Game game = before;
        auto forced = ply.chance;
        forced.push_back(probe);
        try {
            play_ply(game, ply, std::move(forced), settings_.seed);
        } catch (const RuleError& e) {
            // A run that went past the probe (its number was the lowest, later ones from the seed) is not one of the
            // sequences counted: the branches below meet the error again, with their chance results named.
            if (game.probed_chance().kind == ChanceProbe::Kind::none) failed(e.what(), ply);
        }
        const ChanceProbe drawn = game.probed_chance();
        if (drawn.kind == ChanceProbe::Kind::none) {
            game.drop_forced_chance();
            path_.push_back(&ply);
            visit(game, depth);
            path_.pop_back();
            return;
        }
        if (ply.chance.size() >= most_draws_per_ply) {
            failed(fmt::format("this ply draws more than {} numbers: its outcomes are too many to count",
                               most_draws_per_ply),
                   ply);
        }
        if (drawn.kind == ChanceProbe::Kind::shuffle) {
            ply.chance.push_back(seeded_shuffle);
            explore(before, ply, depth);
            ply.chance.pop_back();
            return;
        }
        for (std::int64_t value = drawn.low; value <= drawn.high; ++value) {
            ply.chance.push_back(forced_number(static_cast<std::int32_t>(value)));
            explore(before, ply, depth);
            ply.chance.pop_back();
        }
    }

    // Counts a game reached after `depth` plies and, while deeper plies are asked, explores each of its decisions.
    void visit(const Game& game, int depth) {
        TreeLevel& level = counts_.levels[static_cast<std::size_t>(depth)];
        ++level.sequences;
        if (game.finished()) {
            ++level.terminal;
            return;
        }
        if (depth == depth_) return;
        for_each_decision(game, [&](Ply& ply) { explore(game, ply, depth + 1); });
    }

    // Calls `each` with every decision of the seats to act: every combination of one action per seat.
    template <typename Each>
    static void for_each_decision(const Game& game, Each&& each) {
        const std::vector<int> seats = game.to_act();
        if (seats.empty()) return;  // (a game not over always has a seat to act)
        std::vector<int> counts;
        Ply ply;
        for (const int seat : seats) {
            counts.push_back(game.action_count(seat));
            if (counts.back() == 0) return;
            ply.actions.push_back({seat, 0});
        }
        while (true) {
            each(ply);
            ply.chance.clear();
            std::size_t i = 0;  // the odometer: the last seat's action turns fastest
            for (i = ply.actions.size(); i-- > 0;) {
                if (++ply.actions[i].action < counts[i]) break;
                ply.actions[i].action = 0;
            }
            if (i == static_cast<std::size_t>(-1)) return;
        }
    }

    // A rule failed in `failing`: the error, with the plies that led there named by replaying them from the start.
    [[noreturn]] void failed(const std::string& message, const Ply& failing) const {
        std::vector<std::string> plies;
        Game game = root_;
        for (const Ply* ply : path_) {
            plies.push_back(describe(game, *ply));
            game.drop_forced_chance();
            play_ply(game, *ply, ply->chance, settings_.seed);
        }
        plies.push_back(describe(game, failing));
        throw TreeError(message, std::move(plies));
    }

    // "player 1: roll (drew 4)", "player 1: stay + player 2: leave", "start (drew 3, 5)", read before it is played.
    static std::string describe(const Game& before, const Ply& ply) {
        std::vector<std::string> actions;
        for (const ActionRecord& a : ply.actions) {
            actions.push_back(fmt::format("{}: {}", before.seat_name(a.seat), before.action_name(a.seat, a.action)));
        }
        std::vector<std::int32_t> numbers;
        for (const ForcedChance& c : ply.chance) {
            if (c.kind == ForcedChance::Kind::number) numbers.push_back(c.number);
        }
        std::string text = actions.empty() ? "start" : fmt::format("{}", fmt::join(actions, " + "));
        if (!numbers.empty()) text += fmt::format(" (drew {})", fmt::join(numbers, ", "));
        return text;
    }

    ResolvedSettings settings_;
    int depth_;
    Game root_;
    TreeCounts counts_;
    std::vector<const Ply*> path_;  // the plies from the start to the game being visited
};

}  // namespace

void play_ply(Game& game, const Ply& ply, std::vector<ForcedChance> forced, std::uint64_t seed) {
    if (ply.actions.empty()) {
        game.restart(seed, std::move(forced));
        return;
    }
    game.force_chance(forced);
    for (const ActionRecord& a : ply.actions) game.apply(a.seat, a.action);
}

TreeCounts count_tree(std::shared_ptr<const GameDefinition> game, const ResolvedSettings& settings, int depth) {
    if (depth < 0) throw UsageError(fmt::format("the depth must be 0 or more, not {}", depth));
    return TreeWalk(std::move(game), settings, depth).run();
}

}  // namespace rulesrun::runtime
