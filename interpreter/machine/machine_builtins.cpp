// The built-in functions: seats, lists, zones, chance, boards.
#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "arithmetic.hpp"
#include "machine.hpp"

namespace rulesrun::runtime {

// sum, max or min of a list of numbers (a handler of their own calls this too: they are frequent).
Value Machine::fold_numbers(const Expr& e) {
    const auto which = static_cast<Builtin>(e.a);
    std::int64_t result = 0;
    bool empty = true;
    each_value(e.first3[0], [&](Value v) {
        if (v == none_value) none_among_numbers(e.loc);
        result = which == Builtin::sum ? result + v
                 : empty              ? v
                 : which == Builtin::max ? std::max<std::int64_t>(result, v)
                                         : std::min<std::int64_t>(result, v);
        empty = false;
        return true;
    });
    if (empty && which != Builtin::sum) extremum_of_nothing(e.loc);
    return checked(result, e.loc);
}

void Machine::none_among_numbers(const SourceLocation& loc) const { fail(loc, "a list of numbers holds 'none'"); }
void Machine::extremum_of_nothing(const SourceLocation& loc) const { fail(loc, "the maximum or minimum of an empty list"); }

// count(list, x): how many values of the list equal x.
Value Machine::count_equal(const Expr& e) {
    const Value x = eval(e.first3[1]);
    const std::int32_t type = p_.expr(e.first3[1]).type;
    Value total = 0;
    each_value(e.first3[0], [&](Value v) {
        total += values_equal(v, x, type) ? 1 : 0;
        return true;
    });
    return total;
}

namespace {

bool is_grid(const Program& p, const Instance& in, Value space) {
    return p.boards[static_cast<std::size_t>(in.space_board[static_cast<std::size_t>(space)])].grid;
}

}  // namespace

// Walks a ring `steps` alive spaces clockwise (negative: counterclockwise), skipping dropped spaces.
Value Machine::ring_step(Value space, std::int32_t steps, const SourceLocation& loc) {
    const auto s = static_cast<std::size_t>(space);
    const auto b = static_cast<std::size_t>(in_.space_board[s]);
    const std::int32_t first = in_.board_first[b], length = in_.board_rows[b];
    const std::size_t alive_field = p_.boards[b].fields.size();
    auto alive = [&](Value x) { return s_.slots[static_cast<std::size_t>(in_.space_base[static_cast<std::size_t>(x)]) + alive_field] != 0; };
    Value at = space;
    // Going round the ring whole times changes nothing: walk only the remainder.
    std::int32_t alive_count = 0;
    for (std::int32_t i = 0; i < length; ++i) alive_count += alive(first + i) ? 1 : 0;
    if (alive_count == 0) fail(loc, "no space is left on the ring");
    steps %= alive_count;
    const int direction = steps >= 0 ? 1 : -1;
    for (std::int32_t done = 0; done != steps; done += direction) {
        std::int32_t tries = 0;
        do {
            at = first + ((at - first + direction) % length + length) % length;
            if (++tries > length) fail(loc, "no space is left on the ring");
        } while (!alive(at));
    }
    return at;
}

Value Machine::random_number(Value low, Value high, const SourceLocation& loc, bool may_redraw) {
    if (high < low) fail(loc, fmt::format("random({}, {}): the second number is smaller than the first", low, high));
    if (s_.forced_next < s_.forced.size()) [[unlikely]] {
        return forced_number(low, high, fmt::format("a result of random({}, {})", low, high), loc, may_redraw);
    }
    const Value drawn = low + static_cast<Value>(s_.rng.below(static_cast<std::uint32_t>(std::int64_t{high} - low + 1)));
    if (s_.chance_redraw && may_redraw) [[unlikely]] return s_.chance_redraw->number(drawn, low, high, loc);
    return drawn;
}

// `sorted(xs, by: key, descending: d)` (compiler: sorted_expr): a new list. With a key, each element's key is
// computed once, and equal keys keep the list's order; the keys, the order and the elements wait on the scratch
// stack, so that sorting allocates nothing once the stack is large enough.
Value Machine::sorted(const Expr& e) {
    const Sequence s = sequence(p_.child(e, 0));
    const Value list = make_list(s, e.loc);
    const bool descending = eval(p_.child(e, 1)) != 0;
    const auto first = static_cast<std::size_t>(list + 1);
    const auto n = static_cast<std::size_t>(s.length);
    if (e.b == 0) {
        auto begin = s_.heap.begin() + static_cast<std::ptrdiff_t>(first);
        if (descending) std::sort(begin, begin + s.length, std::greater<Value>());
        else std::sort(begin, begin + s.length);
        return list;
    }
    const std::int32_t key = p_.child(e, 2);
    const std::int32_t slot = e.b - 1;  // the key's argument: a slot for the element
    const std::size_t mark = s_.scratch.size();
    charge(static_cast<std::int64_t>(3 * n), e.loc);
    for (std::size_t i = 0; i < n; ++i) {
        frame_[slot] = s_.heap[first + i];
        const Value k = eval(key);  // may grow the heap: read by index
        s_.scratch.push_back(k);
    }
    for (std::size_t i = 0; i < n; ++i) s_.scratch.push_back(static_cast<Value>(i));
    for (std::size_t i = 0; i < n; ++i) s_.scratch.push_back(s_.heap[first + i]);
    const std::size_t keys = mark, order = mark + n, elements = mark + 2 * n;
    std::stable_sort(s_.scratch.begin() + static_cast<std::ptrdiff_t>(order),
                     s_.scratch.begin() + static_cast<std::ptrdiff_t>(elements), [&](Value a, Value b) {
                         const Value ka = s_.scratch[keys + static_cast<std::size_t>(a)];
                         const Value kb = s_.scratch[keys + static_cast<std::size_t>(b)];
                         return descending ? ka > kb : ka < kb;
                     });
    for (std::size_t i = 0; i < n; ++i)
        s_.heap[first + i] = s_.scratch[elements + static_cast<std::size_t>(s_.scratch[order + i])];
    s_.scratch.pop_to(mark);
    return list;
}

Value Machine::builtin(const Expr& e) {
    auto arg = [&](int i) { return eval(p_.child(e, i)); };
    auto seat_arg = [&](int i) {
        const Value p = arg(i);
        if (p < 0 || p >= in_.players) not_a_player(e.loc);
        return p;
    };
    auto space_arg = [&](int i) {
        const Value s = arg(i);
        if (s < 0 || static_cast<std::size_t>(s) >= in_.space_base.size()) not_a_space(e.loc);
        return s;
    };
    auto build = [&](auto&& fill) {
        const std::size_t mark = s_.scratch.size();
        fill();
        const Value list = list_of(s_.scratch, mark, e.loc);
        s_.scratch.pop_to(mark);
        return list;
    };
    const std::int32_t n = in_.players;
    switch (static_cast<Builtin>(e.a)) {
        case Builtin::first_player: return 0;
        case Builtin::seat: return seat_arg(0) + 1;
        case Builtin::next_seat: return (seat_arg(0) + 1) % n;
        case Builtin::previous_seat: return (seat_arg(0) + n - 1) % n;
        case Builtin::players_from:
        case Builtin::others: {
            const Value p = seat_arg(0);
            const bool skip_self = static_cast<Builtin>(e.a) == Builtin::others;
            return build([&] {
                for (Value k = skip_self ? 1 : 0; k < n; ++k) s_.scratch.push_back((p + k) % n);
            });
        }
        case Builtin::size: {
            if (p_.expr(p_.child(e, 0)).op != ExprOp::comprehension) return sequence(p_.child(e, 0)).length;
            Value count = 0;
            each_value(p_.child(e, 0), [&](Value) { ++count; return true; });
            return count;
        }
        case Builtin::sum:
        case Builtin::max:
        case Builtin::min: return fold_numbers(e);
        case Builtin::index: {
            const Value v = arg(0);
            if (v == none_value) fail(e.loc, "the index of 'none': an enum value was expected");
            return v + 1;  // an enum's values are numbered from 0, in the order it lists them
        }
        case Builtin::abs: {
            const Value v = arg(0);
            if (v == none_value) abs_of_none(e.loc);
            return std::abs(v);  // |v| <= 2^31-1 since -2^31 is none
        }
        case Builtin::any:
        case Builtin::all: {
            const bool want = static_cast<Builtin>(e.a) == Builtin::any;
            bool found = false;
            each_value(p_.child(e, 0), [&](Value v) {
                found = (v != 0) == want;
                return !found;
            });
            return found ? want : !want;
        }
        case Builtin::first:
        case Builtin::top: {
            if (p_.expr(p_.child(e, 0)).op == ExprOp::comprehension) {  // `first([s for s in ... where ...])`: a search
                Value found = none_value;
                each_value(p_.child(e, 0), [&](Value v) {
                    found = v;
                    return false;
                });
                return found;
            }
            const Sequence s = sequence(p_.child(e, 0));
            return s.length > 0 ? element(s, 0) : none_value;
        }
        case Builtin::last:
        case Builtin::bottom: {
            const Sequence s = sequence(p_.child(e, 0));
            return s.length > 0 ? element(s, s.length - 1) : none_value;
        }
        case Builtin::top_cards: {
            const Sequence s = sequence(p_.child(e, 0));
            const Value count = std::clamp(arg(1), 0, s.length);
            return build([&] {
                for (Value i = 0; i < count; ++i) s_.scratch.push_back(element(s, i));
            });
        }
        case Builtin::owner: {
            const Value zone = arg(0);
            if (zone == none_value) return none_value;
            const Value owner = in_.zone_owner[static_cast<std::size_t>(zone)];
            return owner < 0 ? none_value : owner;  // a zone of the whole table has no owner
        }
        case Builtin::sorted: return sorted(e);
        case Builtin::distinct: {
            const Sequence s = sequence(p_.child(e, 0));
            const std::int32_t element_type = p_.type(p_.expr(p_.child(e, 0)).type).element;
            return build([&] {
                const std::size_t mark = s_.scratch.size();
                for (std::int32_t i = 0; i < s.length; ++i) {
                    const Value v = element(s, i);
                    charge(static_cast<std::int64_t>(s_.scratch.size() - mark) + 1, e.loc);
                    bool seen = false;
                    for (std::size_t k = mark; k < s_.scratch.size() && !seen; ++k) seen = values_equal(v, s_.scratch[k], element_type);
                    if (!seen) s_.scratch.push_back(v);
                }
            });
        }
        case Builtin::count: return count_equal(e);
        case Builtin::roll: {
            const Value die = arg(0);
            if (die < 0 || static_cast<std::size_t>(die) >= in_.die_faces.size()) fail(e.loc, "cannot roll 'none': no die given");
            const Value faces = in_.die_faces[static_cast<std::size_t>(die)];
            if (faces < 1) fail(e.loc, fmt::format("die {} has {} faces", p_.dice[static_cast<std::size_t>(die)].name, faces));
            if (s_.forced_next < s_.forced.size()) [[unlikely]] {
                return forced_number(1, faces, fmt::format("a face of die {}", p_.dice[static_cast<std::size_t>(die)].name), e.loc);
            }
            const Value face = 1 + static_cast<Value>(s_.rng.below(static_cast<std::uint32_t>(faces)));
            if (s_.chance_redraw) [[unlikely]] return s_.chance_redraw->number(face, 1, faces, e.loc);
            return face;
        }
        case Builtin::random: {
            const Value low = arg(0);
            return random_number(low, arg(1), e.loc);
        }
        case Builtin::row:
        case Builtin::column: {
            const auto s = static_cast<std::size_t>(space_arg(0));
            if (!p_.boards[static_cast<std::size_t>(in_.space_board[s])].grid) return in_.space_row[s] + 1;  // a ring: its position
            return (static_cast<Builtin>(e.a) == Builtin::row ? in_.space_row[s] : in_.space_column[s]) + 1;
        }
        case Builtin::at: {
            const Value s = space_arg(0);
            const std::int64_t rows = arg(1), columns = arg(2);
            return space_at(s, rows, columns);
        }
        case Builtin::spaces: {
            const auto b = static_cast<std::size_t>(arg(0));
            const std::int32_t count = in_.board_rows[b] * std::max(in_.board_columns[b], 1);
            const std::size_t alive_field = p_.boards[b].fields.size();
            return build([&] {
                for (std::int32_t i = 0; i < count; ++i) {
                    const Value s = in_.board_first[b] + i;
                    if (s_.slots[static_cast<std::size_t>(in_.space_base[static_cast<std::size_t>(s)]) + alive_field]) s_.scratch.push_back(s);
                }
            });
        }
        case Builtin::clockwise: {
            const Value s = space_arg(0);
            return ring_step(s, arg(1), e.loc);
        }
        case Builtin::counterclockwise: {
            const Value s = space_arg(0);
            return ring_step(s, -arg(1), e.loc);
        }
        case Builtin::neighbours: {
            const Value s = space_arg(0);
            if (!is_grid(p_, in_, s)) {
                const Value before = ring_step(s, -1, e.loc), after = ring_step(s, 1, e.loc);
                return build([&] {
                    if (before != s) s_.scratch.push_back(before);
                    if (after != s && after != before) s_.scratch.push_back(after);
                });
            }
            const auto b = static_cast<std::size_t>(in_.space_board[static_cast<std::size_t>(s)]);
            const Value columns = in_.board_columns[b];
            const Value r = in_.space_row[static_cast<std::size_t>(s)], c = in_.space_column[static_cast<std::size_t>(s)];
            return build([&] {
                const Value steps[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
                for (const auto& d : steps) {
                    const Value nr = r + d[0], nc = c + d[1];
                    if (nr >= 0 && nc >= 0 && nr < in_.board_rows[b] && nc < columns) s_.scratch.push_back(in_.board_first[b] + nr * columns + nc);
                }
            });
        }
        case Builtin::alive: {
            const Value s = space_arg(0);
            const auto b = static_cast<std::size_t>(in_.space_board[static_cast<std::size_t>(s)]);
            return s_.slots[static_cast<std::size_t>(in_.space_base[static_cast<std::size_t>(s)]) + p_.boards[b].fields.size()];
        }
        case Builtin::combines_to:
        case Builtin::combination_text: {
            const Sequence s = sequence(p_.child(e, 0));
            charge(std::int64_t{1} << std::min(s.length, 30), e.loc);
            if (static_cast<std::size_t>(s.length) > max_combined_numbers) {
                fail(e.loc, fmt::format("{} numbers are too many to combine (at most {})", s.length, max_combined_numbers));
            }
            std::vector<std::int32_t> numbers;
            for (std::int32_t i = 0; i < s.length; ++i) numbers.push_back(element(s, i));
            const bool science = arg(2) != 0;
            const Value target = arg(1);
            try {
                const Combinations combinations(numbers, science);
                if (static_cast<Builtin>(e.a) == Builtin::combines_to) return combinations.reaches(target);
                return make_text(combinations.explain(target).value_or("no combination"), e.loc);
            } catch (const std::length_error&) {
                fail(e.loc, fmt::format("these {} numbers combine in too many ways to search", s.length));
            }
        }
        case Builtin::text: break;  // compiled as ExprOp::to_text
    }
    return 0;
}

}  // namespace rulesrun::runtime
