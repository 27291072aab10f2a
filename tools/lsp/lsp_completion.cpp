// Completion: after `NAME.`, the fields (and per player zones) of NAME's type; elsewhere the names in scope, the
// declarations of the file and its imports, the values of enums, options and menus, built-ins and keywords.
#include <cctype>
#include <set>

#include "builtin_docs.hpp"
#include "lsp_features.hpp"

namespace rulesrun::lsp {
namespace {

// The protocol's CompletionItemKind numbers.
int item_kind(const NameEntity& e) {
    switch (e.kind) {
        case EntityKind::type: return e.what == "enum" ? 13 : 7;  // Enum, Class
        case EntityKind::enum_value: return 20;                   // EnumMember
        case EntityKind::field: return 5;                         // Field
        case EntityKind::callable: return 3;                      // Function
        case EntityKind::global: return e.what == "option" ? 21 : 6;  // Constant, Variable
        default: return 6;                                        // Variable
    }
}

// Locals first, then the file's declarations and values, then built-ins and keywords.
std::string sort_text(const NameEntity& e) {
    const bool local = e.kind == EntityKind::local || e.kind == EntityKind::parameter;
    return (local ? "0" : e.kind == EntityKind::enum_value ? "2" : "1") + e.name;
}

json entity_item(const NameEntity& e) {
    json item = {{"label", e.name}, {"kind", item_kind(e)}, {"sortText", sort_text(e)},
                 {"detail", e.type.empty() ? e.what : e.what + ": " + e.type}};
    if (!e.documentation.empty()) item["documentation"] = e.documentation;
    return item;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_local(const NameEntity& e) { return e.kind == EntityKind::local || e.kind == EntityKind::parameter; }

// What `.` reaches from the value named `name` at `offset` of the root file: the local in scope there, else a
// declaration, else (from an earlier analysis, whose offsets may have moved) any local of that name with fields.
int members_of_name(const RulesAnalysis& analysis, std::string_view name, std::size_t offset, bool same_text) {
    const NameEntity* best = nullptr;
    for (const auto& e : analysis.names.entities) {
        if (e.name != name || e.members < 0) continue;
        const bool in_scope = same_text && is_local(e) && e.declared.file == analysis.root &&
                              e.declared.offset < offset && offset < e.scope_end;
        if (in_scope && (!best || !is_local(*best) || best->declared.offset < e.declared.offset)) best = &e;
        else if (!best) best = &e;
    }
    return best ? best->members : -1;
}

json member_items(const RulesAnalysis& analysis, int members) {
    json items = json::array();
    if (members < 0 || static_cast<std::size_t>(members) >= analysis.names.members.size()) return items;
    for (int id : analysis.names.members[static_cast<std::size_t>(members)]) {
        items.push_back(entity_item(analysis.names.entities[static_cast<std::size_t>(id)]));
    }
    return items;
}

// After a dot whose value's type is not known: every field of every type, once each.
json all_member_items(const RulesAnalysis& analysis) {
    json items = json::array();
    std::set<std::string> seen;
    for (const auto& list : analysis.names.members) {
        for (int id : list) {
            const NameEntity& e = analysis.names.entities[static_cast<std::size_t>(id)];
            if (seen.insert(e.name).second) items.push_back(entity_item(e));
        }
    }
    return items;
}

json field_completion(const DocumentView& view, const RulesAnalysis* earlier, std::size_t dot) {
    std::size_t start = dot;
    while (start > 0 && is_word_char(view.document.text[start - 1])) --start;
    const std::string_view name = std::string_view(view.document.text).substr(start, dot - start);
    int members = members_of_name(view.analysis, name, dot, true);
    if (members >= 0) return member_items(view.analysis, members);
    if (earlier && (members = members_of_name(*earlier, name, dot, false)) >= 0) return member_items(*earlier, members);
    return all_member_items(view.analysis);
}

void add_names(const RulesAnalysis& analysis, std::size_t offset, bool same_text, std::set<std::string>& seen,
               json& items) {
    for (const auto& e : analysis.names.entities) {
        if (e.kind == EntityKind::choice) continue;
        if (e.kind == EntityKind::field && e.parent >= 0) continue;  // reached with a dot
        if (is_local(e)) {
            const bool in_scope =
                e.declared.file == analysis.root && e.declared.offset < offset && offset < e.scope_end;
            if (!same_text || !in_scope) continue;
        }
        if (seen.insert(e.name).second) items.push_back(entity_item(e));
    }
}

}  // namespace

json completion(const DocumentView& view, const RulesAnalysis* earlier, const json& params) {
    const std::size_t offset = view.offset_at(params);
    const std::string_view text = view.document.text;
    std::size_t start = offset;
    while (start > 0 && is_word_char(text[start - 1])) --start;
    if (start > 0 && text[start - 1] == '.' && (start < 2 || text[start - 2] != '.')) {
        return {{"isIncomplete", false}, {"items", field_completion(view, earlier, start - 1)}};
    }
    json items = json::array();
    std::set<std::string> seen;
    add_names(view.analysis, offset, true, seen, items);
    if (earlier) add_names(*earlier, offset, false, seen, items);
    for (const std::string_view name : {"players", "me", "choice"}) {
        if (!seen.insert(std::string(name)).second) continue;
        items.push_back({{"label", name}, {"kind", 6}, {"sortText", "3" + std::string(name)}, {"detail", "built-in"}});
    }
    for (const auto name : builtin_function_names()) {
        if (!seen.insert(std::string(name)).second) continue;
        json item = {{"label", name}, {"kind", 3}, {"sortText", "3" + std::string(name)}, {"detail", "built-in"}};
        if (const auto doc = builtin_doc(name)) {
            item["detail"] = doc->signature;
            item["documentation"] = doc->meaning;
        }
        items.push_back(std::move(item));
    }
    for (const auto word : keyword_words()) {
        if (seen.insert(std::string(word)).second) {
            items.push_back({{"label", word}, {"kind", 14}, {"sortText", "4" + std::string(word)}});
        }
    }
    return {{"isIncomplete", false}, {"items", items}};
}

}  // namespace rulesrun::lsp
