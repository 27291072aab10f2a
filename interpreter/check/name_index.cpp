// The names index: declarations first (every file, so that a name may be used before it is declared), then a walk of
// every body with its scopes, resolving each name as the checker does: locals, then declarations, then the values of
// enums, options and menus; a field by the type the checker gave the value before its dot.
#include "name_index.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <unordered_set>

#include "check.hpp"
#include "checker_impl.hpp"
#include "text_holes.hpp"

namespace rulesrun {

const NameOccurrence* NameIndex::at(int file, std::uint32_t offset) const {
    auto it = std::upper_bound(occurrences.begin(), occurrences.end(), std::pair(file, offset),
                               [](const std::pair<int, std::uint32_t>& place, const NameOccurrence& o) {
                                   return place < std::pair(o.range.file, o.range.offset);
                               });
    if (it == occurrences.begin()) return nullptr;
    --it;
    const bool covers = it->range.file == file && offset <= it->range.offset + it->range.length;
    return covers ? &*it : nullptr;
}

std::vector<NameOccurrence> NameIndex::of(int entity) const {
    std::vector<NameOccurrence> found;
    for (const auto& o : occurrences) {
        if (o.entity == entity) found.push_back(o);
    }
    return found;
}

const std::vector<std::string_view>& builtin_function_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (auto name : checking::Checker::builtin_names()) {
            if (name != "players" && name != "me" && name != "choice") out.push_back(name);
        }
        return out;
    }();
    return names;
}

namespace {

using ast::Kind;
using ast::Node;

std::string_view line_at(std::string_view text, std::uint32_t offset) {
    const std::size_t start = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;
    const std::size_t end = std::min(text.find('\n', offset), text.size());
    return text.substr(start, end - start);
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// The line without a comment that ends it (a '#' outside strings).
std::string_view without_comment(std::string_view line) {
    bool in_string = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && in_string) ++i;
        else if (line[i] == '"') in_string = !in_string;
        else if (line[i] == '#' && !in_string) return line.substr(0, i);
    }
    return line;
}

std::string comment_text(std::string_view line) {
    std::string_view t = trimmed(line);
    t.remove_prefix(1);
    if (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    return std::string(t);
}

// The line that declares a name, without its comment and the `{` or `=` that opens its body.
std::string declaration_line(std::string_view text, std::uint32_t offset) {
    std::string_view line = trimmed(without_comment(line_at(text, offset)));
    for (const std::string_view opening : {" {", " ="}) {
        if (line.ends_with(opening)) line = trimmed(line.substr(0, line.size() - opening.size()));
    }
    return std::string(line);
}

// The comment lines right above the line of `offset` (no blank line between), else the comment ending that line.
std::string documentation_at(std::string_view text, std::uint32_t offset) {
    const std::size_t line_start = offset == 0 ? 0 : text.rfind('\n', offset - 1) + 1;
    std::vector<std::string> above;
    for (std::size_t end = line_start; end > 0;) {
        const std::size_t start = end - 1 == 0 ? 0 : text.rfind('\n', end - 2) + 1;
        const std::string_view line = trimmed(text.substr(start, end - 1 - start));
        if (line.empty() || line.front() != '#') break;
        above.push_back(comment_text(line));
        end = start;
    }
    std::string doc;
    for (auto it = above.rbegin(); it != above.rend(); ++it) doc += (doc.empty() ? "" : "\n") + *it;
    if (!doc.empty()) return doc;
    const std::string_view line = line_at(text, offset);
    const std::string_view code = without_comment(line);
    return code.size() < line.size() ? comment_text(line.substr(code.size())) : std::string();
}

class Indexer {
public:
    Indexer(const std::vector<LoadedFile>& files, const SourceSet& sources, const checking::Checker& checker,
            NameIndex& index)
        : files_(files), sources_(sources), checker_(checker), index_(index) {}

    void run() {
        make_member_lists();
        for (const auto& file : files_) declare_file(*file.tree);
        for (const auto& file : files_) walk_file(*file.tree);
        std::sort(index_.occurrences.begin(), index_.occurrences.end(), [](const auto& a, const auto& b) {
            return std::pair(a.range.file, a.range.offset) < std::pair(b.range.file, b.range.offset);
        });
    }

private:
    using Scope = std::map<std::string, int, std::less<>>;

    // ---- entities

    int add_entity(const Node& name, EntityKind kind, std::string what, const Type* type = nullptr) {
        const std::string_view text = sources_.file(name.loc.file).text;
        NameEntity e;
        e.name = name.text;
        e.kind = kind;
        e.what = std::move(what);
        e.declared = {name.loc.file, name.loc.offset, static_cast<std::uint32_t>(name.text.size())};
        e.declaration = declaration_line(text, name.loc.offset);
        e.documentation = documentation_at(text, name.loc.offset);
        e.parent = parent_;
        if (type && type->known()) {
            e.type = checker_.type_name(*type);
            e.members = members_of(*type);
        }
        index_.entities.push_back(std::move(e));
        const int id = static_cast<int>(index_.entities.size() - 1);
        index_.occurrences.push_back({index_.entities.back().declared, id, true});
        declared_names_.insert(&name);
        return id;
    }

    void refer(const Node& name, int entity) {
        if (entity < 0) return;
        index_.occurrences.push_back(
            {{name.loc.file, name.loc.offset, static_cast<std::uint32_t>(name.text.size())}, entity, false});
    }

    // ---- what `.` reaches: the fields of each card, record and space type, and of players

    void make_member_lists() {
        index_.members.resize(checker_.cards_.size() + checker_.records_.size() + checker_.boards_.size() + 1);
    }
    int player_members() const { return static_cast<int>(index_.members.size() - 1); }
    int members_of_decl(const Node& decl) const {
        for (std::size_t i = 0; i < checker_.cards_.size(); ++i) {
            if (checker_.cards_[i].decl == &decl) return static_cast<int>(i);
        }
        for (std::size_t i = 0; i < checker_.records_.size(); ++i) {
            if (checker_.records_[i].decl == &decl) return static_cast<int>(checker_.cards_.size() + i);
        }
        for (std::size_t i = 0; i < checker_.boards_.size(); ++i) {
            if (checker_.boards_[i].decl == &decl) {
                return static_cast<int>(checker_.cards_.size() + checker_.records_.size() + i);
            }
        }
        return -1;
    }
    int members_of(const Type& type) const {
        using B = Type::Base;
        const auto cards = checker_.cards_.size(), records = checker_.records_.size();
        if (type.is(B::player)) return player_members();
        if (type.id < 0) return -1;
        const auto id = static_cast<std::size_t>(type.id);
        if (type.is(B::card)) return static_cast<int>(id);
        if (type.is(B::record)) return static_cast<int>(cards + id);
        if (type.is(B::space)) return static_cast<int>(cards + records + id);
        return -1;
    }

    // ---- declarations of a file

    const checking::Symbol* symbol(std::string_view name, const Node& decl) const {
        auto it = checker_.symbols_.find(name);
        return it != checker_.symbols_.end() && it->second.decl == &decl ? &it->second : nullptr;
    }

    void declare_global(const Node& decl, const Node& name, EntityKind kind, std::string what) {
        const checking::Symbol* s = symbol(name.text, decl);
        const Type* type = s ? &s->type : nullptr;
        const int id = add_entity(name, kind, std::move(what), type);
        globals_.emplace(name.text, id);
    }

    void declare_fields(const Node& decl, int members, const std::string& owner) {
        const auto owner_entity = global(decl.name());
        parent_ = decl.kind == Kind::player_decl || decl.kind == Kind::state_decl ? -1 : owner_entity;
        for (const auto& c : decl.children) {
            if (c->kind != Kind::field_decl) continue;
            const Node* name = c->find(Kind::name);
            if (!name) continue;
            const checking::Composite* composite = composite_at(members);
            const checking::Field* field = composite ? composite->field(name->text) : nullptr;
            const int id = add_entity(*name, EntityKind::field, "field of " + owner, field ? &field->type : nullptr);
            if (members >= 0) index_.members[static_cast<std::size_t>(members)].push_back(id);
            if (decl.kind == Kind::state_decl) globals_.emplace(name->text, id);
        }
        parent_ = -1;
    }

    const checking::Composite* composite_at(int members) const {
        if (members < 0) return nullptr;
        auto i = static_cast<std::size_t>(members);
        if (i < checker_.cards_.size()) return &checker_.cards_[i];
        i -= checker_.cards_.size();
        if (i < checker_.records_.size()) return &checker_.records_[i];
        i -= checker_.records_.size();
        if (i < checker_.boards_.size()) return &checker_.boards_[i];
        return &checker_.player_fields_;
    }

    void declare_values(const Node& owner, const Node& values, std::size_t first, const std::string& what) {
        parent_ = global(owner.name());
        for (std::size_t i = first; i < values.children.size(); ++i) {
            const Node& v = *values.children[i];
            if (v.kind != Kind::name) continue;
            Type type;
            if (const checking::Symbol* s = symbol(owner.name(), owner)) type = s->type;
            values_[v.text].push_back(add_entity(v, EntityKind::enum_value, what, &type));
        }
        parent_ = -1;
    }

    void declare_file(const Node& file) {
        for (const auto& d : file.children) {
            const Node& decl = *d;
            const Node* name = decl.child(0) && decl.child(0)->kind == Kind::name ? decl.child(0) : nullptr;
            switch (decl.kind) {
                case Kind::import_decl:
                    if (name) declared_names_.insert(name);
                    import_target(decl);
                    break;
                case Kind::enum_decl:
                    declare_global(decl, *name, EntityKind::type, "enum");
                    declare_values(decl, decl, 1, "value of enum " + name->text);
                    break;
                case Kind::card_decl:
                case Kind::record_decl: {
                    declare_global(decl, *name, EntityKind::type, decl.kind == Kind::card_decl ? "card" : "record");
                    declare_fields(decl, members_of_decl(decl), name->text);
                    break;
                }
                case Kind::board_decl: {
                    declare_global(decl, *name, EntityKind::global, "board");
                    const Node& space = *decl.child(2);
                    globals_.emplace(space.text, add_entity(space, EntityKind::type, "space of board " + name->text));
                    declare_fields(decl, members_of_decl(decl), space.text);
                    break;
                }
                case Kind::player_decl: declare_fields(decl, player_members(), "player"); break;
                case Kind::state_decl: declare_fields(decl, -1, "the game's state"); break;
                case Kind::option_decl:
                    declare_global(decl, *name, EntityKind::global, "option");
                    if (const Node* values = decl.find(Kind::option_values)) {
                        declare_values(decl, *values, 0, "value of option " + name->text);
                    }
                    break;
                case Kind::game_decl:
                    if (const Node* seats = decl.find(Kind::seat_names)) {
                        for (const auto& seat : seats->children) {
                            const Type player = Type::of(Type::Base::player);
                            globals_.emplace(seat->text, add_entity(*seat, EntityKind::global, "seat", &player));
                        }
                    }
                    break;
                case Kind::procedure_decl: declare_global(decl, *name, EntityKind::callable, "procedure"); break;
                case Kind::function_decl: declare_global(decl, *name, EntityKind::callable, "function"); break;
                case Kind::deck_decl: declare_global(decl, *name, EntityKind::global, "deck"); break;
                case Kind::zone_decl: {
                    declare_global(decl, *name, EntityKind::global,
                                   decl.has(Kind::per_player) ? "zone (one per player)" : "zone");
                    if (decl.has(Kind::per_player)) {
                        const auto zone = static_cast<int>(index_.entities.size() - 1);
                        index_.members[static_cast<std::size_t>(player_members())].push_back(zone);
                    }
                    break;
                }
                case Kind::table_decl: declare_global(decl, *name, EntityKind::global, "table"); break;
                case Kind::die_decl: declare_global(decl, *name, EntityKind::global, "die"); break;
                case Kind::stat_decl: declare_global(decl, *name, EntityKind::global, "statistic"); break;
                case Kind::strategy_decl: declare_global(decl, *name, EntityKind::global, "strategy"); break;
                default: break;
            }
        }
    }

    // The file an import of the root file names, found as the loader finds it (loader.cpp), if it was loaded.
    void import_target(const Node& decl) {
        if (files_.empty() || decl.loc.file != files_.back().source) return;
        const Node& target = *decl.child(0);
        const std::string& importer = sources_.file(decl.loc.file).path;
        const std::filesystem::path path =
            target.kind == Kind::name
                ? std::filesystem::path(standard_library_dir()) / (target.text + ".rules")
                : (std::filesystem::path(importer).parent_path() / target.text).lexically_normal();
        if (sources_.find(path.string())) index_.imports[target.loc.offset] = path.string();
    }

    // ---- bodies

    // Declarations in the order of the file: each one's locals reach up to the next declaration.
    void walk_file(const Node& file) {
        for (std::size_t i = 0; i < file.children.size(); ++i) {
            scopes_.assign(1, Scope());
            decl_end_ = i + 1 < file.children.size() ? file.children[i + 1]->loc.offset : UINT32_MAX;
            walk_declaration(*file.children[i]);
        }
    }

    void walk_declaration(const Node& decl) {
        parent_ = decl.kind == Kind::procedure_decl || decl.kind == Kind::function_decl ? global(decl.name()) : -1;
        switch (decl.kind) {
            case Kind::procedure_decl:
            case Kind::function_decl:
                if (const Node* params = decl.find(Kind::params)) {
                    for (const auto& p : params->children) {
                        declare_local(*p->child(0), EntityKind::parameter, "parameter of " + decl.child(0)->text);
                        walk(*p->child(1));
                    }
                }
                break;
            case Kind::event_decl:
            case Kind::score_decl:
            case Kind::rank_decl: declare_local(*decl.child(0), EntityKind::parameter, "parameter"); break;
            case Kind::stat_decl:
                if (const Node* each = decl.find(Kind::stat_per_player)) {
                    declare_local(*each->child(0), EntityKind::parameter, "each player");
                }
                break;
            case Kind::card_decl:
            case Kind::record_decl: composite_ = members_of_decl(decl); break;
            default: break;
        }
        walk(decl);
        composite_ = -1;
        parent_ = -1;
    }

    void walk(const Node& n) {
        switch (n.kind) {
            case Kind::block: {
                scopes_.emplace_back();
                walk_children(n);
                scopes_.pop_back();
                return;
            }
            case Kind::let_stmt: return walk_let(n);
            case Kind::for_stmt:
            case Kind::simultaneously_stmt: return walk_loop(n, 0);
            case Kind::tell_stmt: return walk_loop(n, 2);
            case Kind::comprehension: return walk_comprehension(n);
            case Kind::choose_menu_stmt: return walk_menu(n);
            case Kind::prefer_rule:
                if (auto it = choices_.find(n.child(0)->text); it != choices_.end()) refer(*n.child(0), it->second);
                declared_names_.insert(n.child(0));
                return walk_children(n);
            case Kind::phase_stmt:  // a phase's name is a label, not a reference
                declared_names_.insert(n.child(0));
                return walk_children(n);
            case Kind::table_decl:
                for (std::size_t i = 1; i < n.children.size() && n.child(i)->kind == Kind::name; ++i) {
                    declared_names_.insert(n.child(i));
                }
                return walk_children(n);
            case Kind::option_decl: return walk_option(n);
            case Kind::name: return resolve_name(n);
            case Kind::type_name: return refer(n, global(n.text));
            case Kind::field: return walk_field(n);
            case Kind::call: return walk_call(n);
            case Kind::string_lit:
            case Kind::prompt:
            case Kind::display_label: return walk_text(n);
            default: return walk_children(n);
        }
    }

    // `option length: standard | quick = standard`: the default is one of the option's own values.
    void walk_option(const Node& n) {
        const std::string what = "value of option " + n.child(0)->text;
        for (const auto& c : n.children) {
            if (c->kind != Kind::name || declared_names_.count(c.get())) continue;
            declared_names_.insert(c.get());
            if (auto v = values_.find(c->text); v != values_.end()) {
                for (int id : v->second) {
                    if (index_.entities[static_cast<std::size_t>(id)].what == what) refer(*c, id);
                }
            }
        }
        walk_children(n);
    }

    void walk_children(const Node& n) {
        for (const auto& c : n.children) walk(*c);
    }

    void walk_let(const Node& n) {
        const Node& name = *n.child(0);
        const Node& value = *n.children.back();
        const bool choice = value.kind == Kind::choose_one || value.kind == Kind::choose_subset;
        // A choice's `where` reads the chosen value by the let's name.
        if (choice) declare_local(name, EntityKind::local, "local (a choice)");
        for (std::size_t i = 1; i < n.children.size(); ++i) walk(*n.child(i));
        if (!choice) declare_local(name, EntityKind::local, "local");
        if (choice) choices_.emplace(name.text, scopes_.back().at(name.text));
    }

    // for x in LIST where C { }, simultaneously for p in LIST { }, tell P whether C for c in CARDS: the name at
    // `name_index` is seen by everything in the statement after the list it runs over.
    void walk_loop(const Node& n, std::size_t name_index) {
        for (std::size_t i = 0; i < name_index; ++i) {
            if (i != 1 || name_index != 2) walk(*n.child(i));
        }
        walk(*n.child(name_index + 1));
        scopes_.emplace_back();
        declare_local(*n.child(name_index), EntityKind::local, "local");
        for (std::size_t i = name_index + 2; i < n.children.size(); ++i) walk(*n.child(i));
        if (name_index == 2) walk(*n.child(1));
        scopes_.pop_back();
    }

    void walk_comprehension(const Node& n) {
        scopes_.emplace_back();
        for (const auto& c : n.children) {
            if (c->kind != Kind::for_clause) continue;
            walk(*c->child(1));
            declare_local(*c->child(0), EntityKind::local, "local");
        }
        for (const auto& c : n.children) {
            if (c->kind != Kind::for_clause) walk(*c);
        }
        scopes_.pop_back();
    }

    void walk_menu(const Node& n) {
        const Node& name = *n.child(0);
        const int menu = add_entity(name, EntityKind::choice, "menu");
        choices_.emplace(name.text, menu);
        const int outer = parent_;
        parent_ = menu;
        for (const auto& c : n.children) {
            if (c->kind == Kind::menu_option) {
                values_[c->child(0)->text].push_back(add_entity(*c->child(0), EntityKind::enum_value,
                                                                "option of menu " + name.text));
                for (std::size_t i = 1; i < c->children.size(); ++i) walk(*c->child(i));
            } else if (c.get() != &name) {
                walk(*c);
            }
        }
        parent_ = outer;
    }

    void walk_field(const Node& n) {
        const Node& object = *n.child(0);
        walk(object);
        const Node& name = *n.child(1);
        const auto typed = checker_.expr_types_.find(&object);
        int members = typed == checker_.expr_types_.end() ? -1 : members_of(typed->second);
        if (members < 0) return refer(name, unique_field(name.text));
        refer(name, member(members, name.text));
    }

    int member(int members, std::string_view name) const {
        for (int id : index_.members[static_cast<std::size_t>(members)]) {
            if (index_.entities[static_cast<std::size_t>(id)].name == name) return id;
        }
        return -1;
    }

    // A field of an unknown value: the only field of that name, if there is just one.
    int unique_field(std::string_view name) const {
        int found = -1;
        for (const auto& fields : index_.members) {
            for (int id : fields) {
                if (index_.entities[static_cast<std::size_t>(id)].name != name) continue;
                if (found >= 0 && found != id) return -1;
                found = id;
            }
        }
        return found;
    }

    // Card(field: value): the field names belong to the card type called.
    void walk_call(const Node& n) {
        const Node& callee = *n.child(0);
        walk(callee);
        const int type = callee.kind == Kind::name ? global(callee.text) : -1;
        const int members = type >= 0 ? index_.entities[static_cast<std::size_t>(type)].members : -1;
        for (const auto& a : n.child(1)->children) {
            if (a->kind == Kind::named_arg) {
                declared_names_.insert(a->child(0));
                if (members >= 0) refer(*a->child(0), member(members, a->child(0)->text));
                walk(*a->child(1));
            } else {
                walk(*a);
            }
        }
    }

    // The holes of a text, `{p.chips}`: their first name is a local or a declaration (in `shown as` of a card, a
    // field of the card).
    void walk_text(const Node& n) {
        const std::string_view text = sources_.file(n.loc.file).text;
        const std::size_t end = std::min(text.find('\n', n.loc.offset), text.size());
        for (std::size_t at = n.loc.offset + 1; at < end; ++at) {
            if (text[at] == '\\') {
                ++at;
                continue;
            }
            if (text[at] == '"') break;
            if (text[at] != '{') continue;
            std::size_t stop = at + 1;
            while (stop < end && (std::isalnum(static_cast<unsigned char>(text[stop])) || text[stop] == '_')) ++stop;
            if (stop == at + 1) continue;
            Node hole;
            hole.kind = Kind::name;
            hole.text = std::string(text.substr(at + 1, stop - at - 1));
            hole.loc = n.loc;
            hole.loc.offset = static_cast<std::uint32_t>(at + 1);
            const int field = composite_ >= 0 ? member(composite_, hole.text) : -1;
            refer(hole, field >= 0 ? field : lookup(hole.text));
        }
    }

    void declare_local(const Node& name, EntityKind kind, std::string what) {
        const auto typed = checker_.local_types_.find(&name);
        const Type* type = typed == checker_.local_types_.end() ? nullptr : &typed->second;
        const int id = add_entity(name, kind, std::move(what), type);
        index_.entities[static_cast<std::size_t>(id)].scope_end = decl_end_;
        scopes_.back()[name.text] = id;
    }

    void resolve_name(const Node& n) {
        if (declared_names_.count(&n)) return;
        const int found = lookup(n.text);
        if (found < 0 || index_.entities[static_cast<std::size_t>(found)].kind != EntityKind::enum_value) {
            return refer(n, found);
        }
        // Two enums (or options) may share a value's name: the checker's type for it says which one it is.
        const auto typed = checker_.expr_types_.find(&n);
        if (typed != checker_.expr_types_.end() && typed->second.known()) {
            const std::string type = checker_.type_name(typed->second.as_required());
            for (int id : values_.find(n.text)->second) {
                if (index_.entities[static_cast<std::size_t>(id)].type == type) return refer(n, id);
            }
        }
        refer(n, found);
    }

    int lookup(std::string_view name) const {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            if (auto found = it->find(name); found != it->end()) return found->second;
        }
        if (const int g = global(name); g >= 0) return g;
        if (auto v = values_.find(name); v != values_.end() && !v->second.empty()) return v->second.front();
        return -1;
    }

    int global(std::string_view name) const {
        auto it = globals_.find(name);
        return it == globals_.end() ? -1 : it->second;
    }

    const std::vector<LoadedFile>& files_;
    const SourceSet& sources_;
    const checking::Checker& checker_;
    NameIndex& index_;
    std::map<std::string, int, std::less<>> globals_;
    std::map<std::string, std::vector<int>, std::less<>> values_;
    std::map<std::string, int, std::less<>> choices_;
    std::vector<Scope> scopes_;
    std::unordered_set<const Node*> declared_names_;
    std::uint32_t decl_end_ = 0;
    int parent_ = -1;     // the entity new entities belong to
    int composite_ = -1;  // the card or record whose declaration is walked: `shown as` reads its fields
};

}  // namespace

void analyze_rules_file(const std::string& path, RulesAnalysis& analysis) {
    analysis.loaded = load_rules(path, analysis.sources);
    analysis.diagnostics = std::move(analysis.loaded.diagnostics);
    analysis.root = analysis.loaded.files.empty() ? -1 : analysis.loaded.files.back().source;
    if (analysis.loaded.files.empty()) {
        sort_diagnostics(analysis.diagnostics);
        return;
    }
    checking::Checker checker(analysis.loaded.files);
    for (auto& d : checker.run()) analysis.diagnostics.push_back(std::move(d));
    sort_diagnostics(analysis.diagnostics);
    Indexer(analysis.loaded.files, analysis.sources, checker, analysis.names).run();
}

}  // namespace rulesrun
