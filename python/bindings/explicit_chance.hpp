// Chance as explicit nodes (load_game's chance="explicit", the default): every number a `roll` or `random` draws and
// every card a `shuffle` puts in place is a chance node whose outcome the caller picks, as game_tree.cpp enumerates
// draws: a ply is played on a copy of the game before it, with the chance results chosen so far forced and a probe
// after them; when the probe notes a draw, that draw is the next chance node.
// - a number from LOW to HIGH: HIGH - LOW + 1 outcomes (the numbers in order), each as likely;
// - a shuffle: one chance node per position from the top, whose outcomes are the names of the cards left (sorted,
//   cards shown alike being alike), each as likely as the cards of that name left; once the cards left are all alike,
//   the order is complete and the ply is played on with it. A shuffle of n distinct cards is n - 1 nodes of n, n - 1,
//   ..., 2 outcomes (Kuhn poker's deal: 3 then 2).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::python {

class ChanceNode {
public:
    ChanceNode(runtime::Ply ply, const runtime::ChanceProbe& probe);

    [[nodiscard]] int outcome_count() const;
    [[nodiscard]] double probability(int outcome) const;
    // "4" for a number, the card's name for a shuffle's position.
    [[nodiscard]] std::string outcome_name(int outcome) const;
    // After this outcome: the shuffle's next position, or the ply with the outcome's result added to its chance
    // results (to be played again).
    [[nodiscard]] std::variant<ChanceNode, runtime::Ply> after(int outcome) const;
    // The ply with the draw's only result, when it has only one (a shuffle of cards all alike, of one card or none;
    // a number from N to N): no node to ask.
    [[nodiscard]] std::optional<runtime::Ply> only_result() const;
    [[nodiscard]] const runtime::Ply& ply() const { return ply_; }

private:
    struct Name {
        std::string name;
        int count = 0;
    };
    void check(int outcome) const;
    [[nodiscard]] runtime::Ply with_order() const;  // the ply with the shuffle's order: placed_, then the cards left

    runtime::Ply ply_;
    bool shuffle_ = false;
    std::int32_t low_ = 0, high_ = 0;
    std::vector<std::string> placed_;  // a shuffle: the cards' names from the top, so far
    std::vector<Name> left_;           // a shuffle: the names of the cards left, sorted, with their counts
    int cards_left_ = 0;
};

// Plays `ply` (with its chance results so far) from `before`: the game after it, or the chance node of its next draw.
// For the start (no actions), `before` is any game of these settings. Throws RuleError when a rule fails.
std::variant<runtime::Game, ChanceNode> resolve_ply(const runtime::Game& before, const runtime::Ply& ply,
                                                    std::uint64_t seed);

}  // namespace rulesrun::python
