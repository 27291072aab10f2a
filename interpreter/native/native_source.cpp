// Writes a program's native engine as C++ (native_source.hpp). Each expression the interpreter evaluates with a
// handler of its own (eval_kind, machine_eval_handlers.cpp) becomes a function that does exactly what that handler
// does; everything else, and every error, goes to the same Machine functions the interpreter calls. The games are
// therefore the same, bit for bit, in both engines.
#include "native_source.hpp"

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

namespace {

class SourceWriter {
public:
    explicit SourceWriter(const Program& program) : p_(program) {}

    std::string write() {
        out_ += "// Written by rulesrun from a compiled rules file (interpreter/native/native_source.cpp): do not edit.\n";
        out_ += "#include \"machine.hpp\"\n\n";
        out_ += "namespace {\n\nusing namespace rulesrun::runtime;\n\n";
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            if (generated(static_cast<std::int32_t>(i))) out_ += fmt::format("Value e{}(Machine& m);\n", i);
        }
        out_ += "\n";
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            const auto index = static_cast<std::int32_t>(i);
            if (!generated(index)) continue;
            out_ += fmt::format("inline Value e{}(Machine& m) {{\n{}}}\n", i, body(index));
            out_ += fmt::format("Value h{0}(Machine& m, const Expr&) {{ return e{0}(m); }}\n", i);
        }
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

    // Child `i` of expression `index`, as C++ that evaluates it.
    std::string operand(std::int32_t index, int i) const {
        const std::int32_t child = p_.child(p_.expr(index), i);
        const Expr& c = p_.expr(child);
        const EvalKind kind = eval_kind(p_, c);
        if (kind == EvalKind::local) return fmt::format("m.frame_[{}]", c.a);
        if (kind == EvalKind::constant) return literal(c.a);
        return fmt::format("e{}(m)", child);
    }

    std::string body(std::int32_t index) const {
        const Expr& e = p_.expr(index);
        const std::string expr = fmt::format("m.exprs_[{}]", index);
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
        auto call = [&](const char* member) { return fmt::format("    return m.{}({});\n", member, expr); };
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
            case EvalKind::size: return fmt::format("    return m.sequence({}).length;\n", e.first3[0]);
            case EvalKind::top:
                return fmt::format("    const Sequence s = m.sequence({});\n    return s.length > 0 ? m.element(s, 0) : none_value;\n",
                                   e.first3[0]);
            case EvalKind::fold_numbers: return call("fold_numbers");
            case EvalKind::count_equal: return call("count_equal");
            case EvalKind::builtin: return call("builtin");
            case EvalKind::call_function: return call("call_function");
            case EvalKind::inline_call: return call("inline_call");
            case EvalKind::comprehension: return call("comprehension");
            case EvalKind::values_on_heap: return call("values_on_heap");
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
        return "    " + rest + "\n";
    }

    // The one exported function: checks that the machine and the program are those the code was written for, then
    // gives every generated expression its handler.
    void write_install() {
        out_ += fmt::format(
            "extern \"C\" __attribute__((visibility(\"default\"))) int {}(int abi, long long expressions, "
            "rulesrun::runtime::EvalHandler* handlers) {{\n"
            "    if (abi != {} || expressions != {}LL) return 0;\n",
            native_install_symbol, native_abi_version, p_.exprs.size());
        for (std::size_t i = 0; i < p_.exprs.size(); ++i) {
            if (generated(static_cast<std::int32_t>(i))) out_ += fmt::format("    handlers[{0}] = h{0};\n", i);
        }
        out_ += "    return 1;\n}\n";
    }

    const Program& p_;
    std::string out_;
};

}  // namespace

std::string native_source(const Program& program) { return SourceWriter(program).write(); }

}  // namespace rulesrun::runtime
