// Evaluating expressions. Functions cannot choose, so an expression always runs to its end (functions with a block
// body run their instructions in a nested loop).
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

namespace {

// The index of a field found by name: general cards and spaces of the library.
std::int32_t field_by_name(const std::vector<FieldInfo>& fields, const std::string& name) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].name == name) return static_cast<std::int32_t>(i);
    }
    return -1;
}

}  // namespace

std::int32_t Machine::card_slot_by_name(Value card, std::int32_t field, const SourceLocation& loc) {
    if (card < 0 || static_cast<std::size_t>(card) >= in_.card_base.size()) fail(loc, "no card here ('none')");
    const auto c = static_cast<std::size_t>(card);
    const CardType& t = p_.card_types[static_cast<std::size_t>(in_.card_type[c])];
    const std::string& name = p_.texts[static_cast<std::size_t>(field)];
    const std::int32_t found = field_by_name(t.fields, name);
    if (found < 0) fail(loc, fmt::format("a {} card has no field '{}'", t.name, name));
    return in_.card_base[c] + found;
}

std::int32_t Machine::space_slot_by_name(Value space, std::int32_t field, const SourceLocation& loc) {
    if (space < 0 || static_cast<std::size_t>(space) >= in_.space_base.size()) fail(loc, "no space here ('none')");
    const auto s = static_cast<std::size_t>(space);
    const BoardDecl& b = p_.boards[static_cast<std::size_t>(in_.space_board[s])];
    const std::string& name = p_.texts[static_cast<std::size_t>(field)];
    const std::int32_t found = field_by_name(b.fields, name);
    if (found < 0) fail(loc, fmt::format("a space of {} has no field '{}'", b.name, name));
    return in_.space_base[s] + found;
}

void Machine::copy_elements(const Sequence& s, std::int32_t to) {
    Value* const out = s_.heap.data() + to;
    switch (s.kind) {
        case Sequence::Kind::heap: std::copy_n(s_.heap.data() + s.begin, s.length, out); return;
        case Sequence::Kind::zone: std::copy_n(s_.zone_cards.data() + s.begin, s.length, out); return;
        case Sequence::Kind::numbers:
            for (std::int32_t i = 0; i < s.length; ++i) out[i] = s.begin + i;
            return;
    }
}

Sequence Machine::range_sequence(const Expr& e) {
    const Value low = eval(p_.child(e, 0));
    const Value high = eval(p_.child(e, 1));
    return range_of(low, high, e);
}

void Machine::range_too_long(Value low, Value high, const SourceLocation& loc) const {
    fail(loc, fmt::format("the range {}..{} is too long", low, high));
}

Value Machine::make_list(const Sequence& s, const SourceLocation& loc) {
    charge(s.length, loc);
    const std::int32_t list = allocate(s.length, loc);
    copy_elements(s, list + 1);
    return list;
}

// Equality by the values' type: texts by their letters, lists and records element by element (deeply).
bool Machine::values_equal(Value a, Value b, std::int32_t type) const {
    if (a == b) return true;
    if (a == none_value || b == none_value || type < 0) return false;
    const ValueType& t = p_.type(type);
    switch (t.kind) {
        case ValueKind::text: return texts_equal(a, b);
        case ValueKind::record:
        case ValueKind::list: {
            const auto x = static_cast<std::size_t>(a), y = static_cast<std::size_t>(b);
            if (s_.heap[x] != s_.heap[y]) return false;
            for (Value i = 1; i <= s_.heap[x]; ++i) {
                const std::int32_t element_type =
                    t.kind == ValueKind::list ? t.element : p_.record_types[static_cast<std::size_t>(t.id)].fields[static_cast<std::size_t>(i - 1)].type;
                if (!values_equal(s_.heap[x + static_cast<std::size_t>(i)], s_.heap[y + static_cast<std::size_t>(i)], element_type)) return false;
            }
            return true;
        }
        default: return false;
    }
}

Value Machine::call_function(const Expr& e) {
    const Callable& c = p_.callables[static_cast<std::size_t>(e.a)];
    if (s_.frames.size() + expression_calls_ >= max_call_depth) calls_too_deep(e.loc);
    charge(1, e.loc);
    const Value argument = e.child_count == 1 ? eval(e.first3[0]) : 0;
    const bool rememberable = remember_ && c.rememberable && e.child_count <= 1 && !s_.remembered.empty();
    const std::int64_t stamp = rememberable ? state_stamp(c.reads) : 0;
    if (rememberable) {
        const auto& r = s_.remembered[static_cast<std::size_t>(e.a)];
        if (r.stamp == stamp && r.argument == argument) return r.result;
    }
    // The callee's locals are made first and the arguments evaluated straight into them (functions the arguments
    // call put their own locals after these and take them away again).
    const std::int32_t saved_base = base_, saved_callable = callable_;
    const std::int32_t base = s_.locals.push(std::max(c.locals, 1));
    set_frame(saved_base);
    if (e.child_count == 1) s_.locals[static_cast<std::size_t>(base)] = argument;
    for (std::int32_t i = 0; e.child_count > 1 && i < e.child_count; ++i) {
        const Value v = eval(p_.child(e, i));
        s_.locals[static_cast<std::size_t>(base + i)] = v;
    }
    Value result = 0;
    if (c.body >= 0) {
        set_frame(base);
        callable_ = e.a;
        // An expression body runs on the C++ stack: counted so that endless recursion stops with an error.
        ++expression_calls_;
        result = eval(c.body);
        --expression_calls_;
        s_.locals.pop_to(static_cast<std::size_t>(base));
    } else {
        const std::size_t depth = s_.frames.size();
        s_.frames.push_back({e.a, c.entry, base});
        run_until(depth);
        result = returned_;
    }
    set_frame(saved_base);
    callable_ = saved_callable;
    if (rememberable) s_.remembered[static_cast<std::size_t>(e.a)] = {stamp, argument, result};
    return result;
}

void Machine::list_too_large(const SourceLocation& loc) const {
    fail(loc, fmt::format("a list of more than {} values: too large to build", max_heap_values));
}

void Machine::calls_too_deep(const SourceLocation& loc) const {
    fail(loc, fmt::format("calls nested {} deep: a function that calls itself without end?", max_call_depth));
}

void Machine::procedures_too_deep(const SourceLocation& loc) const {
    fail(loc, fmt::format("calls nested {} deep: a rule that calls itself without end?", max_call_depth));
}

// A small function copied into its caller (compiler_inlining.cpp): the arguments go to its slots in this frame.
Value Machine::inline_call(const Expr& e) {
    charge(1, e.loc);
    const std::int32_t arguments = e.child_count - 1;
    for (std::int32_t i = 0; i < arguments; ++i) {
        if (!evaluated_argument(e.direct[0], i)) continue;
        const Value v = eval(p_.child(e, i));
        frame_[e.a + i] = v;
    }
    return eval(p_.child(e, arguments));  // errors in the body name the function by their place (rule_at)
}

void Machine::each_comprehension_value(const Expr& e, const ValueVisitor& visit) {
    const std::int32_t where = (e.b & 1) ? e.first3[2] : -1;
    each_element_where(e.first3[0], e.a, where, [&](Value) { return visit(eval(e.first3[1])); });
}

bool Machine::scans_field(std::int32_t source, std::int32_t slot, std::int32_t where, FieldScan& scan) const {
    const Expr& s = p_.expr(source);
    const Expr& w = p_.expr(where);
    if (s.op != ExprOp::builtin || static_cast<Builtin>(s.a) != Builtin::spaces) return false;
    if ((w.op != ExprOp::equal && w.op != ExprOp::not_equal) || w.a != 0 || w.child_count != 2) return false;
    const Expr& field = p_.expr(w.first3[0]);
    const Expr& board = p_.expr(s.first3[0]);
    // The field of the loop's local, of the board listed (a board named in the rules: its fields are known).
    if (field.op != ExprOp::space_field || board.op != ExprOp::constant || field.b != board.a) return false;
    const Expr& object = p_.expr(field.first3[0]);
    if (object.op != ExprOp::local || object.a != slot) return false;
    const Expr& against = p_.expr(w.first3[1]);
    if (against.op == ExprOp::local && against.a != slot) {
        scan.against_local = true;
    } else if (against.op != ExprOp::constant) {
        return false;
    }
    scan.field = field.a;
    scan.equal = w.op == ExprOp::equal;
    scan.against = against.a;
    return true;
}

Value Machine::comprehension(const Expr& e) {
    const std::int32_t element_expr = e.first3[1];
    const std::int32_t where = (e.b & 1) ? e.first3[2] : -1;
    const std::size_t mark = s_.scratch.size();
    if ((e.b & 4) != 0) {  // several `for`: each element's inner list, joined
        const auto take = [&](Value x) {
            if (s_.scratch.size() >= max_heap_values) {
                list_too_large(e.loc);
            }
            s_.scratch.push_back(x);
            return true;
        };
        each_element_where(e.first3[0], e.a, where, [&](Value) {
            if (streams(p_.expr(element_expr))) {  // the inner `for`'s values go to the list as they are made
                each_comprehension_value(p_.expr(element_expr), ValueVisitor(take));
                return true;
            }
            const Sequence inner = sequence(element_expr);
            if (s_.scratch.size() + static_cast<std::size_t>(inner.length) > max_heap_values) {
                list_too_large(e.loc);
            }
            for (std::int32_t i = 0; i < inner.length; ++i) s_.scratch.push_back(element(inner, i));
            return true;
        });
    } else if ((e.b & 2) == 0) {  // one value per element at most: no more values than the source, which is within bounds
        each_element_where(e.first3[0], e.a, where, [&](Value) {
            s_.scratch.push_back(eval(element_expr));
            return true;
        });
    } else {
        const std::int32_t copies = p_.child(e, (e.b & 1) ? 3 : 2);
        each_element_where(e.first3[0], e.a, where, [&](Value) {
            // Each copy is made anew: copies of a card are different cards.
            const Value n = eval(copies);
            if (s_.scratch.size() + static_cast<std::size_t>(std::max(n, 0)) > max_heap_values) {
                list_too_large(e.loc);
            }
            for (Value k = 0; k < n; ++k) s_.scratch.push_back(eval(element_expr));
            return true;
        });
    }
    const Value list = list_of(s_.scratch, mark, e.loc);
    s_.scratch.pop_to(mark);
    return list;
}

// `xs[i] = v`: lists are values, so xs becomes a new list, equal to the old one but at position i.
Value Machine::with_element(const Expr& e) {
    const Sequence list = sequence(p_.child(e, 0));
    const Value position = eval(p_.child(e, 1));
    if (position == none_value || position < 1 || position > list.length) {
        fail(e.loc, fmt::format("position {} is outside the list, which has {} element{}",
                                position == none_value ? std::string("none") : std::to_string(position), list.length,
                                list.length == 1 ? "" : "s"));
    }
    const Value value = eval(p_.child(e, 2));
    const Value before = element(list, position - 1);
    const Value after = e.b ? checked(combine(before, value, e.b), e.loc) : value;
    charge(list.length, e.loc);
    const std::int32_t copy = allocate(list.length, e.loc);
    copy_elements(list, copy + 1);
    s_.heap[static_cast<std::size_t>(copy + position)] = after;
    return copy;
}

// Every expression the handlers (machine_eval_handlers.cpp) do not evaluate themselves, and the errors of those
// they do.
Value Machine::eval_rest(const Expr& e, std::int32_t index) {
    auto arg = [&](int i) { return eval(p_.child(e, i)); };
    auto number = [&](int i) {
        const Value v = eval(p_.child(e, i));
        if (v == none_value) fail(p_.expr(p_.child(e, i)).loc, "expected a number, found 'none'");
        return v;
    };
    // Both operands, the left one first (the order chance is drawn in is the written one).
    auto numbers = [&] {
        const Value left = number(0);
        const Value right = number(1);
        return std::pair<std::int64_t, std::int64_t>{left, right};
    };
    auto equal = [&] {
        const Value left = arg(0);
        const Value right = arg(1);
        return values_equal(left, right, e.b);
    };
    switch (e.op) {
        case ExprOp::constant:
        case ExprOp::text_constant: return e.a;
        case ExprOp::local: return frame_[e.a];
        case ExprOp::slot: return s_.slots[static_cast<std::size_t>(e.a)];
        case ExprOp::player_field: return s_.slots[static_cast<std::size_t>(player_slot(arg(0), e.a, e.loc))];
        case ExprOp::card_field: return s_.slots[static_cast<std::size_t>(card_slot(arg(0), e.a, e.b, e.loc))];
        case ExprOp::space_field: return s_.slots[static_cast<std::size_t>(space_slot(arg(0), e.a, e.b, e.loc))];
        case ExprOp::record_field: {
            const Value r = arg(0);
            if (r == none_value) fail(e.loc, "no value here ('none')");
            return s_.heap[static_cast<std::size_t>(r + 1 + e.a)];
        }
        case ExprOp::player_zone: {
            const Value player = arg(0);
            if (player < 0 || player >= in_.players) fail(e.loc, "no player here ('none')");
            return in_.zone_first[static_cast<std::size_t>(e.a)] + player;
        }
        case ExprOp::zone: return in_.zone_first[static_cast<std::size_t>(e.a)];
        case ExprOp::players:
        case ExprOp::enum_values:
        case ExprOp::range: return make_list(sequence(index), e.loc);
        case ExprOp::negate: return -number(0);  // never overflows: -2^31 is none, not a number
        case ExprOp::logical_not: return !arg(0);
        case ExprOp::add: {
            const auto [a, b] = numbers();
            return checked(a + b, e.loc);
        }
        case ExprOp::subtract: {
            const auto [a, b] = numbers();
            return checked(a - b, e.loc);
        }
        case ExprOp::multiply: {
            const auto [a, b] = numbers();
            return checked(a * b, e.loc);
        }
        case ExprOp::divide:
        case ExprOp::remainder: {
            const Value a = number(0), b = number(1);
            if (b == 0) fail(e.loc, fmt::format("division of {} by zero", a));
            return e.op == ExprOp::divide ? a / b : a % b;
        }
        case ExprOp::less: {
            const auto [a, b] = numbers();
            return a < b;
        }
        case ExprOp::less_equal: {
            const auto [a, b] = numbers();
            return a <= b;
        }
        case ExprOp::greater: {
            const auto [a, b] = numbers();
            return a > b;
        }
        case ExprOp::greater_equal: {
            const auto [a, b] = numbers();
            return a >= b;
        }
        case ExprOp::equal: return equal();
        case ExprOp::not_equal: return !equal();
        case ExprOp::logical_and: return arg(0) && arg(1);
        case ExprOp::logical_or: return arg(0) || arg(1);
        case ExprOp::concat_lists: {
            const Sequence a = sequence(p_.child(e, 0));
            const Expr& right = p_.expr(p_.child(e, 1));
            if (right.op == ExprOp::list && right.child_count == 1) {  // `list + [x]`: no list [x] made on the way
                const Value x = eval(right.first3[0]);
                charge(std::int64_t{a.length} + 1, e.loc);
                const std::int32_t list = allocate(a.length + 1, e.loc);
                copy_elements(a, list + 1);
                s_.heap[static_cast<std::size_t>(list + 1 + a.length)] = x;
                return list;
            }
            if (right.op == ExprOp::comprehension && (right.b & 6) == 0) {  // `list + [y for ...]`: made once, not twice
                const std::size_t mark = s_.scratch.size();
                each_value(p_.child(e, 1), [&](Value v) {
                    s_.scratch.push_back(v);
                    return true;
                });
                const auto added = static_cast<std::int32_t>(s_.scratch.size() - mark);
                charge(std::int64_t{a.length} + added, e.loc);
                const std::int32_t list = allocate(a.length + added, e.loc);
                copy_elements(a, list + 1);
                std::copy(s_.scratch.begin() + static_cast<std::ptrdiff_t>(mark), s_.scratch.end(),
                          s_.heap.begin() + list + 1 + a.length);
                s_.scratch.pop_to(mark);
                return list;
            }
            const Sequence b = sequence(p_.child(e, 1));
            charge(std::int64_t{a.length} + b.length, e.loc);
            const std::int32_t list = allocate(a.length + b.length, e.loc);
            copy_elements(a, list + 1);
            copy_elements(b, list + 1 + a.length);
            return list;
        }
        case ExprOp::concat_texts: {
            const Value a = arg(0);
            return join_texts(a, arg(1), e.loc);
        }
        case ExprOp::member: {
            const Value x = arg(0);
            const std::int32_t type = p_.expr(p_.child(e, 0)).type;
            bool found = false;
            if (compared_by_content(type)) {
                each_value(p_.child(e, 1), [&](Value v) {
                    found = values_equal(x, v, type);
                    return !found;
                });
            } else {  // numbers, players, cards, spaces: the same value (flood fills ask `t in group` at every step)
                each_value(p_.child(e, 1), [&](Value v) {
                    found = v == x;
                    return !found;
                });
            }
            return found != (e.a == 1);
        }
        case ExprOp::if_then_else: return arg(0) ? arg(1) : arg(2);
        case ExprOp::list: return values_on_heap(e);
        case ExprOp::comprehension: return comprehension(e);
        case ExprOp::with_element: return with_element(e);
        case ExprOp::returned: return returned_;
        case ExprOp::in_field_values: return in_field_values(e);
        case ExprOp::index: {
            const Sequence s = sequence(p_.child(e, 0));
            const Value i = number(1);
            return i >= 1 && i <= s.length ? element(s, i - 1) : none_value;
        }
        case ExprOp::table_lookup: return table_lookup(e);
        case ExprOp::board_space: return board_space(e);
        case ExprOp::call_function: return call_function(e);
        case ExprOp::inline_call: return inline_call(e);
        case ExprOp::builtin: return builtin(e);
        case ExprOp::make_record: return values_on_heap(e);
        case ExprOp::make_card: return make_card(e);
        case ExprOp::interpolate: return make_text(fill_template(e.a), e.loc);
        case ExprOp::to_text: {
            const std::int32_t operand = p_.child(e, 0);
            return make_text(show(eval(operand), p_.expr(operand).type, e.loc), e.loc);
        }
        case ExprOp::zone_list: return make_list(sequence(p_.child(e, 0)), e.loc);
        case ExprOp::me: return me_;
        case ExprOp::choice: return choice_;
        case ExprOp::score: return p_.score >= 0 ? call_value(p_.score, -1, arg(0)) : 0;
    }
    return 0;
}

// A value made for a field declared with its values (`die: int in 1..6`): one of them, or the game stops at the rule
// that made it.
Value Machine::in_field_values(const Expr& e) {
    const Value v = eval(p_.child(e, 0));
    const FieldValueSet& set = p_.field_values[static_cast<std::size_t>(e.a)];
    if (set.texts) {
        const std::string text = text_of(v);
        if (std::find(set.text_values.begin(), set.text_values.end(), text) == set.text_values.end()) {
            fail(e.loc, fmt::format("{}'s field '{}' holds only {}: given \"{}\"", set.owner, set.field, set.described, text));
        }
    } else if (v == none_value || v < set.low || v > set.high) {
        fail(e.loc, fmt::format("{}'s field '{}' holds only {}: given {}", set.owner, set.field, set.described,
                                v == none_value ? std::string("none") : std::to_string(v)));
    }
    return v;
}

// A record or a written-out list: made on the heap first, each value evaluated straight into its place (by index:
// evaluating may make other lists and move the heap; no collection runs while an expression does).
Value Machine::values_on_heap(const Expr& e) {
    const std::int32_t made = allocate(e.child_count, e.loc);
    for (std::int32_t i = 0; i < e.child_count; ++i) {
        const Value v = eval(p_.child(e, i));
        s_.heap[static_cast<std::size_t>(made + 1 + i)] = v;
    }
    return made;
}

Value Machine::table_lookup(const Expr& e) {
    const TableDecl& t = p_.tables[static_cast<std::size_t>(e.a)];
    auto position = [&](const std::vector<Value>& keys, Value key) {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (keys[i] == key) return static_cast<std::int32_t>(i);
        }
        fail(e.loc, fmt::format("table {} has no entry for {}", t.name, key == none_value ? "none" : std::to_string(key)));
    };
    const std::int32_t row = position(t.row_keys, eval(p_.child(e, 0)));
    const std::int32_t column = t.two_keys ? position(t.column_keys, eval(p_.child(e, 1))) : 0;
    const std::size_t width = t.two_keys ? t.column_keys.size() : 1;
    return eval(t.cells[static_cast<std::size_t>(row) * width + static_cast<std::size_t>(column)]);
}

Value Machine::board_space(const Expr& e) {
    const auto b = static_cast<std::size_t>(e.a);
    const BoardDecl& board = p_.boards[b];
    const Value r = eval(p_.child(e, 0));
    if (!board.grid) {
        return r >= 1 && r <= in_.board_rows[b] ? in_.board_first[b] + r - 1 : none_value;
    }
    return grid_space(b, r, eval(p_.child(e, 1)));
}

// A card written in a deck declaration: made once, when the game's instance is built.
Value Machine::make_card(const Expr& e) {
    if (!building_) fail(e.loc, "cards can only be made in a deck declaration");
    if (building_->card_type.size() >= max_cards) fail(e.loc, fmt::format("more than {} cards in the game", max_cards));
    const auto card = static_cast<Value>(building_->card_type.size());
    building_->card_type.push_back(e.a);
    building_->card_base.push_back(static_cast<std::int32_t>(s_.slots.size()));
    const std::size_t mark = s_.scratch.size();
    for (std::int32_t i = 0; i < e.child_count; ++i) s_.scratch.push_back(eval(p_.child(e, i)));
    const auto& fields = p_.card_types[static_cast<std::size_t>(e.a)].fields;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        s_.slots.push_back(s_.scratch[mark + i]);
        building_->slot_types.push_back(p_.type(fields[i].type).kind == ValueKind::text || p_.type(fields[i].type).on_heap() ? fields[i].type : -1);
    }
    s_.scratch.pop_to(mark);
    return card;
}

}  // namespace rulesrun::runtime
