// Game::action_keys: what an action is, as a number that stays the same from one state to another, for the
// statistics a search bot keeps of actions across the games it plays in its head (mcts.hpp, "MAST").
#include <cstdint>

#include <fmt/format.h>

#include "game.hpp"
#include "seeds.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

namespace {

std::uint64_t mix(std::uint64_t hash, std::uint64_t value) { return splitmix64(hash ^ splitmix64(value)); }

constexpr std::uint64_t none_key = 0x6e6f6e65ULL;  // "none"
constexpr int deepest = 3;  // records in lists in records: deeper values are left out (a key need not be exact)

// A value's key: numbers, players, spaces and enum values are themselves; a card is its type and the values of its
// fields (two cards alike are one action: the ninth 3 is as good as the others), a record its fields in order, a
// list its elements in any order (a subset of cards). Texts are left out.
class ValueKeys {
public:
    ValueKeys(const Program& program, const StateData& state) : p_(program), s_(state), in_(*state.instance) {}

    [[nodiscard]] std::uint64_t of(Value v, std::int32_t type_index, int depth = 0) const {
        if (v == none_value) return none_key;
        const ValueType& type = p_.type(type_index);
        switch (type.kind) {
            case ValueKind::card: return card(v);
            case ValueKind::record: return depth < deepest ? record(v, type.id, depth) : none_key;
            case ValueKind::list: return depth < deepest ? list(v, type.element, depth) : none_key;
            case ValueKind::text: return none_key;
            default: return static_cast<std::uint32_t>(v);
        }
    }

private:
    [[nodiscard]] std::uint64_t card(Value v) const {
        const auto c = static_cast<std::size_t>(v);
        const auto card_type = in_.card_type[c];
        const auto& fields = p_.card_types[static_cast<std::size_t>(card_type)].fields;
        std::uint64_t h = mix(0x63617264ULL, static_cast<std::uint64_t>(card_type));
        for (std::size_t f = 0; f < fields.size(); ++f) {
            const ValueKind kind = p_.type(fields[f].type).kind;
            if (kind == ValueKind::text || kind == ValueKind::list || kind == ValueKind::record) continue;
            if (fields[f].is_private) continue;  // what the card is, not what a seat may not know of it
            h = mix(h, static_cast<std::uint32_t>(s_.slots[static_cast<std::size_t>(in_.card_base[c]) + f]));
        }
        return h;
    }

    [[nodiscard]] std::uint64_t record(Value v, std::int32_t record_type, int depth) const {
        const auto& fields = p_.record_types[static_cast<std::size_t>(record_type)].fields;
        const Value* values = s_.heap.data() + v + 1;
        std::uint64_t h = mix(0x7265636fULL, static_cast<std::uint64_t>(record_type));
        for (std::size_t f = 0; f < fields.size(); ++f) h = mix(h, of(values[f], fields[f].type, depth + 1));
        return h;
    }

    // Order-independent: the elements' keys added.
    [[nodiscard]] std::uint64_t list(Value v, std::int32_t element_type, int depth) const {
        const Value length = s_.heap[static_cast<std::size_t>(v)];
        std::uint64_t sum = 0;
        for (Value i = 0; i < length; ++i) sum += splitmix64(of(s_.heap[static_cast<std::size_t>(v + 1 + i)], element_type, depth + 1));
        return mix(0x6c697374ULL, sum);
    }

    const Program& p_;
    const StateData& s_;
    const Instance& in_;
};

// The keys of one pending decision's options.
class OptionKeys {
public:
    OptionKeys(const Program& program, const StateData& state, const Pending& pending)
        : s_(state), pending_(pending), values_(program, state) {
        // The choice point first: a 3 chosen as a bid is not a 3 chosen as a column.
        const bool menu = pending.menu >= 0;
        point_ = menu ? mix(0x6d656e75ULL, static_cast<std::uint64_t>(pending.menu))
                      : mix(0x63686f69ULL, static_cast<std::uint64_t>(pending.choice));
        if (menu) return;
        const Choice& choice = program.choices[static_cast<std::size_t>(pending.choice)];
        type_ = choice.option_type;
        subset_ = choice.subset;
    }

    [[nodiscard]] std::uint64_t of(std::int32_t action) const {
        const Value option = s_.pending_options[static_cast<std::size_t>(pending_.options_begin + action)];
        if (type_ < 0) return mix(point_, static_cast<std::uint32_t>(option));  // a menu's option
        if (!subset_ || option == none_value) return mix(point_, values_.of(option, type_));
        std::uint64_t sum = 0;
        const Value length = s_.heap[static_cast<std::size_t>(option)];
        for (Value i = 0; i < length; ++i) sum += splitmix64(values_.of(s_.heap[static_cast<std::size_t>(option + 1 + i)], type_));
        return mix(point_, sum);
    }

private:
    const StateData& s_;
    const Pending& pending_;
    ValueKeys values_;
    std::uint64_t point_ = 0;
    std::int32_t type_ = -1;
    bool subset_ = false;
};

const Pending* waiting(const StateData& s, int seat) {
    for (const Pending& d : s.pending) {
        if (d.seat == seat && d.answer < 0) return &d;
    }
    return nullptr;
}

}  // namespace

void Game::action_keys(int seat, std::vector<std::uint64_t>& keys) const {
    keys.clear();
    const Pending* pending = waiting(*state_, seat);
    if (pending == nullptr) return;
    const OptionKeys options(definition_->program(), *state_, *pending);
    for (std::int32_t a = 0; a < pending->options_count; ++a) keys.push_back(options.of(a));
}

std::uint64_t Game::action_key(int seat, int action) const {
    const Pending* pending = waiting(*state_, seat);
    if (pending == nullptr) throw UsageError(fmt::format("seat {} has nothing to decide now", seat + 1));
    if (action < 0 || action >= pending->options_count) throw UsageError(fmt::format("no action {}", action));
    return OptionKeys(definition_->program(), *state_, *pending).of(action);
}

}  // namespace rulesrun::runtime
