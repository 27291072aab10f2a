// What each function's value depends on, so that the machine can let it remember its value until something it reads
// changes (see StateKind in program.hpp). Every expression is noted in the callable being compiled; calls are
// followed once everything is compiled.
#include "compiler_impl.hpp"

namespace rulesrun::runtime {

namespace {

// The kinds of state a built-in function reads beyond its arguments, or -1 when it draws chance (the checker refuses
// chance in functions today; if that changes, such a function must not remember its value).
int builtin_reads(Builtin b) {
    switch (b) {
        case Builtin::roll:
        case Builtin::random: return -1;
        case Builtin::spaces:
        case Builtin::alive:
        case Builtin::clockwise:
        case Builtin::counterclockwise:
        case Builtin::neighbours: return bit(StateKind::spaces);
        default: return 0;
    }
}

}  // namespace

void Compiler::note_reads(const Expr& e) {
    if (current_callable_ < 0) return;
    Callable& c = program_->callables[static_cast<std::size_t>(current_callable_)];
    if (e.kind == ValueKind::zone) c.reads |= bit(StateKind::zones);  // a zone's cards are read through it
    switch (e.op) {
        case ExprOp::slot:  // options and decks (the slots below the state fields) keep what the settings gave them
            if (e.a >= program_->state_field_base) c.reads |= bit(StateKind::state_fields);
            break;
        case ExprOp::player_field: c.reads |= bit(StateKind::player_fields); break;
        case ExprOp::card_field: c.reads |= bit(StateKind::card_fields); break;
        case ExprOp::space_field: c.reads |= bit(StateKind::spaces); break;
        case ExprOp::zone_list: c.reads |= bit(StateKind::zones); break;
        // Tables' cells and texts (a card shown by its fields) read what they like: assume everything.
        case ExprOp::table_lookup:
        case ExprOp::to_text:
        case ExprOp::interpolate: c.reads = reads_everything; break;
        case ExprOp::me:
        case ExprOp::choice: c.rememberable = false; break;
        case ExprOp::builtin: {
            const int reads = builtin_reads(static_cast<Builtin>(e.a));
            if (reads < 0) c.rememberable = false;
            else c.reads |= static_cast<std::uint8_t>(reads);
            break;
        }
        case ExprOp::call_function: function_calls_.emplace_back(current_callable_, e.a); break;
        case ExprOp::make_card: c.rememberable = false; break;  // each call makes new cards (a deck's helper)
        case ExprOp::score: function_calls_.emplace_back(current_callable_, -1); break;
        default: break;
    }
}

void Compiler::settle_function_dependencies() {
    auto& callables = program_->callables;
    for (bool changed = true; changed;) {  // until nothing grows: calls may form cycles (recursion)
        changed = false;
        for (const auto& [caller, callee_or_score] : function_calls_) {
            const std::int32_t callee = callee_or_score >= 0 ? callee_or_score : program_->score;
            if (callee < 0) continue;
            Callable& a = callables[static_cast<std::size_t>(caller)];
            const Callable& b = callables[static_cast<std::size_t>(callee)];
            const auto reads = static_cast<std::uint8_t>(a.reads | b.reads);
            const bool rememberable = a.rememberable && b.rememberable;
            if (reads == a.reads && rememberable == a.rememberable) continue;
            a.reads = reads;
            a.rememberable = rememberable;
            changed = true;
        }
    }
}

}  // namespace rulesrun::runtime
