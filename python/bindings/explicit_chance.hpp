// Chance as explicit nodes (load_game's chance="explicit", the default): every number a `roll` or `random` draws and
// every `shuffle` is a chance node whose outcomes the caller picks, as game_tree.cpp enumerates them: a ply is played
// on a copy of the game before it, with the chance results chosen so far forced and a probe after them; when the
// probe notes a draw, that draw is the next chance node.
// - a number from LOW to HIGH: HIGH - LOW + 1 outcomes (the numbers in order), each as likely;
// - a shuffle: each distinct order of its cards (cards shown alike are alike), each as likely, in the order of their
//   names sorted; a shuffle of more than most_shuffle_orders orders is refused (chance="sampled" plays it).
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "rulesrun.hpp"

namespace rulesrun::python {

inline constexpr std::size_t most_shuffle_orders = 40320;  // 8 distinct cards

class ChanceNode {
public:
    ChanceNode(runtime::Ply ply, const runtime::ChanceProbe& probe);

    [[nodiscard]] int outcome_count() const;
    [[nodiscard]] double probability() const { return 1.0 / outcome_count(); }
    // "4" for a number, "J, Q, K" for a shuffle's order (top first).
    [[nodiscard]] std::string outcome_name(int outcome) const;
    // The ply with this outcome's result added to its chance results.
    [[nodiscard]] runtime::Ply ply_with(int outcome) const;
    [[nodiscard]] const runtime::Ply& ply() const { return ply_; }

private:
    runtime::Ply ply_;
    bool shuffle_ = false;
    std::int32_t low_ = 0, high_ = 0;
    std::vector<std::vector<std::string>> orders_;
};

// Plays `ply` (with its chance results so far) from `before`: the game after it, or the chance node of its next draw.
// For the start (no actions), `before` is any game of these settings. Throws RuleError when a rule fails.
std::variant<runtime::Game, ChanceNode> resolve_ply(const runtime::Game& before, const runtime::Ply& ply,
                                                    std::uint64_t seed);

}  // namespace rulesrun::python
