// Expressions: name resolution (with "did you mean"), operator and field types, tables, boards, calls and lists.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "checker_impl.hpp"
#include "parser.hpp"
#include "text_holes.hpp"
#include "spelling.hpp"

namespace rulesrun::checking {

using B = Type::Base;

std::string Checker::type_name(const Type& t) const {
    std::string s;
    switch (t.base) {
        case B::unknown: s = "unknown"; break;
        case B::int_: s = "int"; break;
        case B::bool_: s = "bool"; break;
        case B::text: s = "text"; break;
        case B::player: s = "player"; break;
        case B::enum_: s = t.id >= 0 ? enums_[static_cast<std::size_t>(t.id)].name : "enum"; break;
        case B::card: s = t.id >= 0 ? cards_[static_cast<std::size_t>(t.id)].name : "card"; break;
        case B::record: s = records_[static_cast<std::size_t>(t.id)].name; break;
        case B::space: s = t.id >= 0 ? boards_[static_cast<std::size_t>(t.id)].name : "space"; break;
        case B::board: s = "board"; break;
        case B::die: s = "die"; break;
        case B::zone: s = "zone of " + type_name(t.element_type()); break;
        case B::list: s = "list of " + type_name(t.element_type()); break;
        case B::table: s = "table"; break;
        case B::none: s = "none"; break;
        case B::nothing: s = "no value"; break;
    }
    return t.optional ? s + "?" : s;
}

void Checker::expect_type(const Node& e, const Type& expected, std::string_view what) {
    const Type t = check_expr(e, &expected);
    if (!assignable(t, expected)) {
        error(e.loc, fmt::format("{} must be {}, but this is {}", what, type_name(expected), type_name(t)));
    }
}

Type Checker::expect_bool(const Node& e, std::string_view what) {
    const Type t = check_expr(e);
    if (t.known() && !t.is(B::bool_)) {
        error(e.loc, fmt::format("{} must be true or false (bool), but this is {}", what, type_name(t)));
    }
    return Type::of(B::bool_);
}

Type Checker::expect_int(const Node& e, std::string_view what) {
    const Type t = check_expr(e);
    if (t.known() && !t.is(B::int_)) error(e.loc, fmt::format("{} must be a number (int), but this is {}", what, type_name(t)));
    return Type::of(B::int_);
}

std::optional<Type> Checker::enum_value_type(std::string_view value, const Type* expected, const SourceLocation& loc) {
    auto it = enum_value_owners_.find(value);
    if (it == enum_value_owners_.end()) return std::nullopt;
    const auto& owners = it->second;
    if (expected && expected->is(B::enum_)) {
        if (std::find(owners.begin(), owners.end(), expected->id) != owners.end()) {
            return Type::of(B::enum_, expected->id);
        }
    }
    if (owners.size() == 1) return Type::of(B::enum_, owners.front());
    std::string names;
    for (int id : owners) names += (names.empty() ? "" : " and ") + enums_[static_cast<std::size_t>(id)].name;
    error(loc, fmt::format("'{}' is a value of both {}: compare it with a value of the one you mean", value, names));
    return Type();
}

Type Checker::check_name(const Node& e, const Type* expected) {
    const std::string_view name = e.text;
    if (Local* local = find_local(name)) {
        local->used = true;
        return local->type;
    }
    if (body_.in_strategy && name == "me") return Type::of(B::player);
    if (body_.in_strategy && name == "choice") return body_.choice_type;
    if (name == "players") return Type::list_of(Type::of(B::player));
    // Where a value of an enum is expected, its value wins over a global of another type with the same name
    // (the card kind `closure` where the option `closure` also exists).
    if (expected && expected->is(B::enum_) && expected->id >= 0) {
        const auto& values = enums_[static_cast<std::size_t>(expected->id)].values;
        const Symbol* s = find_symbol(name);
        if (std::find(values.begin(), values.end(), name) != values.end() && !(s && same_type(s->type, *expected))) {
            return expected->as_required();
        }
    }
    if (Symbol* s = find_symbol(name)) {
        ++s->uses;
        switch (s->kind) {
            case SymbolKind::zone:
                if (s->per_player) {
                    error(e.loc, fmt::format("'{0}' is one zone per player: write p.{0} for player p's", name));
                }
                return s->type;
            case SymbolKind::enum_type: return Type::list_of(s->type);
            case SymbolKind::card_type:
            case SymbolKind::record_type:
                error(e.loc, fmt::format("'{}' is a type: make a value with {}(field: value, ...)", name, name));
                return Type();
            case SymbolKind::procedure:
            case SymbolKind::function:
                error(e.loc, fmt::format("'{}' is a {}: call it with ({})", name,
                                         s->kind == SymbolKind::procedure ? "procedure" : "function",
                                         s->params.empty() ? "" : "arguments"));
                return Type();
            case SymbolKind::stat:
            case SymbolKind::strategy:
                // Statistics and strategies are never values: an enum value of the same name (a strategy `stay`
                // for the choice `stay`) is meant.
                --s->uses;
                if (auto t = enum_value_type(name, expected, e.loc)) return *t;
                error(e.loc, fmt::format("'{}' is a {} and has no value in the game", name,
                                         s->kind == SymbolKind::stat ? "statistic" : "strategy"));
                return Type();
            default: return s->type;
        }
    }
    if (auto t = enum_value_type(name, expected, e.loc)) return *t;
    error(e.loc, fmt::format("unknown name '{}'{}", name, did_you_mean(name, visible_names())));
    return Type();
}

Type Checker::check_binary(const Node& e) {
    const std::string& op = e.text;
    const Node& l = *e.child(0);
    const Node& r = *e.child(1);
    if (op == "and" || op == "or") {
        expect_bool(l, fmt::format("the left side of '{}'", op));
        const BlockValueCalls maybe_evaluated(*this);
        expect_bool(r, fmt::format("the right side of '{}'", op));
        return Type::of(B::bool_);
    }
    if (op == "==" || op == "!=") {
        // A bare enum value on the left takes its meaning from the right: `standard == closure`.
        const bool left_is_bare_value = l.kind == Kind::name && !find_local(l.text) && enum_value_owners_.count(l.text) &&
                                        (!find_symbol(l.text) || r.kind != Kind::name || !enum_value_owners_.count(r.text));
        Type lt, rt;
        if (left_is_bare_value) {
            rt = check_expr(r);
            lt = check_expr(l, &rt);
        } else {
            lt = check_expr(l);
            rt = check_expr(r, &lt);
        }
        if (!assignable(rt, lt) && !assignable(lt, rt)) {
            error(e.loc, fmt::format("cannot compare {} with {}", type_name(lt), type_name(rt)));
        }
        return Type::of(B::bool_);
    }
    if (op == "in" || op == "not in") {
        const Type container = check_expr(r);
        const Type element = container.is_sequence() ? container.element_type() : Type();
        if (container.known() && !container.is_sequence()) {
            error(r.loc, fmt::format("'{}' needs a list or a zone on its right, but this is {}", op, type_name(container)));
        }
        const Type lt = check_expr(l, &element);
        if (!assignable(lt, element) && !assignable(element, lt)) {
            error(l.loc, fmt::format("a {} cannot be in a list of {}", type_name(lt), type_name(element)));
        }
        return Type::of(B::bool_);
    }
    if (op == "+") {
        const Type lt = check_expr(l);
        const Type rt = check_expr(r, &lt);
        if (lt.is_sequence() || rt.is_sequence()) {
            if ((lt.known() && !lt.is_sequence()) || (rt.known() && !rt.is_sequence())) {
                error(e.loc, fmt::format("'+' joins two lists, but this adds {} and {}", type_name(lt), type_name(rt)));
            }
            return Type::list_of(lt.is_sequence() ? lt.element_type() : rt.element_type());
        }
        if (lt.is(B::text) || rt.is(B::text)) return Type::of(B::text);
        if (lt.known() && !lt.is(B::int_)) error(l.loc, fmt::format("'+' needs numbers, lists or texts, but this is {}", type_name(lt)));
        if (rt.known() && !rt.is(B::int_)) error(r.loc, fmt::format("'+' needs numbers, lists or texts, but this is {}", type_name(rt)));
        return Type::of(B::int_);
    }
    if (op == "<" || op == "<=" || op == ">" || op == ">=") return check_order(e);
    const std::string side = fmt::format("each side of '{}'", op);
    expect_int(l, side);
    expect_int(r, side);
    return Type::of(B::int_);
}

// `a < b`: numbers, or two values of one enum, in the order the enum lists them (`c.rank >= jack`).
Type Checker::check_order(const Node& e) {
    const Node& l = *e.child(0);
    const Node& r = *e.child(1);
    const bool left_is_bare_value = l.kind == Kind::name && !find_local(l.text) && enum_value_owners_.count(l.text) &&
                                    !find_symbol(l.text);
    Type lt, rt;
    if (left_is_bare_value) {
        rt = check_expr(r);
        lt = check_expr(l, &rt);
    } else {
        lt = check_expr(l);
        rt = check_expr(r, &lt);
    }
    if (lt.is(B::enum_) || rt.is(B::enum_)) {
        if (lt.known() && rt.known() && !(lt.is(B::enum_) && rt.is(B::enum_) && lt.id == rt.id))
            error(e.loc, fmt::format("'{}' orders two numbers or two values of one enum, not {} and {}", e.text,
                                     type_name(lt), type_name(rt)));
        return Type::of(B::bool_);
    }
    const std::string side = fmt::format("each side of '{}'", e.text);
    for (const auto& [node, type] : {std::pair{&l, lt}, std::pair{&r, rt}}) {
        if (type.known() && !type.is(B::int_))
            error(node->loc, fmt::format("{} must be a number (int), but this is {}", side, type_name(type)));
    }
    return Type::of(B::bool_);
}

Type Checker::check_field(const Node& e) {
    const Type object = check_expr(*e.child(0));
    const std::string_view field = e.child(1)->text;
    const Composite* composite = nullptr;
    std::vector<std::string_view> known;
    switch (object.base) {
        case B::unknown: return Type();
        case B::player: {
            if (const Field* f = player_fields_.field(field)) return f->type;
            if (Symbol* s = find_symbol(field); s && s->kind == SymbolKind::zone && s->per_player) {
                ++s->uses;
                return s->type;
            }
            for (const auto& f : player_fields_.fields) known.push_back(f.name);
            for (const auto& [name, s] : symbols_) {
                if (s.kind == SymbolKind::zone && s.per_player) known.push_back(name);
            }
            error(e.child(1)->loc, fmt::format("players have no field or zone '{}'{}", field, did_you_mean(field, known)));
            return Type();
        }
        case B::card: composite = object.id >= 0 ? &cards_[static_cast<std::size_t>(object.id)] : nullptr; break;
        case B::record: composite = &records_[static_cast<std::size_t>(object.id)]; break;
        case B::space: composite = object.id >= 0 ? &boards_[static_cast<std::size_t>(object.id)] : nullptr; break;
        default:
            error(e.child(1)->loc, fmt::format("a {} has no fields (looking for '{}')", type_name(object), field));
            return Type();
    }
    if (!composite) return Type();  // a general card or space from the library: fields are checked when it runs
    if (const Field* f = composite->field(field)) return f->type;
    for (const auto& f : composite->fields) known.push_back(f.name);
    error(e.child(1)->loc, fmt::format("{} has no field '{}'{}", type_name(object), field, did_you_mean(field, known)));
    return Type();
}

Type Checker::check_index(const Node& e) {
    const Type object = check_expr(*e.child(0));
    const std::size_t count = e.children.size() - 1;
    auto check_keys = [&](std::size_t expected, std::string_view what) {
        if (count != expected) {
            error(e.loc, fmt::format("{} takes {} index{} in [ ], not {}", what, expected, expected == 1 ? "" : "es", count));
        }
        for (std::size_t i = 1; i < e.children.size(); ++i) check_expr(*e.child(i));
    };
    switch (object.base) {
        case B::unknown: check_keys(count, ""); return Type();
        case B::table: {
            const Symbol* s = e.child(0)->kind == Kind::name ? find_symbol(e.child(0)->text) : nullptr;
            const std::size_t dims = s && s->decl ? static_cast<std::size_t>(s->decl->has(Kind::table_columns) ? 2 : 1) : count;
            check_keys(dims, "this table");
            return object.element_type();
        }
        case B::board: {
            const bool grid = board_is_grid_[static_cast<std::size_t>(object.id)];
            check_keys(grid ? 2 : 1, grid ? "a grid (row, column)" : "a ring (position)");
            return Type::of(B::space, object.id);
        }
        case B::list:
        case B::zone:
            check_keys(1, "a list");
            return object.element_type().as_optional();
        default:
            error(e.loc, fmt::format("a {} cannot be indexed with [ ]", type_name(object)));
            return Type();
    }
}

Type Checker::check_constructor(const Node& call, const Composite& composite, const Type& type) {
    std::set<std::string, std::less<>> given;
    for (const auto& a : call.child(1)->children) {
        if (a->kind != Kind::named_arg) {
            error(a->loc, fmt::format("give {}'s fields by name: {}(field: value, ...)", composite.name, composite.name));
            check_expr(*a);
            continue;
        }
        const std::string_view field = a->child(0)->text;
        const Field* f = composite.field(field);
        if (!f) {
            std::vector<std::string_view> known;
            for (const auto& g : composite.fields) known.push_back(g.name);
            error(a->child(0)->loc, fmt::format("{} has no field '{}'{}", composite.name, field, did_you_mean(field, known)));
            check_expr(*a->child(1));
            continue;
        }
        if (!given.insert(std::string(field)).second) error(a->loc, fmt::format("field '{}' is given twice", field));
        expect_type(*a->child(1), f->type, fmt::format("field '{}'", field));
        check_written_value(*a->child(1), *f, composite.name);
    }
    for (const auto& f : composite.fields) {
        if (!f.has_default && !given.count(f.name)) {
            error(call.loc, fmt::format("{} needs a value for field '{}' (it has no default)", composite.name, f.name));
        }
    }
    return type;
}

Type Checker::check_call(const Node& e, bool as_statement) {
    const Node& callee = *e.child(0);
    if (callee.kind != Kind::name) {
        error(callee.loc, "only a function, procedure or type can be called with ( )");
        return Type();
    }
    const std::string_view name = callee.text;
    const Node& args = *e.child(1);
    Symbol* s = find_symbol(name);
    if (s && (s->kind == SymbolKind::card_type || s->kind == SymbolKind::record_type)) {
        ++s->uses;
        if (s->type.is(B::card)) {
            // Cards are things: the game has exactly the cards its decks make (a zone starts with a deck's cards).
            if (!making_cards_here()) {
                error(e.loc, fmt::format("a {} card can only be made in a deck: declare 'deck NAME: {} = [...]' and "
                                         "start a zone with it ('zone NAME: {} = NAME'), or in a function a deck "
                                         "calls", s->name, s->name, s->name));
            }
            return check_constructor(e, cards_[static_cast<std::size_t>(s->type.id)], s->type);
        }
        if (s->type.is(B::record)) return check_constructor(e, records_[static_cast<std::size_t>(s->type.id)], s->type);
    }
    if (!s || (s->kind != SymbolKind::function && s->kind != SymbolKind::procedure)) {
        if (auto t = check_builtin_call(e, name, as_statement)) return *t;
        if (s) {
            error(callee.loc, fmt::format("'{}' is not a function or procedure and cannot be called", name));
        } else {
            std::vector<std::string_view> callables(builtin_names().begin(), builtin_names().end());
            for (const auto& [n, sym] : symbols_) {
                if (sym.kind == SymbolKind::function || sym.kind == SymbolKind::procedure) callables.push_back(n);
            }
            error(callee.loc, fmt::format("unknown function or procedure '{}'{}", name, did_you_mean(name, callables)));
        }
        for (const auto& a : args.children) check_expr(*a);
        return Type();
    }
    ++s->uses;
    calls_[current_callable_].insert(s->name);
    check_card_maker_call(callee);
    const bool is_procedure = s->kind == SymbolKind::procedure;
    if (is_procedure && !as_statement && !gives_value(*s)) {
        error(callee.loc, fmt::format("procedure '{}' gives no value; call it on its own line (or make it a function)", name));
    } else if (is_procedure && !as_statement && value_call_ != &e && body_.pure) {
        // a function's body: the error below says why
    } else if (is_procedure && !as_statement && value_call_ != &e && statements_open_ == 0) {
        error(callee.loc, fmt::format("procedure '{}' may change the game: its value is taken only in a statement "
                                      "('let x = {}(...)', 'if {}(...) {{ }}')", name, name, name));
    } else if (is_procedure && !as_statement && value_call_ != &e && value_calls_blocked_ > 0) {
        error(callee.loc, fmt::format("procedure '{}' may change the game, so its value is taken where it runs once, "
                                      "in order: not in a comprehension, a 'where', a branch of 'if ... then ... "
                                      "else' or the right side of 'and' or 'or' (take it first: 'let x = {}(...)')",
                                      name, name));
    }
    if (!is_procedure && as_statement) {
        error(callee.loc, fmt::format("the value of function '{}' is not used", name));
    }
    if (is_procedure && body_.pure) {
        error(callee.loc, fmt::format("a function cannot call procedure '{}' (functions only compute values)", name));
    }
    if (args.children.size() != s->params.size()) {
        error(callee.loc, fmt::format("'{}' takes {} argument{} ({}), but {} {} given", name, s->params.size(),
                                      s->params.size() == 1 ? "" : "s", fmt::join(s->param_names, ", "),
                                      args.children.size(), args.children.size() == 1 ? "is" : "are"));
    }
    for (std::size_t i = 0; i < args.children.size(); ++i) {
        const Node& a = *args.children[i];
        if (a.kind == Kind::named_arg) {
            error(a.loc, "named arguments are only for making cards and records");
            continue;
        }
        if (i < s->params.size()) {
            expect_type(a, s->params[i], fmt::format("argument '{}' of '{}'", s->param_names[i], name));
        } else {
            check_expr(a);
        }
    }
    return is_procedure && (as_statement || !gives_value(*s)) ? Type::of(B::nothing) : s->type;
}

Type Checker::check_comprehension(const Node& e) {
    const BlockValueCalls evaluated_per_element(*this);
    push_scope();
    const Node* for_clause = e.find(Kind::for_clause);
    const Type source = check_expr(*for_clause->child(1));
    if (source.known() && !source.is_sequence()) {
        error(for_clause->child(1)->loc, fmt::format("'for' needs a list, a zone or an enum, but this is {}", type_name(source)));
    }
    declare_local(*for_clause->child(0), source.is_sequence() ? source.element_type() : Type());
    find_local(for_clause->child(0)->text)->used = true;
    if (const Node* where = e.find(Kind::where_clause)) expect_bool(*where->child(0), "a 'where' condition");
    if (const Node* copies = e.find(Kind::copies)) {
        if (e.has(Kind::flatten)) error(copies->loc, "'copies' goes with a single 'for', not with several");
        expect_int(*copies->child(0), "the number of copies");
    }
    const Type element = check_expr(*e.child(0));
    pop_scope();
    if (e.has(Kind::flatten)) return element;  // the inner `for`'s list: its elements are this list's
    return Type::list_of(element);
}

Type Checker::check_list(const Node& e, const Type* expected) {
    Type element = expected && expected->is(B::list) ? expected->element_type() : Type();
    for (const auto& item : e.children) {
        const Type t = check_expr(*item, element.known() ? &element : nullptr);
        if (!element.known()) {
            element = t;
        } else if (!assignable(t, element)) {
            error(item->loc, fmt::format("a list holds values of one type: this is {}, the list holds {}", type_name(t),
                                         type_name(element)));
        }
    }
    return Type::list_of(element);
}

Type Checker::check_expr(const Node& e, const Type* expected) {
    Type t = check_expr_kind(e, expected);
    expr_types_[&e] = t;
    return t;
}

Type Checker::check_expr_kind(const Node& e, const Type* expected) {
    switch (e.kind) {
        case Kind::int_lit: return Type::of(B::int_);
        case Kind::string_lit: check_interpolation(e, nullptr); return Type::of(B::text);
        case Kind::true_lit:
        case Kind::false_lit: return Type::of(B::bool_);
        case Kind::none_lit: return Type::of(B::none);
        case Kind::nobody_lit: return Type::list_of(Type::of(B::player));
        case Kind::name: return check_name(e, expected);
        case Kind::binary: return check_binary(e);
        case Kind::range:
            expect_int(*e.child(0), "each end of a range");
            expect_int(*e.child(1), "each end of a range");
            return Type::list_of(Type::of(B::int_));
        case Kind::unary:
            if (e.text == "not") return expect_bool(*e.child(0), "the operand of 'not'");
            return expect_int(*e.child(0), "the operand of '-'");
        case Kind::field: return check_field(e);
        case Kind::index: return check_index(e);
        case Kind::call: return check_call(e, false);
        case Kind::list_lit: return check_list(e, expected);
        case Kind::comprehension: return check_comprehension(e);
        case Kind::if_expr: {
            expect_bool(*e.child(0), "the condition of 'if'");
            const BlockValueCalls one_branch_only(*this);
            const Type a = check_expr(*e.child(1), expected);
            const Type b = check_expr(*e.child(2), a.known() ? &a : expected);
            // `if C then x else none`: an optional value (T?).
            if (!a.is(B::none) && !b.is(B::none) && !assignable(b, a) && !assignable(a, b)) {
                error(e.child(2)->loc, fmt::format("both branches must have the same type: {} and {}", type_name(a), type_name(b)));
            }
            return a.is(B::none) ? b.as_optional() : (b.is(B::none) ? a.as_optional() : a);
        }
        default:
            error(e.loc, fmt::format("expected an expression, found {}", ast::kind_name(e.kind)));
            return Type();
    }
}

// A text's hole holding an expression, parsed once (a text may be checked again: the flow check of `play`) and kept
// for the compiler (hole_expression). Null when it does not parse (the error is reported).
const Node* Checker::parse_hole(const Node& text_node, std::size_t open, const std::string& inside,
                                const SourceLocation& loc) {
    const auto key = std::make_pair(&text_node, open);
    if (const auto it = hole_expressions_.find(key); it != hole_expressions_.end()) return it->second.get();
    ParseResult parsed = parse_expression(inside, loc);
    for (auto& d : parsed.diagnostics) error(d.loc, std::move(d.message));
    if (!parsed.file) return nullptr;
    return hole_expressions_.emplace(key, std::move(parsed.file)).first->second.get();
}

const Node* Checker::hole_expression(const Node& text_node, std::size_t open) const {
    const auto it = hole_expressions_.find(std::make_pair(&text_node, open));
    return it == hole_expressions_.end() ? nullptr : it->second.get();
}

// Names inside {braces} in a text are checked like expressions: `{p}`, `{c.value}`, and so is any expression there
// (`{role_name(r)}`, `{size(p.hand)}`).
void Checker::check_interpolation(const Node& text_node, const Composite* fields_in_scope) {
    const std::string& text = text_node.text;
    std::size_t open = text.find('{');
    while (open != std::string::npos) {
        const std::size_t close = text.find('}', open);
        if (close == std::string::npos) break;
        const TextHole hole = split_hole(text.substr(open + 1, close - open - 1));
        const std::string& inside = hole.path;
        SourceLocation loc = text_node.loc;
        loc.column += open + 2;
        loc.offset += open + 2;
        // Only names and fields may be shown: anything else (an operator, a call) says so instead of "unknown name".
        const bool plain = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
        });
        const bool counted = hole.counted;
        if (counted && (hole.singular.empty() || hole.singular.find_first_of("{}:") != std::string::npos || hole.plural.empty() ||
                        hole.plural.find_first_of("{}:/") != std::string::npos)) {
            error(loc, fmt::format("a count is written {{n:word}} or {{n:word/plural}}, not '{{{}:{}}}'", inside,
                                   hole.singular));
            open = text.find('{', close);
            continue;
        }
        if (!plain && fields_in_scope) {
            error(loc, fmt::format("a 'shown as' text shows only its own fields in braces ({{value}}), not '{}': "
                                   "name a function with 'shown as' for more", inside));
            open = text.find('{', close);
            continue;
        }
        if (!plain) {
            // An expression: parsed apart, kept for the compiler, checked here in the text's scope.
            if (const Node* hole_expr = parse_hole(text_node, open, inside, loc)) {
                const Type shown = check_expr(*hole_expr);
                if (counted && shown.known() && !shown.is(Type::Base::int_))
                    error(loc, fmt::format("'{{{}:{}}}' counts {}, which is not a number", inside, hole.singular, inside));
            }
            open = text.find('{', close);
            continue;
        }
        std::vector<std::string> parts;
        std::size_t start = 0;
        for (std::size_t dot = inside.find('.'); ; dot = inside.find('.', start)) {
            parts.push_back(inside.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
        if (fields_in_scope) {
            if (!fields_in_scope->field(parts.front())) {
                std::vector<std::string_view> known;
                for (const auto& f : fields_in_scope->fields) known.push_back(f.name);
                error(loc, fmt::format("{} has no field '{}'{}", fields_in_scope->name, parts.front(),
                                       did_you_mean(parts.front(), known)));
            }
        } else {
            // Build the expression name.field.field... and check it.
            auto expr = std::make_unique<Node>();
            expr->kind = Kind::name;
            expr->loc = loc;
            expr->text = parts.front();
            for (std::size_t i = 1; i < parts.size(); ++i) {
                auto field = std::make_unique<Node>();
                field->kind = Kind::field;
                field->loc = loc;
                auto field_name = std::make_unique<Node>();
                field_name->kind = Kind::name;
                field_name->loc = loc;
                field_name->text = parts[i];
                field->children.push_back(std::move(expr));
                field->children.push_back(std::move(field_name));
                expr = std::move(field);
            }
            const Type shown = check_expr(*expr);
            if (counted && shown.known() && !shown.is(Type::Base::int_)) {
                error(loc, fmt::format("'{{{}:{}}}' counts {}, which is not a number", inside, hole.singular, inside));
            }
        }
        open = text.find('{', close);
    }
}

}  // namespace rulesrun::checking
