// Semantic tokens: every token of the document with what it is (a keyword, a type, a field, a local...), from the
// lexer and the names index, encoded as the protocol wants (each relative to the one before).
#include <algorithm>

#include "lsp_features.hpp"

namespace rulesrun::lsp {
namespace {

enum TokenType : int { keyword, type, enum_member, property, variable, parameter, function, string, number, comment,
                       operator_, namespace_ };
enum TokenModifier : int { declaration = 1, default_library = 2, readonly = 4 };

int type_of(const NameEntity& e) {
    switch (e.kind) {
        case EntityKind::type: return type;
        case EntityKind::enum_value: return enum_member;
        case EntityKind::field: return property;
        case EntityKind::callable: return function;
        case EntityKind::parameter: return parameter;
        case EntityKind::choice: return namespace_;
        default: return variable;
    }
}

bool is_builtin_type(std::string_view word) {
    static constexpr std::string_view types[] = {"int",  "bool", "text", "player", "card",
                                                 "space", "zone", "die",  "board"};
    return std::find(std::begin(types), std::end(types), word) != std::end(types);
}

// The type and modifiers of a word: what it names, else a built-in, else a keyword.
std::pair<int, int> classify_word(const DocumentView& view, const Token& token, std::string_view word) {
    if (const NameOccurrence* o = view.analysis.names.at(view.analysis.root, token.offset);
        o && o->range.offset == token.offset) {
        const NameEntity& e = view.analysis.names.entities[static_cast<std::size_t>(o->entity)];
        const int modifiers = (o->declaration ? declaration : 0) | (e.what == "option" ? readonly : 0);
        return {type_of(e), modifiers};
    }
    const std::string_view text = view.document.text;
    const bool called = token.offset + token.length < text.size() && text[token.offset + token.length] == '(';
    const auto& builtins = builtin_function_names();
    if (called && std::find(builtins.begin(), builtins.end(), word) != builtins.end()) {
        return {function, default_library};
    }
    if (word == "players" || word == "me" || word == "choice") return {variable, default_library | readonly};
    if (is_builtin_type(word)) return {type, default_library};
    const auto& keywords = keyword_words();
    if (std::find(keywords.begin(), keywords.end(), word) != keywords.end()) return {keyword, 0};
    return {variable, 0};
}

}  // namespace

json semantic_tokens_legend() {
    return {{"tokenTypes", {"keyword", "type", "enumMember", "property", "variable", "parameter", "function", "string",
                            "number", "comment", "operator", "namespace"}},
            {"tokenModifiers", {"declaration", "defaultLibrary", "readonly"}}};
}

json semantic_tokens(const DocumentView& view) {
    const std::string_view text = view.document.text;
    const LineMap lines(text, view.encoding);
    std::vector<std::uint32_t> data;
    std::uint32_t previous_line = 0, previous_start = 0;
    for (const Token& token : lex_rules(text)) {
        const std::string_view word = token.text(text);
        std::pair<int, int> kind;
        switch (token.kind) {
            case TokenKind::comment: kind = {comment, 0}; break;
            case TokenKind::string: kind = {string, 0}; break;
            case TokenKind::number: kind = {number, 0}; break;
            case TokenKind::word: kind = classify_word(view, token, word); break;
            case TokenKind::punctuation:
                if (word.find_first_of("()[]{},:.") == 0 && word != "..") continue;
                kind = {operator_, 0};
                break;
            case TokenKind::unknown: continue;
        }
        const json start = lines.position(token.offset);
        const auto line = start["line"].get<std::uint32_t>();
        const auto character = start["character"].get<std::uint32_t>();
        data.insert(data.end(), {line - previous_line, line == previous_line ? character - previous_start : character,
                                 lines.units(word), static_cast<std::uint32_t>(kind.first),
                                 static_cast<std::uint32_t>(kind.second)});
        previous_line = line;
        previous_start = character;
    }
    return {{"data", data}};
}

}  // namespace rulesrun::lsp
