// The instruction loop: runs until a decision is pending, the game ends, or (inside a function) the function returns.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {


// One instruction, whose code is given apart so that each copy run_until makes of this keeps only its own case.
// Most go on in the same frame; calls, returns, events and the end change the frames.
inline Machine::Flow Machine::step(Code code, const Instr& in, std::int32_t& pc) {
    auto next = [&pc] { ++pc; };
    // Before anything that reads the frame's position or changes the frames.
    auto sync = [this, &pc] { s_.frames.back().pc = pc; };
    auto local = [this](std::int32_t slot) -> Value& { return frame_[slot]; };
    switch (code) {
        case Code::jump:  // every loop goes back through a jump, for_next or repeat_next: they count the steps
            charge(1, in.loc);
            pc = in.a;
            return Flow::next;
        case Code::jump_unless: {
            const Value v = eval(in.e1);
            pc = v ? pc + 1 : in.a;
            return Flow::next;
        }
        case Code::set_local: {
            const Value v = eval(in.e1);
            local(in.a) = in.b ? checked(combine(local(in.a), v, in.b), in.loc) : v;
            next();
            return Flow::next;
        }
        case Code::set_slot: {
            const Value v = eval(in.e1);
            Value& target = s_.slots[static_cast<std::size_t>(in.a)];
            target = in.b ? checked(combine(target, v, in.b), in.loc) : v;
            changed(StateKind::state_fields);
            next();
            return Flow::next;
        }
        case Code::set_player_field:
        case Code::set_card_field:
        case Code::set_space_field: {
            const Value object = eval(in.e2);
            const Value v = eval(in.e1);
            // `code`, not in.code: each instruction's copy in the loop keeps only its own kind of field.
            const std::int32_t slot = code == Code::set_player_field ? player_slot(object, in.a, in.loc)
                                      : code == Code::set_card_field ? card_slot(object, in.a, in.c, in.loc)
                                                                     : space_slot(object, in.a, in.c, in.loc);
            Value& target = s_.slots[static_cast<std::size_t>(slot)];
            target = in.b ? checked(combine(target, v, in.b), in.loc) : v;
            changed(code == Code::set_player_field ? StateKind::player_fields
                    : code == Code::set_card_field ? StateKind::card_fields
                                                   : StateKind::spaces);
            next();
            return Flow::next;
        }
        case Code::call: sync(); call_procedure(in); return Flow::switched;
        case Code::ret_value: returned_ = eval(in.e1); [[fallthrough]];
        case Code::ret: {
            s_.locals.pop_to(static_cast<std::size_t>(s_.frames.back().base));
            s_.frames.pop_back();
            return Flow::switched;
        }
        case Code::for_begin: {
            const Sequence seq = sequence(in.e1);
            local(in.a) = seq.kind == Sequence::Kind::heap ? seq.begin - 1 : make_list(seq, in.loc);
            local(in.b) = 0;
            next();
            return Flow::next;
        }
        case Code::for_next: {
            charge(1, in.loc);
            const Value list = local(in.a);
            const Value position = local(in.b);
            if (position >= s_.heap[static_cast<std::size_t>(list)]) {
                next();
            } else {
                local(in.c) = s_.heap[static_cast<std::size_t>(list + 1 + position)];
                local(in.b) = position + 1;
                pc = in.d;
            }
            return Flow::next;
        }
        case Code::for_zone_begin: {
            const Value zone = eval(in.e1);
            if (zone == none_value) not_a_list(in.loc);
            local(in.a) = zone;
            local(in.b) = 0;
            next();
            return Flow::next;
        }
        case Code::for_zone_next: {
            charge(1, in.loc);
            const auto zone = static_cast<std::size_t>(local(in.a));
            const Value position = local(in.b);
            if (position >= s_.zone_size[zone]) {
                next();
            } else {
                local(in.c) = s_.zone_cards[s_.zone_top(zone) + static_cast<std::size_t>(position)];
                local(in.b) = position + 1;
                pc = in.d;
            }
            return Flow::next;
        }
        case Code::for_numbers_begin: {
            const Sequence seq = sequence(in.e1);
            local(in.a) = seq.begin;
            local(in.b) = seq.length;
            next();
            return Flow::next;
        }
        case Code::for_numbers_next:
            charge(1, in.loc);
            if (local(in.b) <= 0) {
                next();
            } else {
                local(in.c) = local(in.a);
                if (--local(in.b) > 0) ++local(in.a);  // not past the last value: a range may end at the largest number
                pc = in.d;
            }
            return Flow::next;
        case Code::repeat_begin: local(in.a) = eval(in.e1); next(); return Flow::next;
        case Code::repeat_next:
            charge(1, in.loc);
            if (local(in.a) <= 0) {
                next();
            } else {
                --local(in.a);
                pc = in.d;
            }
            return Flow::next;
        case Code::choose: {
            const Choice& ch = p_.choices[static_cast<std::size_t>(in.a)];
            if (ch.simultaneous_slot >= 0 && local(ch.simultaneous_slot + 2) == 1) {
                // The secret answers are in (phase 1 of `simultaneously`): this player's, in list order.
                const Value answers = local(ch.simultaneous_slot + 3);
                const Value position = local(ch.simultaneous_slot + 1) - 1;
                local(ch.slot) = s_.heap[static_cast<std::size_t>(answers + 1 + position)];
                next();
                return Flow::next;
            }
            sync();
            check_endings();  // a step of the rules has resolved: the game may end before anyone chooses
            if (s_.finished) return Flow::switched;
            const bool goes_on = choose(in);
            pc = s_.frames.back().pc;
            return goes_on ? Flow::next : Flow::wait;
        }
        case Code::menu:
            sync();
            check_endings();
            if (s_.finished) return Flow::switched;
            return offer_menu(in) ? Flow::next : Flow::wait;
        case Code::simultaneous_begin: {
            const Sequence seq = sequence(in.e1);
            local(in.a) = seq.kind == Sequence::Kind::heap ? seq.begin - 1 : make_list(seq, in.loc);
            local(in.a + 1) = 0;
            local(in.a + 2) = 0;
            local(in.a + 3) = none_value;
            next();
            return Flow::next;
        }
        case Code::simultaneous_next: {
            // The loop of `simultaneously`: first every player's secret choice is collected (phase 0), then, once
            // all are known, the bodies run in list order (phase 1). Slots from in.a: the players, the position,
            // the phase and the answers.
            charge(1, in.loc);
            const Value players = local(in.a), position = local(in.a + 1);
            if (position < s_.heap[static_cast<std::size_t>(players)]) {
                local(in.c) = s_.heap[static_cast<std::size_t>(players + 1 + position)];
                local(in.a + 1) = position + 1;
                pc = in.d;
                return Flow::next;
            }
            if (local(in.a + 2) == 0 && !s_.pending.empty()) {  // wait for every answer
                sync();
                return Flow::wait;
            }
            next();
            return Flow::next;
        }
        case Code::move:
            move_statement(in);
            next();
            if (s_.triggered.empty()) return Flow::next;
            sync();
            start_events();
            return Flow::switched;
        case Code::shuffle:
            shuffle_value(eval(in.e1), in.loc);
            next();
            return Flow::next;
        case Code::end_game: finish(in.e1 >= 0 ? eval(in.e1) : -1, in.a == 1); return Flow::switched;
        case Code::check_end:
            next();
            sync();
            check_endings();
            return Flow::switched;
        case Code::record_stat: {
            const Value v = eval(in.e1);
            const Value seat = in.e2 >= 0 ? eval(in.e2) : -1;
            s_.samples.push_back({in.a, seat, v});
            next();
            return Flow::next;
        }
        case Code::say:
            say_statement(in);
            next();
            return Flow::next;
        case Code::show:
            show_statement(in);
            next();
            return Flow::next;
        case Code::tell:
            tell_statement(in);
            next();
            return Flow::next;
        case Code::drop_space: {
            const Value space = eval(in.e1);
            if (space == none_value) fail(in.loc, "cannot drop 'none': no space given");
            const auto s = static_cast<std::size_t>(space);
            const std::size_t fields = p_.boards[static_cast<std::size_t>(in_.space_board[s])].fields.size();
            s_.slots[static_cast<std::size_t>(in_.space_base[s]) + fields] = 0;
            changed(StateKind::spaces);
            next();
            return Flow::next;
        }
        case Code::begin_play:
            s_.play_started = true;
            next();
            sync();
            check_endings(true);  // `as soon as` holds from the start; `when` waits for the first decision
            return Flow::switched;
    }
    __builtin_unreachable();  // every Code is handled above: no range check before the jump table
}

Machine::Flow Machine::step_at(Code code, const Instr& in, std::int32_t& pc) { return step(code, in, pc); }

void Machine::run() {
    step_limit_ = s_.steps + max_steps_per_decision;
    run_until(0);
    if (!s_.finished && s_.frames.empty()) {
        check_endings();  // the end of `play` is a point where a step has resolved
        finish(-1);
    }
    if (!s_.finished && s_.heap.size() > static_cast<std::size_t>(2 * s_.heap_after_collection + 4096)) {
        collect_garbage();
    }
}

// Every instruction code, in the order of enum Code: W for those that write the game (writes_game), X for the others.
#define RULESRUN_EACH_CODE(X, W)                                                                               \
    X(jump) X(jump_unless) X(set_local) W(set_slot) W(set_player_field) W(set_card_field) W(set_space_field)    \
    X(call) X(ret) X(ret_value) X(for_begin) X(for_next) X(for_zone_begin) X(for_zone_next) X(for_numbers_begin) \
    X(for_numbers_next) X(repeat_begin) X(repeat_next) X(choose) X(menu) X(simultaneous_begin)                   \
    X(simultaneous_next) W(move) X(shuffle) X(end_game) X(record_stat) X(say) X(show) X(tell) W(drop_space)            \
    X(begin_play) X(check_end)

namespace {

#define RULESRUN_CODE(name) {Code::name, false},
#define RULESRUN_WRITING_CODE(name) {Code::name, true},
constexpr std::pair<Code, bool> listed_codes[] = {RULESRUN_EACH_CODE(RULESRUN_CODE, RULESRUN_WRITING_CODE)};
#undef RULESRUN_WRITING_CODE
#undef RULESRUN_CODE

constexpr bool codes_listed_in_order() {
    for (std::size_t i = 0; i < std::size(listed_codes); ++i) {
        const auto [code, writes] = listed_codes[i];
        if (static_cast<std::size_t>(code) != i || writes != writes_game(code)) return false;
    }
    return std::size(listed_codes) == code_count;
}
static_assert(codes_listed_in_order(),
              "RULESRUN_EACH_CODE must list every Code in the order of the enum, with W for those that write the game");

}  // namespace

// Runs the frames above `depth` until they return or a decision is pending. The inner loop stays in one frame
// (its base and callable set once) until an instruction calls, returns or ends the game.
//
// Threaded dispatch: each instruction's code ends with its own jump to the next instruction's code, instead of all
// of them going back to one switch. The processor then predicts each of these jumps from the instruction before it,
// which guesses right far more often than one jump shared by all. Labels as values are a GNU extension (GCC, Clang).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
void Machine::run_until(std::size_t depth) {
    if (p_.native_run) {
        p_.native_run(*this, depth);
        return;
    }
#define RULESRUN_TARGET(name) &&code_##name,
#define RULESRUN_CHECKED_TARGET(name) &&checked_##name,
    // By Instr::entry: every code, then every code that checks the endings after it (only writes ever do).
    static constexpr void* targets[] = {RULESRUN_EACH_CODE(RULESRUN_TARGET, RULESRUN_TARGET)
                                            RULESRUN_EACH_CODE(RULESRUN_TARGET, RULESRUN_CHECKED_TARGET)};
#undef RULESRUN_CHECKED_TARGET
#undef RULESRUN_TARGET
    const Instr* const code = p_.code.data();
    const Instr* in = nullptr;
    std::int32_t pc = 0;
    while (s_.frames.size() > depth) {
        set_frame(s_.frames.back().base);
        callable_ = s_.frames.back().callable;
        pc = s_.frames.back().pc;
        in = &code[pc];
        goto *targets[in->entry];
// The code of one instruction, then the jump to the next one's (in the same frame) or back to the frames' loop.
// An instruction that writes what an `end game when` reads has a copy of its own that checks the endings after it;
// the others do not pay for the test.
#define RULESRUN_RUN(name)                                                             \
    code_##name : {                                                                    \
        const Flow flow = step(Code::name, *in, pc);                                   \
        if (flow == Flow::wait) return;                                                \
        if (flow == Flow::switched) continue;                                          \
        in = &code[pc];                                                                \
        goto *targets[in->entry];                                                      \
    }
#define RULESRUN_RUN_CHECKED(name)                                                     \
    checked_##name : {                                                                 \
        const Flow flow = step(Code::name, *in, pc);                                   \
        if (flow == Flow::next) s_.frames.back().pc = pc;                              \
        check_endings(true);                                                           \
        if (s_.finished || flow == Flow::wait) return;                                 \
        if (flow == Flow::switched) continue;                                          \
        in = &code[pc];                                                                \
        goto *targets[in->entry];                                                      \
    }
#define RULESRUN_NOTHING(name)
        RULESRUN_EACH_CODE(RULESRUN_RUN, RULESRUN_RUN)
        RULESRUN_EACH_CODE(RULESRUN_NOTHING, RULESRUN_RUN_CHECKED)
#undef RULESRUN_NOTHING
#undef RULESRUN_RUN_CHECKED
#undef RULESRUN_RUN
    }
}
#pragma GCC diagnostic pop
#undef RULESRUN_EACH_CODE

void assign_entries(Program& program) {
    for (Instr& in : program.code) {
        in.entry = static_cast<std::uint8_t>(static_cast<std::size_t>(in.code) + (in.check_end && writes_game(in.code) ? code_count : 0));
    }
}

void Machine::call_procedure(const Instr& in) {
    const Callable& c = p_.callables[static_cast<std::size_t>(in.a)];
    charge(1, in.loc);
    if (s_.frames.size() >= max_call_depth) procedures_too_deep(in.loc);
    // The callee's locals are made first and the arguments evaluated straight into them: functions the arguments
    // call put their own locals after these and take them away again.
    const std::int32_t base = s_.locals.push(c.locals);
    set_frame(base_);
    for (std::int32_t i = 0; i < in.arg_count; ++i) {
        const Value v = eval(p_.expr_children[static_cast<std::size_t>(in.first_arg + i)]);
        s_.locals[static_cast<std::size_t>(base + i)] = v;
    }
    ++s_.frames.back().pc;
    s_.frames.push_back({in.a, c.entry, base});
}

void Machine::move_statement(const Instr& in) {
    const Value what = eval(in.e1);
    const Value zone = eval(in.e2);
    // `at position random(a, b)`: the seats that cannot see the zone know only the range (card_knowledge.hpp).
    Value position = 0, random_low = 0, random_high = 0;
    if (in.e3 >= 0) {
        const Expr& e = p_.expr(in.e3);
        if (e.op == ExprOp::builtin && static_cast<Builtin>(e.a) == Builtin::random) {
            random_low = eval(p_.child(e, 0));
            random_high = eval(p_.child(e, 1));
            position = random_number(random_low, random_high, e.loc, false);
            random_low = std::max(random_low, 1);  // 0 means a known position; below 1 is the top anyway
            random_high = std::max(random_high, 1);
        } else {
            position = eval(in.e3);
        }
    }
    move_values(in, what, zone, position, random_low, random_high);
}

// The move, its operands evaluated (the native engine evaluates them in its own code).
void Machine::move_values(const Instr& in, Value what, Value zone, Value position, Value random_low, Value random_high) {
    if (zone == none_value) fail(in.loc, "cannot move cards to 'none'");
    if (in.a == 0) {
        if (what == none_value) fail(in.loc, "cannot move 'none': there is no card (is the zone empty?)");
        move_and_note(what, zone, in.b, position, in.loc, random_low, random_high);
        return;
    }
    if (what == none_value) fail(in.loc, "cannot move 'none'");
    // A list or a whole zone: a snapshot first, since the source may be the zone that changes.
    const Sequence seq = in.a == 2 ? Sequence{Sequence::Kind::zone, static_cast<std::int32_t>(s_.zone_top(static_cast<std::size_t>(what))),
                                              s_.zone_size[static_cast<std::size_t>(what)]}
                                   : Sequence{Sequence::Kind::heap, what + 1, s_.heap[static_cast<std::size_t>(what)]};
    const std::size_t mark = s_.scratch.size();
    for (std::int32_t i = 0; i < seq.length; ++i) s_.scratch.push_back(element(seq, i));
    // Cards put on top one by one would end up reversed: put the last one first.
    const bool onto_top = in.b == 1 || (in.b == 0 && p_.zones[static_cast<std::size_t>(in_.zone_decl[static_cast<std::size_t>(zone)])].ordered);
    const std::size_t count = s_.scratch.size() - mark;
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t i = onto_top ? mark + count - 1 - k : mark + k;
        move_and_note(s_.scratch[i], zone, in.b, position, in.loc, random_low, random_high);
    }
    s_.scratch.pop_to(mark);
}

void Machine::move_and_note(Value card, std::int32_t zone, std::int32_t place, std::int32_t position,
                            const SourceLocation& loc, std::int32_t random_low, std::int32_t random_high) {
    if (card < 0 || static_cast<std::size_t>(card) >= in_.card_type.size()) fail(loc, "no card here ('none')");
    const std::int32_t from = s_.card_zone[static_cast<std::size_t>(card)];
    move_card(card, zone, place, position, loc, random_low, random_high);
    if (!p_.events.empty()) note_events(card, from, zone);
}

// The events a move triggered (pairs of event and card noted by note_events) run next, in the order of the moves:
// their frames go on the stack last one first.
void Machine::start_events() {
    for (std::size_t i = s_.triggered.size(); i > 0; i -= 2) {
        const EventDecl& event = p_.events[static_cast<std::size_t>(s_.triggered[i - 2])];
        const Callable& c = p_.callables[static_cast<std::size_t>(event.callable)];
        if (s_.frames.size() >= max_call_depth) fail(c.loc, "events triggered each other more than 400 deep");
        const std::int32_t base = s_.locals.push(c.locals);
        s_.locals[static_cast<std::size_t>(base)] = s_.triggered[i - 1];
        s_.frames.push_back({event.callable, c.entry, base});
    }
    s_.triggered.clear();
}

// After a card moved from one zone to another: the events whose zone it left or entered and whose condition holds.
void Machine::note_events(Value card, std::int32_t from, std::int32_t to) {
    if (from == to) return;
    for (std::size_t i = 0; i < p_.events.size(); ++i) {
        const EventDecl& event = p_.events[i];
        const std::int32_t zone = event.leaves ? from : to;
        if (zone < 0 || in_.zone_decl[static_cast<std::size_t>(zone)] != event.zone) continue;
        if (event.where >= 0 && !call_value(event.callable, event.where, card)) continue;
        s_.triggered.push_back(static_cast<Value>(i));
        s_.triggered.push_back(card);
    }
}

// Whether the events of a move from `from` to `to` would go otherwise for `card` than for `moved`, the card that
// moved: a seat sees whether an event fires, so it can tell the two apart (card_knowledge.hpp). A condition that
// fails for `card` tells nothing.
bool Machine::events_tell_apart(Value card, Value moved, std::int32_t from, std::int32_t to) {
    if (from == to) return false;
    for (const EventDecl& event : p_.events) {
        const std::int32_t zone = event.leaves ? from : to;
        if (zone < 0 || in_.zone_decl[static_cast<std::size_t>(zone)] != event.zone || event.where < 0) continue;
        const std::size_t locals = s_.locals.size();
        const std::int32_t saved_base = base_, saved_callable = callable_;
        try {
            if ((call_value(event.callable, event.where, card) != 0) != (call_value(event.callable, event.where, moved) != 0))
                return true;
        } catch (const RuleError&) {
            s_.locals.pop_to(locals);
            set_frame(saved_base);
            callable_ = saved_callable;
        }
    }
    return false;
}

// The newest decision has no option: it is taken back, and the error names the rule that asks.
void Machine::no_legal_option(const SourceLocation& loc, const std::string& name, bool menu) {
    const Value seat = s_.pending.back().seat;
    s_.pending.pop_back();
    if (menu) fail(loc, fmt::format("no option of '{}' is allowed for {}", name, seat_name(seat)));
    fail(loc, fmt::format("{} has no legal option for '{}'", seat_name(seat), name));
}

// A pending decision: the chooser and the legal options, in the domain's order (the answer of a secret choice
// already made is read by step).
bool Machine::choose(const Instr& in) {
    const Choice& ch = p_.choices[static_cast<std::size_t>(in.a)];
    new_decision(ch.chooser, in.loc).choice = in.a;  // the options' expressions cannot choose: the reference holds
    if (ch.subset) {
        offer_subsets(ch, sequence(ch.domain), in.loc);
        return close_choice(in, true);
    }
    // The options are read as the domain makes them: a board's spaces in place, a function's comprehension
    // (`choose one of legal_moves(p)`) value by value, without a list.
    const auto offer = [&](Value v) {
        s_.pending_options.push_back(v);
        return true;
    };
    if (ch.where >= 0) each_element_where(ch.domain, ch.slot, ch.where, offer);
    else each_source_element(ch.domain, offer);
    return close_choice(in, offers_no_repeats(p_, ch));
}

// A range, the players, an enum's values or a board's spaces have no repeats; a list or a zone may (two Guards in a
// hand are one choice).
bool Machine::offers_no_repeats(const Program& program, const Choice& ch) {
    const Expr& source = program.expr(ch.domain);
    return source.op == ExprOp::range || source.op == ExprOp::players || source.op == ExprOp::enum_values ||
           (source.op == ExprOp::builtin && static_cast<Builtin>(source.a) == Builtin::spaces);
}

// Once a choice's options are gathered: repeats dropped, `none` offered when the choice is optional, the prompt
// kept. Whether the rules go on at once (the first secret choice of `simultaneously`, from the pc it sets).
bool Machine::close_choice(const Instr& in, bool no_repeats) {
    const Choice& ch = p_.choices[static_cast<std::size_t>(in.a)];
    if (!ch.subset) {
        if (!no_repeats) drop_repeated_options(static_cast<std::size_t>(s_.pending.back().options_begin), ch.option_type);
        if (ch.optional) s_.pending_options.push_back(none_value);
    }
    close_decision(in.loc, ch.name, false);
    if (s_.keep_messages) s_.prompts.push_back(ch.prompt >= 0 ? text_of(eval(ch.prompt)) : ch.name + "?");
    if (ch.simultaneous_slot >= 0) {  // collect the others' secret choices before anything is revealed
        s_.frames.back().pc = ch.simultaneous_next;
        return true;
    }
    return false;
}

bool Machine::offer_menu(const Instr& in) {
    const Menu& m = p_.menus[static_cast<std::size_t>(in.a)];
    new_decision(m.chooser, in.loc).menu = in.a;
    for (std::size_t i = 0; i < m.options.size(); ++i) {
        if (m.conditions[i] < 0 || eval(m.conditions[i])) s_.pending_options.push_back(static_cast<Value>(i));
    }
    close_decision(in.loc, m.name, true);
    if (s_.keep_messages) s_.prompts.push_back(m.prompt >= 0 ? text_of(eval(m.prompt)) : m.name + "?");
    return false;
}

}  // namespace rulesrun::runtime
