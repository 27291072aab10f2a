#include "explicit_chance.hpp"

#include <map>

#include <fmt/format.h>

namespace rulesrun::python {

namespace {

using runtime::ChanceProbe;
using runtime::ForcedChance;

constexpr const char* origin = "the Python module";
const ForcedChance probe{ForcedChance::Kind::probe, 0, {}, origin};

}  // namespace

ChanceNode::ChanceNode(runtime::Ply ply, const ChanceProbe& drawn) : ply_(std::move(ply)) {
    shuffle_ = drawn.kind == ChanceProbe::Kind::shuffle;
    low_ = drawn.low;
    high_ = drawn.high;
    if (!shuffle_) return;
    if (!drawn.alike_when_shown_alike) {
        throw runtime::UsageError(
            "a shuffle's cards shown alike are not alike (their types or fields differ): its orders cannot be named "
            "as chance outcomes; load the game with chance=\"sampled\"");
    }
    std::map<std::string, int> counts;
    for (const std::string& card : drawn.cards) ++counts[card];
    for (const auto& [name, count] : counts) left_.push_back({name, count});
    cards_left_ = static_cast<int>(drawn.cards.size());
}

int ChanceNode::outcome_count() const { return shuffle_ ? static_cast<int>(left_.size()) : high_ - low_ + 1; }

void ChanceNode::check(int outcome) const {
    if (outcome < 0 || outcome >= outcome_count())
        throw runtime::UsageError(fmt::format("no chance outcome {}: this chance node has {}", outcome, outcome_count()));
}

double ChanceNode::probability(int outcome) const {
    check(outcome);
    if (!shuffle_) return 1.0 / outcome_count();
    return static_cast<double>(left_[static_cast<std::size_t>(outcome)].count) / cards_left_;
}

std::string ChanceNode::outcome_name(int outcome) const {
    check(outcome);
    return shuffle_ ? left_[static_cast<std::size_t>(outcome)].name : std::to_string(low_ + outcome);
}

std::variant<ChanceNode, runtime::Ply> ChanceNode::after(int outcome) const {
    check(outcome);
    runtime::Ply ply = ply_;
    if (!shuffle_) {
        ply.chance.push_back({ForcedChance::Kind::number, low_ + outcome, {}, origin});
        return ply;
    }
    ChanceNode next = *this;
    auto& name = next.left_[static_cast<std::size_t>(outcome)];
    next.placed_.push_back(name.name);
    --next.cards_left_;
    if (--name.count == 0) next.left_.erase(next.left_.begin() + outcome);
    if (next.left_.size() > 1) return next;
    return next.with_order();  // the cards left are alike: the order is complete
}

runtime::Ply ChanceNode::with_order() const {
    runtime::Ply ply = ply_;
    auto order = placed_;
    for (const Name& name : left_) order.insert(order.end(), static_cast<std::size_t>(name.count), name.name);
    ply.chance.push_back({ForcedChance::Kind::order, 0, std::move(order), origin});
    return ply;
}

std::optional<runtime::Ply> ChanceNode::only_result() const {
    if (outcome_count() > 1) return std::nullopt;
    if (shuffle_) return with_order();
    runtime::Ply ply = ply_;
    ply.chance.push_back({ForcedChance::Kind::number, low_, {}, origin});
    return ply;
}

std::variant<runtime::Game, ChanceNode> resolve_ply(const runtime::Game& before, const runtime::Ply& ply,
                                                    std::uint64_t seed) {
    runtime::Game game = before;
    auto forced = ply.chance;
    forced.push_back(probe);
    try {
        runtime::play_ply(game, ply, std::move(forced), seed);
    } catch (const runtime::RuleError&) {
        // A run that went past the probe drew its later numbers from the seed: the outcomes below decide.
        if (game.probed_chance().kind == ChanceProbe::Kind::none) throw;
    }
    const ChanceProbe drawn = game.probed_chance();
    if (drawn.kind == ChanceProbe::Kind::none) {
        game.drop_forced_chance();
        return game;
    }
    if (ply.chance.size() >= runtime::most_draws_per_ply) {
        throw runtime::RuleError(fmt::format("a ply draws more than {} numbers: its chance outcomes are too many to list",
                                             runtime::most_draws_per_ply));
    }
    ChanceNode node(ply, drawn);
    if (const auto only = node.only_result()) return resolve_ply(before, *only, seed);
    return node;
}

}  // namespace rulesrun::python
