// The compiler's driver and declarations: components, options, zones, tables, callables, the end, statistics and
// strategies. Expressions and statements are compiled in their own files.
#include <algorithm>

#include <fmt/format.h>

#include "check.hpp"
#include "compiler_impl.hpp"

namespace rulesrun::runtime {

using B = Type::Base;

std::shared_ptr<Program> compile_rules_file(const std::string& path, SourceSet& sources,
                                            std::vector<Diagnostic>& diagnostics) {
    LoadResult loaded = load_rules(path, sources);
    diagnostics = std::move(loaded.diagnostics);
    std::shared_ptr<Program> program;
    if (!loaded.files.empty() && !has_errors(diagnostics)) {
        checking::Checker checker(loaded.files);
        for (auto& d : checker.run()) diagnostics.push_back(std::move(d));
        if (!has_errors(diagnostics)) program = compile_program(checker, loaded.files, sources, diagnostics);
        if (has_errors(diagnostics)) program = nullptr;
    }
    sort_diagnostics(diagnostics);
    return program;
}

std::shared_ptr<Program> compile_program(const checking::Checker& checker, const std::vector<LoadedFile>& files,
                                         const SourceSet& sources, std::vector<Diagnostic>& diagnostics) {
    return Compiler(checker, files, sources, diagnostics).run();
}

Compiler::Compiler(const checking::Checker& checker, const std::vector<LoadedFile>& files, const SourceSet& sources,
                   std::vector<Diagnostic>& diagnostics)
    : checker_(checker), files_(files), sources_(sources), diagnostics_(diagnostics),
      program_(std::make_shared<Program>()) {}

// FNV-1a over the texts of the files, in load order (imports first), each followed by a zero byte: any change to
// any of them changes it.
std::uint64_t Compiler::source_hash() const {
    std::uint64_t hash = 14695981039346656037ULL;
    auto mix = [&](unsigned char byte) { hash = (hash ^ byte) * 1099511628211ULL; };
    for (const auto& file : files_) {
        for (const char c : sources_.file(file.source).text) mix(static_cast<unsigned char>(c));
        mix(0);
    }
    return hash;
}

void Compiler::unsupported(const SourceLocation& loc, const std::string& what) {
    diagnostics_.push_back({Severity::error, loc, what + " cannot run yet (the interpreter does not support it)"});
}

std::shared_ptr<Program> Compiler::run() {
    const std::size_t errors_before = diagnostics_.size();
    for (std::size_t i = 0; i < sources_.size(); ++i) program_->files.push_back(sources_.file(static_cast<int>(i)).path);
    program_->path = files_.empty() ? std::string() : sources_.file(files_.back().source).path;
    program_->source_hash = source_hash();
    declare_everything();
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) compile_declaration(*d);
    }
    for (auto& s : program_->strategies) s.prefer.resize(program_->choice_points.size(), -1);
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            if (d->kind == Kind::strategy_decl) compile_strategy(*d);
        }
    }
    link_statistics_and_endings();
    settle_function_dependencies();
    inline_small_procedures();
    inline_small_functions();
    if (program_->play < 0) {
        diagnostics_.push_back({Severity::error, {}, "the game has no 'play' block"});
    }
    if (diagnostics_.size() > errors_before) return nullptr;
    return program_;
}

// Statistics are found by name once all are declared; writes that may end the game are marked.
void Compiler::link_statistics_and_endings() {
    Program& p = *program_;
    for (auto& i : p.code) {
        if (i.code == Code::record_stat) {
            for (std::size_t s = 0; s < p.stats.size(); ++s) {
                if (p.stats[s].name == p.texts[static_cast<std::size_t>(i.b)]) i.a = static_cast<std::int32_t>(s);
            }
        }
        i.check_end = writes_game(i.code) && std::any_of(p.end_conditions.begin(), p.end_conditions.end(),
                                                         [](const EndCondition& end) { return end.at_once; });
    }
}

// ---- types -------------------------------------------------------------------------------------------------------

std::int32_t Compiler::type_index(const Type& t) {
    ValueType v;
    switch (t.base) {
        case B::unknown: v.kind = ValueKind::nothing; break;
        case B::int_: v.kind = ValueKind::integer; break;
        case B::bool_: v.kind = ValueKind::boolean; break;
        case B::text: v.kind = ValueKind::text; break;
        case B::player: v.kind = ValueKind::player; break;
        case B::enum_: v.kind = ValueKind::enum_value; break;
        case B::card: v.kind = ValueKind::card; break;
        case B::record: v.kind = ValueKind::record; break;
        case B::space: v.kind = ValueKind::space; break;
        case B::board: v.kind = ValueKind::board; break;
        case B::die: v.kind = ValueKind::die; break;
        case B::zone: v.kind = ValueKind::zone; break;
        case B::list: v.kind = ValueKind::list; break;
        case B::table: v.kind = ValueKind::table; break;
        case B::none: v.kind = ValueKind::none; break;
        case B::nothing: v.kind = ValueKind::nothing; break;
    }
    v.id = t.id;
    if (t.is(B::zone)) v.id = t.element_type().is(B::card) ? t.element_type().id : -1;
    v.optional = t.optional;
    if (t.is(B::list)) v.element = type_index(t.element_type());
    const std::string key = fmt::format("{}/{}/{}/{}", static_cast<int>(v.kind), v.id, v.optional, v.element);
    if (auto it = type_ids_.find(key); it != type_ids_.end()) return it->second;
    program_->types.push_back(v);
    const auto id = static_cast<std::int32_t>(program_->types.size() - 1);
    type_ids_.emplace(key, id);
    return id;
}

Type Compiler::type_of(const Node& e) const {
    auto it = checker_.expr_types_.find(&e);
    return it == checker_.expr_types_.end() ? Type() : it->second;
}

// ---- scopes ------------------------------------------------------------------------------------------------------

std::int32_t Compiler::new_slot(const Type& type) {
    Callable& c = program_->callables[static_cast<std::size_t>(current_callable_)];
    const std::int32_t t = type_index(type);
    const ValueType& vt = program_->type(t);
    c.local_types.push_back(vt.on_heap() || vt.kind == ValueKind::text ? t : -1);
    return c.locals++;
}

std::int32_t Compiler::declare_local(const Node& name_node, const Type& fallback) {
    auto it = checker_.local_types_.find(&name_node);
    const Type type = it != checker_.local_types_.end() && it->second.known() ? it->second : fallback;
    const std::int32_t slot = new_slot(type);
    scopes_.back()[name_node.text] = LocalName{slot, type};
    return slot;
}

const LocalName* Compiler::find_local(std::string_view name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        if (auto found = it->find(name); found != it->end()) return &found->second;
    }
    return nullptr;
}

const Symbol* Compiler::find_symbol(std::string_view name) const {
    auto it = checker_.symbols_.find(name);
    return it == checker_.symbols_.end() ? nullptr : &it->second;
}

// ---- callables ---------------------------------------------------------------------------------------------------

std::int32_t Compiler::begin_callable(std::string name, std::string kind, const SourceLocation& loc) {
    Callable c;
    c.name = std::move(name);
    c.kind = std::move(kind);
    c.loc = loc;
    program_->callables.push_back(std::move(c));
    current_callable_ = static_cast<std::int32_t>(program_->callables.size() - 1);
    scopes_.clear();
    push_scope();
    return current_callable_;
}

void Compiler::end_callable() {
    scopes_.clear();
    current_callable_ = program_->init_callable;
}

// A callable whose body is one expression, with an optional parameter (score(p), a per-player statistic...).
std::int32_t Compiler::value_callable(std::string kind, const Node& name_node, const Type& param_type,
                                      const Node& value, std::int32_t& expr_out) {
    const std::int32_t id = begin_callable(kind, kind, value.loc);
    if (param_type.known()) {
        declare_local(name_node, param_type);
        program_->callables[static_cast<std::size_t>(id)].params = 1;
    }
    expr_out = expr(value);
    program_->callables[static_cast<std::size_t>(id)].body = expr_out;
    end_callable();
    return id;
}

// A board's `shown as F`: a callable of one space whose value is F(space), for drawing the board.
void Compiler::compile_space_display(std::int32_t board, const Node& shown) {
    program_->boards[static_cast<std::size_t>(board)].shown_as =
        text_function_callable(shown, Type::of(B::space, board), "board display");
}

// A callable of one value (a space, a card, a record) that calls the rules' function named by `clause`
// (`shown as NAME`, `marked by NAME`, `coloured by NAME`, `sorted by NAME`) on it; the function gives `result`.
std::int32_t Compiler::text_function_callable(const Node& clause, const Type& value, std::string_view kind,
                                              const Type& result) {
    const Node& function = *clause.child(0);
    const char* name = clause.kind == Kind::marked_by     ? "marked by"
                       : clause.kind == Kind::coloured_by ? "coloured by"
                       : clause.kind == Kind::sorted_by   ? "sorted by"
                                                          : "shown as";
    const std::int32_t id = begin_callable(name, std::string(kind), clause.loc);
    Node self;
    self.kind = Kind::name;
    self.loc = clause.loc;
    self.text = "value shown";  // not a name the rules can write
    const std::int32_t slot = declare_local(self, value);
    program_->callables[static_cast<std::size_t>(id)].params = 1;
    const std::int32_t argument = add_expr(ExprOp::local, value, clause.loc, slot);
    const std::int32_t call = add_expr(ExprOp::call_function, result, clause.loc,
                                       callables_.at(function.text), 0, {argument});
    program_->callables[static_cast<std::size_t>(id)].body = call;
    end_callable();
    return id;
}

namespace {

// Where a declaration's last piece starts: the end of its span, near enough to tell rules apart.
std::uint32_t last_offset(const Node& n) {
    std::uint32_t last = n.loc.offset;
    for (const auto& child : n.children) last = std::max(last, last_offset(*child));
    return last;
}

}  // namespace

void Compiler::compile_callable_body(const Node& decl, std::int32_t callable) {
    current_callable_ = callable;
    scopes_.clear();
    push_scope();
    Callable* c = &program_->callables[static_cast<std::size_t>(callable)];
    if (const Node* params = decl.find(Kind::params)) {
        for (const auto& p : params->children) declare_local(*p->child(0));
        c = &program_->callables[static_cast<std::size_t>(callable)];
        c->params = static_cast<std::int32_t>(params->children.size());
    }
    const Node& body = *decl.children.back();
    c->span_end = last_offset(decl);
    if (decl.kind == Kind::function_decl) {
        const std::int32_t result = type_index(find_symbol(decl.name())->type);
        c = &program_->callables[static_cast<std::size_t>(callable)];
        c->result_type = result;
    }
    if (body.kind == Kind::block) {
        c->entry = here();
        if (decl.kind == Kind::play_decl) emit(Code::begin_play, decl.loc);
        block(body);
        emit(Code::ret, body.loc);
        program_->callables[static_cast<std::size_t>(callable)].code_end = here();
    } else {
        const std::int32_t e = expr(body);
        program_->callables[static_cast<std::size_t>(callable)].body = e;
    }
    end_callable();
}

// ---- declarations ------------------------------------------------------------------------------------------------

namespace {

// A declaration record with only its name set (the compiler fills in the rest later).
template <class T>
T named(const std::string& name) {
    T t{};
    t.name = name;
    return t;
}

}  // namespace

void Compiler::declare_everything() {
    Program& p = *program_;
    for (const auto& e : checker_.enums_) p.enums.push_back({e.name, e.values});
    p.init_callable = begin_callable("the declarations", "the declarations", {});
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            const Node& decl = *d;
            const std::string name(decl.name());
            switch (decl.kind) {
                case Kind::procedure_decl:
                case Kind::function_decl: {
                    Callable c;
                    c.name = name;
                    c.kind = decl.kind == Kind::procedure_decl ? "procedure" : "function";
                    c.loc = decl.loc;
                    p.callables.push_back(std::move(c));
                    callables_[name] = static_cast<std::int32_t>(p.callables.size() - 1);
                    break;
                }
                case Kind::option_decl: compile_option(decl); break;
                case Kind::deck_decl:
                    slots_[name] = static_cast<std::int32_t>(p.decks.size());  // fixed below
                    p.decks.push_back({name, -1, -1});
                    break;
                case Kind::zone_decl:
                    zones_[name] = static_cast<std::int32_t>(p.zones.size());
                    p.zones.push_back(named<decltype(p.zones)::value_type>(name));
                    break;
                case Kind::table_decl:
                    tables_[name] = static_cast<std::int32_t>(p.tables.size());
                    p.tables.push_back(named<decltype(p.tables)::value_type>(name));
                    break;
                case Kind::board_decl:
                    boards_[name] = static_cast<std::int32_t>(p.boards.size());
                    p.boards.push_back(named<decltype(p.boards)::value_type>(name));
                    break;
                case Kind::die_decl:
                    dice_[name] = static_cast<std::int32_t>(p.dice.size());
                    p.dice.push_back({name, -1});
                    break;
                case Kind::card_decl: p.card_types.push_back(named<decltype(p.card_types)::value_type>(name)); break;
                case Kind::record_decl: p.record_types.push_back(named<decltype(p.record_types)::value_type>(name)); break;
                case Kind::game_decl:
                    p.title = decl.child(0)->text;
                    if (const Node* players = decl.find(Kind::players_clause)) {
                        p.min_players = ast::literal_value(*players->child(0));
                        p.max_players = players->children.size() > 1 ? ast::literal_value(*players->child(1)) : p.min_players;
                    }
                    p.cooperative = decl.has(Kind::cooperative_clause);
                    if (const Node* seats = decl.find(Kind::seat_names)) {
                        for (const auto& s : seats->children) {
                            seats_[s->text] = static_cast<std::int32_t>(p.seat_names.size());
                            p.seat_names.push_back(s->text);
                        }
                    }
                    break;
                default: break;
            }
        }
    }
    // Global slots: options, then decks, then the state fields.
    std::int32_t next = static_cast<std::int32_t>(p.options.size());
    for (auto& deck : p.decks) {
        deck.slot = next++;
        slots_[deck.name] = deck.slot;
    }
    p.state_field_base = next;
    for (const auto& file : files_) {
        for (const auto& d : file.tree->children) {
            if (d->kind != Kind::state_decl) continue;
            for (const auto& f : d->children) slots_[std::string(f->name())] = next++;
        }
    }
    p.global_slots = next;
}

void Compiler::compile_option(const Node& decl) {
    Program& p = *program_;
    OptionDecl o;
    o.name = decl.name();
    o.slot = static_cast<std::int32_t>(p.options.size());
    const Symbol* s = find_symbol(o.name);
    const Type type = s ? s->type : Type();
    o.type = type_index(type);
    const Node* domain = decl.child(1);
    if (domain->kind == Kind::option_range) {
        o.range = true;
        o.low = ast::literal_value(*domain->child(0));
        o.high = ast::literal_value(*domain->child(1));
    } else {
        for (const auto& v : domain->children) {
            o.names.push_back(v->kind == Kind::true_lit ? "true" : v->kind == Kind::false_lit ? "false" : v->text);
            o.values.push_back(option_literal(*v, o));
        }
    }
    o.default_value = option_literal(*decl.child(2), o);
    if (const Node* description = decl.find(Kind::string_lit)) o.description = description->text;
    if (const Node* players = decl.find(Kind::players_clause)) {
        o.min_players = static_cast<int>(ast::literal_value(*players->child(0)));
        o.max_players = players->children.size() > 1 ? static_cast<int>(ast::literal_value(*players->child(1))) : o.min_players;
    }
    OptionInfo info{o.name, o.description, o.names, ""};
    if (o.range) info.values = {fmt::format("{} to {}", o.low, o.high)};
    info.default_value = decl.child(2)->kind == Kind::true_lit    ? "true"
                         : decl.child(2)->kind == Kind::false_lit ? "false"
                                                                  : decl.child(2)->text;
    slots_[o.name] = o.slot;
    p.option_infos.push_back(std::move(info));
    p.options.push_back(std::move(o));
}

// An option's value as the game sees it: a number, 0/1, or the index of a named value.
Value Compiler::option_literal(const Node& v, const OptionDecl& option) const {
    switch (v.kind) {
        case Kind::int_lit: return ast::literal_value(v);
        case Kind::true_lit: return 1;
        case Kind::false_lit: return 0;
        default: {
            for (std::size_t i = 0; i < option.names.size(); ++i) {
                if (option.names[i] == v.text) return static_cast<Value>(i);
            }
            return 0;
        }
    }
}

std::int32_t Compiler::field_value_set(const std::string& owner, const std::string& field,
                                       const checking::FieldValues& values) {
    FieldValueSet set{owner, field, values.texts, values.low, values.high, values.text_values, values.describe()};
    program_->field_values.push_back(std::move(set));
    return static_cast<std::int32_t>(program_->field_values.size() - 1);
}

void Compiler::compile_fields(const Node& decl, std::vector<FieldInfo>& fields, const checking::Composite* composite) {
    for (const auto& c : decl.children) {
        if (c->kind != Kind::field_decl) continue;
        FieldInfo f;
        f.name = c->name();
        const checking::Field* checked = composite ? composite->field(f.name) : nullptr;
        const Type type = checked ? checked->type : checker_.declared_field_type(*c);
        f.type = type_index(type);
        f.is_private = c->has(Kind::private_marker);
        f.is_state = c->has(Kind::state_marker);
        f.bookkeeping = c->has(Kind::bookkeeping_marker);
        if (const Node* label = c->find(Kind::display_label)) f.label = label->child(0)->text;
        if (const Node* shown = c->find(Kind::shown_when)) f.shown_when = expr(*shown->child(0));
        f.dice = c->has(Kind::shown_as_dice);
        if (const Node* value = checking::default_of(*c)) f.default_value = expr(*value);
        if (checked && checked->values) f.values = field_value_set(std::string(decl.name()), f.name, *checked->values);
        fields.push_back(std::move(f));
    }
}

void Compiler::compile_zone(const Node& decl) {
    ZoneDecl& z = program_->zones[static_cast<std::size_t>(zones_.at(std::string(decl.name())))];
    const Symbol* s = find_symbol(z.name);
    z.card_type = s && s->type.element_type().is(B::card) ? s->type.element_type().id : -1;
    for (std::size_t i = 2; i < decl.children.size(); ++i) {
        const Node& c = *decl.children[i];
        if (c.kind == Kind::per_player) {
            z.per_player = true;
        } else if (c.kind == Kind::zone_property) {
            if (c.text == "ordered") z.ordered = true;
            if (c.text == "bookkeeping") z.bookkeeping = true;
            if (c.text == "unordered") z.ordered = false;
            if (c.text == "public" || c.text.find("up") != std::string::npos) z.visibility = Visibility::public_;
            if (c.text == "private") z.visibility = Visibility::private_;
            if (c.text == "hidden" || c.text.find("down") != std::string::npos) z.visibility = Visibility::hidden;
            if (c.text.find("owner") != std::string::npos) z.visibility = Visibility::others_;
            if (c.text == "pile") z.pile = true;
        } else if (c.kind == Kind::sorted_by) {
            z.sorted_by = text_function_callable(c, s->type.element_type(), "zone order", Type::of(B::int_));
        } else if (c.kind == Kind::display_label) {
            z.label = c.child(0)->text;
        } else if (c.kind == Kind::shown_when) {
            z.shown_when = expr(*c.child(0));
        } else {
            z.initial = expr(c);
        }
    }
}

void Compiler::compile_table(const Node& decl) {
    TableDecl& t = program_->tables[static_cast<std::size_t>(tables_.at(std::string(decl.name())))];
    auto key = [&](const Node& k) -> Value {
        if (k.kind == Kind::int_lit) return ast::literal_value(k);
        const Type kt = type_of(k);
        if (auto v = enum_value(k.text, kt)) return *v;
        for (std::size_t e = 0; e < program_->enums.size(); ++e) {
            const auto& values = program_->enums[e].values;
            for (std::size_t i = 0; i < values.size(); ++i) {
                if (values[i] == k.text) return static_cast<Value>(i);
            }
        }
        return 0;
    };
    if (const Node* columns = decl.find(Kind::table_columns)) {
        t.two_keys = true;
        for (const auto& c : columns->children) t.column_keys.push_back(key(*c));
    }
    for (const auto& row : decl.children) {
        if (row->kind != Kind::table_row) continue;
        t.row_keys.push_back(key(*row->child(0)));
        for (std::size_t i = 1; i < row->children.size(); ++i) t.cells.push_back(expr(*row->child(i)));
    }
}

void Compiler::compile_event(const Node& decl) {
    EventDecl event;
    event.leaves = decl.child(1)->kind == Kind::event_leaves;
    event.zone = zones_.at(decl.child(2)->text);
    event.callable = begin_callable("when " + decl.child(0)->text + (event.leaves ? " leaves " : " enters ") +
                                        decl.child(2)->text, "event", decl.loc);
    declare_local(*decl.child(0));
    program_->callables[static_cast<std::size_t>(event.callable)].params = 1;
    if (const Node* where = decl.find(Kind::where_clause)) event.where = expr(*where->child(0));
    program_->callables[static_cast<std::size_t>(event.callable)].entry = here();
    block(*decl.children.back());
    emit(Code::ret, decl.children.back()->loc);
    program_->callables[static_cast<std::size_t>(event.callable)].code_end = here();
    end_callable();
    program_->events.push_back(event);
}

void Compiler::compile_stat(const Node& decl) {
    StatDecl st;
    st.name = decl.name();
    const Node* each = decl.find(Kind::stat_per_player);
    st.per_player = each != nullptr;
    for (const auto& c : decl.children) {
        if (c->kind == Kind::string_lit && st.description.empty()) st.description = c->text;
    }
    const Symbol* s = find_symbol(st.name);
    if (s && s->has_value) {
        const Node& value = *decl.children.back();
        std::int32_t e = -1;
        st.value = each ? value_callable("statistic " + st.name, *each->child(0), Type::of(B::player), value, e)
                        : value_callable("statistic " + st.name, value, Type(), value, e);
    }
    program_->stat_infos.push_back({st.name, st.description, st.per_player});
    program_->stats.push_back(std::move(st));
}

void Compiler::compile_strategy(const Node& decl) {
    Strategy st;
    st.name = decl.name();
    st.description = decl.child(1)->text;
    st.prefer.assign(program_->choice_points.size(), -1);
    for (const auto& rule : decl.children) {
        if (rule->kind != Kind::prefer_rule) continue;
        const std::int32_t point = choice_point(rule->child(0)->text);
        auto it = checker_.choice_points_.find(rule->child(0)->text);
        in_strategy_ = true;
        choice_type_ = it != checker_.choice_points_.end() ? it->second : Type();
        const std::int32_t callable = begin_callable("strategy " + st.name, "strategy", rule->loc);
        program_->callables[static_cast<std::size_t>(callable)].body = expr(*rule->child(1));
        end_callable();
        in_strategy_ = false;
        if (static_cast<std::size_t>(point) >= st.prefer.size()) st.prefer.resize(static_cast<std::size_t>(point) + 1, -1);
        st.prefer[static_cast<std::size_t>(point)] = callable;
    }
    program_->strategy_infos.push_back({st.name, st.description});
    program_->strategies.push_back(std::move(st));
}

void Compiler::compile_declaration(const Node& decl) {
    Program& p = *program_;
    current_callable_ = p.init_callable;
    scopes_.assign(1, {});
    const std::string name(decl.name());
    switch (decl.kind) {
        case Kind::card_decl: {
            const Symbol* s = find_symbol(name);
            const int id = s->type.id;
            CardType& t = p.card_types[static_cast<std::size_t>(id)];
            compile_fields(decl, t.fields, &checker_.cards_[static_cast<std::size_t>(id)]);
            if (const Node* shown = decl.find(Kind::shown_as)) {
                p.card_types[static_cast<std::size_t>(id)].shown_as =
                    template_index(shown->child(0)->text, shown->child(0)->loc, FieldScope{id, -1});
            }
            if (const Node* mark = decl.find(Kind::marked_by)) {
                p.card_types[static_cast<std::size_t>(id)].marked_by = text_function_callable(*mark, s->type, "mark");
            }
            if (const Node* colour = decl.find(Kind::coloured_by)) {
                p.card_types[static_cast<std::size_t>(id)].coloured_by = text_function_callable(*colour, s->type, "colour");
            }
            break;
        }
        case Kind::record_decl: {
            const int id = find_symbol(name)->type.id;
            compile_fields(decl, p.record_types[static_cast<std::size_t>(id)].fields,
                           &checker_.records_[static_cast<std::size_t>(id)]);
            if (const Node* shown = decl.find(Kind::shown_as)) {
                p.record_types[static_cast<std::size_t>(id)].shown_as =
                    template_index(shown->child(0)->text, shown->child(0)->loc, FieldScope{-1, id});
            }
            if (const Node* mark = decl.find(Kind::marked_by)) {
                p.record_types[static_cast<std::size_t>(id)].marked_by =
                    text_function_callable(*mark, Type::of(B::record, id), "mark");
            }
            break;
        }
        case Kind::board_decl: {
            const std::int32_t id = boards_.at(name);
            BoardDecl& b = p.boards[static_cast<std::size_t>(id)];
            const Node& shape = *decl.child(1);
            b.grid = shape.kind == Kind::grid_shape;
            b.rows = expr(*shape.child(0));
            if (b.grid) b.columns = expr(*shape.child(1));
            compile_fields(decl, p.boards[static_cast<std::size_t>(id)].fields,
                           &checker_.boards_[static_cast<std::size_t>(id)]);
            if (const Node* shown = decl.find(Kind::shown_by_function)) compile_space_display(id, *shown);
            if (const Node* colour = decl.find(Kind::coloured_by)) {
                b.coloured_by = text_function_callable(*colour, Type::of(B::space, id), "board colour");
            }
            if (const Node* label = decl.find(Kind::display_label)) b.label = label->child(0)->text;
            break;
        }
        case Kind::player_decl: compile_fields(decl, p.player_fields, &checker_.player_fields_); break;
        case Kind::state_decl: compile_fields(decl, p.state_fields, nullptr); break;
        case Kind::deck_decl: p.decks[static_cast<std::size_t>(slots_.at(name) - static_cast<std::int32_t>(p.options.size()))].cards = expr(*decl.child(2)); break;
        case Kind::zone_decl: compile_zone(decl); break;
        case Kind::table_decl: compile_table(decl); break;
        case Kind::die_decl: p.dice[static_cast<std::size_t>(dice_.at(name))].faces = expr(*decl.child(1)); break;
        case Kind::setup_decl: {
            p.setups.push_back(begin_callable("setup", "setup", decl.loc));
            compile_callable_body(decl, p.setups.back());
            break;
        }
        case Kind::play_decl: p.play = begin_callable("play", "play", decl.loc); compile_callable_body(decl, p.play); break;
        case Kind::procedure_decl:
        case Kind::function_decl: compile_callable_body(decl, callables_.at(name)); break;
        case Kind::score_decl: {
            std::int32_t e = -1;
            p.score = value_callable("score", *decl.child(0), Type::of(B::player), *decl.child(1), e);
            p.score_is_public = checker_.score_is_public_;
            break;
        }
        case Kind::winners_decl: {
            std::int32_t e = -1;
            p.winners = value_callable("winners", decl, Type(), *decl.child(0), e);
            break;
        }
        case Kind::end_when_decl: {
            EndCondition end;
            std::int32_t e = -1;
            end.condition = value_callable("end game when", decl, Type(), ast::end_condition(decl), e);
            if (const Node* w = decl.find(Kind::with_winners)) {
                end.winners = value_callable("end game when", decl, Type(), *w->child(0), e);
            }
            end.draw = decl.has(Kind::with_draw);
            end.at_once = decl.has(Kind::as_soon_as);
            p.end_conditions.push_back(end);
            break;
        }
        case Kind::end_after_decl: {
            std::int32_t e = -1;
            p.action_limit.actions = ast::literal_value(*decl.child(0));
            if (const Node* w = decl.find(Kind::with_winners)) {
                p.action_limit.winners = value_callable("end game after", decl, Type(), *w->child(0), e);
            }
            p.action_limit.draw = decl.has(Kind::with_draw);
            break;
        }
        case Kind::rank_decl:
            for (const auto& key : decl.children) {
                if (key->kind != Kind::rank_key) continue;
                std::int32_t e = -1;
                const std::int32_t value = value_callable("rank", *decl.child(0), Type::of(B::player), *key->child(1), e);
                p.rank_keys.push_back({value, key->child(0)->text == "highest"});
            }
            break;
        case Kind::stat_decl: compile_stat(decl); break;
        case Kind::event_decl: compile_event(decl); break;
        default: break;
    }
    current_callable_ = p.init_callable;
}

}  // namespace rulesrun::runtime
