// The built-in functions and procedures of the language, as the checker sees them: their arguments and result.
#include <fmt/format.h>

#include "checker_impl.hpp"

namespace rulesrun::checking {

using B = Type::Base;

namespace {

enum class Shape { any, integer, boolean, player, sequence, int_list, bool_list, zone, die, space, board, enum_value };

struct BuiltinSignature {
    std::string_view name;
    std::vector<Shape> params;
    bool chance = false;     // uses the random generator: procedures only
    bool statement = false;  // a built-in procedure (no value)
};

const std::vector<BuiltinSignature>& signatures() {
    using S = Shape;
    static const std::vector<BuiltinSignature> table = {
        {"first_player", {}},
        {"seat", {S::player}},
        {"next_seat", {S::player}},
        {"previous_seat", {S::player}},
        {"players_from", {S::player}},
        {"others", {S::player}},
        {"size", {S::sequence}},
        {"sum", {S::int_list}},
        {"max", {S::int_list}},
        {"min", {S::int_list}},
        {"abs", {S::integer}},
        {"any", {S::bool_list}},
        {"all", {S::bool_list}},
        {"first", {S::sequence}},
        {"last", {S::sequence}},
        {"top", {S::zone}},
        {"bottom", {S::zone}},
        {"top_cards", {S::zone, S::integer}},
        {"owner", {S::zone}},
        {"sorted", {S::int_list}},
        {"distinct", {S::sequence}},
        {"count", {S::sequence, S::any}},
        {"roll", {S::die}, true},
        {"random", {S::integer, S::integer}, true},
        {"row", {S::space}},
        {"column", {S::space}},
        {"at", {S::space, S::integer, S::integer}},
        {"spaces", {S::board}},
        {"clockwise", {S::space, S::integer}},
        {"counterclockwise", {S::space, S::integer}},
        {"neighbours", {S::space}},
        {"alive", {S::space}},
        {"drop", {S::space}, false, true},
        {"combines_to", {S::int_list, S::integer, S::boolean}},
        {"combination_text", {S::int_list, S::integer, S::boolean}},
        {"text", {S::any}},
        {"score", {S::player}},
        {"index", {S::enum_value}},
    };
    return table;
}

const char* shape_word(Shape s) {
    switch (s) {
        case Shape::any: return "a value";
        case Shape::integer: return "a number (int)";
        case Shape::boolean: return "true or false";
        case Shape::player: return "a player";
        case Shape::sequence: return "a list or a zone";
        case Shape::int_list: return "a list of numbers";
        case Shape::bool_list: return "a list of true/false values";
        case Shape::zone: return "a zone";
        case Shape::die: return "a die";
        case Shape::space: return "a board space";
        case Shape::board: return "a board";
        case Shape::enum_value: return "a value of an enum";
    }
    return "a value";
}

bool fits(Shape s, const Type& t) {
    if (!t.known()) return true;
    switch (s) {
        case Shape::any: return true;
        case Shape::integer: return t.is(B::int_);
        case Shape::boolean: return t.is(B::bool_);
        case Shape::player: return t.is(B::player);
        case Shape::sequence: return t.is_sequence();
        case Shape::int_list: return t.is_sequence() && (t.element_type().is(B::int_) || !t.element_type().known());
        case Shape::bool_list: return t.is_sequence() && (t.element_type().is(B::bool_) || !t.element_type().known());
        case Shape::zone: return t.is(B::zone);
        case Shape::die: return t.is(B::die);
        case Shape::space: return t.is(B::space);
        case Shape::board: return t.is(B::board);
        case Shape::enum_value: return t.is(B::enum_);
    }
    return true;
}

Type result_of(std::string_view name, const std::vector<Type>& args) {
    const Type player = Type::of(B::player);
    const Type integer = Type::of(B::int_);
    auto arg = [&](std::size_t i) { return i < args.size() ? args[i] : Type(); };
    if (name == "first_player" || name == "next_seat" || name == "previous_seat" || name == "owner") return player;
    if (name == "players_from" || name == "others") return Type::list_of(player);
    if (name == "first" || name == "last") return arg(0).element_type().as_optional();
    if (name == "top" || name == "bottom") return arg(0).element_type().as_optional();
    if (name == "top_cards" || name == "distinct") return Type::list_of(arg(0).element_type());
    if (name == "sorted") return Type::list_of(integer);
    if (name == "at") return arg(0).as_optional();
    if (name == "clockwise" || name == "counterclockwise") return arg(0);
    if (name == "neighbours") return Type::list_of(arg(0));
    if (name == "spaces") return Type::list_of(Type::of(B::space, arg(0).id));
    if (name == "alive" || name == "combines_to" || name == "any" || name == "all") return Type::of(B::bool_);
    if (name == "combination_text" || name == "text") return Type::of(B::text);
    if (name == "drop") return Type::of(B::nothing);
    return integer;
}

}  // namespace

const std::vector<std::string_view>& Checker::builtin_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out = {"players", "me", "choice"};
        for (const auto& s : signatures()) out.push_back(s.name);
        return out;
    }();
    return names;
}

// `sorted(xs)`, `sorted(xs, descending: true)`, `sorted(hand, by: strength)`: numbers, enum values (in the enum's
// order) or players (in seat order), or any elements ordered by a function of one element giving a number or an enum
// value; `descending` (a truth) reverses the order. Equal keys keep the list's order.
Type Checker::check_sorted(const Node& call) {
    const Node& callee = *call.child(0);
    const Node* list = nullptr;
    const Node* by = nullptr;
    const Node* descending = nullptr;
    for (const auto& a : call.child(1)->children) {
        if (a->kind != Kind::named_arg) {
            if (list) error(a->loc, "'sorted' takes one list, then 'by: FUNCTION' or 'descending: TRUTH' by name");
            list = a.get();
            continue;
        }
        const std::string_view word = a->child(0)->text;
        if (word == "by") {
            by = a->child(1);
        } else if (word == "descending") {
            descending = a->child(1);
        } else {
            error(a->child(0)->loc, fmt::format("'sorted' has no argument '{}': its arguments are the list, 'by: "
                                                "FUNCTION' and 'descending: TRUTH'", word));
        }
    }
    if (!list) {
        error(callee.loc, "'sorted' needs the list to sort");
        return Type::list_of(Type());
    }
    const Type source = check_expr(*list);
    if (source.known() && !source.is_sequence()) {
        error(list->loc, fmt::format("'sorted' sorts a list or a zone, but this is {}", type_name(source)));
    }
    const Type element = source.is_sequence() ? source.element_type() : Type();
    if (descending) expect_bool(*descending, "'descending'");
    const auto orderable = [](const Type& t) { return !t.known() || t.is(B::int_) || t.is(B::enum_) || t.is(B::player); };
    if (!by) {
        if (!orderable(element) || (element.known() && element.optional)) {
            error(list->loc, fmt::format("'sorted' orders numbers, enum values or players, not {}: give it a key, "
                                         "'sorted(xs, by: FUNCTION)'", type_name(element)));
        }
        return Type::list_of(element);
    }
    Symbol* f = by->kind == Kind::name ? find_symbol(by->text) : nullptr;
    if (!f || f->kind != SymbolKind::function) {
        error(by->loc, "'by' names a function of one element that gives a number or an enum value (its key)");
        return Type::list_of(element);
    }
    ++f->uses;
    calls_[current_callable_].insert(f->name);
    if (f->params.size() != 1 || (element.known() && !assignable(element, f->params[0]))) {
        error(by->loc, fmt::format("'{}' should take one {}, the element it gives the key of", f->name, type_name(element)));
    } else if (f->type.known() && (!orderable(f->type) || f->type.optional)) {
        error(by->loc, fmt::format("the key '{}' gives {}: a number, an enum value or a player is needed", f->name,
                                   type_name(f->type)));
    }
    return Type::list_of(element);
}

std::optional<Type> Checker::check_builtin_call(const Node& call, std::string_view name, bool as_statement) {
    if (name == "sorted") {
        if (as_statement) error(call.child(0)->loc, "the value of 'sorted' is not used");
        return check_sorted(call);
    }
    const auto& table = signatures();
    const auto it = std::find_if(table.begin(), table.end(), [&](const auto& s) { return s.name == name; });
    if (it == table.end()) return std::nullopt;
    const Node& callee = *call.child(0);
    const auto& args = call.child(1)->children;
    if (it->chance && body_.pure) {
        error(callee.loc, fmt::format("a function cannot use chance ('{}'): roll or draw in a procedure", name));
    }
    if (it->statement && !as_statement) error(callee.loc, fmt::format("'{}' gives no value; use it on its own line", name));
    if (!it->statement && as_statement) error(callee.loc, fmt::format("the value of '{}' is not used", name));
    if (it->statement && body_.pure) error(callee.loc, fmt::format("a function cannot change the game ('{}')", name));
    if (name == "score" && !std::any_of(files_.begin(), files_.end(), [](const LoadedFile& f) {
            return f.tree->has(Kind::score_decl);
        })) {
        error(callee.loc, "score(p) needs a 'score(p) = ...' declaration");
    }
    if (args.size() != it->params.size()) {
        error(callee.loc, fmt::format("'{}' takes {} argument{}, but {} {} given", name, it->params.size(),
                                      it->params.size() == 1 ? "" : "s", args.size(), args.size() == 1 ? "is" : "are"));
    }
    std::vector<Type> types;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const Type t = check_expr(*args[i]);
        types.push_back(t);
        if (i < it->params.size() && !fits(it->params[i], t)) {
            error(args[i]->loc, fmt::format("argument {} of '{}' must be {}, but this is {}", i + 1, name,
                                            shape_word(it->params[i]), type_name(t)));
        }
    }
    return result_of(name, types);
}

}  // namespace rulesrun::checking
