// Small functions are copied into their callers: a call of `may_land(s, t, allowed)` becomes its body, evaluated
// with the arguments in fresh slots of the caller's frame. A call costs more than a small body (a frame, arguments
// copied, the base saved), and games call such helpers in their innermost loops.
//
// Copied: functions with an expression body that do not call themselves (even through others), whose body is small
// and holds no text (texts refer to templates, which are not copied). Functions of at most one argument that may
// remember their value keep their calls, since remembering usually saves more, unless their body is a few cheap
// operations (`forward(p) = if p == white then 1 else -1`, `opponent(p) = next_seat(p)`): looking up the value
// remembered costs more than working it out again, and board games call such helpers for every square. A call whose
// argument is the element of a comprehension (`[landing(c) for c in 1..7]`) is copied too: a function remembers its
// last argument only, which such a call changes at every element, so remembering would never pay.
#include <set>
#include <utility>

#include "compiler_impl.hpp"

namespace rulesrun::runtime {

namespace {

constexpr std::size_t max_inlined_body = 48;       // expressions in a body copied into callers
constexpr std::size_t max_program_growth = 4;      // the copies may make the program at most this many times larger
constexpr std::size_t max_cheap_body = 12;         // expressions in a body cheaper to evaluate than to remember

// Whether evaluating the tree `expr` takes a few steps: fields, numbers, comparisons, conditions and the built-ins
// that read a seat or a space, within `budget` expressions; no list made or walked, no call.
bool cheap_to_evaluate(const Program& p, std::int32_t expr, std::size_t& budget) {
    if (budget == 0) return false;
    --budget;
    const Expr& e = p.expr(expr);
    switch (e.op) {
        case ExprOp::local: case ExprOp::constant: case ExprOp::slot: case ExprOp::player_field:
        case ExprOp::card_field: case ExprOp::space_field: case ExprOp::record_field: case ExprOp::negate:
        case ExprOp::logical_not: case ExprOp::add: case ExprOp::subtract: case ExprOp::multiply: case ExprOp::less:
        case ExprOp::less_equal: case ExprOp::greater: case ExprOp::greater_equal: case ExprOp::logical_and:
        case ExprOp::logical_or: case ExprOp::if_then_else: case ExprOp::board_space: break;
        case ExprOp::equal:
        case ExprOp::not_equal:
            if (e.a != 0) return false;  // by content: lists, records, texts
            break;
        case ExprOp::builtin:
            switch (static_cast<Builtin>(e.a)) {
                case Builtin::first_player: case Builtin::seat: case Builtin::next_seat: case Builtin::previous_seat:
                case Builtin::abs: case Builtin::row: case Builtin::column: case Builtin::at: break;
                default: return false;
            }
            break;
        default: return false;
    }
    for (std::int32_t i = 0; i < e.child_count; ++i) {
        if (!cheap_to_evaluate(p, p.child(e, i), budget)) return false;
    }
    return true;
}

// The expressions of a tree, up to `limit`; -1 when it holds something that cannot be copied.
std::int64_t copyable_size(const Program& p, std::int32_t expr, std::size_t limit) {
    const Expr& e = p.expr(expr);
    if (e.op == ExprOp::interpolate || e.op == ExprOp::to_text || e.op == ExprOp::me || e.op == ExprOp::choice ||
        e.op == ExprOp::make_card) {
        return -1;
    }
    std::int64_t size = 1;
    for (std::int32_t i = 0; i < e.child_count && static_cast<std::size_t>(size) <= limit; ++i) {
        const std::int64_t child = copyable_size(p, p.child(e, i), limit);
        if (child < 0) return -1;
        size += child;
    }
    return size;
}

}  // namespace

bool calls_reach(const std::vector<std::vector<std::int32_t>>& callees, std::int32_t from, std::int32_t target) {
    std::vector<bool> seen(callees.size(), false);
    std::vector<std::int32_t> todo = {from};
    while (!todo.empty()) {
        const std::int32_t c = todo.back();
        todo.pop_back();
        for (const std::int32_t next : callees[static_cast<std::size_t>(c)]) {
            if (next == target) return true;
            if (!seen[static_cast<std::size_t>(next)]) {
                seen[static_cast<std::size_t>(next)] = true;
                todo.push_back(next);
            }
        }
    }
    return false;
}

std::vector<Compiler::Inlining> Compiler::inlinable_functions() const {
    const auto& callables = program_->callables;
    std::vector<std::vector<std::int32_t>> callees(callables.size());
    for (const auto& [caller, callee] : function_calls_) {
        const std::int32_t target = callee >= 0 ? callee : program_->score;
        if (target >= 0) callees[static_cast<std::size_t>(caller)].push_back(target);
    }
    std::vector<Inlining> inlinable(callables.size(), Inlining::never);
    for (std::size_t i = 0; i < callables.size(); ++i) {
        const Callable& c = callables[i];
        if (c.body < 0 || c.kind != "function") continue;
        const std::int64_t size = copyable_size(*program_, c.body, max_inlined_body);
        if (size < 0 || size > static_cast<std::int64_t>(max_inlined_body)) continue;
        if (calls_reach(callees, static_cast<std::int32_t>(i), static_cast<std::int32_t>(i))) continue;
        std::size_t budget = max_cheap_body;
        const bool remembers = c.params <= 1 && c.rememberable && !cheap_to_evaluate(*program_, c.body, budget);
        inlinable[i] = remembers ? Inlining::with_varying_argument : Inlining::always;
    }
    return inlinable;
}

// A copy of the tree `expr` for a caller whose frame holds the callee's slots from `slot_offset` on. A parameter p
// with arguments_read_in_place[p] >= 0 becomes a copy of that argument (a local of the caller or a constant).
std::int32_t Compiler::copy_body(std::int32_t expr, std::int32_t slot_offset, std::int32_t owner,
                                 const std::vector<std::int32_t>& arguments_read_in_place) {
    Expr e = program_->expr(expr);
    if (e.op == ExprOp::local && static_cast<std::size_t>(e.a) < arguments_read_in_place.size() &&
        arguments_read_in_place[static_cast<std::size_t>(e.a)] >= 0) {
        e = program_->expr(arguments_read_in_place[static_cast<std::size_t>(e.a)]);
        e.loc = program_->expr(expr).loc;
        expr_owner_.push_back(owner);
        program_->exprs.push_back(e);
        return static_cast<std::int32_t>(program_->exprs.size() - 1);
    }
    // Slots move into the caller's frame: locals, a comprehension's element, a copied call's parameters.
    if (e.op == ExprOp::local || e.op == ExprOp::comprehension || e.op == ExprOp::inline_call) e.a += slot_offset;
    if (e.op == ExprOp::builtin && static_cast<Builtin>(e.a) == Builtin::sorted && e.b != 0) e.b += slot_offset;  // its key's slot + 1
    std::vector<std::int32_t> children;
    for (std::int32_t i = 0; i < e.child_count; ++i) {
        children.push_back(copy_body(program_->child(program_->expr(expr), i), slot_offset, owner, arguments_read_in_place));
    }
    for (std::size_t i = 0; i < 3; ++i) e.first3[i] = i < children.size() ? children[i] : -1;
    e.first_child = static_cast<std::int32_t>(program_->expr_children.size());
    program_->expr_children.insert(program_->expr_children.end(), children.begin(), children.end());
    if (e.op == ExprOp::interpolate) {  // a text's holes are expressions too
        Template copy = program_->templates[static_cast<std::size_t>(e.a)];
        for (std::int32_t& hole : copy.holes) hole = copy_body(hole, slot_offset, owner, arguments_read_in_place);
        program_->templates.push_back(std::move(copy));
        e.a = static_cast<std::int32_t>(program_->templates.size() - 1);
    }
    expr_owner_.push_back(owner);
    program_->exprs.push_back(e);
    return static_cast<std::int32_t>(program_->exprs.size() - 1);
}

void Compiler::inline_small_functions() {
    const std::vector<Inlining> inlinable = inlinable_functions();
    // The slots of each callable's comprehension elements, as (callable, slot).
    std::set<std::pair<std::int32_t, std::int32_t>> element_slots;
    for (std::size_t i = 0; i < program_->exprs.size(); ++i) {
        if (program_->exprs[i].op == ExprOp::comprehension) element_slots.emplace(expr_owner_[i], program_->exprs[i].a);
    }
    const auto varying_argument = [&](const Expr& call, std::int32_t owner) {
        if (call.child_count != 1) return false;
        const Expr& argument = program_->expr(call.first3[0]);
        return argument.op == ExprOp::local && element_slots.count({owner, argument.a}) > 0;
    };
    const std::size_t limit = max_program_growth * program_->exprs.size() + 1024;
    // Copies are appended and looked at in turn, so calls inside a copied body are copied too.
    for (std::size_t i = 0; i < program_->exprs.size() && program_->exprs.size() < limit; ++i) {
        const Expr call = program_->exprs[i];
        if (call.op != ExprOp::call_function) continue;
        const Inlining how = inlinable[static_cast<std::size_t>(call.a)];
        if (how == Inlining::never) continue;
        if (call.child_count >= max_expr_children) continue;  // no room for the body after the arguments
        const std::int32_t owner = expr_owner_[i];
        if (owner < 0) continue;
        if (how == Inlining::with_varying_argument && !varying_argument(call, owner)) continue;
        const Callable callee = program_->callables[static_cast<std::size_t>(call.a)];
        Callable& caller = program_->callables[static_cast<std::size_t>(owner)];
        const std::int32_t offset = caller.locals;
        caller.locals += callee.locals;
        caller.local_types.insert(caller.local_types.end(), callee.local_types.begin(), callee.local_types.end());
        std::vector<std::int32_t> children(program_->expr_children.begin() + call.first_child,
                                           program_->expr_children.begin() + call.first_child + call.child_count);
        // A local or constant argument is read in place by the copy: nothing can change the caller's local while
        // the body, an expression, is evaluated (its own comprehensions and copies have slots of their own).
        std::vector<std::int32_t> read_in_place(children.size(), -1);
        std::int32_t evaluated_mask = -1;
        for (std::size_t k = 0; k < children.size() && k < 31; ++k) {
            const ExprOp op = program_->expr(children[k]).op;
            if (op != ExprOp::local && op != ExprOp::constant) continue;
            read_in_place[k] = children[k];
            evaluated_mask &= ~(std::int32_t{1} << k);
        }
        children.push_back(copy_body(callee.body, offset, owner, read_in_place));
        Expr& inlined = program_->exprs[i];
        inlined.op = ExprOp::inline_call;
        inlined.direct[0] = evaluated_mask;
        inlined.b = inlined.a;
        inlined.a = offset;
        for (std::size_t k = 0; k < 3; ++k) inlined.first3[k] = k < children.size() ? children[k] : -1;
        inlined.first_child = static_cast<std::int32_t>(program_->expr_children.size());
        inlined.child_count = static_cast<std::uint16_t>(children.size());  // the call's arguments and the body
        program_->expr_children.insert(program_->expr_children.end(), children.begin(), children.end());
    }
}

}  // namespace rulesrun::runtime
