#include "action_memory.hpp"

#include <algorithm>

namespace rulesrun::python {

ActionMemory::ActionMemory(int players, int ids, int actions) : players_(players), ids_(ids), actions_(actions) {
    if (ids > most_one_hot_ids) {
        while ((1LL << bits_) <= 2LL * ids) ++bits_;  // room for as many ids again, met after discovery
    }
    const int id_slots = bits_ > 0 ? bits_ : ids + 1;
    per_action_ = static_cast<std::size_t>(players + 1 + id_slots);
}

void ActionMemory::encode(const std::vector<TakenAction>& taken, int player, float* out) const {
    std::fill(out, out + size(), 0.0F);
    const std::size_t count = std::min(taken.size(), static_cast<std::size_t>(actions_));
    for (std::size_t i = 0; i < count; ++i) {
        const TakenAction& action = taken[taken.size() - count + i];
        float* slot = out + i * per_action_;
        slot[action.seat] = 1.0F;
        const bool told = action.id >= 0 && (action.seat == player || !action.secret);
        if (!told) continue;
        slot[players_] = 1.0F;
        encode_id(action.id, slot + players_ + 1);
    }
}

void ActionMemory::encode_id(int id, float* out) const {
    if (bits_ == 0) {
        out[std::min(id, ids_)] = 1.0F;  // the last slot: an id met after discovery
        return;
    }
    const long long capped = std::min<long long>(id, (1LL << bits_) - 1);
    for (int b = 0; b < bits_; ++b) out[b] = static_cast<float>((capped >> b) & 1);
}

}  // namespace rulesrun::python
