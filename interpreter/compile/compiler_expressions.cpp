// Compiling expressions: every name is resolved to a slot, field, zone or constant, with the type the checker found.
#include <fmt/format.h>

#include "compiler_impl.hpp"
#include "text_holes.hpp"

namespace rulesrun::runtime {

using B = Type::Base;

namespace {

const std::map<std::string_view, Builtin>& builtin_table() {
    static const std::map<std::string_view, Builtin> table = {
        {"first_player", Builtin::first_player}, {"seat", Builtin::seat}, {"next_seat", Builtin::next_seat},
        {"previous_seat", Builtin::previous_seat}, {"players_from", Builtin::players_from},
        {"others", Builtin::others}, {"size", Builtin::size}, {"sum", Builtin::sum}, {"max", Builtin::max},
        {"min", Builtin::min}, {"abs", Builtin::abs}, {"any", Builtin::any}, {"all", Builtin::all},
        {"first", Builtin::first}, {"last", Builtin::last}, {"top", Builtin::top}, {"bottom", Builtin::bottom},
        {"top_cards", Builtin::top_cards}, {"owner", Builtin::owner}, {"sorted", Builtin::sorted},
        {"distinct", Builtin::distinct}, {"count", Builtin::count}, {"roll", Builtin::roll},
        {"random", Builtin::random}, {"row", Builtin::row}, {"column", Builtin::column}, {"at", Builtin::at},
        {"spaces", Builtin::spaces}, {"clockwise", Builtin::clockwise},
        {"counterclockwise", Builtin::counterclockwise}, {"neighbours", Builtin::neighbours},
        {"alive", Builtin::alive}, {"combines_to", Builtin::combines_to},
        {"combination_text", Builtin::combination_text}, {"index", Builtin::index},
    };
    return table;
}

ExprOp arithmetic_op(std::string_view op) {
    if (op == "-") return ExprOp::subtract;
    if (op == "*") return ExprOp::multiply;
    if (op == "/") return ExprOp::divide;
    if (op == "%") return ExprOp::remainder;
    if (op == "<") return ExprOp::less;
    if (op == "<=") return ExprOp::less_equal;
    if (op == ">") return ExprOp::greater;
    if (op == ">=") return ExprOp::greater_equal;
    return ExprOp::add;
}

}  // namespace

std::int32_t Compiler::add_expr(ExprOp op, const Type& type, const SourceLocation& loc, std::int32_t a, std::int32_t b,
                                const std::vector<std::int32_t>& children) {
    Expr e;
    e.op = op;
    e.a = a;
    e.b = b;
    e.type = type_index(type);
    e.kind = program_->type(e.type).kind;
    for (std::size_t i = 0; i < children.size() && i < 3; ++i) e.first3[i] = children[i];
    e.loc = loc;
    e.first_child = static_cast<std::int32_t>(program_->expr_children.size());
    if (children.size() > max_expr_children) {
        diagnostics_.push_back({Severity::error, loc,
                                fmt::format("an expression of {} parts: at most {} items or arguments can be written out",
                                            children.size(), max_expr_children)});
    }
    e.child_count = static_cast<std::uint16_t>(std::min(children.size(), max_expr_children));
    program_->expr_children.insert(program_->expr_children.end(), children.begin(), children.end());
    note_reads(e);
    expr_owner_.push_back(current_callable_);
    program_->exprs.push_back(e);
    return static_cast<std::int32_t>(program_->exprs.size() - 1);
}

// An expression where a value of type `wanted` is expected: a zone becomes the list of its cards.
std::int32_t Compiler::expr_as(const Node& e, ValueType wanted) {  // a copy: compiling may grow Program::types
    const std::int32_t compiled = expr(e);
    if (wanted.kind != ValueKind::list || program_->expr(compiled).kind != ValueKind::zone) return compiled;
    return add_expr(ExprOp::zone_list, type_of(e).is(B::zone) ? Type::list_of(type_of(e).element_type()) : Type(), e.loc,
                    0, 0, {compiled});
}

std::int32_t Compiler::expr_as(const Node& e, const Type& wanted) {
    return expr_as(e, program_->type(type_index(wanted)));
}

std::vector<std::int32_t> Compiler::arguments(const Node& args, const std::vector<Type>& params) {
    std::vector<std::int32_t> out;
    for (std::size_t i = 0; i < args.children.size(); ++i) {
        out.push_back(i < params.size() ? expr_as(*args.children[i], params[i]) : expr(*args.children[i]));
    }
    return out;
}

std::int32_t Compiler::constant(Value v, const Type& type, const SourceLocation& loc) {
    return add_expr(ExprOp::constant, type, loc, v);
}

std::int32_t Compiler::intern_text(const std::string& text) {
    auto& texts = program_->texts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (texts[i] == text) return static_cast<std::int32_t>(i);
    }
    texts.push_back(text);
    return static_cast<std::int32_t>(texts.size() - 1);
}

std::optional<Value> Compiler::enum_value(std::string_view name, const Type& type) const {
    if (!type.is(B::enum_) || type.id < 0) return std::nullopt;
    const auto& values = program_->enums[static_cast<std::size_t>(type.id)].values;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] == name) return static_cast<Value>(i);
    }
    return std::nullopt;
}

std::int32_t Compiler::expr(const Node& e) {
    const Type t = type_of(e);
    switch (e.kind) {
        case Kind::int_lit: return constant(ast::literal_value(e), t, e.loc);
        case Kind::string_lit: return text_expr(e);
        case Kind::true_lit: return constant(1, t, e.loc);
        case Kind::false_lit: return constant(0, t, e.loc);
        case Kind::none_lit: return constant(none_value, t, e.loc);
        case Kind::nobody_lit: return add_expr(ExprOp::list, t, e.loc);
        case Kind::name: return name_expr(e);
        case Kind::binary: return binary_expr(e);
        case Kind::range: return add_expr(ExprOp::range, t, e.loc, 0, 0, {expr(*e.child(0)), expr(*e.child(1))});
        case Kind::unary: {
            const std::int32_t operand = expr(*e.child(0));
            const Expr& o = program_->expr(operand);
            // -3 is a number, not an operation run at every evaluation (ranges such as -1..1 are common).
            if (e.text != "not" && o.op == ExprOp::constant && o.a != none_value) return constant(-o.a, t, e.loc);
            return add_expr(e.text == "not" ? ExprOp::logical_not : ExprOp::negate, t, e.loc, 0, 0, {operand});
        }
        case Kind::field: return field_expr(e);
        case Kind::index: return index_expr(e);
        case Kind::call: return call_expr(e);
        case Kind::list_lit: {
            std::vector<std::int32_t> items;
            for (const auto& item : e.children) items.push_back(expr(*item));
            return add_expr(ExprOp::list, t, e.loc, 0, 0, items);
        }
        case Kind::comprehension: return comprehension_expr(e);
        case Kind::if_expr: {
            const std::int32_t c = expr(*e.child(0)), yes = expr(*e.child(1)), no = expr(*e.child(2));
            return add_expr(ExprOp::if_then_else, t, e.loc, 0, 0, {c, yes, no});
        }
        default:
            unsupported(e.loc, fmt::format("the expression '{}'", ast::kind_name(e.kind)));
            return constant(0, t, e.loc);
    }
}

std::int32_t Compiler::name_expr(const Node& e) {
    const std::string_view name = e.text;
    const Type recorded = type_of(e);
    if (const LocalName* local = find_local(name)) {
        return add_expr(ExprOp::local, local->type.known() ? local->type : recorded, e.loc, local->slot);
    }
    if (in_strategy_ && name == "me") return add_expr(ExprOp::me, Type::of(B::player), e.loc);
    if (in_strategy_ && name == "choice") return add_expr(ExprOp::choice, choice_type_, e.loc);
    if (name == "players") return add_expr(ExprOp::players, Type::list_of(Type::of(B::player)), e.loc);
    const Symbol* s = find_symbol(name);
    // An enum value whose name is also a global of another type (the card kind `closure`, the option `closure`).
    const bool enum_meant = enum_value(name, recorded) && !(s && rulesrun::same_type(s->type, recorded));
    if (s && !enum_meant) {
        switch (s->kind) {
            case SymbolKind::option:
            case SymbolKind::deck:
            case SymbolKind::state_field: return add_expr(ExprOp::slot, s->type, e.loc, slots_.at(s->name));
            case SymbolKind::zone: return add_expr(ExprOp::zone, s->type, e.loc, zones_.at(s->name));
            case SymbolKind::table: return constant(tables_.at(s->name), s->type, e.loc);
            case SymbolKind::board: return constant(boards_.at(s->name), s->type, e.loc);
            case SymbolKind::die: return constant(dice_.at(s->name), s->type, e.loc);
            case SymbolKind::seat: return constant(seats_.at(s->name), s->type, e.loc);
            case SymbolKind::enum_type: {
                const auto count = program_->enums[static_cast<std::size_t>(s->type.id)].values.size();
                return add_expr(ExprOp::enum_values, Type::list_of(s->type), e.loc, static_cast<std::int32_t>(count));
            }
            default: break;
        }
    }
    if (auto v = enum_value(name, recorded)) return constant(*v, recorded, e.loc);
    unsupported(e.loc, fmt::format("the name '{}' here", name));
    return constant(0, recorded, e.loc);
}

std::int32_t Compiler::binary_expr(const Node& e) {
    const std::string& op = e.text;
    const Type t = type_of(e);
    const Node& l = *e.child(0);
    const Node& r = *e.child(1);
    const Type lt = type_of(l), rt = type_of(r);
    const std::int32_t left = expr(l), right = expr(r);
    if (op == "and") return add_expr(ExprOp::logical_and, t, e.loc, 0, 0, {left, right});
    if (op == "or") return add_expr(ExprOp::logical_or, t, e.loc, 0, 0, {left, right});
    if (op == "==" || op == "!=") {
        // b: the operands' type; a: 1 when they compare by content (texts, lists, records), 0 by value.
        const Type operand = lt.is(B::none) ? rt : lt;
        const std::int32_t operand_type = type_index(operand);
        const ValueKind kind = program_->type(operand_type).kind;
        const bool by_content = kind == ValueKind::text || kind == ValueKind::list || kind == ValueKind::record;
        return add_expr(op == "==" ? ExprOp::equal : ExprOp::not_equal, t, e.loc, by_content ? 1 : 0, operand_type,
                        {left, right});
    }
    if (op == "in" || op == "not in") return add_expr(ExprOp::member, t, e.loc, op == "not in", 0, {left, right});
    if (op == "+" && (lt.is_sequence() || rt.is_sequence())) return add_expr(ExprOp::concat_lists, t, e.loc, 0, 0, {left, right});
    if (op == "+" && (lt.is(B::text) || rt.is(B::text))) {
        auto as_text = [&](std::int32_t side, const Type& st, const Node& n) {
            return st.is(B::text) ? side : add_expr(ExprOp::to_text, Type::of(B::text), n.loc, 0, 0, {side});
        };
        return add_expr(ExprOp::concat_texts, t, e.loc, 0, 0, {as_text(left, lt, l), as_text(right, rt, r)});
    }
    return add_expr(arithmetic_op(op), t, e.loc, 0, 0, {left, right});
}

// `object.field` once the object's type is known: a field of a player, card, space or record, or a player's zone.
std::int32_t Compiler::field_access(std::int32_t object, const Type& object_type, std::string_view field,
                                    const SourceLocation& loc) {
    auto index_in = [](const std::vector<checking::Field>& fields, std::string_view name) -> int {
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (fields[i].name == name) return static_cast<int>(i);
        }
        return -1;
    };
    switch (object_type.base) {
        case B::player: {
            const int i = index_in(checker_.player_fields_.fields, field);
            if (i >= 0) {
                return add_expr(ExprOp::player_field, checker_.player_fields_.fields[static_cast<std::size_t>(i)].type,
                                loc, i, 0, {object});
            }
            if (auto z = zones_.find(field); z != zones_.end()) {
                return add_expr(ExprOp::player_zone, find_symbol(field)->type, loc, z->second, 0, {object});
            }
            break;
        }
        case B::card:
        case B::space:
        case B::record: {
            const bool card = object_type.is(B::card), space = object_type.is(B::space);
            if (object_type.id < 0) {
                // A general card or space from the library: the field is found by name when the game runs.
                return add_expr(card ? ExprOp::card_field : ExprOp::space_field, Type(), loc,
                                intern_text(std::string(field)), -1, {object});
            }
            const auto& composites = card ? checker_.cards_ : space ? checker_.boards_ : checker_.records_;
            const auto& fields = composites[static_cast<std::size_t>(object_type.id)].fields;
            const int i = index_in(fields, field);
            if (i < 0) break;
            const ExprOp op = card ? ExprOp::card_field : space ? ExprOp::space_field : ExprOp::record_field;
            return add_expr(op, fields[static_cast<std::size_t>(i)].type, loc, i, object_type.id, {object});
        }
        default: break;
    }
    unsupported(loc, fmt::format("the field '{}' here", field));
    return constant(0, Type(), loc);
}

std::int32_t Compiler::field_expr(const Node& e) {
    const Node& object = *e.child(0);
    return field_access(expr(object), type_of(object).as_required(), e.child(1)->text, e.loc);
}

std::int32_t Compiler::index_expr(const Node& e) {
    const Node& object = *e.child(0);
    const Type ot = type_of(object);
    const Type t = type_of(e);
    std::vector<std::int32_t> keys;
    for (std::size_t i = 1; i < e.children.size(); ++i) keys.push_back(expr(*e.child(i)));
    switch (ot.base) {
        case B::table: return add_expr(ExprOp::table_lookup, t, e.loc, tables_.at(object.text), 0, keys);
        case B::board: return add_expr(ExprOp::board_space, t, e.loc, boards_.at(object.text), 0, keys);
        default: {
            std::vector<std::int32_t> children = {expr(object)};
            children.insert(children.end(), keys.begin(), keys.end());
            return add_expr(ExprOp::index, t, e.loc, 0, 0, children);
        }
    }
}

std::int32_t Compiler::constructor_expr(const Node& e, const Type& type, const std::vector<FieldInfo>& fields, bool card) {
    std::vector<std::int32_t> values(fields.size(), -1);
    for (const auto& a : e.child(1)->children) {
        const std::string& field = a->child(0)->text;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (fields[i].name == field) values[i] = expr_as(*a->child(1), program_->type(fields[i].type));
        }
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (values[i] < 0) values[i] = fields[i].default_value;  // the checker made sure a default exists
        if (values[i] < 0) values[i] = constant(0, Type(), e.loc);
        // A field declared with its values: what the rules write there is checked as the value is made (a constant
        // was checked by the checker).
        const ExprOp made = program_->expr(values[i]).op;
        if (fields[i].values >= 0 && made != ExprOp::constant && made != ExprOp::text_constant) {
            const bool texts = program_->field_values[static_cast<std::size_t>(fields[i].values)].texts;
            values[i] = add_expr(ExprOp::in_field_values, Type::of(texts ? B::text : B::int_),
                                 program_->expr(values[i]).loc, fields[i].values, card ? 1 : 0, {values[i]});
        }
    }
    return add_expr(card ? ExprOp::make_card : ExprOp::make_record, type, e.loc, type.id, 0, values);
}

std::int32_t Compiler::call_expr(const Node& e) {
    const std::string_view name = e.child(0)->text;
    const Type t = type_of(e);
    if (const Symbol* s = find_symbol(name)) {
        if (s->kind == SymbolKind::card_type) {
            return constructor_expr(e, s->type, program_->card_types[static_cast<std::size_t>(s->type.id)].fields, true);
        }
        if (s->kind == SymbolKind::record_type && s->type.is(B::record)) {
            return constructor_expr(e, s->type, program_->record_types[static_cast<std::size_t>(s->type.id)].fields, false);
        }
        if (s->kind == SymbolKind::function) {
            std::vector<std::int32_t> args = arguments(*e.child(1), s->params);
            return add_expr(ExprOp::call_function, t, e.loc, callables_.at(s->name), 0, args);
        }
        if (s->kind == SymbolKind::procedure) {
            // A procedure's value: the call is made by an instruction before the statement that reads the value.
            // As the whole right side of `let`, `=` or `return` (`let c = draw(p)`), that statement reads it at
            // once; inside an expression (`if claims(p, duke)`), it is kept in a slot of its own, so that several
            // calls are made in order, once each, before the statement.
            call_statement(e);
            const std::int32_t value = add_expr(ExprOp::returned, t, e.loc, 0, 0, {});
            if (&e == direct_value_call_) return value;
            const std::int32_t slot = new_slot(t);
            Instr& keep = at(emit(Code::set_local, e.loc));
            keep.a = slot;
            keep.e1 = value;
            return add_expr(ExprOp::local, t, e.loc, slot);
        }
    }
    return builtin_expr(e, name);
}

// `sorted(xs, by: key, descending: d)`: children the list and `d` (false when not given), then with a key the key's
// call on a slot of its own (b: the slot + 1; 0 without a key), which the machine sets to each element in turn.
std::int32_t Compiler::sorted_expr(const Node& e) {
    const Type t = type_of(e);
    const Node* list = nullptr;
    const Node* by = nullptr;
    const Node* descending = nullptr;
    for (const auto& a : e.child(1)->children) {
        if (a->kind != Kind::named_arg) list = a.get();
        else if (a->child(0)->text == "by") by = a->child(1);
        else descending = a->child(1);
    }
    std::vector<std::int32_t> children = {expr(*list), descending ? expr(*descending) : constant(0, Type::of(B::bool_), e.loc)};
    if (!by) return add_expr(ExprOp::builtin, t, e.loc, static_cast<std::int32_t>(Builtin::sorted), 0, children);
    const Symbol* f = find_symbol(by->text);
    const Type element = t.element_type();
    const std::int32_t slot = new_slot(element);
    const std::int32_t argument = add_expr(ExprOp::local, element, by->loc, slot);
    children.push_back(add_expr(ExprOp::call_function, f->type, by->loc, callables_.at(f->name), 0, {argument}));
    return add_expr(ExprOp::builtin, t, e.loc, static_cast<std::int32_t>(Builtin::sorted), slot + 1, children);
}

std::int32_t Compiler::builtin_expr(const Node& e, std::string_view name) {
    if (name == "sorted") return sorted_expr(e);
    const Type t = type_of(e);
    std::vector<std::int32_t> args;
    for (const auto& a : e.child(1)->children) args.push_back(expr(*a));
    if (name == "text") return add_expr(ExprOp::to_text, t, e.loc, 0, 0, args);
    if (name == "score") return add_expr(ExprOp::score, t, e.loc, 0, 0, args);
    auto it = builtin_table().find(name);
    if (it == builtin_table().end()) {
        unsupported(e.loc, fmt::format("'{}'", name));
        return constant(0, t, e.loc);
    }
    return add_expr(ExprOp::builtin, t, e.loc, static_cast<std::int32_t>(it->second), 0, args);
}

// [ELEMENT (copies N) for x in SOURCE where COND]: children source, element, then where and copies when present
// (b: bit 0 where, bit 1 copies, bit 2 flatten: the element is a list of the inner `for`, whose elements are taken).
std::int32_t Compiler::comprehension_expr(const Node& e) {
    push_scope();
    const Node* for_clause = e.find(Kind::for_clause);
    const std::int32_t source = expr(*for_clause->child(1));
    const std::int32_t slot = declare_local(*for_clause->child(0), type_of(*for_clause->child(1)).element_type());
    std::vector<std::int32_t> children = {source, expr(*e.child(0))};
    std::int32_t flags = 0;
    if (const Node* where = e.find(Kind::where_clause)) {
        children.push_back(expr(*where->child(0)));
        flags |= 1;
    }
    if (const Node* copies = e.find(Kind::copies)) {
        children.push_back(expr(*copies->child(0)));
        flags |= 2;
    }
    if (e.has(Kind::flatten)) flags |= 4;
    pop_scope();
    return add_expr(ExprOp::comprehension, type_of(e), e.loc, slot, flags, children);
}

// ---- texts -------------------------------------------------------------------------------------------------------

std::int32_t Compiler::text_expr(const Node& text_node, const FieldScope& scope) {
    if (text_node.text.find('{') == std::string::npos) {
        return add_expr(ExprOp::text_constant, Type::of(B::text), text_node.loc, intern_text(text_node.text));
    }
    return add_expr(ExprOp::interpolate, Type::of(B::text), text_node.loc,
                    template_index(text_node.text, text_node.loc, scope, &text_node));
}

std::int32_t Compiler::template_index(const std::string& text, const SourceLocation& loc, const FieldScope& scope,
                                      const Node* text_node) {
    Template t;
    std::size_t start = 0;
    for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', start)) {
        const std::size_t close = text.find('}', open);
        if (close == std::string::npos) break;
        t.pieces.push_back(text.substr(start, open - start));
        const checking::TextHole hole = checking::split_hole(text.substr(open + 1, close - open - 1));
        const Node* expression = text_node ? checker_.hole_expression(*text_node, open) : nullptr;
        t.holes.push_back(expression ? expr(*expression) : hole_expr(hole.path, loc, scope));
        t.singular.push_back(hole.singular);
        t.plural.push_back(hole.plural);
        start = close + 1;
    }
    t.pieces.push_back(text.substr(start));
    program_->templates.push_back(std::move(t));
    return static_cast<std::int32_t>(program_->templates.size() - 1);
}

// The declared type of what a field access reads (texts' holes have no type from the checker).
Type Compiler::declared_type(const Expr& access, std::string_view field) const {
    const auto a = static_cast<std::size_t>(access.a);
    const auto b = static_cast<std::size_t>(access.b);
    switch (access.op) {
        case ExprOp::player_field: return checker_.player_fields_.fields[a].type;
        case ExprOp::card_field: return access.b >= 0 ? checker_.cards_[b].fields[a].type : Type();
        case ExprOp::space_field: return access.b >= 0 ? checker_.boards_[b].fields[a].type : Type();
        case ExprOp::record_field: return checker_.records_[b].fields[a].type;
        case ExprOp::player_zone: return find_symbol(field)->type;
        default: return Type();
    }
}

// `{name}` or `{name.field...}` inside a text. In a `shown as` text the names are the shown thing's own fields,
// read from local slot 0.
std::int32_t Compiler::hole_expr(const std::string& path, const SourceLocation& loc, const FieldScope& scope) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t dot = path.find('.');; dot = path.find('.', start)) {
        parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    std::int32_t e = -1;
    Type type;
    if (scope.card_type >= 0 || scope.record_type >= 0) {
        type = scope.card_type >= 0 ? Type::of(B::card, scope.card_type) : Type::of(B::record, scope.record_type);
        const std::int32_t self = add_expr(ExprOp::local, type, loc, 0);
        e = field_access(self, type, parts.front(), loc);
    } else if (const LocalName* local = find_local(parts.front())) {
        type = local->type;
        e = add_expr(ExprOp::local, type, loc, local->slot);
    } else if (in_strategy_ && parts.front() == "me") {
        type = Type::of(B::player);
        e = add_expr(ExprOp::me, type, loc);
    } else {
        Node name;
        name.kind = Kind::name;
        name.loc = loc;
        name.text = parts.front();
        const Symbol* s = find_symbol(name.text);
        type = s ? s->type : Type();
        if (s && s->kind == SymbolKind::enum_type) type = Type::list_of(type);
        e = name_expr(name);
        if (type.known()) {
            Expr& named = program_->exprs[static_cast<std::size_t>(e)];
            named.type = type_index(type);
            named.kind = program_->type(named.type).kind;
        }
    }
    if (scope.card_type >= 0 || scope.record_type >= 0) {
        type = Type();
        const auto& fields = scope.card_type >= 0 ? checker_.cards_[static_cast<std::size_t>(scope.card_type)].fields
                                                  : checker_.records_[static_cast<std::size_t>(scope.record_type)].fields;
        for (const auto& f : fields) {
            if (f.name == parts.front()) type = f.type;
        }
    }
    for (std::size_t i = 1; i < parts.size(); ++i) {
        e = field_access(e, type.as_required(), parts[i], loc);
        type = declared_type(program_->expr(e), parts[i]);
    }
    return e;
}

}  // namespace rulesrun::runtime
