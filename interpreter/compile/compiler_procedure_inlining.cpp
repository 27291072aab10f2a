// Small procedures are copied into their callers: a call of `take_from_path(share)` becomes an assignment of the
// argument to a fresh slot of the caller's frame, then the procedure's own instructions, working on such slots. A
// call and its return cost more than most procedures' bodies (a frame pushed and popped, its locals cleared, the
// instruction loop left and entered again), and games call their small procedures in every round.
//
// Copied: procedures that do not call themselves (even through others), of at most max_inlined_instructions
// instructions, whose expressions belong to no strategy and make no card. Calls inside a copy are copied in the next
// round, up to max_inlining_rounds deep, while the code stays under max_code_growth times its first size. A copy has
// copies of the procedure's expressions, choices, menus and texts, their slots moved into the caller's frame; a
// `return` jumps to the copy's end. Errors in a copy still name the procedure: Machine::fail finds it by location.
#include "compiler_impl.hpp"

namespace rulesrun::runtime {

namespace {

constexpr std::int32_t max_inlined_instructions = 64;
constexpr int max_inlining_rounds = 4;
constexpr std::size_t max_code_growth = 4;

// Calls `f` on every field of the instruction that holds an instruction index.
template <class F>
void each_target(Instr& in, F&& f) {
    switch (in.code) {
        case Code::jump:
        case Code::jump_unless: f(in.a); break;
        case Code::for_next:
        case Code::for_zone_next:
        case Code::for_numbers_next:
        case Code::repeat_next:
        case Code::simultaneous_next: f(in.d); break;
        default: break;
    }
}

// Which callable each instruction belongs to (-1: none).
std::vector<std::int32_t> code_owners(const Program& p) {
    std::vector<std::int32_t> owners(p.code.size(), -1);
    for (std::size_t c = 0; c < p.callables.size(); ++c) {
        const Callable& callable = p.callables[c];
        for (std::int32_t pc = callable.entry; pc >= 0 && pc < callable.code_end; ++pc)
            owners[static_cast<std::size_t>(pc)] = static_cast<std::int32_t>(c);
    }
    return owners;
}

}  // namespace

std::vector<bool> Compiler::inlinable_procedures() const {
    const Program& p = *program_;
    std::vector<bool> copyable(p.callables.size(), true);
    for (std::size_t i = 0; i < p.exprs.size(); ++i) {
        const ExprOp op = p.exprs[i].op;
        const bool uncopyable = op == ExprOp::me || op == ExprOp::choice || op == ExprOp::make_card;
        if (uncopyable && expr_owner_[i] >= 0) copyable[static_cast<std::size_t>(expr_owner_[i])] = false;
    }
    std::vector<std::vector<std::int32_t>> callees(p.callables.size());
    for (std::size_t c = 0; c < p.callables.size(); ++c) {
        for (std::int32_t pc = p.callables[c].entry; pc >= 0 && pc < p.callables[c].code_end; ++pc) {
            const Instr& in = p.code[static_cast<std::size_t>(pc)];
            if (in.code == Code::call) callees[c].push_back(in.a);
            if (in.code == Code::ret_value || in.code == Code::begin_play) copyable[c] = false;
        }
    }
    std::vector<bool> inlinable(p.callables.size(), false);
    for (std::size_t c = 0; c < p.callables.size(); ++c) {
        const Callable& callable = p.callables[c];
        if (callable.kind != "procedure" || callable.entry < 0 || !copyable[c]) continue;
        if (callable.code_end - callable.entry > max_inlined_instructions) continue;
        inlinable[c] = !calls_reach(callees, static_cast<std::int32_t>(c), static_cast<std::int32_t>(c));
    }
    return inlinable;
}

void Compiler::inline_small_procedures() {
    const std::size_t limit = max_code_growth * program_->code.size() + 256;
    for (int round = 0; round < max_inlining_rounds; ++round) {
        if (!copy_procedure_calls(inlinable_procedures(), limit)) return;
    }
}

// One round: the calls of inlinable procedures become copies. The code is laid out again, so every instruction
// index held anywhere (targets, entries, choices, menus) moves to the new layout. Returns whether anything was copied.
bool Compiler::copy_procedure_calls(const std::vector<bool>& inlinable, std::size_t limit) {
    const std::vector<Instr> old = program_->code;
    const std::vector<std::int32_t> owners = code_owners(*program_);
    const std::size_t choices_before = program_->choices.size(), menus_before = program_->menus.size();
    std::vector<std::int32_t> moved(old.size() + 1, 0);  // the new index of each old instruction (and of the end)
    std::vector<Instr> code;
    std::vector<bool> placed;  // per new instruction: its targets are new indexes already (the copies' are)
    bool copied = false;
    for (std::size_t pc = 0; pc < old.size(); ++pc) {
        moved[pc] = static_cast<std::int32_t>(code.size());
        const Instr& in = old[pc];
        const bool copy = in.code == Code::call && inlinable[static_cast<std::size_t>(in.a)] && owners[pc] >= 0 &&
                          code.size() + static_cast<std::size_t>(max_inlined_instructions) < limit;
        if (!copy) {
            code.push_back(in);
            placed.push_back(false);
            continue;
        }
        copy_procedure(in, owners[pc], old, code);
        placed.resize(code.size(), true);
        copied = true;
    }
    moved[old.size()] = static_cast<std::int32_t>(code.size());
    if (!copied) return false;
    auto move = [&moved](std::int32_t& pc) { pc = moved[static_cast<std::size_t>(pc)]; };
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (!placed[i]) each_target(code[i], move);
    }
    for (Callable& c : program_->callables) {
        if (c.entry < 0) continue;
        move(c.entry);
        move(c.code_end);
    }
    for (std::size_t i = 0; i < choices_before; ++i) {
        if (program_->choices[i].simultaneous_next >= 0) move(program_->choices[i].simultaneous_next);
    }
    for (std::size_t i = 0; i < menus_before; ++i) {
        for (std::int32_t& target : program_->menus[i].targets) move(target);
    }
    program_->code = std::move(code);
    return true;
}

// Appends to `code` the copy of `call` for the callable `owner`: the arguments into the callee's slots, moved into
// the caller's frame, then the callee's instructions but its final ret.
void Compiler::copy_procedure(const Instr& call, std::int32_t owner, const std::vector<Instr>& old, std::vector<Instr>& code) {
    const Callable callee = program_->callables[static_cast<std::size_t>(call.a)];
    Callable& caller = program_->callables[static_cast<std::size_t>(owner)];
    const std::int32_t offset = caller.locals;
    caller.locals += callee.locals;
    caller.local_types.insert(caller.local_types.end(), callee.local_types.begin(), callee.local_types.end());
    for (std::int32_t i = 0; i < call.arg_count; ++i) {
        Instr argument;
        argument.code = Code::set_local;
        argument.a = offset + i;
        argument.e1 = program_->expr_children[static_cast<std::size_t>(call.first_arg + i)];
        argument.loc = call.loc;
        code.push_back(argument);
    }
    const auto start = static_cast<std::int32_t>(code.size());
    const CopyPlace place{offset, owner, start - callee.entry, start + (callee.code_end - 1 - callee.entry)};
    for (std::int32_t pc = callee.entry; pc < callee.code_end - 1; ++pc) {
        Instr in = old[static_cast<std::size_t>(pc)];
        copy_instruction(in, place);
        code.push_back(in);
    }
}

// An instruction of a copied procedure: its expressions copied, its slots and targets moved.
void Compiler::copy_instruction(Instr& in, const CopyPlace& place) {
    auto expr = [&](std::int32_t& e) {
        if (e >= 0) e = copy_body(e, place.slot_offset, place.owner, {});
    };
    auto slot = [&](std::int32_t& s) { s += place.slot_offset; };
    each_target(in, [&](std::int32_t& pc) { pc += place.code_offset; });
    switch (in.code) {
        case Code::jump:
        case Code::begin_play:
        case Code::check_end: break;
        case Code::ret:  // `return`: on after the copy
            in.code = Code::jump;
            in.a = place.end;
            break;
        case Code::jump_unless:
        case Code::set_slot:
        case Code::ret_value:
        case Code::shuffle:
        case Code::end_game:
        case Code::drop_space: expr(in.e1); break;
        case Code::set_local:
        case Code::repeat_begin:
        case Code::simultaneous_begin:
            expr(in.e1);
            slot(in.a);
            break;
        case Code::set_player_field:
        case Code::set_card_field:
        case Code::set_space_field:
        case Code::record_stat:
        case Code::say:
        case Code::show:
            expr(in.e1);
            expr(in.e2);
            break;
        case Code::tell:
            expr(in.e1);
            expr(in.e2);
            expr(in.e3);
            slot(in.a);
            break;
        case Code::move:
            expr(in.e1);
            expr(in.e2);
            expr(in.e3);
            break;
        case Code::call: {
            std::vector<std::int32_t> arguments;
            for (std::int32_t i = 0; i < in.arg_count; ++i)
                arguments.push_back(copy_body(program_->expr_children[static_cast<std::size_t>(in.first_arg + i)],
                                              place.slot_offset, place.owner, {}));
            in.first_arg = static_cast<std::int32_t>(program_->expr_children.size());
            program_->expr_children.insert(program_->expr_children.end(), arguments.begin(), arguments.end());
            break;
        }
        case Code::for_begin:
        case Code::for_zone_begin:
        case Code::for_numbers_begin:
            expr(in.e1);
            slot(in.a);
            slot(in.b);
            break;
        case Code::for_next:
        case Code::for_zone_next:
        case Code::for_numbers_next:
            slot(in.a);
            slot(in.b);
            slot(in.c);
            break;
        case Code::repeat_next: slot(in.a); break;
        case Code::simultaneous_next:
            slot(in.a);
            slot(in.c);
            break;
        case Code::choose: in.a = copy_choice(in.a, place); break;
        case Code::menu: in.a = copy_menu(in.a, place); break;
    }
}

std::int32_t Compiler::copy_choice(std::int32_t index, const CopyPlace& place) {
    Choice c = program_->choices[static_cast<std::size_t>(index)];
    for (std::int32_t* e : {&c.domain, &c.where, &c.total_target, &c.total_amount, &c.chooser, &c.prompt}) {
        if (*e >= 0) *e = copy_body(*e, place.slot_offset, place.owner, {});
    }
    c.slot += place.slot_offset;
    if (c.total_slot >= 0) c.total_slot += place.slot_offset;
    if (c.simultaneous_slot >= 0) c.simultaneous_slot += place.slot_offset;
    if (c.simultaneous_next >= 0) c.simultaneous_next += place.code_offset;
    program_->choices.push_back(std::move(c));
    return static_cast<std::int32_t>(program_->choices.size() - 1);
}

std::int32_t Compiler::copy_menu(std::int32_t index, const CopyPlace& place) {
    Menu m = program_->menus[static_cast<std::size_t>(index)];
    for (std::int32_t* e : {&m.chooser, &m.prompt}) {
        if (*e >= 0) *e = copy_body(*e, place.slot_offset, place.owner, {});
    }
    for (std::int32_t& condition : m.conditions) {
        if (condition >= 0) condition = copy_body(condition, place.slot_offset, place.owner, {});
    }
    for (std::int32_t& target : m.targets) target += place.code_offset;
    program_->menus.push_back(std::move(m));
    return static_cast<std::int32_t>(program_->menus.size() - 1);
}

}  // namespace rulesrun::runtime
