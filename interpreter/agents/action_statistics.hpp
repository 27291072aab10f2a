// What the search bot learns of actions across the games it plays in its head (MAST, the Move-Average Sampling
// Technique of general game players, Finnsson and Björnsson 2008): each seat's average reward after an action,
// whatever the state it was taken in (Game::action_keys names an action the same in every state). Playouts then
// favour the actions that did well, which tells the search far more than random play where random play loses.
//
// A flat table with open addressing: no allocation once it has grown to the game's actions.
#pragma once

#include <cstdint>
#include <vector>

namespace rulesrun {

class ActionStatistics {
public:
    ActionStatistics() { clear(); }

    void clear() {
        slots_.assign(initial_size, Slot{});
        used_ = 0;
    }

    // The seat's average reward after the action, or `unknown` when it was never taken.
    [[nodiscard]] double average(int seat, std::uint64_t action, double unknown) const {
        const std::uint64_t key = seat_key(seat, action);
        for (std::size_t i = key & mask(); ; i = (i + 1) & mask()) {
            const Slot& slot = slots_[i];
            if (slot.count == 0) return unknown;
            if (slot.key == key) return slot.sum / slot.count;
        }
    }

    // The seat's average reward after the action into `average`, when it was taken at least `minimum` times.
    [[nodiscard]] bool average_if_seen(int seat, std::uint64_t action, double minimum, double& average) const {
        const std::uint64_t key = seat_key(seat, action);
        for (std::size_t i = key & mask(); ; i = (i + 1) & mask()) {
            const Slot& slot = slots_[i];
            if (slot.count == 0) return false;
            if (slot.key != key) continue;
            if (slot.count < minimum) return false;
            average = slot.sum / slot.count;
            return true;
        }
    }

    void add(int seat, std::uint64_t action, double reward) {
        if (2 * (used_ + 1) > slots_.size()) grow();
        Slot& slot = find_or_make(seat_key(seat, action));
        slot.sum += reward;
        slot.count += 1;
    }

    // Older games weigh less: every count and sum multiplied by `factor` (a new decision of the real game).
    void decay(double factor) {
        for (Slot& slot : slots_) {
            if (slot.count == 0) continue;
            slot.sum *= factor;
            slot.count *= factor;
            if (slot.count < minimum_count) {  // kept as a known action with little weight (the table has no tombstones)
                slot.sum = slot.sum / slot.count * minimum_count;
                slot.count = minimum_count;
            }
        }
    }

    // One number for a seat's action: the statistics' key, and the RAVE's (mcts.cpp).
    static std::uint64_t seat_key(int seat, std::uint64_t action) {
        return action ^ (static_cast<std::uint64_t>(seat + 1) * 0x9e3779b97f4a7c15ULL);
    }

private:
    struct Slot {
        std::uint64_t key = 0;
        double sum = 0;
        double count = 0;  // 0: empty
    };
    static constexpr std::size_t initial_size = 1024;
    static constexpr double minimum_count = 1e-3;

    [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }

    Slot& find_or_make(std::uint64_t key) {
        for (std::size_t i = key & mask(); ; i = (i + 1) & mask()) {
            Slot& slot = slots_[i];
            if (slot.count == 0) {
                slot.key = key;
                ++used_;
                return slot;
            }
            if (slot.key == key) return slot;
        }
    }

    void grow() {
        std::vector<Slot> old(slots_.size() * 2);
        old.swap(slots_);
        used_ = 0;
        for (const Slot& slot : old) {
            if (slot.count == 0) continue;
            Slot& moved = find_or_make(slot.key);
            moved = slot;
        }
    }

    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};

}  // namespace rulesrun
