// What the language's documentation (docs/language.md, built in) says of a built-in name (its signature and its line
// of the "Built-in names" table) and of a keyword (its line of "Types" or "Statements"), for hover and completion.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace rulesrun::lsp {

struct BuiltinDoc {
    std::string signature;  // "top_cards(zone, n)"
    std::string meaning;    // "the top or bottom card (`none` when empty), the top n cards"
};

std::optional<BuiltinDoc> builtin_doc(std::string_view name);

// What the tables of "Types" and "Statements" say of a keyword: `move` -> "move X to ZONE" and its meaning.
std::optional<BuiltinDoc> keyword_doc(std::string_view word);

}  // namespace rulesrun::lsp
