// The part of the information state tensor after the observation (docs/python.md, "Tensors"): the last actions taken,
// as the seat was told them. Per action: the seat that took it (one slot per seat), whether the seat was told which
// action it was (another seat's secret choice is not told), and its id: one-hot over num_distinct_actions() at load
// and one slot for a later id (an unbounded game's), or, in a game of more than most_one_hot_ids ids (Breakthrough's
// moves, Hearts' passes, chess's), the id's bits.
#pragma once

#include <cstddef>
#include <vector>

namespace rulesrun::python {

inline constexpr int most_one_hot_ids = 1024;

// An action taken, as the state remembers it (id -1: unknown, in a resampled state).
struct TakenAction {
    int seat = 0;
    int id = 0;
    bool secret = false;
};

class ActionMemory {
public:
    ActionMemory(int players, int ids, int actions);

    [[nodiscard]] std::size_t size() const { return per_action_ * static_cast<std::size_t>(actions_); }
    [[nodiscard]] int actions() const { return actions_; }
    [[nodiscard]] bool binary() const { return bits_ > 0; }
    // The last actions() of `taken`, as `player` was told them, into out (size() floats, zeroed here first).
    void encode(const std::vector<TakenAction>& taken, int player, float* out) const;

private:
    void encode_id(int id, float* out) const;

    int players_;
    int ids_;
    int actions_;
    int bits_ = 0;  // 0: one-hot
    std::size_t per_action_;
};

}  // namespace rulesrun::python
