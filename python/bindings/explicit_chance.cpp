#include "explicit_chance.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rulesrun::python {

namespace {

using runtime::ChanceProbe;
using runtime::ForcedChance;

const ForcedChance probe{ForcedChance::Kind::probe, 0, {}, "the Python module"};

// Every distinct order of the cards (by name), in lexicographic order; refuses more than most_shuffle_orders.
std::vector<std::vector<std::string>> distinct_orders(std::vector<std::string> cards) {
    std::sort(cards.begin(), cards.end());
    std::vector<std::vector<std::string>> orders;
    do {
        if (orders.size() == most_shuffle_orders) {
            throw runtime::UsageError(fmt::format(
                "a shuffle of {} cards has more than {} distinct orders: too many to list as chance outcomes; load "
                "the game with chance=\"sampled\"", cards.size(), most_shuffle_orders));
        }
        orders.push_back(cards);
    } while (std::next_permutation(cards.begin(), cards.end()));
    return orders;
}

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
    orders_ = distinct_orders(drawn.cards);
}

int ChanceNode::outcome_count() const {
    return shuffle_ ? static_cast<int>(orders_.size()) : high_ - low_ + 1;
}

std::string ChanceNode::outcome_name(int outcome) const {
    if (outcome < 0 || outcome >= outcome_count())
        throw runtime::UsageError(fmt::format("no chance outcome {}: this chance node has {}", outcome, outcome_count()));
    if (shuffle_) return fmt::format("{}", fmt::join(orders_[static_cast<std::size_t>(outcome)], ", "));
    return std::to_string(low_ + outcome);
}

runtime::Ply ChanceNode::ply_with(int outcome) const {
    (void)outcome_name(outcome);  // checks it
    runtime::Ply ply = ply_;
    if (shuffle_) ply.chance.push_back({ForcedChance::Kind::order, 0, orders_[static_cast<std::size_t>(outcome)], "the Python module"});
    else ply.chance.push_back({ForcedChance::Kind::number, low_ + outcome, {}, "the Python module"});
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
    return ChanceNode(ply, drawn);
}

}  // namespace rulesrun::python
