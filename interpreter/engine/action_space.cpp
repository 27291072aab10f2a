// Game::action_space: how many distinct actions the rules can ever offer, counted from the declared type of what each
// decision offers, so that a front end can number actions game-wide with a bound known before play (the Python
// module's action ids: OpenSpiel's algorithms allocate tables and network outputs once, by that bound).
#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "game.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

namespace {

constexpr std::int64_t most_counted = std::int64_t{1} << 53;  // past this, a count says nothing an array could use

// "file.rules:LINE:COLUMN", as errors name places.
std::string place(const Program& p, const SourceLocation& loc) {
    const bool known = loc.file >= 0 && static_cast<std::size_t>(loc.file) < p.files.size();
    return fmt::format("{}:{}:{}", known ? p.files[static_cast<std::size_t>(loc.file)] : p.path, loc.line, loc.column);
}

// A count, or why there is none.
struct Count {
    std::int64_t value = 0;
    std::string unbounded;  // empty when bounded

    static Count of(std::int64_t n) { return {n, {}}; }
    static Count none(std::string why) { return {0, std::move(why)}; }
    [[nodiscard]] bool bounded() const { return unbounded.empty(); }
};

Count times(const Count& a, const Count& b) {
    if (!a.bounded()) return a;
    if (!b.bounded()) return b;
    if (a.value != 0 && b.value > most_counted / a.value) return Count::none("more than 2^53 of them");
    return Count::of(a.value * b.value);
}

class SpaceCounter {
public:
    SpaceCounter(const Program& program, const StateData& state)
        : p_(program), in_(*state.instance), slots_(state.slots) {}

    Count menu(const Menu& menu) const { return Count::of(static_cast<std::int64_t>(menu.options.size())); }

    Count choice(const Choice& choice) const {
        Count one = choice.subset ? subsets(choice) : values(choice.option_type, choice.domain);
        if (!one.bounded()) return one;
        if (choice.optional) ++one.value;  // nothing chosen ("pass")
        return one;
    }

private:
    // The values of a type: each is an action's identity at most once, with the name it is shown by (a card's text
    // and a record's come from fields that do not change, or the type is not counted).
    Count values(std::int32_t type_index, std::int32_t domain = -1, int depth = 0) const {
        const ValueType& type = p_.type(type_index);
        const std::int64_t none = type.optional ? 1 : 0;
        auto plus_none = [&](Count c) {
            if (c.bounded()) c.value += none;
            return c;
        };
        switch (type.kind) {
            case ValueKind::boolean: return Count::of(2 + none);
            case ValueKind::player: return Count::of(in_.players + none);
            case ValueKind::enum_value:
                return Count::of(static_cast<std::int64_t>(p_.enums[static_cast<std::size_t>(type.id)].values.size()) + none);
            case ValueKind::space: return plus_none(Count::of(spaces_of(type.id)));
            case ValueKind::card: return plus_none(cards_of(type.id));
            case ValueKind::record: return depth < 3 ? plus_none(record(type.id, depth)) : Count::none("records nested too deep");
            case ValueKind::integer: return plus_none(integers(domain));
            case ValueKind::text: return Count::none("a text");
            case ValueKind::zone: return plus_none(Count::of(zones_of(type.id)));
            case ValueKind::die: return Count::of(static_cast<std::int64_t>(p_.dice.size()) + none);
            case ValueKind::list: return plus_none(list(type.element));
            default: return Count::none("a value of a kind that is not counted (a board or a table)");
        }
    }

    std::int64_t zones_of(int declaration) const {
        if (declaration < 0) return static_cast<std::int64_t>(in_.zone_decl.size());
        return std::count(in_.zone_decl.begin(), in_.zone_decl.end(), declaration);
    }

    std::int64_t spaces_of(int board) const {
        if (board < 0) return static_cast<std::int64_t>(in_.space_board.size());
        return std::count(in_.space_board.begin(), in_.space_board.end(), board);
    }

    // The cards of the type (each card is one action at most) when no rule changes their fields: a field written during
    // play could make a card another action (its key or its name changes).
    Count cards_of(int card_type) const {
        std::vector<std::int64_t> kinds;
        if (std::string why = card_kinds(card_type, kinds); !why.empty()) return Count::none(std::move(why));
        return Count::of(static_cast<std::int64_t>(kinds.size()));
    }

    // The kinds of the type's cards and how many cards of each: two cards whose fields are equal (nine 3s) are one
    // action (Game::action_keys), so a choice among them counts the kinds. Empty when a rule changes their fields.
    std::string card_kinds(int card_type, std::vector<std::int64_t>& kinds) const {
        for (const Instr& in : p_.code) {
            if (in.code == Code::set_card_field && (in.c < 0 || card_type < 0 || in.c == card_type)) {
                return fmt::format("cards whose fields a rule changes (at {})", place(p_, in.loc));
            }
        }
        std::map<std::vector<Value>, std::int64_t> copies;
        for (std::size_t c = 0; c < in_.card_type.size(); ++c) {
            const auto type = in_.card_type[c];
            if (card_type >= 0 && type != card_type) continue;
            // What tells cards apart in an action's key: the type and the fields that are not texts (labels made
            // from the others), lists, records or private (action_keys.cpp).
            std::vector<Value> key{static_cast<Value>(type)};
            const auto& fields = p_.card_types[static_cast<std::size_t>(type)].fields;
            const auto base = static_cast<std::size_t>(in_.card_base[c]);
            for (std::size_t f = 0; f < fields.size(); ++f) {
                const ValueKind kind = p_.type(fields[f].type).kind;
                if (kind == ValueKind::text || kind == ValueKind::list || kind == ValueKind::record) continue;
                if (fields[f].is_private) continue;
                key.push_back(slots_[base + f]);
            }
            ++copies[key];
        }
        for (const auto& [fields, n] : copies) kinds.push_back(n);
        return {};
    }

    // A list: of cards, the different selections of the game's cards (its kinds, each as many times as it has cards);
    // of anything else it has no bound.
    Count list(std::int32_t element_type) const {
        const ValueType& element = p_.type(element_type);
        if (element.kind != ValueKind::card) return Count::none("a list (only a list of cards is counted)");
        std::vector<std::int64_t> kinds;
        if (std::string why = card_kinds(element.id, kinds); !why.empty()) return Count::none(std::move(why));
        return selections(kinds, std::numeric_limits<std::int64_t>::max());
    }

    // The selections of at most `most` things among kinds of things (kinds[k] alike of kind k): the coefficients up
    // to x^most of the product of (1 + x + ... + x^kinds[k]).
    static Count selections(const std::vector<std::int64_t>& kinds, std::int64_t most) {
        std::int64_t things = 0;
        for (const std::int64_t n : kinds) things += n;
        most = std::min(most, things);
        std::vector<long double> ways(static_cast<std::size_t>(most) + 1, 0.0L);
        ways[0] = 1.0L;
        for (const std::int64_t n : kinds) {
            std::vector<long double> next(ways.size(), 0.0L);
            for (std::size_t size = 0; size < ways.size(); ++size) {
                if (ways[size] == 0.0L) continue;
                for (std::int64_t take = 0; take <= n && size + static_cast<std::size_t>(take) < ways.size(); ++take)
                    next[size + static_cast<std::size_t>(take)] += ways[size];
            }
            ways = std::move(next);
        }
        long double total = 0.0L;
        for (const long double w : ways) total += w;
        if (total > static_cast<long double>(most_counted)) {
            return Count::none(fmt::format("selections of {} things of {} kinds: more than 2^53", things, kinds.size()));
        }
        return Count::of(static_cast<std::int64_t>(total));
    }

    Count record(int record_type, int depth) const {
        const RecordType& record = p_.record_types[static_cast<std::size_t>(record_type)];
        Count product = Count::of(1);
        for (const FieldInfo& field : record.fields) {
            Count one = field_values(field, depth);
            if (!one.bounded()) {
                return Count::none(fmt::format("records {} whose field '{}' is {}", record.name, field.name, one.unbounded));
            }
            product = times(product, one);
        }
        return product;
    }

    // A field's values: those it is declared with (`die: int in 1..6`); a text without them is the action's label,
    // made from the other fields (backgammon's "13/7*"), and counts once: the key of an action leaves texts out and
    // its name comes from those fields (where a label says more than the fields, each name is an id of its own, past
    // the count: the Python module raises an error naming it).
    Count field_values(const FieldInfo& field, int depth) const {
        if (field.values >= 0) return Count::of(p_.field_values[static_cast<std::size_t>(field.values)].count());
        const ValueType& type = p_.type(field.type);
        if (type.kind == ValueKind::text) return Count::of(1);
        if (type.kind == ValueKind::integer) {
            return Count::none("a number (declare its values: `int in 1..6`)");
        }
        return values(field.type, -1, depth + 1);
    }

    // A number is counted only from a range written in the choice (`choose one of 1..10`): from a constant to a
    // constant, or to the size of a zone (no more than every card).
    Count integers(std::int32_t domain) const {
        if (domain >= 0) {
            const Expr& range = p_.expr(domain);
            if (range.op == ExprOp::range) {
                const Expr& low = p_.expr(p_.child(range, 0));
                const Expr& high = p_.expr(p_.child(range, 1));
                std::int64_t most = -1;
                if (high.op == ExprOp::constant) most = high.a;
                if (high.op == ExprOp::builtin && static_cast<Builtin>(high.a) == Builtin::size && high.child_count == 1 &&
                    p_.expr(p_.child(high, 0)).kind == ValueKind::zone) {
                    most = static_cast<std::int64_t>(in_.card_type.size());
                }
                if (low.op == ExprOp::constant && most >= 0) return Count::of(std::max<std::int64_t>(0, most - low.a + 1));
            }
        }
        return Count::none("a number (only a range from a constant, `1..10`, counts them)");
    }

    // Subsets of the choice's elements: of at most K elements when its `where` says `size(X) == K` (or <=, <) with K a
    // constant, else of any size.
    Count subsets(const Choice& choice) const {
        const ValueType& element = p_.type(choice.option_type);
        if (element.kind == ValueKind::card) {  // cards alike are one selection: selections of kinds
            std::vector<std::int64_t> kinds;
            if (std::string why = card_kinds(element.id, kinds); !why.empty()) return Count::none(std::move(why));
            return selections(kinds, largest_size(choice));
        }
        const Count elements = values(choice.option_type);
        if (!elements.bounded()) return elements;
        const std::int64_t n = elements.value;
        const std::int64_t most = std::min(n, largest_size(choice));
        std::int64_t total = 0, ways = 1;  // ways: n choose k
        for (std::int64_t k = 0; k <= most; ++k) {
            total += ways;
            if (total > most_counted) return Count::none(fmt::format("subsets of {} elements: more than 2^53", n));
            if (k < most) {
                const auto next = static_cast<long double>(ways) * static_cast<long double>(n - k) / static_cast<long double>(k + 1);
                if (next > static_cast<long double>(most_counted)) return Count::none(fmt::format("subsets of {} elements: more than 2^53", n));
                ways = ways * (n - k) / (k + 1);
            }
        }
        return Count::of(total);
    }

    // The largest size the `where` allows, read from its conditions `size(X) == K`, `<= K` or `< K` joined by `and`; the
    // compiler makes `size(X) == K` a total of ones (`with total`): K constant ones at most.
    std::int64_t largest_size(const Choice& choice) const {
        std::int64_t most = std::numeric_limits<std::int64_t>::max();
        if (choice.total_target >= 0 && choice.total_amount >= 0) {
            const Expr& target = p_.expr(choice.total_target);
            const Expr& amount = p_.expr(choice.total_amount);
            if (target.op == ExprOp::constant && amount.op == ExprOp::constant && amount.a > 0)
                most = std::max<std::int64_t>(0, target.a / amount.a);
        }
        if (choice.where < 0) return most;
        std::vector<std::int32_t> pending{choice.where};
        while (!pending.empty()) {
            const Expr& e = p_.expr(pending.back());
            pending.pop_back();
            if (e.op == ExprOp::logical_and) {
                for (int i = 0; i < e.child_count; ++i) pending.push_back(p_.child(e, i));
                continue;
            }
            if ((e.op != ExprOp::equal && e.op != ExprOp::less_equal && e.op != ExprOp::less) || e.child_count != 2) continue;
            const Expr& size = p_.expr(p_.child(e, 0));
            const Expr& bound = p_.expr(p_.child(e, 1));
            const bool size_of_candidate = size.op == ExprOp::builtin && static_cast<Builtin>(size.a) == Builtin::size &&
                                           size.child_count == 1 && p_.expr(p_.child(size, 0)).op == ExprOp::local &&
                                           p_.expr(p_.child(size, 0)).a == choice.slot;
            if (!size_of_candidate || bound.op != ExprOp::constant) continue;
            most = std::min<std::int64_t>(most, e.op == ExprOp::less ? bound.a - 1 : bound.a);
        }
        return most;
    }

    const Program& p_;
    const Instance& in_;
    const std::vector<Value>& slots_;  // the cards' fields, as the game starts
};

}  // namespace

ActionSpace Game::action_space() const {
    const Program& p = definition_->program();
    const SpaceCounter counter(p, *state_);
    ActionSpace space;
    auto add = [&](const std::string& name, const SourceLocation& where, Count count) {
        space.decisions.push_back({name, count.bounded() ? count.value : -1, count.unbounded});
        if (!count.bounded()) {
            if (space.unbounded.empty()) {
                space.unbounded = fmt::format("{}: the decision '{}' offers {}", place(p, where), name, count.unbounded);
            }
            return;
        }
        space.count = std::min(most_counted, space.count + count.value);
    };
    for (const Choice& choice : p.choices) {
        add(choice.name, p.expr(choice.prompt >= 0 ? choice.prompt : choice.chooser).loc, counter.choice(choice));
    }
    for (const Menu& menu : p.menus) add(menu.name, p.expr(menu.prompt >= 0 ? menu.prompt : menu.chooser).loc, counter.menu(menu));
    if (!space.unbounded.empty()) space.count = 0;
    return space;
}

}  // namespace rulesrun::runtime
