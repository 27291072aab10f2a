// Statements: scopes, assignments, loops, choices, moves, statistics, and what a function may not do.
#include <fmt/format.h>

#include "checker_impl.hpp"
#include "spelling.hpp"

namespace rulesrun::checking {

using B = Type::Base;

void Checker::push_scope() { scopes_.emplace_back(); }

void Checker::pop_scope() {
    for (const auto& [name, local] : scopes_.back()) {
        if (!local.used && local.loc.file == root_file_ && name != "_") {
            warning(local.loc, fmt::format("'{}' is never used", name));
        }
    }
    scopes_.pop_back();
}

void Checker::declare_local(const Node& name_node, const Type& type) {
    auto& scope = scopes_.back();
    if (scope.count(name_node.text)) {
        error(name_node.loc, fmt::format("'{}' is already defined here", name_node.text));
        return;
    }
    scope[name_node.text] = Local{type, name_node.loc, false, false};
    local_types_[&name_node] = type;
}

Local* Checker::find_local(std::string_view name) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        if (auto found = it->find(name); found != it->end()) return &found->second;
    }
    return nullptr;
}

Symbol* Checker::find_symbol(std::string_view name) {
    auto it = symbols_.find(name);
    return it == symbols_.end() ? nullptr : &it->second;
}

std::vector<std::string_view> Checker::visible_names() const {
    std::vector<std::string_view> names = {"players"};
    for (const auto& scope : scopes_) {
        for (const auto& [name, local] : scope) names.push_back(name);
    }
    for (const auto& [name, s] : symbols_) {
        // Only what can stand as a value: a misspelled zone should not be "corrected" into a procedure.
        const bool value_like = s.kind != SymbolKind::procedure && s.kind != SymbolKind::function &&
                                s.kind != SymbolKind::stat && s.kind != SymbolKind::strategy &&
                                s.kind != SymbolKind::card_type && s.kind != SymbolKind::record_type;
        if (value_like) names.push_back(name);
    }
    for (const auto& [value, owners] : enum_value_owners_) names.push_back(value);
    if (body_.in_strategy) {
        names.push_back("me");
        names.push_back("choice");
    }
    return names;
}

void Checker::forbid_in_function(const Node& s, std::string_view what) {
    if (body_.pure) error(s.loc, fmt::format("a function cannot {}: make it a procedure", what));
}

bool Checker::check_block(const Node& block) {
    push_scope();
    bool reachable = true;
    bool warned = false;
    for (const auto& s : block.children) {
        if (!reachable && !warned) {
            warning(s->loc, "this statement can never run (it follows a return, break or end game)");
            warned = true;
        }
        if (!check_statement(*s)) reachable = false;
    }
    pop_scope();
    return reachable;
}

// let NAME [: TYPE] = VALUE
void Checker::check_let(const Node& s) {
    const Node& name = *s.child(0);
    const Node& value = *s.children.back();
    const Node* type_node = s.children.size() == 3 ? s.child(1) : nullptr;
    if (value.kind == Kind::choose_one || value.kind == Kind::choose_subset) {
        forbid_in_function(s, "ask a player to choose");
        if (type_node) error(type_node->loc, "a choice has the type of what it chooses from: leave out the type");
        check_choice(value, name);
        return;
    }
    const ValueCallScope allowed(*this, value);
    if (type_node) {
        const Type declared = resolve_type(type_node);
        expect_type(value, declared, fmt::format("the value of '{}'", name.text));
        declare_local(name, declared);
        return;
    }
    const Type t = check_expr(value);  // a procedure call here is reported by check_call
    declare_local(name, t.is(B::none) || t.is(B::nothing) ? Type() : t);
}

// let NAME = choose [optional] one|subset of DOMAIN [where COND] by PLAYER ["prompt"]
void Checker::check_choice(const Node& choice, const Node& name_node) {
    const bool optional = choice.has(Kind::choose_optional);
    const Node& domain = *choice.child(optional ? 1 : 0);
    const Type source = check_expr(domain);
    if (source.known() && !source.is_sequence()) {
        error(domain.loc, fmt::format("a choice is made from a list, a zone or an enum, but this is {}", type_name(source)));
    }
    const Type element = source.is_sequence() ? source.element_type() : Type();
    const bool subset = choice.kind == Kind::choose_subset;
    Type result = subset ? Type::list_of(element) : element;
    if (optional && !subset) result = result.as_optional();
    if (const Node* total = choice.find(Kind::total_clause)) check_total_clause(*total, element, subset);
    if (const Node* where = choice.find(Kind::where_clause)) {
        const BlockValueCalls per_candidate(*this);
        push_scope();  // in `where`, the name stands for the candidate
        declare_local(name_node, result);
        find_local(name_node.text)->used = true;
        expect_bool(*where->child(0), "the condition of a choice");
        pop_scope();
    }
    const Node* chooser = choice.find(Kind::chooser);
    const Type who = check_expr(*chooser->child(0));
    if (who.known() && !who.is(B::player)) {
        error(chooser->child(0)->loc, fmt::format("'by' names the player who chooses, but this is {}", type_name(who)));
    }
    if (const Node* prompt = choice.find(Kind::prompt)) check_interpolation(*prompt, nullptr);
    choice_points_.emplace(name_node.text, result);  // a strategy's `choice`: none for a pass of `choose optional`
    declare_local(name_node, result);
}

// `with total [FIELD] == TARGET`: the FIELD of each chosen element (or the element itself, for numbers) is a number.
void Checker::check_total_clause(const Node& total, const Type& element, bool subset) {
    if (!subset) error(total.loc, "'with total' belongs to 'choose subset of' (a single choice has nothing to add up)");
    expect_type(*total.children.back(), Type::of(B::int_), "the total of a choice");
    if (!element.known()) return;
    if (total.children.size() == 1) {
        if (!element.is(B::int_)) {
            error(total.loc, fmt::format("'with total == ...' adds up numbers, but these are {}: name the field to add up "
                                         "('with total FIELD == ...')", type_name(element)));
        }
        return;
    }
    const Node& field = *total.child(0);
    const Composite* composite = element.is(B::card) && element.id >= 0     ? &cards_[static_cast<std::size_t>(element.id)]
                                 : element.is(B::record)                    ? &records_[static_cast<std::size_t>(element.id)]
                                 : element.is(B::space) && element.id >= 0 ? &boards_[static_cast<std::size_t>(element.id)]
                                                                            : nullptr;
    if (!composite) {
        error(field.loc, fmt::format("'with total {}' adds up a field, but {} has no declared fields", field.text,
                                     type_name(element)));
        return;
    }
    const Field* f = composite->field(field.text);
    if (!f) {
        std::vector<std::string_view> known;
        for (const auto& g : composite->fields) known.push_back(g.name);
        error(field.loc, fmt::format("{} has no field '{}'{}", type_name(element), field.text, did_you_mean(field.text, known)));
    } else if (f->type.known() && !f->type.is(B::int_)) {
        error(field.loc, fmt::format("'with total' adds up numbers, but the field '{}' is {}", field.text, type_name(f->type)));
    }
}

void Checker::check_menu(const Node& s) {
    forbid_in_function(s, "ask a player to choose");
    const Node& name = *s.child(0);
    const Type who = check_expr(*s.find(Kind::chooser)->child(0));
    if (who.known() && !who.is(B::player)) error(s.find(Kind::chooser)->loc, "'by' names the player who chooses");
    if (const Node* prompt = s.find(Kind::prompt)) check_interpolation(*prompt, nullptr);
    // The options of a menu form an enum of their own, so strategies can say `choice == draw`.
    const int id = static_cast<int>(enums_.size());
    EnumInfo options{"choice " + name.text, {}};
    for (const auto& c : s.children) {
        if (c->kind != Kind::menu_option) continue;
        const std::string& option = c->child(0)->text;
        if (std::find(options.values.begin(), options.values.end(), option) != options.values.end()) {
            error(c->child(0)->loc, fmt::format("option '{}' appears twice in this choice", option));
        }
        options.values.push_back(option);
        for (const auto& part : c->children) {
            if (part->kind == Kind::block) {
                check_block(*part);
            } else if (part->kind == Kind::string_lit) {
                check_interpolation(*part, nullptr);  // `"draw {n} cards"`: the names in braces must exist here
            } else if (part.get() != c->child(0)) {
                expect_bool(*part, "the condition after 'when'");
            }
        }
    }
    if (options.values.empty()) error(s.loc, "a choice needs at least one option");
    for (const auto& v : options.values) enum_value_owners_[v].push_back(id);
    enums_.push_back(std::move(options));
    choice_points_.emplace(name.text, Type::of(B::enum_, id));
}

void Checker::check_simultaneously(const Node& s) {
    forbid_in_function(s, "ask players to choose");
    push_scope();
    const Type source = check_expr(*s.child(1));
    if (source.known() && !(source.is_sequence() && source.element_type().is(B::player))) {
        error(s.child(1)->loc, fmt::format("'simultaneously for each' needs a list of players, but this is {}", type_name(source)));
    }
    declare_local(*s.child(0), Type::of(B::player));
    const Node& body = *s.child(2);
    const Node* first = body.child(0);
    const bool starts_with_choice = first && first->kind == Kind::let_stmt &&
                                    (first->child(1)->kind == Kind::choose_one || first->child(1)->kind == Kind::choose_subset);
    if (!starts_with_choice) {
        error(first ? first->loc : body.loc,
              "the body of 'simultaneously' must start with the secret choice: let x = choose ... by " + s.child(0)->text);
    }
    check_block(body);
    pop_scope();
}

// What may be assigned to: a local, a state field, a field of a player, card or space, or an element of a list held
// by one of those (`xs[i] = v`). The target's type, or nothing when it cannot be assigned to at all.
std::optional<Type> Checker::check_target(const Node& target, const Node& s) {
    if (target.kind == Kind::name) {
        if (Local* local = find_local(target.text)) {
            local->assigned = true;
            return local->type;
        }
        if (Symbol* sym = find_symbol(target.text)) {
            ++sym->uses;
            if (sym->kind != SymbolKind::state_field) {
                error(target.loc, fmt::format("'{}' cannot be changed: only locals, state fields and fields of players, "
                                              "cards and spaces can", target.text));
            }
            forbid_in_function(s, "change the game's state");
            return sym->type;
        }
        return check_name(target, nullptr);
    }
    if (target.kind == Kind::field) {
        const Type target_type = check_expr(target);
        const Type object = check_expr(*target.child(0));
        const std::string_view field = target.child(1)->text;
        if (object.is(B::card) && object.id >= 0) {
            const Field* f = cards_[static_cast<std::size_t>(object.id)].field(field);
            if (f && !f->is_state) {
                error(target.child(1)->loc, fmt::format("'{}' is printed on the card and cannot change; declare it "
                                                        "'state {}' if it should", field, field));
            }
        } else if (object.is(B::record)) {
            error(target.child(1)->loc, "a record is a value and cannot change: make a new one");
        }
        if (!object.is(B::unknown)) forbid_in_function(s, "change the game's state");
        return target_type;
    }
    if (target.kind == Kind::index) {
        const Node& list = *target.child(0);
        if (const Symbol* zone = list.kind == Kind::name && !find_local(list.text) ? find_symbol(list.text) : nullptr;
            zone && zone->kind == SymbolKind::zone) {
            error(target.loc, "a zone's cards are moved ('move CARD to ZONE'), not assigned");
            return std::nullopt;
        }
        const std::optional<Type> list_type = check_target(list, s);
        if (!list_type) return std::nullopt;
        if (target.children.size() != 2) {
            error(target.loc, "one position goes between '[' and ']' here: a list is numbered from 1");
            return std::nullopt;
        }
        expect_int(*target.child(1), "a position in a list");
        if (list.kind == Kind::name) {  // the list is read too: the new one is made from it
            expr_types_[&list] = *list_type;
            if (Local* local = find_local(list.text)) local->used = true;
        }
        if (list_type->known() && !list_type->is(B::list)) {
            const char* why = list_type->is(B::zone) ? "a zone's cards are moved ('move CARD to ZONE'), not assigned"
                                                     : "only an element of a list can be assigned to";
            error(target.loc, fmt::format("{}; this is {}", why, type_name(*list_type)));
            return std::nullopt;
        }
        const Type element = list_type->known() ? list_type->element_type() : Type();
        expr_types_[&target] = element;
        return element;
    }
    error(target.loc, "only a name, a field or a list's element (xs[i]) can be assigned to");
    return std::nullopt;
}

void Checker::check_assign(const Node& s) {
    const Node& target = *s.child(0);
    const Node& op = *s.child(1);
    const Node& value = *s.child(2);
    const std::optional<Type> checked_target = check_target(target, s);
    if (!checked_target) return;
    const ValueCallScope allowed(*this, value);
    const Type target_type = *checked_target;
    if (op.text != "=") {
        if (target_type.known() && !target_type.is(B::int_)) {
            error(op.loc, fmt::format("'{}' needs a number on its left, but this is {}", op.text, type_name(target_type)));
        }
        expect_int(value, fmt::format("the value after '{}'", op.text));
        return;
    }
    const Type t = check_expr(value, &target_type);
    if (!assignable(t, target_type)) {
        error(value.loc, fmt::format("cannot assign {} to {}", type_name(t), type_name(target_type)));
    }
}

void Checker::check_move(const Node& s) {
    forbid_in_function(s, "move cards");
    const Type what = check_expr(*s.child(0));
    const bool movable = what.is(B::card) || what.is(B::zone) || (what.is(B::list) && (what.element_type().is(B::card) || !what.element_type().known()));
    if (what.known() && !movable) {
        error(s.child(0)->loc, fmt::format("'move' moves a card, a list of cards or a zone's cards, but this is {}", type_name(what)));
    }
    const Type to = check_expr(*s.child(1));
    if (to.known() && !to.is(B::zone)) {
        error(s.child(1)->loc, fmt::format("cards can only be moved to a zone, but this is {}", type_name(to)));
    }
    if (const Node* place = s.find(Kind::move_place); place && place->children.size() > 1) {
        expect_int(*place->child(1), "a position");
    }
}

void Checker::check_record(const Node& s) {
    forbid_in_function(s, "record statistics");
    expect_int(*s.child(0), "a recorded value");
    const Node& stat = *s.child(1);
    Symbol* sym = find_symbol(stat.text);
    if (!sym || sym->kind != SymbolKind::stat) {
        std::vector<std::string_view> stats;
        for (const auto& [name, candidate] : symbols_) {
            if (candidate.kind == SymbolKind::stat) stats.push_back(name);
        }
        error(stat.loc, fmt::format("unknown statistic '{}': declare it with stat {} \"what it measures\"{}", stat.text,
                                    stat.text, did_you_mean(stat.text, stats)));
        return;
    }
    ++sym->uses;
    recorded_stats_.insert(sym->name);
    if (sym->has_value) {
        error(stat.loc, fmt::format("statistic '{}' is computed at the end of each game (= ...) and cannot also be recorded", stat.text));
    }
    const Node* for_player = s.find(Kind::record_for);
    if (sym->for_each_player && !for_player) {
        error(stat.loc, fmt::format("statistic '{}' is kept for each player: write 'record ... as {} for p'", stat.text, stat.text));
    }
    if (for_player) {
        const Type who = check_expr(*for_player->child(0));
        if (who.known() && !who.is(B::player)) error(for_player->child(0)->loc, "'for' names a player");
        if (!sym->for_each_player) {
            error(for_player->loc, fmt::format("statistic '{}' is not kept per player: declare it 'stat {} for each p \"...\"'", stat.text, stat.text));
        }
    }
}

// Returns whether execution can continue after the statement.
bool Checker::check_statement(const Node& s) {
    ++statements_open_;
    const bool continues = check_statement_kind(s);
    --statements_open_;
    return continues;
}

bool Checker::check_statement_kind(const Node& s) {
    switch (s.kind) {
        case Kind::let_stmt: check_let(s); return true;
        case Kind::assign_stmt: check_assign(s); return true;
        case Kind::call_stmt: check_call_statement(s); return true;
        case Kind::if_stmt: {
            expect_bool(*s.child(0), "the condition of 'if'");
            bool continues = check_block(*s.child(1));
            if (const Node* otherwise = s.find(Kind::else_clause)) {
                const Node& body = *otherwise->child(0);
                continues = (body.kind == Kind::if_stmt ? check_statement(body) : check_block(body)) || continues;
            } else {
                continues = true;
            }
            return continues;
        }
        case Kind::for_stmt: {
            push_scope();
            const Type source = check_expr(*s.child(1));
            if (source.known() && !source.is_sequence()) {
                error(s.child(1)->loc, fmt::format("'for' needs a list, a zone or an enum, but this is {}", type_name(source)));
            }
            declare_local(*s.child(0), source.is_sequence() ? source.element_type() : Type());
            find_local(s.child(0)->text)->used = true;
            if (const Node* where = s.find(Kind::where_clause)) {
                const BlockValueCalls per_element(*this);
                expect_bool(*where->child(0), "a 'where' condition");
            }
            ++body_.loop_depth;
            check_block(*s.children.back());
            --body_.loop_depth;
            pop_scope();
            return true;
        }
        case Kind::while_stmt:
        case Kind::repeat_stmt: {
            const bool forever = s.kind == Kind::repeat_stmt && s.children.size() == 1;
            if (s.kind == Kind::while_stmt) expect_bool(*s.child(0), "the condition of 'while'");
            if (s.kind == Kind::repeat_stmt && !forever) expect_int(*s.child(0), "the number of repeats");
            ++body_.loop_depth;
            check_block(*s.children.back());
            --body_.loop_depth;
            const bool endless = forever || (s.kind == Kind::while_stmt && s.child(0)->kind == Kind::true_lit);
            return !endless || contains_break(*s.children.back());
        }
        case Kind::simultaneously_stmt: check_simultaneously(s); return true;
        case Kind::choose_menu_stmt: check_menu(s); return true;
        case Kind::move_stmt: check_move(s); return true;
        case Kind::shuffle_stmt: {
            forbid_in_function(s, "shuffle");
            const Type t = check_expr(*s.child(0));
            if (t.known() && !t.is(B::zone)) error(s.child(0)->loc, fmt::format("only a zone can be shuffled, not {}", type_name(t)));
            return true;
        }
        case Kind::return_stmt: {
            body_.returns = true;
            if (body_.return_type) {
                if (s.children.empty()) {
                    error(s.loc, fmt::format("a {} that gives a value must return one ({})",
                                             body_.pure ? "function" : "procedure", type_name(*body_.return_type)));
                } else {
                    const ValueCallScope allowed(*this, *s.child(0));
                    expect_type(*s.child(0), *body_.return_type, "the returned value");
                }
            } else if (!s.children.empty()) {
                error(s.child(0)->loc, "this procedure gives no value: to return one, declare its type after the "
                                       "parameters ('procedure NAME(...): TYPE { ... }')");
            }
            return false;
        }
        case Kind::break_stmt:
            if (body_.loop_depth == 0) error(s.loc, "'break' is only allowed inside a loop");
            return false;
        case Kind::end_game_stmt:
            forbid_in_function(s, "end the game");
            end_game_statements_.push_back(&s);
            if (const Node* w = s.find(Kind::with_winners)) {
                expect_type(*w->child(0), Type::list_of(Type::of(B::player)), "the winners");
            }
            return false;
        case Kind::check_end_stmt: forbid_in_function(s, "check the end of the game"); return true;
        case Kind::record_stmt: check_record(s); return true;
        case Kind::say_stmt:
            forbid_in_function(s, "say anything");
            check_expr(*s.child(0));
            if (const Node* to = s.find(Kind::say_audience)) check_audience(*to->child(0), "say ... to");
            return true;
        case Kind::show_stmt:
            forbid_in_function(s, "show anything");
            check_expr(*s.child(0));
            if (s.child(1)->kind != Kind::show_everyone) check_audience(*s.child(1), "show ... to");
            return true;
        case Kind::tell_stmt: check_tell(s); return true;
        case Kind::phase_stmt: return check_block(*s.child(1));
        default:
            error(s.loc, fmt::format("unexpected {}", ast::kind_name(s.kind)));
            return true;
    }
}

// `tell PLAYERS whether CONDITION for CARD in CARDS`: the cards are a list or zone of cards, the condition a truth
// about one of them, read with the card bound to the name.
void Checker::check_tell(const Node& s) {
    forbid_in_function(s, "tell anything");
    const BlockValueCalls per_card(*this);  // the condition is read of each card
    if (s.child(0)->kind != Kind::show_everyone) check_audience(*s.child(0), "tell PLAYERS whether");
    push_scope();
    const Node& cards = *s.child(3);
    const Type source = check_expr(cards);
    const bool of_cards = source.is_sequence() && source.element_type().is(B::card);
    if (source.known() && !of_cards) {
        error(cards.loc, fmt::format("'tell ... whether ... for CARD in CARDS' needs a list or a zone of cards, but this is {}",
                                     type_name(source)));
    }
    declare_local(*s.child(2), of_cards ? source.element_type() : Type());
    find_local(s.child(2)->text)->used = true;
    expect_bool(*s.child(1), "the condition of 'tell ... whether'");
    pop_scope();
}

// Who reads a `say ... to` or sees a `show ... to`: one player or a list of players.
void Checker::check_audience(const Node& e, std::string_view statement) {
    const Type t = check_expr(e);
    if (!t.known() || (t.is(B::player) && !t.optional)) return;
    if (t.is(B::list) && t.element && (!t.element->known() || t.element->is(B::player))) return;
    error(e.loc, fmt::format("'{}' needs a player or a list of players, not {}", statement, type_name(t)));
}

bool Checker::contains_break(const Node& block) const {
    for (const auto& c : block.children) {
        switch (c->kind) {
            case Kind::break_stmt: return true;
            case Kind::for_stmt:
            case Kind::while_stmt:
            case Kind::repeat_stmt:
            case Kind::simultaneously_stmt: continue;  // a break there leaves the inner loop
            default:
                if (contains_break(*c)) return true;
        }
    }
    return false;
}

// A call statement has the children [name, args], like a call expression.
void Checker::check_call_statement(const Node& s) { check_call(s, true); }

}  // namespace rulesrun::checking
