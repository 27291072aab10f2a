// A card's or record's field declared with the values it may hold: `die: int in 1..6`, `promotion: text in ["", "=Q"]`
// (docs/language.md, "Components"). The checker reads the clause and checks the values written in the rules; the
// compiler checks the others as they are made; Game::action_space counts the field by its values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ast.hpp"

namespace rulesrun::checking {

struct FieldValues {
    bool texts = false;                   // `in [TEXT, ...]`; else `in LOW..HIGH`
    std::int64_t low = 0, high = -1;      // the numbers, LOW to HIGH
    std::vector<std::string> text_values; // the texts, in the order written
    [[nodiscard]] std::int64_t count() const {
        return texts ? static_cast<std::int64_t>(text_values.size()) : std::max<std::int64_t>(0, high - low + 1);
    }
    [[nodiscard]] bool holds(std::int64_t n) const { return !texts && n >= low && n <= high; }
    [[nodiscard]] bool holds(const std::string& text) const;
    // "1..6", or "\"\", \"=Q\"" for messages.
    [[nodiscard]] std::string describe() const;
};

// The field's `in` clause, or nothing when it has none. A clause that is not two whole numbers joined by `..` or a
// written-out list of plain texts gives nothing too, and `problem` says why (the checker reports it).
std::optional<FieldValues> field_values(const ast::Node& field_decl, std::string* problem = nullptr);

// A number or plain text written in the rules (`7`, `-2`, `"=Q"`), as a clause or an argument may give it.
std::optional<std::int64_t> written_number(const ast::Node& e);
std::optional<std::string> written_text(const ast::Node& e);

}  // namespace rulesrun::checking
