// Writes a program's native engine as C++ (native_source.hpp). Each expression becomes a function that does what
// the interpreter does for it: the same evaluations in the same order, the same steps charged, the same Machine
// functions called for what is rare and for every error. Its children are called directly, its constants written in,
// and the loops over lists (comprehensions, any, first, count...) written out, instead of the interpreter's handlers,
// switches and visitors. The games are therefore the same, bit for bit, in both engines.
#include "native_source.hpp"

#include <functional>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

namespace {

// The statements that take one element of a list, given as a C++ expression naming a variable: they may stop the
// walk with `goto` to the label the walk was given.
using Visit = std::function<std::string(const std::string& value)>;

class SourceWriter {
public:
    explicit SourceWriter(const Program& program) : p_(program) {}

    std::string write() {
        out_ += "// Written by rulesrun from a compiled rules file (interpreter/native/native_source.cpp): do not edit.\n";
        out_ += "#include <algorithm>\n\n#include \"machine.hpp\"\n\n";
        out_ += "namespace {\n\nusing namespace rulesrun::runtime;\n\n";
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            if (generated(static_cast<std::int32_t>(i))) out_ += fmt::format("Value e{}(Machine& m);\n", i);
        }
        out_ += "void run_instructions(Machine& m, std::size_t depth);\n";
        for (std::size_t c = 0; c < p_.callables.size(); ++c) {
            if (runs_alone(p_.callables[c])) out_ += fmt::format("void p{}(Machine& m);\n", c);
        }
        out_ += "\n";
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            const auto index = static_cast<std::int32_t>(i);
            if (!generated(index)) continue;
            out_ += fmt::format("inline Value e{}(Machine& m) {{\n{}}}\n", i, body(index));
            out_ += fmt::format("Value h{0}(Machine& m, const Expr&) {{ return e{0}(m); }}\n", i);
        }
        for (std::size_t c = 0; c < p_.callables.size(); ++c) {
            if (runs_alone(p_.callables[c])) write_alone(static_cast<std::int32_t>(c));
        }
        write_run();
        out_ += "\n}  // namespace\n\n";
        write_install();
        return std::move(out_);
    }

private:
    // Leaves are read by Machine::eval itself and inline where they are operands: they need no function.
    bool generated(std::int32_t index) const {
        const EvalKind kind = eval_kind(p_, p_.expr(index));
        return kind != EvalKind::constant && kind != EvalKind::local;
    }

    static std::string literal(std::int64_t v) { return fmt::format("static_cast<Value>({}LL)", v); }
    static std::string expr_ref(std::int32_t index) { return fmt::format("m.exprs_[{}]", index); }
    static std::string loc(std::int32_t index) { return fmt::format("m.exprs_[{}].loc", index); }
    std::string fresh(const char* stem) { return fmt::format("{}{}", stem, ++names_); }

    // Expression `index` as C++ that evaluates it.
    std::string value_of(std::int32_t index) const {
        const Expr& c = p_.expr(index);
        const EvalKind kind = eval_kind(p_, c);
        if (kind == EvalKind::local) return fmt::format("m.frame_[{}]", c.a);
        if (kind == EvalKind::constant) return literal(c.a);
        return fmt::format("e{}(m)", index);
    }
    std::string operand(std::int32_t index, int i) const { return value_of(p_.child(p_.expr(index), i)); }

    // a == b for values of this type, as Machine::values_equal decides it.
    std::string equal(const std::string& a, const std::string& b, std::int32_t type) const {
        const bool by_content = type >= 0 && p_.type(type).compared_by_content();
        return by_content ? fmt::format("m.values_equal({}, {}, {})", a, b, type) : fmt::format("({} == {})", a, b);
    }

    // ---- walks over lists, as Machine::each_value, each_source_element and each_plain_source_element go

    std::string each_value(std::int32_t list, const Visit& visit) {
        const Expr& e = p_.expr(list);
        if (Machine::streams(e)) return comprehension_values(e, visit);
        return plain_elements(list, visit);
    }
    std::string comprehension_values(const Expr& e, const Visit& visit) {
        const std::int32_t where = (e.b & 1) ? e.first3[2] : -1;
        return source_elements(e.first3[0], [&](const std::string& v) {
            std::string s = fmt::format("m.frame_[{}] = {};\n", e.a, v);
            if (where >= 0) s += fmt::format("if ({}) {{\n", value_of(where));
            const std::string element = fresh("x");
            s += fmt::format("const Value {} = {};\n", element, value_of(e.first3[1]));
            s += visit(element);
            if (where >= 0) s += "}\n";
            return s;
        });
    }
    std::string source_elements(std::int32_t source, const Visit& visit) {
        const Expr& e = p_.expr(source);
        if (Machine::streams(e)) return comprehension_values(e, visit);
        if (e.op == ExprOp::inline_call) {
            const Expr& body = p_.expr(p_.child(e, e.child_count - 1));
            if (Machine::streams(body)) return copied_comprehension_values(source, visit);
        }
        return plain_elements(source, visit);
    }
    // A copied function whose body is a comprehension: its elements as they are made, the list never built.
    std::string copied_comprehension_values(std::int32_t index, const Visit& visit) {
        const Expr& e = p_.expr(index);
        const Expr& body = p_.expr(p_.child(e, e.child_count - 1));
        const std::int32_t where = (body.b & 1) ? body.first3[2] : -1;
        std::string s = fmt::format("{{\nm.charge(1, {});\n{}", loc(index), copied_arguments(index));
        s += plain_elements(body.first3[0], [&](const std::string& v) {
            const std::string element = fresh("x");
            const std::string value = value_of(body.first3[1]);  // made before visit's code: one order, one source
            const std::string made = fmt::format("const Value {} = {};\n", element, value) + visit(element);
            const std::string t = fmt::format("m.frame_[{}] = {};\n", body.a, v);
            if (where < 0) return t + made;
            return t + fmt::format("if ({} != 0) {{\n{}}}\n", value_of(where), made);
        });
        return s + "}\n";
    }
    // A copied function's arguments, evaluated into the slots of its copy.
    std::string copied_arguments(std::int32_t index) const {
        const Expr& e = p_.expr(index);
        std::string s;
        for (std::int32_t i = 0; i < e.child_count - 1; ++i) {
            if (!evaluated_argument(e.direct[0], i)) continue;
            s += fmt::format("{{\nconst Value v = {};\nm.frame_[{}] = v;\n}}\n", operand(index, i), e.a + i);
        }
        return s;
    }
    // Machine::sequence(index) decided as the code is written, the kind of list being known then: statements that
    // declare the Sequence `name`, and how to read its element `i`.
    struct ListCode {
        std::string declare;
        Sequence::Kind kind;
        std::string name;
        std::string element(const std::string& i) const {
            switch (kind) {
                case Sequence::Kind::heap: return fmt::format("m.s_.heap[static_cast<std::size_t>({}.begin + {})]", name, i);
                case Sequence::Kind::zone: return fmt::format("m.s_.zone_cards[static_cast<std::size_t>({}.begin + {})]", name, i);
                case Sequence::Kind::numbers: break;
            }
            return fmt::format("({}.begin + {})", name, i);
        }
    };
    ListCode sequence(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::string name = fresh("s");
        auto zone_of = [&](const std::string& zone) {
            return fmt::format("const auto {0}z = static_cast<std::size_t>({1});\n"
                               "const Sequence {0}{{Sequence::Kind::zone, static_cast<std::int32_t>(m.s_.zone_top({0}z)), m.s_.zone_size[{0}z]}};\n",
                               name, zone);
        };
        switch (e.op) {
            case ExprOp::zone: return {zone_of(fmt::format("m.in_.zone_first[{}]", e.a)), Sequence::Kind::zone, name};
            case ExprOp::players:
                return {fmt::format("const Sequence {}{{Sequence::Kind::numbers, 0, m.in_.players}};\n", name), Sequence::Kind::numbers, name};
            case ExprOp::enum_values:
                return {fmt::format("const Sequence {}{{Sequence::Kind::numbers, 0, {}}};\n", name, e.a), Sequence::Kind::numbers, name};
            case ExprOp::range: {  // the bounds evaluated here, as Machine::range_sequence does
                const std::string low = fresh("low"), high = fresh("high");
                return {fmt::format("const Value {0} = {1};\nconst Value {2} = {3};\nconst Sequence {4} = m.range_of({0}, {2}, {5});\n",
                                    low, operand(index, 0), high, operand(index, 1), name, expr_ref(index)),
                        Sequence::Kind::numbers, name};
            }
            default: break;
        }
        const std::string value = fresh("list");
        std::string s = fmt::format("const Value {} = {};\nif ({} == none_value) m.not_a_list({});\n", value, value_of(index), value, loc(index));
        if (e.kind == ValueKind::zone) return {s + zone_of(value), Sequence::Kind::zone, name};
        s += fmt::format("const Sequence {}{{Sequence::Kind::heap, {} + 1, m.s_.heap[static_cast<std::size_t>({})]}};\n", name, value, value);
        return {s, Sequence::Kind::heap, name};
    }

    std::string plain_elements(std::int32_t source, const Visit& visit) {
        const Expr& e = p_.expr(source);
        std::string s;
        if (e.op == ExprOp::list) {  // written out: item by item, without the list
            s += fmt::format("m.charge({}, {});\n", e.child_count, loc(source));
            for (std::int32_t i = 0; i < e.child_count; ++i) {
                const std::string v = fresh("v");
                s += fmt::format("{{\nconst Value {} = {};\n{}}}\n", v, operand(source, i), visit(v));
            }
            return s;
        }
        // A board's spaces still alive (every space is, when no rule drops one).
        if (e.op == ExprOp::builtin && static_cast<Builtin>(e.a) == Builtin::spaces) {
            const std::string b = fresh("b"), count = fresh("n"), i = fresh("i"), v = fresh("v");
            const std::string skip_dropped =
                p_.drops_spaces ? fmt::format("if (!m.s_.slots[static_cast<std::size_t>(m.in_.space_base[static_cast<std::size_t>({})]) + "
                                              "m.p_.boards[{}].fields.size()]) continue;\n", v, b)
                                : "";
            s += fmt::format("{{\nconst auto {0} = static_cast<std::size_t>({1});\n"
                             "const std::int32_t {2} = m.in_.board_rows[{0}] * std::max(m.in_.board_columns[{0}], 1);\n"
                             "m.charge({2}, {3});\n"
                             "for (std::int32_t {4} = 0; {4} < {2}; ++{4}) {{\n"
                             "const Value {5} = m.in_.board_first[{0}] + {4};\n{6}",
                             b, operand(source, 0), count, loc(source), i, v, skip_dropped);
            s += visit(v) + "}\n}\n";
            return s;
        }
        const ListCode list = sequence(source);
        const std::string i = fresh("i"), v = fresh("v");
        s += fmt::format("{{\n{0}m.charge({1}.length, {2});\nfor (std::int32_t {3} = 0; {3} < {1}.length; ++{3}) {{\nconst Value {4} = {5};\n",
                         list.declare, list.name, loc(source), i, v, list.element(i));
        return s + visit(v) + "}\n}\n";
    }

    // A walk over `list` whose visit may stop it: the walk in a block, the label after it.
    std::string walk(std::int32_t list, const std::function<std::string(const std::string&, const std::string&)>& visit) {
        const std::string stop = fresh("done");
        return fmt::format("{{\n{}}}\n{}:;\n", each_value(list, [&](const std::string& v) { return visit(v, stop); }), stop);
    }

    // ---- expressions

    std::string body(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::string expr = expr_ref(index);
        // The interpreter's general case, which also reports every error.
        const std::string rest = fmt::format("return m.eval_rest({}, {});", expr, index);
        auto first = [&] { return operand(index, 0); };
        // An object's field: the object first, then its slot; anything wrong goes to eval_rest, which says what.
        auto field = [&](const std::string& out_of_range, const std::string& slot) {
            return fmt::format("    const Value o = {};\n    if ({}) {}\n    return m.s_.slots[static_cast<std::size_t>({})];\n",
                               first(), out_of_range, rest, slot);
        };
        auto both = [&] {
            return fmt::format("    const Value l = {};\n    const Value r = {};\n", operand(index, 0), operand(index, 1));
        };
        auto numbers = [&](const std::string& result) {
            return both() + "    if (l == none_value || r == none_value) " + rest + "\n    return " + result + ";\n";
        };
        switch (eval_kind(p_, e)) {
            case EvalKind::slot: return fmt::format("    return m.s_.slots[{}];\n", e.a);
            case EvalKind::zone: return fmt::format("    return m.in_.zone_first[{}];\n", e.a);
            case EvalKind::player_field:
                return field("static_cast<std::uint32_t>(o) >= static_cast<std::uint32_t>(m.in_.players)",
                             fmt::format("m.in_.player_base + o * m.in_.player_stride + {}", e.a));
            case EvalKind::card_field:
                return field("static_cast<std::size_t>(o) >= m.in_.card_base.size()",
                             fmt::format("m.in_.card_base[static_cast<std::size_t>(o)] + {}", e.a));
            case EvalKind::space_field:
                return field("static_cast<std::size_t>(o) >= m.in_.space_base.size()",
                             fmt::format("m.in_.space_base[static_cast<std::size_t>(o)] + {}", e.a));
            case EvalKind::record_field:
                return fmt::format("    const Value o = {};\n    if (o == none_value) {}\n    return m.s_.heap[static_cast<std::size_t>(o + 1 + {})];\n",
                                   first(), rest, e.a);
            case EvalKind::logical_not: return fmt::format("    return !{};\n", first());
            case EvalKind::if_then_else:
                return fmt::format("    return {} ? {} : {};\n", first(), operand(index, 1), operand(index, 2));
            case EvalKind::negate:
                return fmt::format("    const Value v = {};\n    if (v == none_value) {}\n    return -v;\n", first(), rest);
            case EvalKind::at:
                return fmt::format("    const Value space = {};\n"
                                   "    if (static_cast<std::size_t>(space) >= m.in_.space_base.size()) m.not_a_space({}.loc);\n"
                                   "    const std::int64_t rows = {};\n    const std::int64_t columns = {};\n"
                                   "    return m.space_at(space, rows, columns);\n",
                                   first(), expr, operand(index, 1), operand(index, 2));
            case EvalKind::size: {
                const ListCode list = sequence(e.first3[0]);
                return list.declare + fmt::format("    return {}.length;\n", list.name);
            }
            case EvalKind::top: {
                const ListCode list = sequence(e.first3[0]);
                return list.declare + fmt::format("    return {}.length > 0 ? {} : none_value;\n", list.name, list.element("0"));
            }
            case EvalKind::fold_numbers: return fold_numbers(index);
            case EvalKind::count_equal: return count_equal(index);
            case EvalKind::builtin: return builtin(index);
            case EvalKind::call_function: return call_function(index);
            case EvalKind::inline_call: return inline_call(index);
            case EvalKind::comprehension: return comprehension(index);
            case EvalKind::values_on_heap: return values_on_heap(index);
            case EvalKind::board_space: return board_space(index);
            case EvalKind::logical_and: return fmt::format("    return {} && {};\n", operand(index, 0), operand(index, 1));
            case EvalKind::logical_or: return fmt::format("    return {} || {};\n", operand(index, 0), operand(index, 1));
            case EvalKind::same: return both() + "    return l == r;\n";
            case EvalKind::not_same: return both() + "    return l != r;\n";
            case EvalKind::less: return numbers("std::int64_t{l} < r");
            case EvalKind::less_equal: return numbers("std::int64_t{l} <= r");
            case EvalKind::greater: return numbers("std::int64_t{l} > r");
            case EvalKind::greater_equal: return numbers("std::int64_t{l} >= r");
            case EvalKind::add: return numbers(fmt::format("m.checked(std::int64_t{{l}} + r, {}.loc)", expr));
            case EvalKind::subtract: return numbers(fmt::format("m.checked(std::int64_t{{l}} - r, {}.loc)", expr));
            case EvalKind::multiply: return numbers(fmt::format("m.checked(std::int64_t{{l}} * r, {}.loc)", expr));
            case EvalKind::constant:
            case EvalKind::local:
            case EvalKind::rest: break;
        }
        if (e.op == ExprOp::concat_lists) return concat_lists(index);
        if (e.op == ExprOp::divide || e.op == ExprOp::remainder) {  // by zero: eval_rest says so
            return both() + "    if (l == none_value || r == none_value || r == 0) " + rest + "\n" +
                   (e.op == ExprOp::divide ? "    return l / r;\n" : "    return l % r;\n");
        }
        if (e.op == ExprOp::member) return member(index);
        return fmt::format("    {}  // ExprOp {}\n", rest, static_cast<int>(e.op));
    }

    // row, column and alive of a space, as Machine::builtin reads them (a ring's spaces: row and column = position).
    std::string space_builtin(std::int32_t index) {
        const Expr& e = p_.expr(index);
        std::string s = fmt::format("    const Value space = {};\n", operand(index, 0));
        s += fmt::format("    if (space < 0 || static_cast<std::size_t>(space) >= m.in_.space_base.size()) m.not_a_space({});\n",
                         loc(index));
        s += "    const auto s = static_cast<std::size_t>(space);\n";
        switch (static_cast<Builtin>(e.a)) {
            case Builtin::row: return s + "    return m.in_.space_row[s] + 1;\n";
            case Builtin::column:
                return s + "    if (!m.p_.boards[static_cast<std::size_t>(m.in_.space_board[s])].grid) return m.in_.space_row[s] + 1;\n"
                           "    return m.in_.space_column[s] + 1;\n";
            default:
                return s + "    const auto b = static_cast<std::size_t>(m.in_.space_board[s]);\n"
                           "    return m.s_.slots[static_cast<std::size_t>(m.in_.space_base[s]) + m.p_.boards[b].fields.size()];\n";
        }
    }

    // Machine::builtin's any, all, and first, top or size of a comprehension (a search, a count: no list made).
    std::string builtin(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const auto which = static_cast<Builtin>(e.a);
        const std::string general = fmt::format("    return m.builtin({});\n", expr_ref(index));
        const std::string seat = fmt::format("    const Value p = {};\n    if (p < 0 || p >= m.in_.players) m.not_a_player({});\n",
                                             e.child_count > 0 ? operand(index, 0) : "0", loc(index));
        switch (which) {
            case Builtin::first_player: return "    return 0;\n";
            case Builtin::seat: return seat + "    return p + 1;\n";
            case Builtin::next_seat: return seat + "    return (p + 1) % m.in_.players;\n";
            case Builtin::previous_seat: return seat + "    return (p + m.in_.players - 1) % m.in_.players;\n";
            case Builtin::abs:
                return fmt::format("    const Value v = {};\n    if (v == none_value) m.abs_of_none({});\n    return v < 0 ? -v : v;\n",
                                   operand(index, 0), loc(index));
            case Builtin::row:
            case Builtin::column:
            case Builtin::alive: return space_builtin(index);
            default: break;
        }
        const bool walks = which == Builtin::any || which == Builtin::all || which == Builtin::first ||
                           which == Builtin::top || which == Builtin::size;
        if (!walks) return general;
        const std::int32_t list = e.first3[0];
        const bool of_comprehension = p_.expr(list).op == ExprOp::comprehension;
        if (which == Builtin::any || which == Builtin::all) {
            const bool want = which == Builtin::any;
            return "    bool found = false;\n" +
                   walk(list, [&](const std::string& v, const std::string& stop) {
                       return fmt::format("found = ({} != 0) == {};\nif (found) goto {};\n", v, want, stop);
                   }) +
                   fmt::format("    return found ? {} : {};\n", want, !want);
        }
        if ((which == Builtin::first || which == Builtin::top) && of_comprehension) {
            return "    Value found = none_value;\n" +
                   walk(list, [&](const std::string& v, const std::string& stop) {
                       return fmt::format("found = {};\ngoto {};\n", v, stop);
                   }) +
                   "    return found;\n";
        }
        if (which == Builtin::size && of_comprehension) {
            return "    Value count = 0;\n" +
                   walk(list, [&](const std::string&, const std::string&) { return std::string("++count;\n"); }) +
                   "    return count;\n";
        }
        return general;
    }

    std::string fold_numbers(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const auto which = static_cast<Builtin>(e.a);
        const char* combine = which == Builtin::sum   ? "result + v"
                              : which == Builtin::max ? "empty ? v : std::max<std::int64_t>(result, v)"
                                                      : "empty ? v : std::min<std::int64_t>(result, v)";
        std::string s = "    std::int64_t result = 0;\n    bool empty = true;\n";
        s += walk(e.first3[0], [&](const std::string& value, const std::string&) {
            return fmt::format("{{\nconst Value v = {};\nif (v == none_value) m.none_among_numbers({});\nresult = {};\nempty = false;\n}}\n",
                               value, loc(index), combine);
        });
        if (which != Builtin::sum) s += fmt::format("    if (empty) m.extremum_of_nothing({});\n", loc(index));
        return s + fmt::format("    return m.checked(result, {});\n", loc(index));
    }

    std::string count_equal(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::int32_t type = p_.expr(e.first3[1]).type;
        std::string s = fmt::format("    const Value x = {};\n    Value total = 0;\n", operand(index, 1));
        s += walk(e.first3[0], [&](const std::string& v, const std::string&) {
            return fmt::format("total += {} ? 1 : 0;\n", equal(v, "x", type));
        });
        return s + "    return total;\n";
    }

    // `x in list`, `x not in list` (Machine::eval_rest).
    std::string member(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::int32_t type = p_.expr(p_.child(e, 0)).type;
        std::string s = fmt::format("    const Value x = {};\n    bool found = false;\n", operand(index, 0));
        s += walk(p_.child(e, 1), [&](const std::string& v, const std::string& stop) {
            return fmt::format("found = {};\nif (found) goto {};\n", equal("x", v, type), stop);
        });
        return s + fmt::format("    return found != {};\n", e.a == 1);
    }

    // A list made by a comprehension without `copies` (Machine::comprehension; those with copies go there): one
    // `for`, or several, whose inner lists are joined.
    std::string comprehension(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::int32_t element = e.first3[1];
        const bool flatten = (e.b & 4) != 0;
        const bool inner_streams = flatten && Machine::streams(p_.expr(element));
        if ((e.b & 2) != 0) {
            return fmt::format("    return m.comprehension({});\n", expr_ref(index));
        }
        const std::int32_t where = (e.b & 1) ? e.first3[2] : -1;
        std::string s = "    const std::size_t mark = m.s_.scratch.size();\n    {\n";
        s += source_elements(e.first3[0], [&](const std::string& v) {
            std::string take = fmt::format("m.frame_[{}] = {};\n", e.a, v);
            std::string push;
            if (!flatten) {
                push = fmt::format("{{\nconst Value y = {};\nm.s_.scratch.push_back(y);\n}}\n", value_of(element));
            } else if (inner_streams) {  // the inner `for`'s values go to the list as they are made
                push = "{\n" + comprehension_values(p_.expr(element), [&](const std::string& y) {
                    return fmt::format("if (m.s_.scratch.size() >= max_heap_values) m.list_too_large({});\n"
                                       "m.s_.scratch.push_back({});\n", loc(index), y);
                }) + "}\n";
            } else {
                const ListCode inner = sequence(element);
                const std::string i = fresh("i");
                push = fmt::format("{{\n{0}if (m.s_.scratch.size() + static_cast<std::size_t>({1}.length) > max_heap_values) m.list_too_large({2});\n"
                                   "for (std::int32_t {3} = 0; {3} < {1}.length; ++{3}) m.s_.scratch.push_back({4});\n}}\n",
                                   inner.declare, inner.name, loc(index), i, inner.element(i));
            }
            return take + (where < 0 ? push : fmt::format("if ({}) {}", value_of(where), push));
        });
        s += fmt::format("    }}\n    const Value list = m.list_of(m.s_.scratch, mark, {});\n", loc(index));
        return s + "    m.s_.scratch.pop_to(mark);\n    return list;\n";
    }

    // `a + b` of lists (Machine::eval_rest): `a + [x]` and `a + [y for ...]` without making the right-hand list.
    std::string concat_lists(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const Expr& right = p_.expr(p_.child(e, 1));
        const ListCode a = sequence(p_.child(e, 0));
        std::string s = a.declare;
        auto joined = [&](const std::string& added) {
            return fmt::format("    m.charge(std::int64_t{{{0}.length}} + {1}, {2});\n    const std::int32_t list = m.allocate({0}.length + {1}, {2});\n"
                               "    m.copy_elements({0}, list + 1);\n", a.name, added, loc(index));
        };
        if (right.op == ExprOp::list && right.child_count == 1) {
            s += fmt::format("    const Value x = {};\n", value_of(right.first3[0])) + joined("1");
            return s + fmt::format("    m.s_.heap[static_cast<std::size_t>(list + 1 + {}.length)] = x;\n    return list;\n", a.name);
        }
        if (Machine::streams(right)) {
            s += "    const std::size_t mark = m.s_.scratch.size();\n";
            s += each_value(p_.child(e, 1), [](const std::string& v) { return fmt::format("m.s_.scratch.push_back({});\n", v); });
            s += "    const auto added = static_cast<std::int32_t>(m.s_.scratch.size() - mark);\n" + joined("added");
            return s + fmt::format("    std::copy(m.s_.scratch.begin() + static_cast<std::ptrdiff_t>(mark), m.s_.scratch.end(), "
                                   "m.s_.heap.begin() + list + 1 + {}.length);\n    m.s_.scratch.pop_to(mark);\n    return list;\n",
                                   a.name);
        }
        const ListCode b = sequence(p_.child(e, 1));
        s += b.declare + joined(b.name + ".length");
        return s + fmt::format("    m.copy_elements({}, list + 1 + {}.length);\n    return list;\n", b.name, a.name);
    }

    // A record or a written-out list (Machine::values_on_heap): made first, each value evaluated into its place.
    std::string values_on_heap(std::int32_t index) {
        const Expr& e = p_.expr(index);
        std::string s = fmt::format("    const std::int32_t made = m.allocate({}, {});\n", e.child_count, loc(index));
        for (std::int32_t i = 0; i < e.child_count; ++i) {
            s += fmt::format("    {{\n        const Value v = {};\n        m.s_.heap[static_cast<std::size_t>(made + 1 + {})] = v;\n    }}\n",
                             operand(index, i), i);
        }
        return s + "    return made;\n";
    }

    // Machine::call_function, with the arguments and an expression body called directly.
    std::string call_function(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const Callable& c = p_.callables[static_cast<std::size_t>(e.a)];
        std::string s = fmt::format("    if (m.s_.frames.size() + m.expression_calls_ >= max_call_depth) m.calls_too_deep({});\n", loc(index));
        s += fmt::format("    m.charge(1, {});\n", loc(index));
        s += fmt::format("    const Value argument = {};\n", e.child_count == 1 ? operand(index, 0) : "0");
        const bool may_remember = c.rememberable && e.child_count <= 1;
        if (may_remember) {
            s += "    const bool rememberable = m.remember_ && !m.s_.remembered.empty();\n";
            // What it reads is known now: the stamp adds up only those counts.
            s += fmt::format("    const std::int64_t stamp = rememberable ? m.state_stamp({}) : 0;\n", int{c.reads});
            s += fmt::format("    if (rememberable) {{\n        const auto& r = m.s_.remembered[{}];\n"
                             "        if (r.stamp == stamp && r.argument == argument) return r.result;\n    }}\n", e.a);
        }
        s += fmt::format("    const std::int32_t saved_base = m.base_, saved_callable = m.callable_;\n"
                         "    const std::int32_t base = m.s_.locals.push({});\n    m.set_frame(saved_base);\n",
                         std::max(c.locals, 1));
        if (e.child_count == 1) s += "    m.s_.locals[static_cast<std::size_t>(base)] = argument;\n";
        for (std::int32_t i = 0; e.child_count > 1 && i < e.child_count; ++i) {
            s += fmt::format("    {{\n        const Value v = {};\n        m.s_.locals[static_cast<std::size_t>(base + {})] = v;\n    }}\n",
                             operand(index, i), i);
        }
        s += "    Value result = 0;\n";
        if (c.body >= 0) {
            s += fmt::format("    m.set_frame(base);\n    m.callable_ = {};\n    ++m.expression_calls_;\n"
                             "    result = {};\n    --m.expression_calls_;\n    m.s_.locals.pop_to(static_cast<std::size_t>(base));\n",
                             e.a, value_of(c.body));
        } else if (runs_alone(c)) {  // its own function, without a frame: as an expression body is run
            s += fmt::format("    m.set_frame(base);\n    m.callable_ = {};\n    ++m.expression_calls_;\n    p{}(m);\n"
                             "    --m.expression_calls_;\n    m.s_.locals.pop_to(static_cast<std::size_t>(base));\n    result = m.returned_;\n",
                             e.a, e.a);
        } else {
            s += fmt::format("    const std::size_t depth = m.s_.frames.size();\n    m.s_.frames.push_back({{{}, {}, base}});\n"
                             "    run_instructions(m, depth);\n    result = m.returned_;\n",
                             e.a, c.entry);
        }
        s += "    m.set_frame(saved_base);\n    m.callable_ = saved_callable;\n";
        if (may_remember) s += fmt::format("    if (rememberable) m.s_.remembered[{}] = {{stamp, argument, result}};\n", e.a);
        return s + "    return result;\n";
    }

    // Machine::inline_call: a small function copied into its caller.
    std::string inline_call(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::int32_t arguments = e.child_count - 1;
        const std::string s = fmt::format("    m.charge(1, {});\n", loc(index)) + copied_arguments(index);
        return s + fmt::format("    return {};\n", operand(index, arguments));  // errors name the function by place
    }

    // Machine::board_space: squares[r, c].
    std::string board_space(std::int32_t index) {
        const Expr& e = p_.expr(index);
        const std::string rows = fmt::format("m.in_.board_rows[{}]", e.a), first = fmt::format("m.in_.board_first[{}]", e.a);
        std::string s = fmt::format("    const Value r = {};\n", operand(index, 0));
        if (!p_.boards[static_cast<std::size_t>(e.a)].grid) {
            return s + fmt::format("    return r >= 1 && r <= {} ? {} + r - 1 : none_value;\n", rows, first);
        }
        const std::string columns = fmt::format("m.in_.board_columns[{}]", e.a);
        return s + fmt::format("    const Value c = {};\n    if (r < 1 || c < 1 || r > {} || c > {}) return none_value;\n"
                               "    return {} + (r - 1) * {} + (c - 1);\n",
                               operand(index, 1), rows, columns, first, columns);
    }

    // ---- instructions: Machine::run_until, with the simple instructions written out (step() in
    // machine_instructions.cpp does the same for each) and the others left to Machine::step_at

    // Whether a function written with statements can run as a C++ function of its own: none of its instructions
    // reads or changes the frames (no call, decision, event or ending), so it needs no frame and no dispatch.
    bool runs_alone(const Callable& c) const {
        if (c.body >= 0 || c.entry < 0) return false;
        for (std::int32_t pc = c.entry; pc < c.code_end; ++pc) {
            const Instr& in = p_.code[static_cast<std::size_t>(pc)];
            if (in.check_end || !alone_code(in.code)) return false;
        }
        return true;
    }
    static bool alone_code(Code code) {
        switch (code) {
            case Code::jump: case Code::jump_unless: case Code::set_local: case Code::set_slot:
            case Code::set_player_field: case Code::set_card_field: case Code::set_space_field:
            case Code::for_begin: case Code::for_next: case Code::for_zone_begin: case Code::for_zone_next:
            case Code::for_numbers_begin: case Code::for_numbers_next: case Code::repeat_begin: case Code::repeat_next:
            case Code::record_stat: case Code::say: case Code::ret: case Code::ret_value: return true;
            default: return false;
        }
    }
    // Such a function: its instructions as labels, a C++ return for each of its returns.
    void write_alone(std::int32_t callable) {
        const Callable& c = p_.callables[static_cast<std::size_t>(callable)];
        out_ += fmt::format("void p{}(Machine& m) {{\n    const Instr* const code = m.p_.code.data();\n", callable);
        in_alone_ = true;
        for (std::int32_t pc = c.entry; pc < c.code_end; ++pc) out_ += fmt::format("    i{}: {{\n{}    }}\n", pc, instruction(pc));
        in_alone_ = false;
        out_ += "}\n";
    }

    void write_run() {
        out_ += "void run_instructions(Machine& m, std::size_t depth) {\n    const Instr* const code = m.p_.code.data();\n"
                "    std::int32_t pc = 0;\n"
                "    while (m.s_.frames.size() > depth) {\n"
                "        m.set_frame(m.s_.frames.back().base);\n        m.callable_ = m.s_.frames.back().callable;\n"
                "        pc = m.s_.frames.back().pc;\n    dispatch:\n        switch (pc) {\n";
        for (std::size_t pc = 0; pc < p_.code.size(); ++pc) out_ += fmt::format("            case {0}: goto i{0};\n", pc);
        out_ += "            default: __builtin_unreachable();\n        }\n";
        for (std::size_t pc = 0; pc < p_.code.size(); ++pc) {
            out_ += fmt::format("    i{}: {{\n{}    }}\n", pc, instruction(static_cast<std::int32_t>(pc)));
        }
        out_ += "    }\n}\n";
    }

    std::string instruction(std::int32_t pc) {
        const Instr& in = p_.code[static_cast<std::size_t>(pc)];
        const std::string at = fmt::format("code[{}]", pc), where = at + ".loc";
        const std::string next = fmt::format("goto i{};\n", pc + 1);
        auto local = [](std::int32_t slot) { return fmt::format("m.frame_[{}]", slot); };
        // x = v, x += v, x -= v into `target`, v computed first (the frame may move while it is).
        auto assign = [&](const std::string& target) {
            return in.b ? fmt::format("{{\nValue& t = {};\nt = m.checked(combine(t, v, {}), {});\n}}\n", target, in.b, where)
                        : fmt::format("{} = v;\n", target);
        };
        // After a write that an `as soon as` ending reads: the endings are checked, as the interpreter's checked
        // copy of the instruction does.
        auto then = [&](const std::string& written) {
            if (!in.check_end) return written + next;
            return written + fmt::format("m.s_.frames.back().pc = {};\nm.check_endings(true);\nif (m.s_.finished) return;\n", pc + 1) + next;
        };
        // A return: the frame is left, and the loop goes on in the caller's (or stops at its depth).
        const std::string returned = in_alone_ ? "return;\n"
                                               : "m.s_.locals.pop_to(static_cast<std::size_t>(m.s_.frames.back().base));\n"
                                                 "m.s_.frames.pop_back();\ncontinue;\n";
        switch (in.code) {
            case Code::jump: return fmt::format("m.charge(1, {});\ngoto i{};\n", where, in.a);
            case Code::jump_unless: return fmt::format("if ({}) goto i{};\ngoto i{};\n", value_of(in.e1), pc + 1, in.a);
            case Code::set_local: return fmt::format("const Value v = {};\n", value_of(in.e1)) + assign(local(in.a)) + next;
            case Code::set_slot:
                return then(fmt::format("const Value v = {};\n", value_of(in.e1)) + assign(fmt::format("m.s_.slots[{}]", in.a)) +
                            "m.changed(StateKind::state_fields);\n");
            case Code::set_player_field:
            case Code::set_card_field:
            case Code::set_space_field: {
                const std::string slot = in.code == Code::set_player_field ? fmt::format("m.player_slot(object, {}, {})", in.a, where)
                                         : in.code == Code::set_card_field ? fmt::format("m.card_slot(object, {}, {}, {})", in.a, in.c, where)
                                                                           : fmt::format("m.space_slot(object, {}, {}, {})", in.a, in.c, where);
                const char* kind = in.code == Code::set_player_field ? "player_fields"
                                   : in.code == Code::set_card_field ? "card_fields"
                                                                     : "spaces";
                return then(fmt::format("const Value object = {};\nconst Value v = {};\nconst std::int32_t slot = {};\n",
                                        value_of(in.e2), value_of(in.e1), slot) +
                            assign("m.s_.slots[static_cast<std::size_t>(slot)]") + fmt::format("m.changed(StateKind::{});\n", kind));
            }
            case Code::for_next:
                return fmt::format("m.charge(1, {0});\nconst Value list = {1};\nconst Value position = {2};\n"
                                   "if (position >= m.s_.heap[static_cast<std::size_t>(list)]) goto i{3};\n"
                                   "{4} = m.s_.heap[static_cast<std::size_t>(list + 1 + position)];\n{2} = position + 1;\ngoto i{5};\n",
                                   where, local(in.a), local(in.b), pc + 1, local(in.c), in.d);
            case Code::for_zone_next:
                return fmt::format("m.charge(1, {0});\nconst auto zone = static_cast<std::size_t>({1});\nconst Value position = {2};\n"
                                   "if (position >= m.s_.zone_size[zone]) goto i{3};\n"
                                   "{4} = m.s_.zone_cards[m.s_.zone_top(zone) + static_cast<std::size_t>(position)];\n{2} = position + 1;\ngoto i{5};\n",
                                   where, local(in.a), local(in.b), pc + 1, local(in.c), in.d);
            case Code::for_numbers_next:
                return fmt::format("m.charge(1, {0});\nif ({1} <= 0) goto i{2};\n{3} = {4};\nif (--{1} > 0) ++{4};\ngoto i{5};\n",
                                   where, local(in.b), pc + 1, local(in.c), local(in.a), in.d);
            case Code::repeat_begin: return fmt::format("const Value v = {};\n{} = v;\n", value_of(in.e1), local(in.a)) + next;
            case Code::for_begin: {  // a list is walked in place; other sequences are made a list first
                const ListCode list = sequence(in.e1);
                const std::string first = list.kind == Sequence::Kind::heap ? list.name + ".begin - 1"
                                                                            : fmt::format("m.make_list({}, {})", list.name, where);
                return fmt::format("{}{{\nconst Value first = {};\n{} = first;\n}}\n{} = 0;\n", list.declare, first, local(in.a), local(in.b)) + next;
            }
            case Code::for_zone_begin:
                return fmt::format("const Value zone = {};\nif (zone == none_value) m.not_a_list({});\n{} = zone;\n{} = 0;\n",
                                   value_of(in.e1), where, local(in.a), local(in.b)) + next;
            case Code::for_numbers_begin: {
                const ListCode list = sequence(in.e1);
                return list.declare + fmt::format("{} = {}.begin;\n{} = {}.length;\n", local(in.a), list.name, local(in.b), list.name) + next;
            }
            case Code::record_stat:
                return fmt::format("const Value v = {};\nconst Value seat = {};\nm.s_.samples.push_back({{{}, seat, v}});\n",
                                   value_of(in.e1), in.e2 >= 0 ? value_of(in.e2) : "-1", in.a) + next;
            case Code::repeat_next:
                return fmt::format("m.charge(1, {0});\nif ({1} <= 0) goto i{2};\n--{1};\ngoto i{3};\n", where, local(in.a), pc + 1, in.d);
            case Code::call:
                if (runs_alone(p_.callables[static_cast<std::size_t>(in.a)])) return call_alone(pc);
                break;
            case Code::ret_value: return fmt::format("m.returned_ = {};\n", value_of(in.e1)) + returned;
            case Code::ret: return returned;
            case Code::choose:
                if (!p_.choices[static_cast<std::size_t>(in.a)].subset) return choose(pc);
                break;
            case Code::simultaneous_begin: {
                const ListCode list = sequence(in.e1);
                const std::string first = list.kind == Sequence::Kind::heap ? list.name + ".begin - 1"
                                                                            : fmt::format("m.make_list({}, {})", list.name, where);
                return fmt::format("{}{{\nconst Value first = {};\n{} = first;\n}}\n{} = 0;\n{} = 0;\n{} = none_value;\n",
                                   list.declare, first, local(in.a), local(in.a + 1), local(in.a + 2), local(in.a + 3)) + next;
            }
            case Code::simultaneous_next: return simultaneous_next(pc);
            case Code::shuffle: return then(fmt::format("m.shuffle_value({}, {});\n", value_of(in.e1), where));
            case Code::move:
                if (!in_alone_) return move(pc);
                break;
            default: break;
        }
        // The others as the interpreter runs them (and its checked copy, after a write an ending reads). In a function
        // run alone, only those that always go on to the next instruction are left.
        std::string quiet;  // a message nobody keeps is not made
        if (in.code == Code::say) quiet = fmt::format("if (!m.s_.keep_messages) goto i{};\n", pc + 1);
        if (in_alone_) {
            return quiet + fmt::format("{{\nstd::int32_t at = {};\nm.step_at(static_cast<Code>({}), {}, at);\n}}\ngoto i{};\n", pc,
                               static_cast<int>(in.code), at, pc + 1);
        }
        std::string s = quiet + fmt::format("pc = {};\nconst Machine::Flow flow = m.step_at(static_cast<Code>({}), {}, pc);\n", pc,
                                    static_cast<int>(in.code), at);
        if (in.check_end) {
            s += "if (flow == Machine::Flow::next) m.s_.frames.back().pc = pc;\nm.check_endings(true);\n"
                 "if (m.s_.finished || flow == Machine::Flow::wait) return;\n";
        } else {
            s += "if (flow == Machine::Flow::wait) return;\n";
        }
        return s + "if (flow == Machine::Flow::switched) continue;\ngoto dispatch;\n";
    }

    // A call of a procedure that runs alone (Machine::call_procedure, then its instructions): its locals made, the
    // arguments evaluated into them, and its function called, with no frame pushed.
    std::string call_alone(std::int32_t pc) {
        const Instr& in = p_.code[static_cast<std::size_t>(pc)];
        const Callable& c = p_.callables[static_cast<std::size_t>(in.a)];
        const std::string where = fmt::format("code[{}].loc", pc);
        std::string s = fmt::format("m.charge(1, {0});\nif (m.s_.frames.size() >= max_call_depth) m.procedures_too_deep({0});\n"
                                    "const std::int32_t base = m.s_.locals.push({1});\nm.set_frame(m.base_);\n",
                                    where, c.locals);
        for (std::int32_t i = 0; i < in.arg_count; ++i) {
            s += fmt::format("{{\nconst Value v = {};\nm.s_.locals[static_cast<std::size_t>(base + {})] = v;\n}}\n",
                             value_of(p_.expr_children[static_cast<std::size_t>(in.first_arg + i)]), i);
        }
        return s + fmt::format("const std::int32_t caller = m.callable_, caller_base = m.base_;\nm.set_frame(base);\n"
                               "m.callable_ = {0};\n++m.expression_calls_;\np{0}(m);\n--m.expression_calls_;\n"
                               "m.s_.locals.pop_to(static_cast<std::size_t>(base));\nm.set_frame(caller_base);\n"
                               "m.callable_ = caller;\ngoto i{1};\n",
                               in.a, pc + 1);
    }

    // The loop of `simultaneously` (step()): every player's secret choice collected, then the bodies run in order.
    std::string simultaneous_next(std::int32_t pc) const {
        const Instr& in = p_.code[static_cast<std::size_t>(pc)];
        auto local = [](std::int32_t slot) { return fmt::format("m.frame_[{}]", slot); };
        return fmt::format("m.charge(1, code[{0}].loc);\n{{\nconst Value players = {1};\nconst Value position = {2};\n"
                           "if (position < m.s_.heap[static_cast<std::size_t>(players)]) {{\n"
                           "{3} = m.s_.heap[static_cast<std::size_t>(players + 1 + position)];\n{2} = position + 1;\ngoto i{4};\n}}\n}}\n"
                           "if ({5} == 0 && !m.s_.pending.empty()) {{\nm.s_.frames.back().pc = {0};\nreturn;\n}}\ngoto i{6};\n",
                           pc, local(in.a), local(in.a + 1), local(in.c), in.d, local(in.a + 2), pc + 1);
    }

    // `move` (Machine::move_statement): the operands evaluated in its order, the cards moved by the machine. Events
    // the move triggers get frames of their own, run next; after a write an ending reads, the endings are checked.
    std::string move(std::int32_t pc) const {
        const Instr& in = p_.code[static_cast<std::size_t>(pc)];
        std::string s = fmt::format("{{\nconst Value what = {};\nconst Value zone = {};\nValue position = 0, low = 0, high = 0;\n",
                                    value_of(in.e1), value_of(in.e2));
        if (in.e3 >= 0) {
            const Expr& e = p_.expr(in.e3);
            if (e.op == ExprOp::builtin && static_cast<Builtin>(e.a) == Builtin::random) {
                s += fmt::format("low = {};\nhigh = {};\nposition = m.random_number(low, high, {}, false);\n"
                                 "low = std::max(low, 1);\nhigh = std::max(high, 1);\n",
                                 operand(in.e3, 0), operand(in.e3, 1), loc(in.e3));
            } else {
                s += fmt::format("position = {};\n", value_of(in.e3));
            }
        }
        s += fmt::format("m.move_values(code[{}], what, zone, position, low, high);\n}}\n", pc);
        const std::string endings = in.check_end ? "m.check_endings(true);\nif (m.s_.finished) return;\n" : "";
        s += fmt::format("if (m.s_.triggered.empty()) {{\n{}{}goto i{};\n}}\n",
                         in.check_end ? fmt::format("m.s_.frames.back().pc = {};\n", pc + 1) : "", endings, pc + 1);
        return s + fmt::format("m.s_.frames.back().pc = {};\nm.start_events();\n{}continue;\n", pc + 1, endings);
    }

    // `choose one of` (step() and Machine::choose): the options offered as the domain makes them, each tested by
    // the `where` written in. A secret answer already collected by `simultaneously` is read instead.
    std::string choose(std::int32_t pc) {
        const Instr& in = p_.code[static_cast<std::size_t>(pc)];
        const Choice& ch = p_.choices[static_cast<std::size_t>(in.a)];
        std::string s;
        if (ch.simultaneous_slot >= 0) {
            const std::int32_t block = ch.simultaneous_slot;
            s += fmt::format("if (m.frame_[{}] == 1) {{\nconst Value answers = m.frame_[{}];\nconst Value position = m.frame_[{}] - 1;\n"
                             "m.frame_[{}] = m.s_.heap[static_cast<std::size_t>(answers + 1 + position)];\ngoto i{};\n}}\n",
                             block + 2, block + 3, block + 1, ch.slot, pc + 1);
        }
        s += fmt::format("m.s_.frames.back().pc = {};\nm.check_endings();\nif (m.s_.finished) continue;\n"
                         "m.decision_of({}, code[{}].loc).choice = {};\n",
                         pc, value_of(ch.chooser), pc, in.a);
        s += "{\n" + source_elements(ch.domain, [&](const std::string& v) {
            if (ch.where < 0) return fmt::format("m.s_.pending_options.push_back({});\n", v);
            return fmt::format("m.frame_[{}] = {};\nif ({}) m.s_.pending_options.push_back({});\n", ch.slot, v,
                               value_of(ch.where), v);
        }) + "}\n";
        s += fmt::format("m.close_choice(code[{}], {});\n", pc, Machine::offers_no_repeats(p_, ch));
        // The first secret choice of `simultaneously` goes on to collect the others'; any other waits for its answer.
        return s + (ch.simultaneous_slot >= 0 ? fmt::format("goto i{};\n", ch.simultaneous_next) : "return;\n");
    }

    // The one exported function: checks that the machine and the program are those the code was written for, then
    // gives every generated expression its handler, and the program its instruction loop.
    void write_install() {
        out_ += fmt::format(
            "extern \"C\" __attribute__((visibility(\"default\"))) int {}(int abi, long long expressions, "
            "long long instructions, rulesrun::runtime::EvalHandler* handlers, rulesrun::runtime::NativeRun* run) {{\n"
            "    if (abi != {} || expressions != {}LL || instructions != {}LL) return 0;\n",
            native_install_symbol, native_abi_version, p_.exprs.size(), p_.code.size());
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            if (generated(static_cast<std::int32_t>(i))) out_ += fmt::format("    handlers[{0}] = h{0};\n", i);
        }
        out_ += "    *run = run_instructions;\n    return 1;\n}\n";
    }

    const Program& p_;
    std::string out_;
    int names_ = 0;  // for the variables and labels of walks, unique in the file
    bool in_alone_ = false;  // writing a function run alone (write_alone), not the instruction loop
};

}  // namespace

std::string native_source(const Program& program) { return SourceWriter(program).write(); }

}  // namespace rulesrun::runtime
