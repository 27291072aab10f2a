// Hover, go to definition, find references, rename and the outline: all read the names index of the analysis.
#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "builtin_docs.hpp"
#include "lsp_features.hpp"

namespace rulesrun::lsp {
namespace {

const NameEntity& entity_of(const DocumentView& view, const NameOccurrence& o) {
    return view.analysis.names.entities.at(static_cast<std::size_t>(o.entity));
}

// The word (name or keyword) around `offset` of the document.
std::pair<std::size_t, std::string_view> word_at(std::string_view text, std::size_t offset) {
    const auto word = [&](std::size_t i) {
        return i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
    };
    std::size_t start = offset, end = offset;
    while (start > 0 && word(start - 1)) --start;
    while (word(end)) ++end;
    return {start, text.substr(start, end - start)};
}

std::string entity_markdown(const NameEntity& e) {
    std::string out = fmt::format("```rulesrun\n{}\n```\n{} **{}**", e.declaration, e.what, e.name);
    if (!e.type.empty()) out += fmt::format(": `{}`", e.type);
    if (!e.documentation.empty()) out += "\n\n---\n" + e.documentation;
    return out;
}

// The import at `offset` (its target, `import cards` or `import "other.rules"`), if any: its start and file.
const std::pair<const std::uint32_t, std::string>* import_at(const DocumentView& view, std::size_t offset) {
    for (const auto& entry : view.analysis.names.imports) {
        const std::size_t start = static_cast<std::size_t>(entry.first);
        const std::size_t end = std::min(view.document.text.find('\n', start), view.document.text.size());
        if (offset >= start && offset <= end) return &entry;
    }
    return nullptr;
}

int symbol_kind(const NameEntity& e) {
    switch (e.kind) {  // the protocol's SymbolKind numbers
        case EntityKind::type: return e.what == "enum" ? 10 : 23;        // Enum, Struct
        case EntityKind::enum_value: return 22;                           // EnumMember
        case EntityKind::field: return 8;                                 // Field
        case EntityKind::callable: return 12;                             // Function
        case EntityKind::choice: return 19;                               // Object
        default: return e.what == "option" ? 14 : 13;                     // Constant, Variable
    }
}

bool is_identifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s.front()))) return false;
    const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    return std::all_of(s.begin(), s.end(), word_char);
}

// What docs/language.md says of a built-in or a keyword, or "".
std::string language_markdown(std::string_view word) {
    if (const auto doc = builtin_doc(word)) {
        return fmt::format("```rulesrun\n{}\n```\nbuilt-in — {}\n\n(docs/language.md, \"Built-in names\")",
                           doc->signature, doc->meaning);
    }
    const auto& builtins = builtin_function_names();
    if (std::find(builtins.begin(), builtins.end(), word) != builtins.end()) return fmt::format("built-in `{}`", word);
    const auto& keywords = keyword_words();
    if (std::find(keywords.begin(), keywords.end(), word) == keywords.end()) return "";
    if (const auto doc = keyword_doc(word)) {
        return fmt::format("```rulesrun\n{}\n```\n{}\n\n(docs/language.md)", doc->signature, doc->meaning);
    }
    return "";
}

}  // namespace

json hover(const DocumentView& view, const json& params) {
    const std::size_t offset = view.offset_at(params);
    if (const NameOccurrence* o = view.occurrence_at(offset)) {
        return {{"contents", {{"kind", "markdown"}, {"value", entity_markdown(entity_of(view, *o))}}},
                {"range", view.range(o->range.file, o->range.offset, o->range.length)}};
    }
    if (const auto* imported = import_at(view, offset)) {
        return {{"contents", {{"kind", "markdown"}, {"value", fmt::format("imports `{}`", imported->second)}}}};
    }
    const auto [start, word] = word_at(view.document.text, offset);
    const std::string value = word.empty() ? std::string() : language_markdown(word);
    if (value.empty()) return nullptr;
    return {{"contents", {{"kind", "markdown"}, {"value", value}}},
            {"range", view.range(view.analysis.root, start, word.size())}};
}

json definition(const DocumentView& view, const json& params) {
    const std::size_t offset = view.offset_at(params);
    if (const NameOccurrence* o = view.occurrence_at(offset)) return view.location(entity_of(view, *o).declared);
    if (const auto* imported = import_at(view, offset)) {
        return {{"uri", uri_of_path(imported->second)}, {"range", {{"start", {{"line", 0}, {"character", 0}}},
                                                                   {"end", {{"line", 0}, {"character", 0}}}}}};
    }
    return nullptr;
}

json references(const DocumentView& view, const json& params) {
    const NameOccurrence* o = view.occurrence_at(view.offset_at(params));
    if (!o) return nullptr;
    const bool with_declaration = !params.contains("context") || !params["context"].is_object() ||
                                  params["context"].value("includeDeclaration", true);
    json found = json::array();
    for (const auto& use : view.analysis.names.of(o->entity)) {
        if (use.declaration && !with_declaration) continue;
        found.push_back(view.location(use.range));
    }
    return found;
}

json prepare_rename(const DocumentView& view, const json& params) {
    const NameOccurrence* o = view.occurrence_at(view.offset_at(params));
    if (!o) throw std::runtime_error("only a declared name can be renamed here");
    return {{"range", view.range(o->range.file, o->range.offset, o->range.length)},
            {"placeholder", entity_of(view, *o).name}};
}

json rename(const DocumentView& view, const json& params) {
    const NameOccurrence* o = view.occurrence_at(view.offset_at(params));
    if (!o) throw std::runtime_error("only a declared name can be renamed here");
    if (!params.contains("newName") || !params["newName"].is_string()) {
        throw std::invalid_argument("'newName' is missing");
    }
    const std::string name = params["newName"];
    if (!is_identifier(name) || is_reserved_word(name)) {
        throw std::runtime_error(fmt::format("'{:.60}' cannot be a name: letters, digits and '_', not starting with a "
                                             "digit, and not a keyword", name));
    }
    json changes = json::object();
    for (const auto& use : view.analysis.names.of(o->entity)) {
        const std::string uri = view.uri_of(use.range.file);
        if (!changes.contains(uri)) changes[uri] = json::array();
        changes[uri].push_back({{"range", view.range(use.range.file, use.range.offset, use.range.length)},
                                {"newText", name}});
    }
    return {{"changes", changes}};
}

// The outline: the declarations of the document, with the fields of cards and records and the values of enums.
json document_symbols(const DocumentView& view) {
    const auto& names = view.analysis.names;
    json symbols = json::array();
    std::map<int, std::size_t> position;  // entity -> index in symbols
    for (std::size_t i = 0; i < names.entities.size(); ++i) {
        const NameEntity& e = names.entities[i];
        if (e.declared.file != view.analysis.root || e.kind == EntityKind::local || e.kind == EntityKind::parameter) {
            continue;
        }
        const json range = view.range(e.declared.file, e.declared.offset, e.declared.length);
        json symbol = {{"name", e.name}, {"kind", symbol_kind(e)}, {"range", range}, {"selectionRange", range},
                       {"detail", e.type.empty() ? e.what : e.what + ": " + e.type}};
        if (e.parent >= 0 && position.count(e.parent)) {
            json& parent = symbols[position[e.parent]];
            if (!parent.contains("children")) parent["children"] = json::array();
            parent["children"].push_back(std::move(symbol));
            continue;
        }
        position[static_cast<int>(i)] = symbols.size();
        symbols.push_back(std::move(symbol));
    }
    return symbols;
}

}  // namespace rulesrun::lsp
