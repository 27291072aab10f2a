// Declarations: collecting every global name (with duplicates reported), resolving the types of fields, options,
// zones and callables, then checking each body.
#include <fmt/format.h>

#include "checker_impl.hpp"
#include "spelling.hpp"

namespace rulesrun::checking {

const Field* Composite::field(std::string_view n) const {
    for (const auto& f : fields) {
        if (f.name == n) return &f;
    }
    return nullptr;
}

const char* kind_label(SymbolKind k) {
    switch (k) {
        case SymbolKind::option: return "option";
        case SymbolKind::enum_type: return "enum";
        case SymbolKind::card_type: return "card type";
        case SymbolKind::record_type: return "record type";
        case SymbolKind::deck: return "deck";
        case SymbolKind::zone: return "zone";
        case SymbolKind::state_field: return "state field";
        case SymbolKind::table: return "table";
        case SymbolKind::board: return "board";
        case SymbolKind::die: return "die";
        case SymbolKind::procedure: return "procedure";
        case SymbolKind::function: return "function";
        case SymbolKind::stat: return "statistic";
        case SymbolKind::strategy: return "strategy";
        case SymbolKind::seat: return "seat";
        case SymbolKind::builtin_value: return "built-in name";
    }
    return "name";
}

void Checker::declare(SymbolKind kind, const Node& decl, std::string_view name, Type type) {
    const Node* name_node = decl.find(Kind::name);
    const SourceLocation loc = name_node ? name_node->loc : decl.loc;
    if (auto it = symbols_.find(name); it != symbols_.end()) {
        const auto& first = it->second;
        error(loc, fmt::format("'{}' is already declared as a {} at line {}", name, kind_label(first.kind),
                               first.decl ? first.decl->loc.line : 0));
        return;
    }
    // Built-in functions live in their own namespace (call position), so only callables and the built-in values
    // players, me and choice would clash.
    const bool callable = kind == SymbolKind::procedure || kind == SymbolKind::function;
    const auto& builtins = builtin_names();
    const bool builtin_value = name == "players" || name == "me" || name == "choice";
    if (builtin_value) {
        error(loc, fmt::format("'{}' is a built-in name and cannot be declared again", name));
        return;
    }
    if (callable && std::find(builtins.begin(), builtins.end(), name) != builtins.end()) {
        // Declared all the same, so that its body and its calls are checked as the author meant (against this
        // declaration, not the built-in's): one error, not one more at every call.
        error(loc, fmt::format("'{}' is a built-in name and cannot be declared again: give this {} another name", name,
                               kind_label(kind)));
    }
    Symbol s;
    s.kind = kind;
    s.name = std::string(name);
    s.decl = &decl;
    s.type = std::move(type);
    s.in_root = decl.loc.file == root_file_;
    symbols_.emplace(s.name, std::move(s));
}

// First pass: every name, so that declarations may refer to each other in any order.
void Checker::collect_declarations() {
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            const Node& decl = *d;
            const std::string name(decl.name());
            switch (decl.kind) {
                case Kind::enum_decl: {
                    const int id = static_cast<int>(enums_.size());
                    EnumInfo info{name, {}};
                    for (std::size_t i = 1; i < decl.children.size(); ++i) {
                        const Node& v = *decl.children[i];
                        if (std::find(info.values.begin(), info.values.end(), v.text) != info.values.end()) {
                            error(v.loc, fmt::format("'{}' appears twice in enum {}", v.text, name));
                            continue;
                        }
                        info.values.push_back(v.text);
                        enum_value_owners_[v.text].push_back(id);
                    }
                    enums_.push_back(std::move(info));
                    declare(SymbolKind::enum_type, decl, name, Type::of(Type::Base::enum_, id));
                    break;
                }
                case Kind::card_decl:
                    cards_.push_back({name, {}, &decl});
                    declare(SymbolKind::card_type, decl, name,
                            Type::of(Type::Base::card, static_cast<int>(cards_.size() - 1)));
                    break;
                case Kind::record_decl:
                    records_.push_back({name, {}, &decl});
                    declare(SymbolKind::record_type, decl, name,
                            Type::of(Type::Base::record, static_cast<int>(records_.size() - 1)));
                    break;
                case Kind::board_decl: {
                    boards_.push_back({std::string(decl.children[2]->text), {}, &decl});
                    board_is_grid_.push_back(decl.children[1]->kind == Kind::grid_shape);
                    const int id = static_cast<int>(boards_.size() - 1);
                    declare(SymbolKind::board, decl, name, Type::of(Type::Base::board, id));
                    // The space type's name, e.g. Square.
                    Symbol space;
                    space.kind = SymbolKind::record_type;
                    space.name = decl.children[2]->text;
                    space.decl = &decl;
                    space.type = Type::of(Type::Base::space, id);
                    space.in_root = false;  // used through the board
                    if (!symbols_.count(space.name)) symbols_.emplace(space.name, std::move(space));
                    else error(decl.children[2]->loc, fmt::format("'{}' is already declared", space.name));
                    break;
                }
                case Kind::option_decl: declare(SymbolKind::option, decl, name, Type()); break;
                case Kind::deck_decl: declare(SymbolKind::deck, decl, name, Type()); break;
                case Kind::zone_decl: declare(SymbolKind::zone, decl, name, Type()); break;
                case Kind::table_decl: declare(SymbolKind::table, decl, name, Type()); break;
                case Kind::die_decl: declare(SymbolKind::die, decl, name, Type::of(Type::Base::die)); break;
                case Kind::procedure_decl: declare(SymbolKind::procedure, decl, name, Type::of(Type::Base::nothing)); break;
                case Kind::function_decl: declare(SymbolKind::function, decl, name, Type()); break;
                case Kind::stat_decl: {
                    declare(SymbolKind::stat, decl, name, Type::of(Type::Base::int_));
                    Symbol* s = find_symbol(name);
                    if (!s || s->decl != &decl) break;
                    s->for_each_player = decl.has(Kind::stat_per_player);
                    s->has_value = decl.children.back()->kind != Kind::string_lit;  // `= EXPR` follows the description
                    break;
                }
                case Kind::strategy_decl:
                    if (name == "random") {
                        error(decl.child(0)->loc, "'random' is the built-in strategy (it plays at random): give this one "
                                                  "another name");
                    } else if (name == "mcts") {
                        error(decl.child(0)->loc, "'mcts' is the built-in search bot: give this strategy another name");
                    }
                    declare(SymbolKind::strategy, decl, name, Type());
                    break;
                case Kind::state_decl:
                    for (const auto& f : decl.children) declare(SymbolKind::state_field, *f, f->name(), Type());
                    break;
                case Kind::game_decl:
                    if (const Node* seats = decl.find(Kind::seat_names)) {
                        for (const auto& seat : seats->children) {
                            Symbol s;
                            s.kind = SymbolKind::seat;
                            s.name = seat->text;
                            s.decl = seat.get();
                            s.type = Type::of(Type::Base::player);
                            s.uses = 1;  // naming the seats is documentation enough
                            if (!symbols_.emplace(s.name, s).second) {
                                error(seat->loc, fmt::format("'{}' is already declared", seat->text));
                            }
                        }
                    }
                    break;
                default: break;
            }
        }
    }
}

Type Checker::resolve_type(const Node* t) {
    using B = Type::Base;
    if (!t) return Type();
    switch (t->kind) {
        case Kind::optional_type: return resolve_type(t->child(0)).as_optional();
        case Kind::list_type: return Type::list_of(resolve_type(t->child(0)));
        case Kind::zone_type: {
            const Type card = resolve_type(t->child(0));
            if (card.known() && !card.is(Type::Base::card)) {
                error(t->child(0)->loc, fmt::format("a zone holds cards: 'zone of CARD_TYPE', not {}", type_name(card)));
                return Type::of(Type::Base::zone);
            }
            return Type::zone_of(card);
        }
        default: break;
    }
    static const std::map<std::string_view, B> simple = {
        {"int", B::int_}, {"bool", B::bool_}, {"text", B::text}, {"player", B::player},
        {"die", B::die},  {"zone", B::zone},  {"card", B::card}, {"space", B::space}};
    if (auto it = simple.find(t->text); it != simple.end()) return Type::of(it->second);
    if (Symbol* s = find_symbol(t->text)) {
        switch (s->kind) {
            case SymbolKind::enum_type:
            case SymbolKind::card_type:
            case SymbolKind::record_type:
                ++s->uses;
                return s->type;
            default: break;
        }
    }
    std::vector<std::string_view> known = {"int", "bool", "text", "player", "die", "zone", "card", "space", "list"};
    for (const auto& [name, s] : symbols_) {
        if (s.kind == SymbolKind::enum_type || s.kind == SymbolKind::card_type || s.kind == SymbolKind::record_type) {
            known.push_back(name);
        }
    }
    error(t->loc, fmt::format("unknown type '{}': expected int, bool, text, player, zone, die, a card, record, enum "
                              "or space type, 'list of T' or 'T?'{}",
                              t->text, did_you_mean(t->text, known)));
    return Type();
}

// A field's or zone's default (`= EXPR`), or null: the child after its type and attributes that is not its label.
const Node* default_of(const Node& decl) {
    for (auto it = decl.children.rbegin(); it != decl.children.rend(); ++it) {
        switch ((*it)->kind) {
            case Kind::display_label:
            case Kind::field_range:
            case Kind::shown_as_dice:
            case Kind::shown_when: continue;
            case Kind::type_name:
            case Kind::list_type:
            case Kind::zone_type:
            case Kind::optional_type:
            case Kind::zone_property:
            case Kind::sorted_by:
            case Kind::per_player: return nullptr;
            default: return it->get() == decl.child(0) ? nullptr : it->get();
        }
    }
    return nullptr;
}

bool has_default(const Node& field_decl) { return default_of(field_decl) != nullptr; }

// A field's `in` clause: on a card's or record's fixed number or text field, well written, its default among its values.
void Checker::check_field_values(const Node& decl, Field& f) {
    const Node* clause = f.decl->find(Kind::field_range);
    if (clause == nullptr) return;
    const bool composite = decl.kind == Kind::record_decl || decl.kind == Kind::card_decl;
    if (!composite || f.is_state) {
        error(clause->loc, fmt::format("field '{}': only a card's or record's fixed field may be declared with its "
                                       "values ('in ...')", f.name));
        return;
    }
    std::string problem;
    f.values = field_values(*f.decl, &problem);
    if (!f.values) {
        error(clause->loc, fmt::format("field '{}': {}", f.name, problem));
        return;
    }
    using B = Type::Base;
    const bool fits = !f.type.optional && f.type.is(f.values->texts ? B::text : B::int_);
    if (!fits) {
        error(clause->loc, fmt::format("field '{}' is {}: {} values are for {} fields", f.name, type_name(f.type),
                                       f.values->texts ? "text" : "number", f.values->texts ? "text" : "int"));
        f.values.reset();
        return;
    }
    if (const Node* value = default_of(*f.decl)) check_written_value(*value, f, std::string(decl.name()));
}

// A value written in the rules for a field declared with its values: one of them.
void Checker::check_written_value(const Node& value, const Field& f, const std::string& owner) {
    if (!f.values) return;
    bool outside = false;
    if (const auto n = written_number(value); n && !f.values->texts) outside = !f.values->holds(*n);
    if (const auto t = written_text(value); t && f.values->texts) outside = !f.values->holds(*t);
    if (outside) {
        error(value.loc, fmt::format("{}'s field '{}' holds only {}: this value is not one of them", owner, f.name,
                                     f.values->describe()));
    }
}

std::vector<Field> Checker::resolve_fields(const Node& decl) {
    std::vector<Field> fields;
    for (const auto& c : decl.children) {
        if (c->kind != Kind::field_decl) continue;
        Field f;
        f.name = std::string(c->name());
        f.decl = c.get();
        f.is_state = c->has(Kind::state_marker);
        f.is_private = c->has(Kind::private_marker);
        const Node* type_node = nullptr;
        for (const auto& part : c->children) {
            if (part->kind == Kind::type_name || part->kind == Kind::list_type || part->kind == Kind::zone_type ||
                part->kind == Kind::optional_type) {
                type_node = part.get();
            }
        }
        f.type = resolve_type(type_node);
        f.has_default = has_default(*c);
        check_field_values(decl, f);
        if (std::any_of(fields.begin(), fields.end(), [&](const Field& g) { return g.name == f.name; })) {
            error(c->loc, fmt::format("field '{}' is declared twice", f.name));
            continue;
        }
        fields.push_back(std::move(f));
    }
    return fields;
}

// The type a table's values have, from its first value.
static const Node* first_table_value(const Node& decl) {
    const Node* row = decl.find(Kind::table_row);
    return row ? row->child(1) : nullptr;
}

void Checker::resolve_declaration_types() {
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            const Node& decl = *d;
            const std::string_view name = decl.name();
            switch (decl.kind) {
                // A card or record whose name was refused (already declared, or a built-in name) has no symbol
                // of its own: its name may lead to another declaration's table, or to none.
                case Kind::card_decl:
                    if (Symbol* s = find_symbol(name); s && s->decl == &decl) {
                        cards_[static_cast<std::size_t>(s->type.id)].fields = resolve_fields(decl);
                    }
                    break;
                case Kind::record_decl:
                    if (Symbol* s = find_symbol(name); s && s->decl == &decl) {
                        records_[static_cast<std::size_t>(s->type.id)].fields = resolve_fields(decl);
                    }
                    break;
                case Kind::board_decl:
                    if (Symbol* b = find_symbol(name); b && b->kind == SymbolKind::board) {
                        boards_[static_cast<std::size_t>(b->type.id)].fields = resolve_fields(decl);
                    }
                    break;
                case Kind::player_decl: {
                    auto fields = resolve_fields(decl);
                    for (auto& f : fields) {
                        f.is_state = true;
                        player_fields_.fields.push_back(std::move(f));
                    }
                    break;
                }
                case Kind::state_decl: {
                    for (auto& f : resolve_fields(decl)) {
                        if (Symbol* s = find_symbol(f.name); s && s->decl == f.decl) s->type = f.type;
                    }
                    break;
                }
                case Kind::option_decl: check_option(decl); break;
                case Kind::deck_decl:
                case Kind::zone_decl: {
                    Symbol* s = find_symbol(name);
                    if (!s || s->decl != &decl) break;
                    const Type card = resolve_type(decl.child(1));
                    if (card.known() && !card.is(Type::Base::card)) {
                        error(decl.child(1)->loc, fmt::format("a {} holds cards: '{}' is not a card type",
                                                              kind_label(s->kind), decl.child(1)->text));
                    }
                    s->type = decl.kind == Kind::deck_decl ? Type::list_of(card) : Type::zone_of(card);
                    const Node* owned_property = nullptr;  // private, or hidden from owner
                    for (const auto& c : decl.children) {
                        if (c->kind == Kind::per_player) s->per_player = true;
                        if (c->kind == Kind::zone_property && (c->text == "private" || c->text.find("owner") != std::string::npos))
                            owned_property = c.get();
                    }
                    if (owned_property && !s->per_player) {
                        error(owned_property->loc,
                              owned_property->text == "private"
                                  ? "only a zone 'per player' can be private (seen by its owner); a zone nobody may see is 'hidden'"
                                  : "only a zone 'per player' can be hidden from its owner; a zone nobody may see is 'hidden'");
                    }
                    break;
                }
                case Kind::procedure_decl:
                case Kind::function_decl: {
                    Symbol* s = find_symbol(name);
                    if (!s || s->decl != &decl) break;
                    for (const auto& p : decl.find(Kind::params)->children) {
                        s->param_names.emplace_back(p->name());
                        s->params.push_back(resolve_type(p->child(1)));
                    }
                    // A function's result type; a procedure's, when it declares one (`procedure draw(...): Card`).
                    if (decl.kind == Kind::function_decl || decl.children.size() == 4) s->type = resolve_type(decl.child(2));
                    break;
                }
                default: break;
            }
        }
    }
    // Table value types need the enums and options resolved above.
    for (auto& [name, s] : symbols_) {
        if (s.kind != SymbolKind::table) continue;
        const Node* value = first_table_value(*s.decl);
        Type t = value ? check_expr(*value) : Type();
        Type table = Type::of(Type::Base::table);
        table.element = std::make_shared<const Type>(t);
        s.type = table;
    }
}

void Checker::check_option(const Node& decl) {
    Symbol* s = find_symbol(decl.name());
    if (!s || s->decl != &decl) return;
    const Node* domain = decl.child(1);
    const Node* fallback = decl.child(2);
    if (const Node* players = decl.find(Kind::players_clause)) {
        const long low = ast::literal_value(*players->child(0));
        const long high = players->children.size() > 1 ? ast::literal_value(*players->child(1)) : low;
        if (low < 1 || high < low) {
            error(players->loc, fmt::format("option '{}' cannot be for {} to {} players", s->name, low, high));
        }
    }
    if (domain->kind == Kind::option_range) {
        s->type = Type::of(Type::Base::int_);
        const long low = ast::literal_value(*domain->child(0)), high = ast::literal_value(*domain->child(1));
        if (low > high) {
            error(domain->loc, fmt::format("the range {} to {} is empty: write the lower bound first", low, high));
        } else if (fallback->kind != Kind::int_lit) {
            error(fallback->loc, fmt::format("the default of option '{}' must be a number from {} to {}", s->name,
                                             low, high));
        } else if (const long v = ast::literal_value(*fallback); v < low || v > high) {
            error(fallback->loc, fmt::format("the default {} of option '{}' is not between {} and {}", v, s->name,
                                             low, high));
        }
        return;
    }
    // Alternatives: all numbers, all truth values or all names (which make an enum of the option's own).
    const Kind first = domain->child(0)->kind;
    const bool truth = first == Kind::true_lit || first == Kind::false_lit;
    std::vector<std::string> seen;
    for (const auto& v : domain->children) {
        const bool v_truth = v->kind == Kind::true_lit || v->kind == Kind::false_lit;
        if (v->kind != first && !(truth && v_truth)) {
            error(v->loc, "the values of an option must all be numbers, all truth values or all names");
            return;
        }
        const std::string text = v_truth ? (v->kind == Kind::true_lit ? "true" : "false") : v->text;
        if (std::find(seen.begin(), seen.end(), text) != seen.end()) {
            error(v->loc, fmt::format("'{}' is listed twice in option '{}'", text, s->name));
        }
        seen.push_back(text);
    }
    const std::string default_text = fallback->kind == Kind::true_lit    ? "true"
                                     : fallback->kind == Kind::false_lit ? "false"
                                                                         : fallback->text;
    if (std::find(seen.begin(), seen.end(), default_text) == seen.end()) {
        std::string allowed;
        for (const auto& v : seen) allowed += (allowed.empty() ? "" : ", ") + v;
        error(fallback->loc, fmt::format("the default '{}' of option '{}' is not one of its values ({}){}",
                                         default_text, s->name, allowed,
                                         did_you_mean(default_text, {seen.begin(), seen.end()})));
    }
    if (truth) {
        s->type = Type::of(Type::Base::bool_);
    } else if (first == Kind::int_lit) {
        s->type = Type::of(Type::Base::int_);
    } else {
        const int id = static_cast<int>(enums_.size());
        enums_.push_back({"option " + s->name, seen});
        for (const auto& v : seen) enum_value_owners_[v].push_back(id);
        s->type = Type::of(Type::Base::enum_, id);
    }
}

}  // namespace rulesrun::checking
