// The heap (lists, records and texts made while running), the zones, and the collector that keeps the heap small.
#include <algorithm>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

void Machine::heap_full(const SourceLocation& loc) const {
    fail(loc, fmt::format("the rules built lists of more than {} values in all: an endless loop?", max_heap_values));
}


// ---- zones -------------------------------------------------------------------------------------------------------

namespace {

// The events of one move, for the seats' knowledge (card_knowledge.hpp).
class EventsOfMove final : public MoveEvents {
public:
    EventsOfMove(Machine& machine, Value moved, std::int32_t from, std::int32_t to)
        : machine_(machine), moved_(moved), from_(from), to_(to) {}
    bool tell_apart(std::int32_t card) override { return machine_.events_tell_apart(card, moved_, from_, to_); }

private:
    Machine& machine_;
    Value moved_;
    std::int32_t from_, to_;
};

}  // namespace

// A card leaves its zone: the cards on its shorter side close the gap.
void Machine::remove_from_zone(Value card) {
    const auto c = static_cast<std::size_t>(card);
    const Value zone = s_.card_zone[c];
    if (zone < 0) return;
    const auto z = static_cast<std::size_t>(zone);
    Value* const region = s_.zone_cards.data() + in_.zone_offset[z];
    const std::int32_t start = s_.zone_start[z], end = start + s_.zone_size[z];
    const std::int32_t at = s_.card_pos[c];
    if (at - start < end - 1 - at) {
        for (std::int32_t i = at; i > start; --i) place_in_region(region, i, region[i - 1]);
        s_.zone_start[z] = start + 1;
    } else {
        for (std::int32_t i = at; i + 1 < end; ++i) place_in_region(region, i, region[i + 1]);
    }
    --s_.zone_size[z];
    s_.card_zone[c] = -1;
}

// place: 0 the zone's default (top of an ordered zone, the end of an unordered one), 1 top, 2 bottom, 3 position
// (drawn at random between random_low and random_high when random_low > 0: the seats' knowledge needs to know).
void Machine::move_card(Value card, std::int32_t zone, std::int32_t place, std::int32_t position, const SourceLocation& loc,
                        std::int32_t random_low, std::int32_t random_high) {
    if (card < 0 || static_cast<std::size_t>(card) >= in_.card_type.size()) fail(loc, "no card here ('none')");
    const auto z = static_cast<std::size_t>(zone);
    const ZoneDecl& decl = p_.zones[static_cast<std::size_t>(in_.zone_decl[z])];
    const auto c = static_cast<std::size_t>(card);
    if (decl.card_type >= 0 && in_.card_type[c] != decl.card_type) {
        fail(loc, fmt::format("a {} card cannot go into zone {}", p_.card_types[static_cast<std::size_t>(in_.card_type[c])].name, decl.name));
    }
    const Value from = s_.card_zone[c];
    const bool learn = in_.tracks_knowledge && s_.knowledge_kept;
    CardMove seen;
    if (learn) {
        seen = {card, from, from < 0 ? 0 : s_.card_pos[c] - s_.zone_start[static_cast<std::size_t>(from)],
                from < 0 ? 0 : s_.zone_size[static_cast<std::size_t>(from)], zone, random_low, random_high};
    }
    remove_from_zone(card);
    changed(StateKind::zones);
    const std::int32_t size = s_.zone_size[z];
    const std::int32_t capacity = in_.zone_capacity[z];
    if (size >= capacity) fail(loc, fmt::format("zone {} is full", decl.name));
    std::int32_t position_from_top = size;
    if (decl.ordered) {
        if (place == 0 || place == 1) position_from_top = 0;
        if (place == 3) position_from_top = std::clamp(position - 1, 0, size);
    }
    // The cards above the new one move up a place, or those below it down a place: the fewer, where there is room.
    Value* const region = s_.zone_cards.data() + in_.zone_offset[z];
    const std::int32_t start = s_.zone_start[z], end = start + size;
    const std::int32_t at = start + position_from_top;
    const bool room_above = start > 0, room_below = end < capacity;
    if (room_above && (!room_below || position_from_top < size - position_from_top)) {
        for (std::int32_t i = start - 1; i + 1 < at; ++i) place_in_region(region, i, region[i + 1]);
        s_.zone_start[z] = start - 1;
        place_in_region(region, at - 1, card);
    } else {
        for (std::int32_t i = end; i > at; --i) place_in_region(region, i, region[i - 1]);
        place_in_region(region, at, card);
    }
    s_.card_zone[c] = zone;
    s_.zone_size[z] = size + 1;
    s_.zone_face_up[z] = 0;  // a zone shown to everyone is hidden again once a card the others did not see enters it
    if (learn) {
        EventsOfMove events(*this, card, from, zone);
        learn_from_move(s_, in_, seen, events);
    }
}

void Machine::shuffle_zone(std::int32_t zone, const SourceLocation& loc) {
    const auto z = static_cast<std::size_t>(zone);
    Rng rng = s_.rng;  // in registers while it draws, not written back to the state after every card
    const std::int32_t start = s_.zone_start[z], size = s_.zone_size[z];
    Value* const region = s_.zone_cards.data() + in_.zone_offset[z];
    Value* const position = s_.card_pos.data();
    rng.shuffle(region + start, size, [&](int i, Value card) { position[static_cast<std::size_t>(card)] = start + i; });
    s_.rng = rng;
    if (s_.forced_next < s_.forced.size()) [[unlikely]] {
        force_order(zone, loc);
        for (std::int32_t i = start; i < start + size; ++i) place_in_region(region, i, region[i]);
    }
    if (s_.chance_redraw) [[unlikely]] {
        s_.chance_redraw->shuffled(region + start, size, loc, [&](int i, Value card) { place_in_region(region, start + i, card); });
    }
    changed(StateKind::zones);
    if (in_.tracks_knowledge && s_.knowledge_kept) forget_shuffled(s_, in_, zone);
}

// ---- the collector -----------------------------------------------------------------------------------------------
// Lists and texts are never changed once made, so the rules drop many of them. When the game waits for a decision and
// the heap has doubled since the last collection, everything still reachable (from slots, locals of the suspended
// frames and pending options, following the static types) is copied to a fresh heap.

Value Machine::relocate(Value v, std::int32_t type, ValueStack& to) {
    if (v == none_value || type < 0) return v;
    const ValueType& t = p_.type(type);
    if (t.kind == ValueKind::text && v >= 0) return v;  // a text of the rules file
    if (t.kind != ValueKind::text && !t.on_heap()) return v;
    const auto old = static_cast<std::size_t>(t.kind == ValueKind::text ? -(v + 2) : v);
    const Value length = s_.heap[old];
    if (length < 0) return t.kind == ValueKind::text ? -(-length - 1 + 2) : -length - 1;  // already moved
    const auto moved = static_cast<Value>(to.size());
    to.append(s_.heap.data() + old, static_cast<std::size_t>(length) + 1);
    s_.heap[old] = -moved - 1;
    if (t.kind == ValueKind::list && t.element >= 0) {
        for (Value i = 1; i <= length; ++i) {
            const Value inner = relocate(to[static_cast<std::size_t>(moved + i)], t.element, to);
            to[static_cast<std::size_t>(moved + i)] = inner;
        }
    } else if (t.kind == ValueKind::record && t.id >= 0) {
        const auto& fields = p_.record_types[static_cast<std::size_t>(t.id)].fields;
        for (Value i = 1; i <= length && static_cast<std::size_t>(i) <= fields.size(); ++i) {
            const Value inner = relocate(to[static_cast<std::size_t>(moved + i)], fields[static_cast<std::size_t>(i - 1)].type, to);
            to[static_cast<std::size_t>(moved + i)] = inner;
        }
    }
    return t.kind == ValueKind::text ? -(moved + 2) : moved;
}

void Machine::collect_garbage() {
    // Room for everything until the next collection (run() collects at twice what survives plus 4096), so that
    // the heap is not copied again and again while it grows.
    ValueStack to;
    to.reserve(2 * static_cast<std::size_t>(s_.heap_after_collection) + 8192);
    for (std::size_t i = 0; i < s_.slots.size(); ++i) {
        const std::int32_t type = i < in_.slot_types.size() ? in_.slot_types[i] : -1;
        if (type >= 0) s_.slots[i] = relocate(s_.slots[i], type, to);
    }
    for (const Frame& f : s_.frames) {
        const Callable& c = p_.callables[static_cast<std::size_t>(f.callable)];
        for (std::size_t i = 0; i < c.local_types.size(); ++i) {
            Value& v = s_.locals[static_cast<std::size_t>(f.base) + i];
            v = relocate(v, c.local_types[i], to);
        }
    }
    for (Pending& d : s_.pending) {
        if (d.choice < 0) continue;
        const Choice& ch = p_.choices[static_cast<std::size_t>(d.choice)];
        const std::int32_t type = ch.subset ? ch.result_type : ch.option_type;  // a subset's options are lists
        for (std::int32_t i = 0; i < d.options_count; ++i) {
            Value& v = s_.pending_options[static_cast<std::size_t>(d.options_begin + i)];
            v = relocate(v, type, to);
        }
    }
    // Remembered values stay remembered: their lists move like any other.
    for (std::size_t i = 0; i < s_.remembered.size(); ++i) {
        auto& r = s_.remembered[i];
        if (r.stamp < 0) continue;  // nothing remembered
        const Callable& c = p_.callables[i];
        r.result = relocate(r.result, c.result_type, to);
        if (c.params == 1) r.argument = relocate(r.argument, c.local_types[0], to);
    }
    s_.heap = std::move(to);
    s_.heap_after_collection = static_cast<std::int32_t>(s_.heap.size());
}

}  // namespace rulesrun::runtime
