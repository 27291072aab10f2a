// Expression handlers: each Expr carries the function that evaluates it, chosen once the program is compiled.
//
// The frequent, simple expressions (fields, comparisons, arithmetic, logic) get a small function each: no switch to
// go through, a small stack frame, and a call site of their own for the processor to predict. Everything else, and
// every error, goes to Machine::eval_rest, which knows every expression.
#include "machine.hpp"

namespace rulesrun::runtime {

struct EvalHandlers {
    static std::int32_t index_of(const Machine& m, const Expr& e) {
        return static_cast<std::int32_t>(&e - m.exprs_);
    }
    // The general case, and the slow path of the others: reports errors, evaluates what is rare.
    static Value rest(Machine& m, const Expr& e) { return m.eval_rest(e, index_of(m, e)); }

    static Value constant(Machine&, const Expr& e) { return e.a; }
    static Value local(Machine& m, const Expr& e) { return m.frame_[e.a]; }
    static Value slot(Machine& m, const Expr& e) { return m.s_.slots[static_cast<std::size_t>(e.a)]; }
    static Value zone(Machine& m, const Expr& e) { return m.in_.zone_first[static_cast<std::size_t>(e.a)]; }

    static Value player_field(Machine& m, const Expr& e) {
        const Value player = m.eval(e.first3[0]);
        if (static_cast<std::uint32_t>(player) >= static_cast<std::uint32_t>(m.in_.players)) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.player_base + player * m.in_.player_stride + e.a)];
    }
    static Value card_field(Machine& m, const Expr& e) {  // a card of a known type (b >= 0)
        const Value card = m.eval(e.first3[0]);
        if (static_cast<std::size_t>(card) >= m.in_.card_base.size()) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.card_base[static_cast<std::size_t>(card)] + e.a)];
    }
    static Value space_field(Machine& m, const Expr& e) {  // a space of a known board (b >= 0)
        const Value space = m.eval(e.first3[0]);
        if (static_cast<std::size_t>(space) >= m.in_.space_base.size()) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.space_base[static_cast<std::size_t>(space)] + e.a)];
    }
    // The same, when the object is a local (`s.owner`, `c.value`): read straight from the frame.
    static Value local_of(Machine& m, const Expr& e) {
        return m.frame_[e.local_operand];
    }
    static Value player_field_of_local(Machine& m, const Expr& e) {
        const Value player = local_of(m, e);
        if (static_cast<std::uint32_t>(player) >= static_cast<std::uint32_t>(m.in_.players)) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.player_base + player * m.in_.player_stride + e.a)];
    }
    static Value card_field_of_local(Machine& m, const Expr& e) {
        const Value card = local_of(m, e);
        if (static_cast<std::size_t>(card) >= m.in_.card_base.size()) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.card_base[static_cast<std::size_t>(card)] + e.a)];
    }
    static Value space_field_of_local(Machine& m, const Expr& e) {
        const Value space = local_of(m, e);
        if (static_cast<std::size_t>(space) >= m.in_.space_base.size()) return rest(m, e);
        return m.s_.slots[static_cast<std::size_t>(m.in_.space_base[static_cast<std::size_t>(space)] + e.a)];
    }
    static Value record_field(Machine& m, const Expr& e) {
        const Value record = m.eval(e.first3[0]);
        if (record == none_value) return rest(m, e);
        return m.s_.heap[static_cast<std::size_t>(record + 1 + e.a)];
    }

    static Value logical_and(Machine& m, const Expr& e) { return m.eval(e.first3[0]) && m.eval(e.first3[1]); }
    static Value logical_or(Machine& m, const Expr& e) { return m.eval(e.first3[0]) || m.eval(e.first3[1]); }
    static Value logical_not(Machine& m, const Expr& e) { return !m.eval(e.first3[0]); }
    static Value if_then_else(Machine& m, const Expr& e) {
        return m.eval(e.first3[0]) ? m.eval(e.first3[1]) : m.eval(e.first3[2]);
    }
    // Values compared by identity (numbers, players, cards, enums...; a == 0), not by content.
    static Value same(Machine& m, const Expr& e) { return m.eval(e.first3[0]) == m.eval(e.first3[1]); }
    static Value not_same(Machine& m, const Expr& e) { return m.eval(e.first3[0]) != m.eval(e.first3[1]); }

    // Numbers: `none` on either side goes to eval_rest, which says which side it is.
    template <typename Operation>
    static Value numbers(Machine& m, const Expr& e, Operation operation) {
        const Value a = m.eval(e.first3[0]), b = m.eval(e.first3[1]);
        if (a == none_value || b == none_value) return rest(m, e);
        return operation(a, b);
    }
    static Value less(Machine& m, const Expr& e) { return numbers(m, e, [](Value a, Value b) -> Value { return a < b; }); }
    static Value less_equal(Machine& m, const Expr& e) {
        return numbers(m, e, [](Value a, Value b) -> Value { return a <= b; });
    }
    static Value greater(Machine& m, const Expr& e) { return numbers(m, e, [](Value a, Value b) -> Value { return a > b; }); }
    static Value greater_equal(Machine& m, const Expr& e) {
        return numbers(m, e, [](Value a, Value b) -> Value { return a >= b; });
    }
    static Value add(Machine& m, const Expr& e) {
        return numbers(m, e, [&](Value a, Value b) { return m.checked(std::int64_t{a} + b, e.loc); });
    }
    static Value subtract(Machine& m, const Expr& e) {
        return numbers(m, e, [&](Value a, Value b) { return m.checked(std::int64_t{a} - b, e.loc); });
    }
    static Value multiply(Machine& m, const Expr& e) {
        return numbers(m, e, [&](Value a, Value b) { return m.checked(std::int64_t{a} * b, e.loc); });
    }

    static Value values_on_heap(Machine& m, const Expr& e) { return m.values_on_heap(e); }
    static Value builtin(Machine& m, const Expr& e) { return m.builtin(e); }
    static Value call_function(Machine& m, const Expr& e) { return m.call_function(e); }
    static Value inline_call(Machine& m, const Expr& e) { return m.inline_call(e); }
    static Value comprehension(Machine& m, const Expr& e) { return m.comprehension(e); }

    static EvalHandler choose(const Expr& e) {
        switch (e.op) {
            case ExprOp::constant:
            case ExprOp::text_constant: return constant;
            case ExprOp::local: return local;
            case ExprOp::slot: return slot;
            case ExprOp::zone: return zone;
            case ExprOp::player_field: return e.local_operand >= 0 ? player_field_of_local : player_field;
            case ExprOp::card_field:  // b < 0: a field found by name
                return e.b < 0 ? rest : e.local_operand >= 0 ? card_field_of_local : card_field;
            case ExprOp::space_field: return e.b < 0 ? rest : e.local_operand >= 0 ? space_field_of_local : space_field;
            case ExprOp::record_field: return record_field;
            case ExprOp::logical_and: return logical_and;
            case ExprOp::logical_or: return logical_or;
            case ExprOp::logical_not: return logical_not;
            case ExprOp::if_then_else: return if_then_else;
            case ExprOp::equal: return e.a == 0 ? same : rest;  // a == 1: texts, lists, records by content
            case ExprOp::not_equal: return e.a == 0 ? not_same : rest;
            case ExprOp::less: return less;
            case ExprOp::less_equal: return less_equal;
            case ExprOp::greater: return greater;
            case ExprOp::greater_equal: return greater_equal;
            case ExprOp::add: return add;
            case ExprOp::subtract: return subtract;
            case ExprOp::multiply: return multiply;
            case ExprOp::builtin: return builtin;
            case ExprOp::call_function: return call_function;
            case ExprOp::inline_call: return inline_call;
            case ExprOp::comprehension: return comprehension;
            case ExprOp::make_record:
            case ExprOp::list: return values_on_heap;
            default: return rest;
        }
    }
};

void assign_eval_handlers(Program& program) {
    for (Expr& e : program.exprs) {
        const bool field = e.op == ExprOp::player_field || e.op == ExprOp::card_field || e.op == ExprOp::space_field;
        if (field && program.expr(e.first3[0]).op == ExprOp::local) e.local_operand = program.expr(e.first3[0]).a;
        e.handler = EvalHandlers::choose(e);
    }
}

}  // namespace rulesrun::runtime
