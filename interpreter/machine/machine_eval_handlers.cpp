// Expression handlers: each Expr carries the function that evaluates it, chosen once the program is compiled.
//
// The frequent, simple expressions (fields, comparisons, arithmetic, logic) get a small function each: no switch to
// go through, a small stack frame, and a call site of their own for the processor to predict. Everything else, and
// every error, goes to Machine::eval_rest, which knows every expression.
#include "machine.hpp"

namespace rulesrun::runtime {

namespace {

// How a handler reads one of its first two children: through eval, or straight from the frame (a local) or from the
// expression itself (a constant), one dependent load or two fewer.
// A field of a local (`s.owner == p`, `p.coins > 0`, the most frequent operands of board and card games) is read in
// place too, without a call to its own handler.
enum class Fetch : std::uint8_t { eval, local, constant, space_field_of_local, player_field_of_local };

Fetch fetch_of(const Program& p, const Expr& child) {
    if (child.op == ExprOp::local) return Fetch::local;
    if (child.op == ExprOp::constant) return Fetch::constant;
    const bool of_local = child.child_count == 1 && p.expr(child.first3[0]).op == ExprOp::local;
    if (of_local && child.op == ExprOp::space_field && child.b >= 0) return Fetch::space_field_of_local;
    if (of_local && child.op == ExprOp::player_field) return Fetch::player_field_of_local;
    return Fetch::eval;
}

// A space of a grid by its row and column (two children, read like a binary operation's).
bool is_grid_space(const Program& p, const Expr& e) {
    return e.op == ExprOp::board_space && p.boards[static_cast<std::size_t>(e.a)].grid;
}

}  // namespace

// size, and top or first, of a list or zone that is not a comprehension (those are counted, or searched, without a
// list); sum, max, min and count without the built-ins' switch; at, the most frequent built-in of board games.
EvalKind builtin_kind(const Program& p, const Expr& e) {
    auto of_comprehension = [&] { return p.expr(e.first3[0]).op == ExprOp::comprehension; };  // when it has a child
    switch (static_cast<Builtin>(e.a)) {
        case Builtin::at: return EvalKind::at;
        case Builtin::size: return of_comprehension() ? EvalKind::builtin : EvalKind::size;
        case Builtin::top:
        case Builtin::first: return of_comprehension() ? EvalKind::builtin : EvalKind::top;  // a search
        case Builtin::sum:
        case Builtin::max:
        case Builtin::min: return EvalKind::fold_numbers;
        case Builtin::count: return EvalKind::count_equal;
        default: return EvalKind::builtin;
    }
}

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
    // A field read in place whose object is wrong (none, another kind): its own handler says what.
    [[gnu::noinline, gnu::cold]] static Value field_error(Machine& m, std::int32_t field) { return m.eval(field); }
    // Child i (0 or 1), read as `F` says.
    template <Fetch F>
    static Value operand(Machine& m, const Expr& e, int i) {
        if constexpr (F == Fetch::local) return m.frame_[e.direct[i]];
        if constexpr (F == Fetch::constant) return e.direct[i];
        if constexpr (F == Fetch::space_field_of_local) {
            const Expr& field = m.exprs_[e.first3[i]];
            const Value space = m.frame_[field.direct[0]];
            if (static_cast<std::size_t>(space) >= m.in_.space_base.size()) return field_error(m, e.first3[i]);
            return m.s_.slots[static_cast<std::size_t>(m.in_.space_base[static_cast<std::size_t>(space)] + field.a)];
        }
        if constexpr (F == Fetch::player_field_of_local) {
            const Expr& field = m.exprs_[e.first3[i]];
            const Value player = m.frame_[field.direct[0]];
            if (static_cast<std::uint32_t>(player) >= static_cast<std::uint32_t>(m.in_.players)) return field_error(m, e.first3[i]);
            return m.s_.slots[static_cast<std::size_t>(m.in_.player_base + player * m.in_.player_stride + field.a)];
        }
        return m.eval(e.first3[i]);
    }

    // The same, when the object is a local (`s.owner`, `c.value`): read straight from the frame.
    static Value local_of(Machine& m, const Expr& e) { return operand<Fetch::local>(m, e, 0); }
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

    // Two operands read as L and R say. Op is a struct with `static Value run(Machine&, const Expr&, Value, Value)`
    // for the operations that always read both (the logical ones read the second only when needed).
    template <typename Op, Fetch L, Fetch R>
    static Value binary(Machine& m, const Expr& e) {
        const Value left = operand<L>(m, e, 0);  // left first: the order chance is drawn in is the written one
        const Value right = operand<R>(m, e, 1);
        return Op::run(m, e, left, right);
    }
    template <Fetch L, Fetch R>
    static Value logical_and(Machine& m, const Expr& e) { return operand<L>(m, e, 0) && operand<R>(m, e, 1); }
    template <Fetch L, Fetch R>
    static Value logical_or(Machine& m, const Expr& e) { return operand<L>(m, e, 0) || operand<R>(m, e, 1); }
    static Value logical_not(Machine& m, const Expr& e) { return !m.eval(e.first3[0]); }
    static Value negate(Machine& m, const Expr& e) {
        const Value v = m.eval(e.first3[0]);
        if (v == none_value) return rest(m, e);
        return -v;  // never overflows: -2^31 is none, not a number
    }
    static Value if_then_else(Machine& m, const Expr& e) {
        return m.eval(e.first3[0]) ? m.eval(e.first3[1]) : m.eval(e.first3[2]);
    }
    // Values compared by identity (numbers, players, cards, enums...; a == 0), not by content.
    struct Same {
        static Value run(Machine&, const Expr&, Value a, Value b) { return a == b; }
    };
    struct NotSame {
        static Value run(Machine&, const Expr&, Value a, Value b) { return a != b; }
    };
    // Numbers: `none` on either side goes to eval_rest, which says which side it is.
    template <typename Operation>
    struct Numbers {
        static Value run(Machine& m, const Expr& e, Value a, Value b) {
            if (a == none_value || b == none_value) return rest(m, e);
            return Operation::run(m, e, std::int64_t{a}, std::int64_t{b});
        }
    };
    struct Less {
        static Value run(Machine&, const Expr&, std::int64_t a, std::int64_t b) { return a < b; }
    };
    struct LessEqual {
        static Value run(Machine&, const Expr&, std::int64_t a, std::int64_t b) { return a <= b; }
    };
    struct Greater {
        static Value run(Machine&, const Expr&, std::int64_t a, std::int64_t b) { return a > b; }
    };
    struct GreaterEqual {
        static Value run(Machine&, const Expr&, std::int64_t a, std::int64_t b) { return a >= b; }
    };
    struct Add {
        static Value run(Machine& m, const Expr& e, std::int64_t a, std::int64_t b) { return m.checked(a + b, e.loc); }
    };
    struct Subtract {
        static Value run(Machine& m, const Expr& e, std::int64_t a, std::int64_t b) { return m.checked(a - b, e.loc); }
    };
    struct Multiply {
        static Value run(Machine& m, const Expr& e, std::int64_t a, std::int64_t b) { return m.checked(a * b, e.loc); }
    };
    template <typename Op, Fetch L, Fetch R>
    struct Binary {
        static constexpr EvalHandler handler = binary<Op, L, R>;
    };
    template <typename Op, Fetch L, Fetch R>
    struct And {
        static constexpr EvalHandler handler = logical_and<L, R>;
    };
    template <typename Op, Fetch L, Fetch R>
    struct Or {
        static constexpr EvalHandler handler = logical_or<L, R>;
    };
    // The instance of H<Op, L, R> for these operands' kinds.
    template <template <typename, Fetch, Fetch> class H, typename Op, Fetch L>
    static EvalHandler by_right_operand(Fetch right) {
        switch (right) {
            case Fetch::eval: return H<Op, L, Fetch::eval>::handler;
            case Fetch::local: return H<Op, L, Fetch::local>::handler;
            case Fetch::constant: return H<Op, L, Fetch::constant>::handler;
            case Fetch::space_field_of_local: return H<Op, L, Fetch::space_field_of_local>::handler;
            case Fetch::player_field_of_local: return H<Op, L, Fetch::player_field_of_local>::handler;
        }
        return nullptr;
    }
    template <template <typename, Fetch, Fetch> class H, typename Op = void>
    static EvalHandler by_operands(Fetch left, Fetch right) {
        switch (left) {
            case Fetch::eval: return by_right_operand<H, Op, Fetch::eval>(right);
            case Fetch::local: return by_right_operand<H, Op, Fetch::local>(right);
            case Fetch::constant: return by_right_operand<H, Op, Fetch::constant>(right);
            case Fetch::space_field_of_local: return by_right_operand<H, Op, Fetch::space_field_of_local>(right);
            case Fetch::player_field_of_local: return by_right_operand<H, Op, Fetch::player_field_of_local>(right);
        }
        return nullptr;
    }

    static Value values_on_heap(Machine& m, const Expr& e) { return m.values_on_heap(e); }
    static Value builtin(Machine& m, const Expr& e) { return m.builtin(e); }
    static Value size(Machine& m, const Expr& e) { return m.sequence(e.first3[0]).length; }
    static Value top(Machine& m, const Expr& e) {
        const Sequence s = m.sequence(e.first3[0]);
        return s.length > 0 ? m.element(s, 0) : none_value;
    }
    static Value at(Machine& m, const Expr& e) {
        const Value space = m.eval(e.first3[0]);
        if (static_cast<std::size_t>(space) >= m.in_.space_base.size()) m.not_a_space(e.loc);
        const std::int64_t rows = m.eval(e.first3[1]), columns = m.eval(e.first3[2]);
        return m.space_at(space, rows, columns);
    }
    // squares[r, c]: a grid's space, its row and column read as R and C say; none off the board.
    template <Fetch R, Fetch C>
    static Value grid_space(Machine& m, const Expr& e) {
        const Value r = operand<R>(m, e, 0);  // the row first: the order chance is drawn in is the written one
        return m.grid_space(static_cast<std::size_t>(e.a), r, operand<C>(m, e, 1));
    }
    template <typename, Fetch R, Fetch C>
    struct GridSpace {
        static constexpr EvalHandler handler = grid_space<R, C>;
    };
    static Value board_space(Machine& m, const Expr& e) { return m.board_space(e); }  // a ring's or a track's
    static Value call_function(Machine& m, const Expr& e) { return m.call_function(e); }
    static Value fold_numbers(Machine& m, const Expr& e) { return m.fold_numbers(e); }
    static Value count_equal(Machine& m, const Expr& e) { return m.count_equal(e); }
    static Value inline_call(Machine& m, const Expr& e) { return m.inline_call(e); }
    static Value comprehension(Machine& m, const Expr& e) { return m.comprehension(e); }

    // The instance of the binary handler for this kind and these operands.
    static EvalHandler binary_handler(EvalKind kind, Fetch left, Fetch right) {
        switch (kind) {
            case EvalKind::logical_and: return by_operands<And>(left, right);
            case EvalKind::logical_or: return by_operands<Or>(left, right);
            case EvalKind::same: return by_operands<Binary, Same>(left, right);
            case EvalKind::not_same: return by_operands<Binary, NotSame>(left, right);
            case EvalKind::less: return by_operands<Binary, Numbers<Less>>(left, right);
            case EvalKind::less_equal: return by_operands<Binary, Numbers<LessEqual>>(left, right);
            case EvalKind::greater: return by_operands<Binary, Numbers<Greater>>(left, right);
            case EvalKind::greater_equal: return by_operands<Binary, Numbers<GreaterEqual>>(left, right);
            case EvalKind::add: return by_operands<Binary, Numbers<Add>>(left, right);
            case EvalKind::subtract: return by_operands<Binary, Numbers<Subtract>>(left, right);
            case EvalKind::multiply: return by_operands<Binary, Numbers<Multiply>>(left, right);
            default: return nullptr;
        }
    }

    static EvalHandler choose(const Program& p, const Expr& e) {
        const EvalKind kind = eval_kind(p, e);
        if (is_binary(kind)) {
            return binary_handler(kind, fetch_of(p, p.expr(e.first3[0])), fetch_of(p, p.expr(e.first3[1])));
        }
        if (kind == EvalKind::board_space && is_grid_space(p, e))
            return by_operands<GridSpace>(fetch_of(p, p.expr(e.first3[0])), fetch_of(p, p.expr(e.first3[1])));
        const bool of_local = e.direct[0] >= 0;
        switch (kind) {
            case EvalKind::constant: return constant;
            case EvalKind::local: return local;
            case EvalKind::slot: return slot;
            case EvalKind::zone: return zone;
            case EvalKind::player_field: return of_local ? player_field_of_local : player_field;
            case EvalKind::card_field: return of_local ? card_field_of_local : card_field;
            case EvalKind::space_field: return of_local ? space_field_of_local : space_field;
            case EvalKind::record_field: return record_field;
            case EvalKind::logical_not: return logical_not;
            case EvalKind::if_then_else: return if_then_else;
            case EvalKind::negate: return negate;
            case EvalKind::at: return at;
            case EvalKind::size: return size;
            case EvalKind::top: return top;
            case EvalKind::fold_numbers: return fold_numbers;
            case EvalKind::count_equal: return count_equal;
            case EvalKind::builtin: return builtin;
            case EvalKind::call_function: return call_function;
            case EvalKind::inline_call: return inline_call;
            case EvalKind::comprehension: return comprehension;
            case EvalKind::values_on_heap: return values_on_heap;
            case EvalKind::board_space: return board_space;
            default: return rest;
        }
    }
};

// How each expression is evaluated: the interpreter's handlers here, and the native engine's generated code
// (native_source.cpp), follow the same choice.
EvalKind eval_kind(const Program& p, const Expr& e) {
    if (e.child_count == 2) {
        switch (e.op) {
            case ExprOp::logical_and: return EvalKind::logical_and;
            case ExprOp::logical_or: return EvalKind::logical_or;
            case ExprOp::equal: return e.a == 0 ? EvalKind::same : EvalKind::rest;  // a == 1: by content
            case ExprOp::not_equal: return e.a == 0 ? EvalKind::not_same : EvalKind::rest;
            case ExprOp::less: return EvalKind::less;
            case ExprOp::less_equal: return EvalKind::less_equal;
            case ExprOp::greater: return EvalKind::greater;
            case ExprOp::greater_equal: return EvalKind::greater_equal;
            case ExprOp::add: return EvalKind::add;
            case ExprOp::subtract: return EvalKind::subtract;
            case ExprOp::multiply: return EvalKind::multiply;
            default: break;
        }
    }
    switch (e.op) {
        case ExprOp::constant:
        case ExprOp::text_constant: return EvalKind::constant;
        case ExprOp::local: return EvalKind::local;
        case ExprOp::slot: return EvalKind::slot;
        case ExprOp::zone: return EvalKind::zone;
        case ExprOp::player_field: return EvalKind::player_field;
        case ExprOp::card_field: return e.b < 0 ? EvalKind::rest : EvalKind::card_field;  // b < 0: a field by name
        case ExprOp::space_field: return e.b < 0 ? EvalKind::rest : EvalKind::space_field;
        case ExprOp::record_field: return EvalKind::record_field;
        case ExprOp::logical_not: return EvalKind::logical_not;
        case ExprOp::if_then_else: return EvalKind::if_then_else;
        case ExprOp::negate: return EvalKind::negate;
        case ExprOp::builtin: return builtin_kind(p, e);
        case ExprOp::call_function: return EvalKind::call_function;
        case ExprOp::inline_call: return EvalKind::inline_call;
        case ExprOp::comprehension: return EvalKind::comprehension;
        case ExprOp::make_record:
        case ExprOp::list: return EvalKind::values_on_heap;
        case ExprOp::board_space: return EvalKind::board_space;
        default: return EvalKind::rest;
    }
}

void assign_eval_handlers(Program& program) {
    for (Expr& e : program.exprs) {
        const bool field = e.op == ExprOp::player_field || e.op == ExprOp::card_field || e.op == ExprOp::space_field;
        if (field && program.expr(e.first3[0]).op == ExprOp::local) e.direct[0] = program.expr(e.first3[0]).a;
        if (is_binary(eval_kind(program, e)) || is_grid_space(program, e)) {
            e.direct[0] = program.expr(e.first3[0]).a;  // a local's slot or a constant's value; unread when the child
            e.direct[1] = program.expr(e.first3[1]).a;  // is evaluated
        }
        e.handler = EvalHandlers::choose(program, e);
    }
}

}  // namespace rulesrun::runtime
