// For the leak audit (interpreter/audit/): a game that differs from this one in the other seats' private fields
// only, which a seat may not know, and one whose chance to come draws as another's. Not for play: the new values may
// be ones the rules could never reach.
#include <cstdint>

#include "game.hpp"
#include "program.hpp"
#include "random.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

namespace {

// Another value of the same type: a number moves up by 1 to 3, a truth flips, an enum value or a player becomes
// another one. Other kinds (and `none`) keep their value: the audit changes what it can change safely.
Value another_value(const Program& p, const Instance& in, const ValueType& type, Value v, Rng& rng) {
    if (v == none_value) return v;
    switch (type.kind) {
        case ValueKind::integer: return v < INT32_MAX - 3 ? v + 1 + static_cast<Value>(rng.below(3)) : v - 1;
        case ValueKind::boolean: return v ? 0 : 1;
        case ValueKind::enum_value: {
            const auto count = static_cast<Value>(p.enums[static_cast<std::size_t>(type.id)].values.size());
            return count < 2 ? v : (v + 1 + static_cast<Value>(rng.below(static_cast<std::uint32_t>(count - 1)))) % count;
        }
        case ValueKind::player:
            return in.players < 2 ? v : (v + 1 + static_cast<Value>(rng.below(static_cast<std::uint32_t>(in.players - 1)))) % in.players;
        default: return v;
    }
}

}  // namespace

void Game::vary_private_fields(int seat, std::uint64_t seed) {
    const Program& p = definition_->program();
    const Instance& in = *state_->instance;
    Rng rng(seed);
    for (int other = 0; other < in.players; ++other) {
        if (other == seat) continue;
        for (std::size_t i = 0; i < p.player_fields.size(); ++i) {
            const FieldInfo& f = p.player_fields[i];
            if (!f.is_private) continue;
            Value& v = state_->slots[static_cast<std::size_t>(in.player_base + other * in.player_stride) + i];
            v = another_value(p, in, p.type(f.type), v, rng);
        }
    }
    state_->every_kind_changed();  // what functions remembered of the old fields is forgotten
}

void Game::draw_chance_as(const Game& other) {
    state_->rng = other.state_->rng;
    state_->forced = other.state_->forced;
    state_->forced_next = other.state_->forced_next;
}

}  // namespace rulesrun::runtime
