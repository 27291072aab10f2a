// The checker's passes in order, the bodies of declarations, and the checks on the game as a whole.
#include "checker.hpp"

#include <fmt/format.h>

#include "checker_impl.hpp"
#include "spelling.hpp"

namespace rulesrun {

std::vector<Diagnostic> check_program(const std::vector<LoadedFile>& files) {
    return checking::Checker(files).run();
}

namespace checking {

using B = Type::Base;

Checker::Checker(const std::vector<LoadedFile>& files) : files_(files) {
    root_file_ = files.empty() ? -1 : files.back().source;
    player_fields_.name = "player";
    for (const auto& f : files) {
        unparsed_names_.insert(f.unparsed_names.begin(), f.unparsed_names.end());
        code_missing_ = code_missing_ || f.syntax_errors > 0;
    }
}

void Checker::error(const SourceLocation& loc, std::string message) {
    // An unknown name that is the name of a declaration with a syntax error would only repeat that error.
    for (const auto& name : unparsed_names_) {
        if (message.starts_with("unknown") && message.find("'" + name + "'") != std::string::npos) return;
    }
    diagnostics_.push_back({Severity::error, loc, std::move(message)});
}

void Checker::warning(const SourceLocation& loc, std::string message) {
    if (code_missing_ && (message.ends_with("is never used") || message.find("can never run") != std::string::npos)) return;
    diagnostics_.push_back({Severity::warning, loc, std::move(message)});
}

std::vector<Diagnostic> Checker::run() {
    check_numbers();
    collect_declarations();
    resolve_declaration_types();
    find_card_makers();
    check_bodies();
    check_strategy_secrecy();
    score_is_public_ = !score_reads_secrets();
    check_game_declaration();
    check_the_game_can_end();
    check_unshuffled_decks();
    check_unused();
    check_unreachable_callables();
    return std::move(diagnostics_);
}

// Numbers are 32-bit: a larger literal is an error (and reads as the largest number afterwards).
void Checker::check_numbers() {
    std::vector<const Node*> todo;
    for (const auto& file : files_) todo.push_back(file.tree.get());
    while (!todo.empty()) {
        const Node* n = todo.back();
        todo.pop_back();
        const bool long_number = n->kind == Kind::int_lit &&
                                 (n->text.size() > 10 || (n->text.size() == 10 && n->text > "2147483647"));
        if (long_number) {
            error(n->loc, fmt::format("the number {} is too large (the largest is {})", n->text, ast::largest_number));
        }
        for (const auto& c : n->children) todo.push_back(c.get());
    }
}

namespace {

const Node* body_of(const Node& decl) { return decl.find(Kind::block); }

}  // namespace

// Field defaults, deck and zone contents, tables, board shapes, dice, and every procedure, function, event,
// score, winners, end condition, statistic and strategy.
void Checker::check_bodies() {
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            const Node& decl = *d;
            body_ = BodyContext{};
            body_.pure = true;  // declarations compute values; only procedure-like bodies act
            const bool callable = decl.kind == Kind::procedure_decl || decl.kind == Kind::function_decl;
            current_callable_ = callable ? std::string(decl.name()) : std::string();
            push_scope();
            switch (decl.kind) {
                case Kind::card_decl:
                case Kind::record_decl:
                case Kind::board_decl:
                case Kind::player_decl:
                case Kind::state_decl: {
                    const Composite* self = nullptr;
                    if (Symbol* s = find_symbol(decl.name()); s && s->decl == &decl) {
                        if (s->type.is(B::card)) self = &cards_[static_cast<std::size_t>(s->type.id)];
                        if (s->type.is(B::record)) self = &records_[static_cast<std::size_t>(s->type.id)];
                        if (s->type.is(B::board)) self = &boards_[static_cast<std::size_t>(s->type.id)];
                    }
                    for (const auto& c : decl.children) {
                        if (c->kind == Kind::field_decl) {
                            if (const Node* shown = c->find(Kind::shown_when)) {
                                expect_bool(*shown->child(0), "a field's 'shown when'");
                            }
                            const Type declared = declared_field_type(*c);
                            if (const Node* dice = c->find(Kind::shown_as_dice); dice && declared.known() &&
                                !declared.is(B::int_) &&
                                !(declared.is(B::list) && declared.element && declared.element->is(B::int_))) {
                                error(dice->loc, fmt::format("'{}' is shown as dice: it must be an int or a list of int, "
                                                             "not {}", c->name(), type_name(declared)));
                            }
                        }
                        const Node* value = c->kind == Kind::field_decl ? default_of(*c) : nullptr;
                        if (value) {
                            expect_type(*value, declared_field_type(*c),
                                        fmt::format("the default of '{}'", c->name()));
                        }
                        if (c->kind == Kind::shown_as && self) check_interpolation(*c->child(0), self);
                        if (c->kind == Kind::shown_by_function) check_space_display(*c->child(0), decl.name(), "a board is shown as");
                        if (c->kind == Kind::marked_by && self) {
                            const Type marked = find_symbol(decl.name())->type;
                            check_text_function(*c->child(0), marked, "a mark is", type_name(marked));
                        }
                        if (c->kind == Kind::coloured_by && decl.kind == Kind::board_decl) {
                            check_space_display(*c->child(0), decl.name(), "a board's colours are");
                        } else if (c->kind == Kind::coloured_by && self) {
                            const Type coloured = find_symbol(decl.name())->type;
                            check_text_function(*c->child(0), coloured, "a colour is", type_name(coloured));
                        }
                        if (c->kind == Kind::grid_shape || c->kind == Kind::ring_shape) {
                            for (const auto& e : c->children) expect_int(*e, "the size of a board");
                        }
                    }
                    break;
                }
                case Kind::deck_decl: {
                    const Symbol* s = find_symbol(decl.name());
                    if (s && s->decl == &decl) {
                        making_deck_ = true;
                        expect_type(*decl.child(2), s->type, "a deck");
                        making_deck_ = false;
                    }
                    break;
                }
                case Kind::zone_decl: {
                    const Symbol* s = find_symbol(decl.name());
                    const Node* contents = default_of(decl);
                    if (s && s->decl == &decl && contents && contents != decl.child(1)) {
                        expect_type(*contents, Type::list_of(s->type.element_type()), "a zone's first cards");
                    }
                    if (const Node* sorted = decl.find(Kind::sorted_by); sorted && s && s->decl == &decl) {
                        const Type card = s->type.element_type();
                        check_value_function(*sorted->child(0), card, "a zone is sorted by", type_name(card),
                                             Type::of(B::int_));
                    }
                    if (const Node* shown = decl.find(Kind::shown_when)) expect_bool(*shown->child(0), "a zone's 'shown when'");
                    break;
                }
                case Kind::table_decl: {
                    const Node* columns = decl.find(Kind::table_columns);
                    const Symbol* s = find_symbol(decl.name());
                    const Type value = s ? s->type.element_type() : Type();
                    for (const auto& row : decl.children) {
                        if (row->kind != Kind::table_row) continue;
                        const std::size_t values = row->children.size() - 1;
                        const std::size_t wanted = columns ? columns->children.size() : 1;
                        if (values != wanted) {
                            error(row->loc, fmt::format("this row has {} value{}, but the table has {} column{}", values,
                                                        values == 1 ? "" : "s", wanted, wanted == 1 ? "" : "s"));
                        }
                        for (std::size_t i = 1; i < row->children.size(); ++i) {
                            expect_type(*row->child(i), value, "a table value");
                        }
                    }
                    break;
                }
                case Kind::die_decl: expect_int(*decl.child(1), "the number of faces"); break;
                case Kind::setup_decl:
                case Kind::play_decl:
                    body_.pure = false;
                    check_block(*body_of(decl));
                    break;
                case Kind::procedure_decl:
                case Kind::function_decl: {
                    const Symbol* s = find_symbol(decl.name());
                    if (!s || s->decl != &decl) break;
                    body_.pure = decl.kind == Kind::function_decl;
                    if (body_.pure || gives_value(*s)) body_.return_type = s->type;
                    const auto& params = decl.find(Kind::params)->children;
                    for (std::size_t i = 0; i < params.size(); ++i) declare_local(*params[i]->child(0), s->params[i]);
                    const Node* body = decl.children.back().get();
                    if (body->kind == Kind::block) {
                        if (check_block(*body) && body_.return_type) {
                            error(body->loc, fmt::format("{} '{}' can reach its end without returning a value",
                                                         body_.pure ? "function" : "procedure", decl.name()));
                        }
                    } else {
                        expect_type(*body, s->type, fmt::format("the value of function '{}'", decl.name()));
                    }
                    break;
                }
                case Kind::event_decl: {
                    body_.pure = false;
                    const Node& zone = *decl.child(2);
                    Symbol* s = find_symbol(zone.text);
                    Type card;
                    if (!s || s->kind != SymbolKind::zone) {
                        check_name(zone, nullptr);
                        if (s) error(zone.loc, fmt::format("'{}' is not a zone", zone.text));
                    } else {
                        ++s->uses;
                        card = s->type.element_type();
                    }
                    declare_local(*decl.child(0), card);
                    find_local(decl.child(0)->text)->used = true;
                    if (const Node* where = decl.find(Kind::where_clause)) expect_bool(*where->child(0), "an event's condition");
                    check_block(*body_of(decl));
                    break;
                }
                case Kind::score_decl:
                    declare_local(*decl.child(0), Type::of(B::player));
                    find_local(decl.child(0)->text)->used = true;
                    expect_int(*decl.child(1), "a score");
                    break;
                case Kind::rank_decl: check_rank(decl); break;
                case Kind::winners_decl:
                    expect_type(*decl.child(0), Type::list_of(Type::of(B::player)), "the winners");
                    break;
                case Kind::end_when_decl:
                    end_when_declarations_.push_back(&decl);
                    expect_bool(ast::end_condition(decl), "the condition that ends the game");
                    if (const Node* w = decl.find(Kind::with_winners)) {
                        expect_type(*w->child(0), Type::list_of(Type::of(B::player)), "the winners");
                    }
                    break;
                case Kind::end_after_decl:
                    if (end_after_declaration_) {
                        error(decl.loc, fmt::format("the game's length is already limited at {}:{}: one 'end game "
                                                    "after N actions' only", end_after_declaration_->loc.line,
                                                    end_after_declaration_->loc.column));
                    } else {
                        end_after_declaration_ = &decl;
                    }
                    if (ast::literal_value(*decl.child(0)) < 1) error(decl.child(0)->loc, "a game ends after at least 1 action");
                    if (const Node* w = decl.find(Kind::with_winners)) {
                        expect_type(*w->child(0), Type::list_of(Type::of(B::player)), "the winners");
                    }
                    break;
                case Kind::stat_decl: {
                    const Symbol* s = find_symbol(decl.name());
                    if (!s || s->decl != &decl) break;
                    if (const Node* each = decl.find(Kind::stat_per_player)) {
                        declare_local(*each->child(0), Type::of(B::player));
                        find_local(each->child(0)->text)->used = true;
                    }
                    if (s->has_value) expect_int(*decl.children.back(), "a statistic's value");
                    break;
                }
                default: break;
            }
            pop_scope();
        }
    }
    // Strategies last: they refer to the choice points found in the bodies above.
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            if (d->kind == Kind::strategy_decl) check_strategy(*d);
        }
    }
}

// The type resolved for a field declaration in resolve_declaration_types (resolving again would repeat its errors).
Type Checker::declared_field_type(const Node& field_decl) const {
    auto search = [&](const Composite& c) -> const Field* {
        for (const auto& f : c.fields) {
            if (f.decl == &field_decl) return &f;
        }
        return nullptr;
    };
    for (const auto* group : {&cards_, &records_, &boards_}) {
        for (const auto& c : *group) {
            if (const Field* f = search(c)) return f->type;
        }
    }
    if (const Field* f = search(player_fields_)) return f->type;
    if (auto it = symbols_.find(field_decl.name()); it != symbols_.end() && it->second.decl == &field_decl) {
        return it->second.type;
    }
    return Type();
}

void Checker::check_strategy(const Node& decl) {
    for (const auto& rule : decl.children) {
        if (rule->kind != Kind::prefer_rule) continue;
        const Node& point = *rule->child(0);
        body_ = BodyContext{};
        body_.pure = true;
        body_.in_strategy = true;
        auto it = choice_points_.find(point.text);
        if (it == choice_points_.end()) {
            std::vector<std::string_view> names;
            for (const auto& [name, type] : choice_points_) names.push_back(name);
            error(point.loc, fmt::format("no choice is named '{}': 'on' names a 'let NAME = choose ...' or a "
                                         "'choose NAME by ...' menu{}",
                                         point.text, did_you_mean(point.text, names)));
        } else {
            body_.choice_type = it->second;
        }
        push_scope();
        const Type score = check_expr(*rule->child(1));
        if (score.known() && !score.is(B::int_) && !score.is(B::bool_)) {
            error(rule->child(1)->loc, fmt::format("a preference is a number or true/false, but this is {}", type_name(score)));
        }
        pop_scope();
    }
}

// `board B: ... shown as NAME` or `coloured by NAME`: NAME is a function of one space of B giving a text.
void Checker::check_space_display(const Node& function, std::string_view board, std::string_view role) {
    Symbol* b = find_symbol(board);
    if (!b || b->kind != SymbolKind::board) return;
    check_text_function(function, Type::of(B::space, b->type.id), role, "space");
}

// `shown as NAME` (boards), `marked by NAME` and `coloured by NAME` (cards, records): NAME is a function of one value
// giving a text.
void Checker::check_text_function(const Node& function, const Type& value, std::string_view role,
                                  std::string_view noun) {
    check_value_function(function, value, role, noun, Type::of(B::text));
}

// NAME is a function of one value giving a `result` (a zone's `sorted by NAME`: a number).
void Checker::check_value_function(const Node& function, const Type& value, std::string_view role,
                                   std::string_view noun, const Type& result) {
    Symbol* f = find_symbol(function.text);
    const std::string what = fmt::format("{} a function of one {} giving {}", role, noun,
                                         result.is(B::text) ? "a text" : "a number");
    if (!f || f->kind != SymbolKind::function) {
        error(function.loc, fmt::format("{}'{}' is not a function: {}", f ? "" : "unknown name ", function.text, what));
        return;
    }
    ++f->uses;
    calls_[current_callable_].insert(f->name);
    if (f->params.size() != 1 || !assignable(value, f->params[0]) || !f->type.is(result.base)) {
        error(function.loc, fmt::format("{}, as 'function {}(x: {}): {}'", what, function.text, type_name(value),
                                        result.is(B::text) ? "text" : "int"));
    }
}

void Checker::check_game_declaration() {
    if (root_file_ < 0) return;
    const Node& root = *files_.back().tree;
    // The game may be declared in an imported file: a position fixture (docs/fixtures.md) imports its game.
    const Node* game = nullptr;
    std::size_t games = 0;
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            if (d->kind != Kind::game_decl) continue;
            if (++games > 1) error(d->loc, "a game is declared only once");
            if (!game) game = d.get();
        }
    }
    if (!game) {
        // A library (stdlib) has no game and needs none; a file with a play block does, unless its game
        // declaration is there but failed to parse (its syntax error says enough).
        if (code_missing_) return;
        if (root.has(Kind::play_decl) || root.has(Kind::setup_decl)) {
            error(root.find(root.has(Kind::play_decl) ? Kind::play_decl : Kind::setup_decl)->loc,
                  "this file has no 'game \"Title\" { players N }' declaration");
        }
        return;
    }
    const Node* players = game->find(Kind::players_clause);
    if (!players) {
        error(game->loc, "the game must say how many play it: players N or players LOW to HIGH");
    } else {
        const long low = ast::literal_value(*players->child(0));
        const long high = players->children.size() > 1 ? ast::literal_value(*players->child(1)) : low;
        if (low < 1 || high < low) error(players->loc, fmt::format("no game can have {} to {} players", low, high));
        if (high > max_players) error(players->loc, fmt::format("at most {} players can play a game", max_players));
        if (const Node* seats = game->find(Kind::seat_names); seats && static_cast<long>(seats->children.size()) != high) {
            error(seats->loc, fmt::format("{} seat names for a game of up to {} players", seats->children.size(), high));
        }
    }
    std::size_t plays = 0;
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            if (d->kind == Kind::play_decl && ++plays > 1) error(d->loc, "'play' is declared twice");
        }
    }
    if (plays == 0) error(game->loc, "the game has no 'play { ... }' block: nothing would happen");
}

void Checker::check_the_game_can_end() {
    if (root_file_ < 0) return;
    const Node* play = nullptr;
    for (const auto& file : files_) {
        if (const Node* p = file.tree->find(Kind::play_decl)) play = p;
    }
    if (!play || !end_game_statements_.empty() || !end_when_declarations_.empty() || end_after_declaration_) return;
    body_ = BodyContext{};
    scopes_.clear();
    // Check the flow again quietly: can `play` reach its end?
    std::vector<Diagnostic> saved = std::move(diagnostics_);
    diagnostics_.clear();
    const bool finishes = check_block(*play->find(Kind::block));
    diagnostics_ = std::move(saved);
    if (!finishes && !body_.returns) {
        error(play->loc, "the game has no way to end: 'play' loops forever and no 'end game' statement, 'return' "
                         "from 'play', 'end game when' or 'end game after' declaration exists");
    }
}

// Procedures and functions that are called, but only from code that itself never runs.
void Checker::check_unreachable_callables() {
    std::set<std::string, std::less<>> reached;
    std::vector<std::string> pending = {""};
    while (!pending.empty()) {
        const std::string from = pending.back();
        pending.pop_back();
        for (const auto& to : calls_[from]) {
            if (reached.insert(to).second) pending.push_back(to);
        }
    }
    const bool library = root_file_ >= 0 && !files_.back().tree->has(Kind::game_decl);
    if (library) return;
    for (const auto& [name, s] : symbols_) {
        const bool callable = s.kind == SymbolKind::procedure || s.kind == SymbolKind::function;
        if (!callable || !s.in_root || s.uses == 0 || reached.count(name)) continue;
        warning(s.decl->find(Kind::name)->loc,
                fmt::format("{} '{}' can never run: it is only called from procedures or functions that are never "
                            "called themselves", kind_label(s.kind), name));
    }
}

void Checker::check_unused() {
    // A library (a file without a game) offers its procedures and functions to others: unused is normal there.
    const bool library = root_file_ >= 0 && !files_.back().tree->has(Kind::game_decl);
    for (const auto& [name, s] : symbols_) {
        if (!s.in_root || s.uses > 0) continue;
        if (library && (s.kind == SymbolKind::procedure || s.kind == SymbolKind::function)) continue;
        switch (s.kind) {
            case SymbolKind::procedure:
            case SymbolKind::function:
            case SymbolKind::option:
            case SymbolKind::enum_type:
            case SymbolKind::card_type:
            case SymbolKind::record_type:
            case SymbolKind::deck:
            case SymbolKind::zone:
            case SymbolKind::state_field:
            case SymbolKind::table:
            case SymbolKind::board:
            case SymbolKind::die: {
                const Node* n = s.decl->find(Kind::name);
                warning(n ? n->loc : s.decl->loc, fmt::format("{} '{}' is never used", kind_label(s.kind), name));
                break;
            }
            case SymbolKind::stat:
                if (!s.has_value) {
                    warning(s.decl->find(Kind::name)->loc,
                            fmt::format("statistic '{}' is never recorded (add 'record ... as {}' or '= value')", name, name));
                }
                break;
            default: break;
        }
    }
}

// rank(p) = highest KEY, then lowest KEY, ...: numbers for each player; one such declaration per game.
void Checker::check_rank(const Node& decl) {
    if (rank_declaration_) {
        error(decl.loc, fmt::format("the ranking is already declared at {}:{}", rank_declaration_->loc.line,
                                    rank_declaration_->loc.column));
        return;
    }
    rank_declaration_ = &decl;
    declare_local(*decl.child(0), Type::of(B::player));
    find_local(decl.child(0)->text)->used = true;
    for (const auto& key : decl.children) {
        if (key->kind == Kind::rank_key) expect_int(*key->child(1), "what players are ranked by");
    }
}

}  // namespace checking
}  // namespace rulesrun
