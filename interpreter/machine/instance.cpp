// Building an Instance: the rules with one set of settings. Options are set, decks make their cards, boards their
// spaces, zones get their regions and first cards, players and the game their fields. The result is the state every
// game with these settings starts from (before `setup` and its shuffles).
#include "instance.hpp"

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

namespace {

class InstanceBuilder {
public:
    InstanceBuilder(const Program& p, const ResolvedSettings& settings)
        : p_(p), in_(std::make_shared<Instance>()), s_(in_->initial) {
        in_->program = &p;
        in_->players = settings.players;
        in_->option_values = settings.option_values;
        // The machine reads the instance while it is being built: a non-owning pointer avoids a cycle.
        s_.instance = std::shared_ptr<const Instance>(std::shared_ptr<const Instance>(), in_.get());
    }

    std::shared_ptr<const Instance> build() {
        Machine m(p_, s_);
        m.building_ = in_.get();
        m.callable_ = p_.init_callable;
        m.step_limit_ = max_steps_per_decision;
        const Callable& init = p_.callables[static_cast<std::size_t>(p_.init_callable)];
        s_.locals.clear();
        s_.locals.push(std::max(init.locals, 1));
        m.set_frame(0);
        global_and_player_slots();
        for (std::size_t i = 0; i < p_.options.size(); ++i) s_.slots[static_cast<std::size_t>(p_.options[i].slot)] = in_->option_values[i];
        for (const DieDecl& d : p_.dice) in_->die_faces.push_back(m.eval(d.faces));
        for (const DeckDecl& d : p_.decks) s_.slots[static_cast<std::size_t>(d.slot)] = m.eval(d.cards);
        for (std::size_t b = 0; b < p_.boards.size(); ++b) build_board(m, b);
        build_zones();
        field_defaults(m);
        first_cards(m);
        s_.locals.clear();
        s_.remembered.assign(p_.callables.size(), {});
        remember_constants();
        s_.heap_after_collection = static_cast<std::int32_t>(s_.heap.size());
        s_.instance.reset();
        return in_;
    }

private:
    // A function of nothing (no parameter, reading no state, drawing no chance: `lines()`, the lines of a board) has
    // one value for these settings: worked out here, every game starts with it remembered. Not counted as steps of
    // the game. One that fails, or runs away, is left to fail where the rules call it, if they do; so are those
    // left when a million steps have gone into them, so that a file of many slow ones still starts at once.
    void remember_constants() {
        constexpr std::int64_t budget = 1'000'000;
        const std::int64_t steps = s_.steps;
        for (std::size_t i = 0; i < p_.callables.size() && s_.steps - steps < budget; ++i) {
            const Callable& c = p_.callables[i];
            if (c.kind != "function" || c.params > 0 || c.reads != 0 || !c.rememberable || c.body < 0) continue;
            Machine m(p_, s_);
            m.step_limit_ = steps + budget;
            try {
                s_.remembered[i] = {m.state_stamp(c.reads), 0, m.call_value(static_cast<std::int32_t>(i), -1, 0)};
            } catch (const RuleError&) {
                s_.locals.clear();
            }
        }
        s_.steps = steps;
    }

    // A field declared without a default starts empty: 0, false, the first value of an enum, an empty text or list,
    // and `none` for players, cards, spaces, zones, dice and records.
    Value empty_value(Machine& m, std::int32_t type) {
        const ValueType& t = p_.type(type);
        switch (t.kind) {
            case ValueKind::integer:
            case ValueKind::boolean: return t.optional ? none_value : 0;
            case ValueKind::enum_value: return t.optional ? none_value : 0;
            case ValueKind::text: return m.make_text("", {});
            case ValueKind::list: return m.allocate(0, {});
            default: return none_value;
        }
    }

    Value initial_value(Machine& m, const FieldInfo& f) {
        return f.default_value >= 0 ? m.eval(f.default_value) : empty_value(m, f.type);
    }

    std::int32_t heap_type(std::int32_t type) const {
        const ValueType& t = p_.type(type);
        return t.on_heap() || t.kind == ValueKind::text ? type : -1;
    }

    void global_and_player_slots() {
        in_->player_base = p_.global_slots;
        in_->player_stride = static_cast<std::int32_t>(p_.player_fields.size());
        s_.slots.assign(static_cast<std::size_t>(p_.global_slots + in_->players * in_->player_stride), 0);
        in_->slot_types.assign(s_.slots.size(), -1);
        for (const DeckDecl& d : p_.decks) in_->slot_types[static_cast<std::size_t>(d.slot)] = p_.expr(d.cards).type;
        for (std::size_t i = 0; i < p_.state_fields.size(); ++i) {
            in_->slot_types[static_cast<std::size_t>(p_.state_field_base) + i] = heap_type(p_.state_fields[i].type);
        }
        for (std::int32_t seat = 0; seat < in_->players; ++seat) {
            for (std::size_t i = 0; i < p_.player_fields.size(); ++i) {
                in_->slot_types[static_cast<std::size_t>(in_->player_base + seat * in_->player_stride) + i] =
                    heap_type(p_.player_fields[i].type);
            }
        }
    }

    // Spaces: one run of slots each, its fields then "alive" (rings drop spaces).
    void build_board(Machine& m, std::size_t b) {
        const BoardDecl& board = p_.boards[b];
        const Value rows = m.eval(board.rows);
        const Value columns = board.grid ? m.eval(board.columns) : 1;
        if (rows < 1 || columns < 1 || std::int64_t{rows} * columns > 100000) {
            m.fail(p_.expr(board.rows).loc, fmt::format("board {} cannot be {} by {}", board.name, rows, columns));
        }
        in_->board_first.push_back(static_cast<std::int32_t>(in_->space_board.size()));
        in_->board_rows.push_back(rows);
        in_->board_columns.push_back(columns);
        for (Value i = 0; i < rows * columns; ++i) {
            in_->space_board.push_back(static_cast<std::int32_t>(b));
            in_->space_row.push_back(i / columns);
            in_->space_column.push_back(i % columns);
            in_->space_base.push_back(static_cast<std::int32_t>(s_.slots.size()));
            for (const FieldInfo& f : board.fields) {
                s_.slots.push_back(initial_value(m, f));
                in_->slot_types.push_back(heap_type(f.type));
            }
            s_.slots.push_back(1);
            in_->slot_types.push_back(-1);
        }
    }

    // A zone's region holds every card that could ever be in it: each card is in one zone at a time.
    void build_zones() {
        const std::size_t cards = in_->card_type.size();
        std::int32_t offset = 0;
        for (std::size_t d = 0; d < p_.zones.size(); ++d) {
            const ZoneDecl& z = p_.zones[d];
            std::int32_t capacity = 0;
            for (std::size_t c = 0; c < cards; ++c) capacity += z.card_type < 0 || in_->card_type[c] == z.card_type;
            in_->zone_first.push_back(static_cast<std::int32_t>(in_->zone_decl.size()));
            const std::int32_t instances = z.per_player ? in_->players : 1;
            if (std::int64_t{offset} + std::int64_t{capacity} * instances > static_cast<std::int64_t>(max_heap_values)) {
                Machine(p_, s_).fail(z.initial >= 0 ? p_.expr(z.initial).loc : SourceLocation{},
                                     fmt::format("the zones would need room for more than {} cards", max_heap_values));
            }
            for (std::int32_t i = 0; i < instances; ++i) {
                in_->zone_decl.push_back(static_cast<std::int32_t>(d));
                in_->zone_owner.push_back(z.per_player ? i : -1);
                in_->zone_offset.push_back(offset);
                in_->zone_capacity.push_back(capacity);
                offset += capacity;
            }
        }
        s_.zone_cards.assign(static_cast<std::size_t>(offset), -1);
        s_.zone_start.assign(in_->zone_decl.size(), 0);
        s_.zone_size.assign(in_->zone_decl.size(), 0);
        s_.card_zone.assign(cards, -1);
        s_.card_pos.assign(cards, 0);
        knowledge_of_zones();
    }

    SeatMask seers_of(Visibility visibility, int owner) const {
        switch (visibility) {
            case Visibility::public_: return in_->all_seats;
            case Visibility::private_: return seat_bit(owner);
            case Visibility::hidden: return 0;
            case Visibility::others_: return in_->all_seats & ~seat_bit(owner);
        }
        return 0;
    }

    // Who sees each zone's cards, for the seats' knowledge of where the cards are (card_knowledge.hpp).
    void knowledge_of_zones() {
        in_->all_seats = in_->players >= seats_with_memory ? ~SeatMask{0} : (SeatMask{1} << in_->players) - 1;
        for (std::size_t z = 0; z < in_->zone_decl.size(); ++z) {
            const ZoneDecl& d = p_.zones[static_cast<std::size_t>(in_->zone_decl[z])];
            in_->zone_seers.push_back(seers_of(d.visibility, in_->zone_owner[z]));
            // An ordered zone someone cannot see: everyone follows where cards go in and come out.
            in_->zone_is_pile.push_back(d.ordered && (d.visibility == Visibility::hidden || d.visibility == Visibility::others_));
            in_->tracks_knowledge = in_->tracks_knowledge || d.visibility != Visibility::public_;
        }
        s_.card_known.assign(s_.card_zone.size(), 0);
        s_.card_window.assign(s_.card_zone.size(), CardWindow{});
        s_.zone_window_top.assign(in_->zone_decl.size(), 0);
        s_.zone_face_up.assign(in_->zone_decl.size(), 0);
    }

    void field_defaults(Machine& m) {
        for (std::int32_t seat = 0; seat < in_->players; ++seat) {
            for (std::size_t i = 0; i < p_.player_fields.size(); ++i) {
                s_.slots[static_cast<std::size_t>(in_->player_base + seat * in_->player_stride) + i] =
                    initial_value(m, p_.player_fields[i]);
            }
        }
        for (std::size_t i = 0; i < p_.state_fields.size(); ++i) {
            s_.slots[static_cast<std::size_t>(p_.state_field_base) + i] = initial_value(m, p_.state_fields[i]);
        }
    }

    void first_cards(Machine& m) {
        for (std::size_t d = 0; d < p_.zones.size(); ++d) {
            const ZoneDecl& z = p_.zones[d];
            if (z.initial < 0) continue;
            const std::int32_t instances = z.per_player ? in_->players : 1;
            for (std::int32_t i = 0; i < instances; ++i) {
                const Sequence cards = m.sequence(z.initial);
                for (std::int32_t k = 0; k < cards.length; ++k) {
                    m.move_card(m.element(cards, k), in_->zone_first[d] + i, 2, 0, p_.expr(z.initial).loc);
                }
            }
        }
    }

    const Program& p_;
    std::shared_ptr<Instance> in_;
    StateData& s_;
};

}  // namespace

std::shared_ptr<const Instance> build_instance(const Program& program, const ResolvedSettings& settings) {
    return InstanceBuilder(program, settings).build();
}

}  // namespace rulesrun::runtime
