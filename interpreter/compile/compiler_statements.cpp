// Compiling statements into instructions: structured control flow becomes jumps, choices become suspension points.
#include <fmt/format.h>

#include "compiler_impl.hpp"

namespace rulesrun::runtime {

using B = Type::Base;

std::int32_t Compiler::emit(Code code, const SourceLocation& loc) {
    Instr i;
    i.code = code;
    i.loc = loc;
    program_->code.push_back(i);
    return here() - 1;
}

std::int32_t Compiler::choice_point(const std::string& name) {
    auto& points = program_->choice_points;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (points[i].name == name) return static_cast<std::int32_t>(i);
    }
    points.push_back({name});
    return static_cast<std::int32_t>(points.size() - 1);
}

void Compiler::block(const Node& b) {
    push_scope();
    for (const auto& s : b.children) statement(*s);
    pop_scope();
}

void Compiler::statement(const Node& s) {
    switch (s.kind) {
        case Kind::let_stmt: let_statement(s); break;
        case Kind::assign_stmt: assign_statement(s); break;
        case Kind::call_stmt: call_statement(s); break;
        case Kind::if_stmt: if_statement(s); break;
        case Kind::for_stmt: for_statement(s); break;
        case Kind::while_stmt:
        case Kind::repeat_stmt: loop_statement(s); break;
        case Kind::simultaneously_stmt: simultaneous_statement(s); break;
        case Kind::choose_menu_stmt: menu_statement(s); break;
        case Kind::move_stmt: move_statement(s); break;
        case Kind::shuffle_stmt: {
            const std::int32_t zone = expr(*s.child(0));
            at(emit(Code::shuffle, s.loc)).e1 = zone;
            break;
        }
        case Kind::return_stmt: {
            if (s.children.empty()) {
                emit(Code::ret, s.loc);
            } else {
                const Callable& c = program_->callables[static_cast<std::size_t>(current_callable_)];
                const Symbol* f = find_symbol(c.name);
                direct_value_call_ = s.child(0);
                const std::int32_t value = f && f->kind == SymbolKind::function ? expr_as(*s.child(0), f->type) : expr(*s.child(0));
                direct_value_call_ = nullptr;
                at(emit(Code::ret_value, s.loc)).e1 = value;
            }
            break;
        }
        case Kind::break_stmt: break_jumps_.push_back(emit(Code::jump, s.loc)); break;
        case Kind::end_game_stmt: {
            const Node* w = s.find(Kind::with_winners);
            const std::int32_t winners = w ? expr(*w->child(0)) : -1;
            Instr& end = at(emit(Code::end_game, s.loc));
            end.e1 = winners;
            end.a = s.has(Kind::with_draw) ? 1 : 0;
            break;
        }
        case Kind::check_end_stmt: emit(Code::check_end, s.loc); break;
        case Kind::record_stmt: {
            const std::int32_t value = expr(*s.child(0));
            const Node* who = s.find(Kind::record_for);
            const std::int32_t player = who ? expr(*who->child(0)) : -1;
            std::int32_t stat = 0;
            for (std::size_t i = 0; i < program_->stats.size(); ++i) {
                if (program_->stats[i].name == s.child(1)->text) stat = static_cast<std::int32_t>(i);
            }
            // Statistics may be declared after the code that records them: resolve by name at the end.
            Instr& r = at(emit(Code::record_stat, s.loc));
            r.a = stat;
            r.b = intern_text(s.child(1)->text);
            r.e1 = value;
            r.e2 = player;
            break;
        }
        case Kind::say_stmt: say_statement(s); break;
        case Kind::show_stmt: show_statement(s); break;
        case Kind::tell_stmt: tell_statement(s); break;
        case Kind::phase_stmt: block(*s.child(1)); break;
        default: unsupported(s.loc, fmt::format("the statement '{}'", ast::kind_name(s.kind))); break;
    }
}

void Compiler::let_statement(const Node& s) {
    const Node& name = *s.child(0);
    const Node& value = *s.children.back();
    if (value.kind == Kind::choose_one || value.kind == Kind::choose_subset) {
        choice_statement(s, value);
        return;
    }
    auto declared = checker_.local_types_.find(&name);
    direct_value_call_ = &value;
    const std::int32_t e = declared != checker_.local_types_.end() ? expr_as(value, declared->second) : expr(value);
    direct_value_call_ = nullptr;
    const std::int32_t slot = declare_local(name, type_of(value));
    Instr& i = at(emit(Code::set_local, s.loc));
    i.a = slot;
    i.e1 = e;
}

// `say TEXT [to PLAYERS]`.
void Compiler::say_statement(const Node& s) {
    const std::int32_t text = expr(*s.child(0));
    const Node* to = s.find(Kind::say_audience);
    const std::int32_t audience = to ? expr(*to->child(0)) : -1;
    Instr& i = at(emit(Code::say, s.loc));
    i.e1 = text;
    i.e2 = audience;
    i.b = to && type_of(*to->child(0)).is(B::list) ? 1 : 0;
}

// `show THING to PLAYERS` or `show THING to everyone`.
void Compiler::show_statement(const Node& s) {
    const Node& thing = *s.child(0);
    const Node& to = *s.child(1);
    const bool everyone = to.kind == Kind::show_everyone;
    const std::int32_t what = expr(thing);
    const std::int32_t audience = everyone ? -1 : expr(to);
    Instr& i = at(emit(Code::show, s.loc));
    i.e1 = what;
    i.a = type_index(type_of(thing));
    i.e2 = audience;
    i.b = !everyone && type_of(to).is(B::list) ? 1 : 0;
}

// `tell PLAYERS whether CONDITION for CARD in CARDS` (Code::tell): the machine reads the condition of each card told
// and of every card of its type, the card in the variable's slot.
void Compiler::tell_statement(const Node& s) {
    const Node& to = *s.child(0);
    const bool everyone = to.kind == Kind::show_everyone;
    const std::int32_t audience = everyone ? -1 : expr(to);
    push_scope();
    const Node& cards = *s.child(3);
    const std::int32_t told = expr(cards);
    const std::int32_t variable = declare_local(*s.child(2), type_of(cards).element_type());
    const std::int32_t condition = expr(*s.child(1));
    pop_scope();
    Instr& i = at(emit(Code::tell, s.loc));
    i.e1 = told;
    i.e2 = audience;
    i.e3 = condition;
    i.a = variable;
    i.b = !everyone && type_of(to).is(B::list) ? 1 : 0;
    i.c = type_index(type_of(cards));
}

void Compiler::choice_statement(const Node& s, const Node& choice) {
    const Node& name = *s.child(0);
    Choice c;
    c.name = name.text;
    c.choice_point = choice_point(name.text);
    c.optional = choice.has(Kind::choose_optional);
    c.subset = choice.kind == Kind::choose_subset;
    const Node& domain = *choice.child(c.optional ? 1 : 0);
    c.domain = expr(domain);
    c.option_type = type_index(type_of(domain).element_type());
    c.chooser = expr(*choice.find(Kind::chooser)->child(0));
    c.secret = choice.has(Kind::secretly);
    if (const Node* prompt = choice.find(Kind::prompt)) c.prompt = text_expr(*prompt);
    c.slot = declare_local(name);
    c.result_type = program_->callables[static_cast<std::size_t>(current_callable_)].local_types[static_cast<std::size_t>(c.slot)];
    if (const Node* total = choice.find(Kind::total_clause)) total_clause(c, *total, type_of(domain).element_type());
    if (const Node* where = choice.find(Kind::where_clause)) {
        c.where = expr(*where->child(0));
        if (c.subset && c.total_target < 0) size_condition_as_total(c, type_of(domain).element_type());
    }
    if (simultaneous_slot_ >= 0) {  // its simultaneous_next is set once the loop's test is placed, after the body
        c.simultaneous_slot = simultaneous_slot_;
        simultaneous_slot_ = -1;
    }
    program_->choices.push_back(std::move(c));
    at(emit(Code::choose, s.loc)).a = static_cast<std::int32_t>(program_->choices.size() - 1);
}

// `with total [FIELD] == TARGET`: one hidden local holds an element while its amount (FIELD, or the element) is read.
void Compiler::total_clause(Choice& c, const Node& total, const Type& element) {
    c.total_target = expr(*total.children.back());
    c.total_slot = new_slot(element);
    const std::int32_t candidate = add_expr(ExprOp::local, element, total.loc, c.total_slot);
    c.total_amount = total.children.size() == 1 ? candidate : field_access(candidate, element, total.child(0)->text, total.loc);
}

namespace {

bool reads_local(const Program& program, std::int32_t index, std::int32_t slot) {
    const Expr& e = program.expr(index);
    if (e.op == ExprOp::local && e.a == slot) return true;
    for (std::int32_t i = 0; i < e.child_count; ++i) {
        if (reads_local(program, program.child(e, i), slot)) return true;
    }
    return false;
}

// N when `condition` is `size(S) == N` or `N == size(S)`, S the chosen subset's slot and N a number that does not
// depend on S; else -1.
std::int32_t required_size(const Program& program, std::int32_t condition, std::int32_t slot) {
    const Expr& e = program.expr(condition);
    if (e.op != ExprOp::equal) return -1;
    auto is_size_of_subset = [&](std::int32_t operand) {
        const Expr& o = program.expr(operand);
        if (o.op != ExprOp::builtin || o.a != static_cast<std::int32_t>(Builtin::size) || o.child_count != 1) return false;
        const Expr& counted = program.expr(program.child(o, 0));
        return counted.op == ExprOp::local && counted.a == slot;
    };
    for (std::int32_t side = 0; side < 2; ++side) {
        const std::int32_t size = program.child(e, side), wanted = program.child(e, 1 - side);
        const ValueType& type = program.type(program.expr(wanted).type);
        if (is_size_of_subset(size) && type.kind == ValueKind::integer && !type.optional &&
            !reads_local(program, wanted, slot))
            return wanted;
    }
    return -1;
}

}  // namespace

// `choose subset of X where size(S) == N [and MORE]`: the size is made a total of ones (`with total`), so only the
// selections of N elements are visited (a hand of 13 passing 3: 286 selections, not 8192 subsets tried), in the same
// order; MORE stays the condition. The options offered are the same.
void Compiler::size_condition_as_total(Choice& c, const Type& element) {
    const Expr& where = program_->expr(c.where);
    const bool conjunction = where.op == ExprOp::logical_and;
    const std::int32_t size = required_size(*program_, conjunction ? program_->child(where, 0) : c.where, c.slot);
    if (size < 0) return;
    const SourceLocation loc = where.loc;
    c.where = conjunction ? program_->child(where, 1) : -1;
    c.total_target = size;
    c.total_slot = new_slot(element);
    c.total_amount = constant(1, Type::of(B::int_), loc);
}

// Whether an expression calls a procedure for its value (then compiled as an instruction before the statement).
bool Compiler::calls_a_procedure(const Node& n) const {
    if (n.kind == Kind::call && n.child(0)->kind == Kind::name) {
        const Symbol* s = find_symbol(n.child(0)->text);
        if (s && s->kind == SymbolKind::procedure) return true;
    }
    for (const auto& child : n.children)
        if (child && calls_a_procedure(*child)) return true;
    return false;
}

void Compiler::assign_statement(const Node& s) {
    const Node& target = *s.child(0);
    const std::string& op = s.child(1)->text;
    // The value read at once when no other procedure is called before the assignment (in the target).
    if (!calls_a_procedure(target)) direct_value_call_ = s.child(2);
    const std::int32_t value = expr_as(*s.child(2), type_of(target));
    direct_value_call_ = nullptr;
    const std::int32_t operation = op == "+=" ? 1 : op == "-=" ? 2 : 0;
    assign_to(target, value, operation, s.loc);
}

// `xs[i] = v` assigns to xs a copy of its list with element i replaced (lists are values), and so on outwards for
// `grid[r][c] = v`; names and fields are written in place.
void Compiler::assign_to(const Node& target, std::int32_t value, std::int32_t operation, const SourceLocation& loc) {
    if (target.kind == Kind::index) {
        const Node& list = *target.child(0);
        const std::int32_t replaced = add_expr(ExprOp::with_element, type_of(list), target.loc, 0, operation,
                                               {expr(list), expr(*target.child(1)), value});
        assign_to(list, replaced, 0, loc);
        return;
    }
    if (target.kind == Kind::name) {
        if (const LocalName* local = find_local(target.text)) {
            Instr& i = at(emit(Code::set_local, loc));
            i.a = local->slot;
            i.e1 = value;
            i.b = operation;
            return;
        }
        Instr& i = at(emit(Code::set_slot, loc));
        i.a = slots_.at(target.text);
        i.e1 = value;
        i.b = operation;
        return;
    }
    // A field: compile the access to learn what it is, then turn it into the matching write.
    const std::int32_t access = field_expr(target);
    const Expr e = program_->expr(access);
    const std::int32_t object = program_->child(e, 0);
    Code code = Code::set_player_field;
    if (e.op == ExprOp::card_field) code = Code::set_card_field;
    if (e.op == ExprOp::space_field) code = Code::set_space_field;
    if (e.op != ExprOp::player_field && e.op != ExprOp::card_field && e.op != ExprOp::space_field) {
        unsupported(target.loc, "this assignment");
        return;
    }
    Instr& i = at(emit(code, loc));
    i.a = e.a;
    i.c = e.b;
    i.e1 = value;
    i.e2 = object;
    i.b = operation;
}

void Compiler::if_statement(const Node& s) {
    const std::int32_t condition = expr(*s.child(0));
    const std::int32_t test = emit(Code::jump_unless, s.loc);
    at(test).e1 = condition;
    block(*s.child(1));
    const Node* otherwise = s.find(Kind::else_clause);
    if (!otherwise) {
        at(test).a = here();
        return;
    }
    const std::int32_t skip = emit(Code::jump, otherwise->loc);
    at(test).a = here();
    const Node& body = *otherwise->child(0);
    if (body.kind == Kind::if_stmt) {
        if_statement(body);
    } else {
        block(body);
    }
    at(skip).a = here();
}

// Loops: `break` jumps collected while compiling the body are patched to the loop's end.
void Compiler::begin_loop() { loop_marks_.push_back(break_jumps_.size()); }

void Compiler::end_loop() {
    for (std::size_t i = loop_marks_.back(); i < break_jumps_.size(); ++i) at(break_jumps_[i]).a = here();
    break_jumps_.resize(loop_marks_.back());
    loop_marks_.pop_back();
}

// A loop's test comes after its body: entered by one jump, it goes back to the body's first instruction (its d)
// while elements are left and falls through when they are done, so a round of the loop costs no jump of its own.
void Compiler::for_statement(const Node& s) {
    push_scope();
    const Node& source = *s.child(1);
    const std::int32_t sequence = expr(source);
    const std::int32_t snapshot = new_slot(Type::list_of(type_of(source).element_type()));
    const std::int32_t position = new_slot(Type::of(B::int_));
    const std::int32_t variable = declare_local(*s.child(0), type_of(source).element_type());
    const std::int32_t begin = emit(Code::for_begin, s.loc);
    at(begin).e1 = sequence;
    at(begin).a = snapshot;
    at(begin).b = position;
    const std::int32_t enter = emit(Code::jump, s.loc);
    const std::int32_t body = here();
    begin_loop();
    std::int32_t skip = -1;
    if (const Node* where = s.find(Kind::where_clause)) {
        const std::int32_t condition = expr(*where->child(0));
        skip = emit(Code::jump_unless, where->loc);
        at(skip).e1 = condition;
    }
    block(*s.children.back());
    const std::int32_t next = emit(Code::for_next, s.loc);
    at(next).a = snapshot;
    at(next).b = position;
    at(next).c = variable;
    at(next).d = body;
    at(enter).a = next;
    if (skip >= 0) at(skip).a = next;
    end_loop();
    pop_scope();
    const ExprOp source_op = program_->expr(sequence).op;
    if (program_->expr(sequence).kind == ValueKind::zone && leaves_zones_alone(body, next)) {
        // Nothing in the body can change the zone: it is read in place instead of copied first.
        at(begin).code = Code::for_zone_begin;
        at(next).code = Code::for_zone_next;
    } else if (source_op == ExprOp::players || source_op == ExprOp::enum_values || source_op == ExprOp::range) {
        // Numbers in a row: counted, not copied to a list first.
        at(begin).code = Code::for_numbers_begin;
        at(next).code = Code::for_numbers_next;
    } else {
        return;
    }
    // The snapshot slot holds a number now, not a list for the collector to follow.
    program_->callables[static_cast<std::size_t>(current_callable_)].local_types[static_cast<std::size_t>(snapshot)] = -1;
}

// Whether the instructions from `first` to before `end` can neither move cards nor let anything else run before they
// are done: no move or shuffle, no procedure call (events and procedures move cards), no decision (a search bot may
// deal the hidden cards again while one waits).
bool Compiler::leaves_zones_alone(std::int32_t first, std::int32_t end) const {
    for (std::int32_t i = first; i < end; ++i) {
        switch (program_->code[static_cast<std::size_t>(i)].code) {
            case Code::move:
            case Code::shuffle:
            case Code::call:
            case Code::choose:
            case Code::menu:
            case Code::simultaneous_begin:
            case Code::simultaneous_next:
            case Code::end_game:
            case Code::begin_play: return false;
            default: break;
        }
    }
    return true;
}

void Compiler::loop_statement(const Node& s) {
    const bool forever = s.kind == Kind::repeat_stmt && s.children.size() == 1;
    const bool counted = s.kind == Kind::repeat_stmt && !forever;
    std::int32_t counter = -1;
    if (counted) {
        const std::int32_t count = expr(*s.child(0));
        counter = new_slot(Type::of(B::int_));
        Instr& begin = at(emit(Code::repeat_begin, s.loc));
        begin.e1 = count;
        begin.a = counter;
    }
    // A counted loop's test follows its body, as a for loop's does.
    const std::int32_t enter = counted ? emit(Code::jump, s.loc) : -1;
    const std::int32_t top = here();
    std::int32_t exit_test = -1;
    if (s.kind == Kind::while_stmt) {
        const std::int32_t condition = expr(*s.child(0));
        exit_test = emit(Code::jump_unless, s.loc);
        at(exit_test).e1 = condition;
    }
    begin_loop();
    block(*s.children.back());
    if (counted) {
        const std::int32_t next = emit(Code::repeat_next, s.loc);
        at(next).a = counter;
        at(next).d = top;
        at(enter).a = next;
    } else {
        at(emit(Code::jump, s.loc)).a = top;
    }
    if (exit_test >= 0) at(exit_test).a = here();
    end_loop();
}

// simultaneously for each p in PLAYERS { let x = choose ... by p  ... }: four slots in a row hold the players, the
// position, the phase (collecting the secret choices, then running the bodies) and the collected answers.
void Compiler::simultaneous_statement(const Node& s) {
    push_scope();
    const std::int32_t players = expr(*s.child(1));
    const std::int32_t base = new_slot(Type::list_of(Type::of(B::player)));
    new_slot(Type::of(B::int_));
    new_slot(Type::of(B::int_));
    new_slot(Type::list_of(Type::of(B::int_)));
    const std::int32_t variable = declare_local(*s.child(0), Type::of(B::player));
    Instr& begin = at(emit(Code::simultaneous_begin, s.loc));
    begin.e1 = players;
    begin.a = base;
    const std::int32_t enter = emit(Code::jump, s.loc);  // the loop's test follows its body, as a for loop's does
    const std::int32_t body = here();
    const std::size_t first_choice = program_->choices.size();
    simultaneous_slot_ = base;
    begin_loop();
    block(*s.child(2));
    simultaneous_slot_ = -1;
    const std::int32_t next = emit(Code::simultaneous_next, s.loc);
    at(next).a = base;
    at(next).c = variable;
    at(next).d = body;
    at(enter).a = next;
    for (std::size_t i = first_choice; i < program_->choices.size(); ++i) {
        Choice& c = program_->choices[i];
        if (c.simultaneous_slot != base || c.simultaneous_next >= 0) continue;
        c.simultaneous_next = next;
        // The answers are values of the secret choice's type: lists for a subset, which the collector must follow.
        if (c.result_type >= 0) {
            ValueType answers{ValueKind::list, -1, false, c.result_type};
            program_->types.push_back(answers);
            program_->callables[static_cast<std::size_t>(current_callable_)].local_types[static_cast<std::size_t>(base + 3)] =
                static_cast<std::int32_t>(program_->types.size() - 1);
        }
    }
    end_loop();
    pop_scope();
}

void Compiler::menu_statement(const Node& s) {
    Menu m;
    m.name = s.child(0)->text;
    m.choice_point = choice_point(m.name);
    m.chooser = expr(*s.find(Kind::chooser)->child(0));
    m.secret = s.has(Kind::secretly);
    if (const Node* prompt = s.find(Kind::prompt)) m.prompt = text_expr(*prompt);
    std::vector<const Node*> bodies;
    for (const auto& option : s.children) {
        if (option->kind != Kind::menu_option) continue;
        m.options.push_back(option->child(0)->text);
        std::string description;
        std::int32_t description_text = -1, condition = -1;
        for (std::size_t i = 1; i < option->children.size(); ++i) {
            const Node& part = *option->children[i];
            if (part.kind == Kind::block) {
                bodies.push_back(&part);
            } else if (part.kind == Kind::string_lit && i == 1) {
                description = part.text;
                description_text = text_expr(part);  // `"draw {n} cards"`: filled in when the menu is offered
            } else {
                condition = expr(part);
            }
        }
        m.descriptions.push_back(description);
        m.description_texts.push_back(description_text);
        m.conditions.push_back(condition);
    }
    const auto index = static_cast<std::int32_t>(program_->menus.size());
    program_->menus.push_back(std::move(m));
    at(emit(Code::menu, s.loc)).a = index;
    std::vector<std::int32_t> exits;
    for (const Node* body : bodies) {
        program_->menus[static_cast<std::size_t>(index)].targets.push_back(here());
        block(*body);
        exits.push_back(emit(Code::jump, body->loc));
    }
    for (std::int32_t e : exits) at(e).a = here();
}

void Compiler::move_statement(const Node& s) {
    const Type what = type_of(*s.child(0));
    const std::int32_t cards = expr(*s.child(0));
    const std::int32_t destination = expr(*s.child(1));
    std::int32_t place = 0, position = -1;
    if (const Node* where = s.find(Kind::move_place)) {
        const std::string& word = where->child(0)->text;
        place = word == "top" ? 1 : word == "bottom" ? 2 : 3;
        if (place == 3) position = expr(*where->child(1));
    }
    Instr& i = at(emit(Code::move, s.loc));
    i.e1 = cards;
    i.e2 = destination;
    i.e3 = position;
    i.a = what.is(B::card) ? 0 : what.is(B::zone) ? 2 : 1;
    i.b = place;
}

void Compiler::call_statement(const Node& s) {
    const std::string& name = s.child(0)->text;
    const Symbol* callee = find_symbol(name);
    std::vector<std::int32_t> args = callee ? arguments(*s.child(1), callee->params) : arguments(*s.child(1), {});
    if (name == "drop") {
        at(emit(Code::drop_space, s.loc)).e1 = args.at(0);
        return;
    }
    Instr& i = at(emit(Code::call, s.loc));
    i.a = callables_.at(name);
    i.first_arg = static_cast<std::int32_t>(program_->expr_children.size());
    i.arg_count = static_cast<std::int32_t>(args.size());
    program_->expr_children.insert(program_->expr_children.end(), args.begin(), args.end());
}

}  // namespace rulesrun::runtime
