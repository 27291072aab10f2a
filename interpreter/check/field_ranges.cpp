// Reading a field's `in` clause: field_ranges.hpp.
#include "field_ranges.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::checking {

using ast::Kind;
using ast::Node;

bool FieldValues::holds(const std::string& text) const {
    return texts && std::find(text_values.begin(), text_values.end(), text) != text_values.end();
}

std::string FieldValues::describe() const {
    if (!texts) return fmt::format("{}..{}", low, high);
    std::string listed;
    for (const std::string& t : text_values) listed += (listed.empty() ? "\"" : ", \"") + t + "\"";
    return "[" + listed + "]";
}

std::optional<std::int64_t> written_number(const Node& e) {
    if (e.kind == Kind::int_lit) return ast::literal_value(e);
    if (e.kind == Kind::unary && e.text == "-" && !e.children.empty()) {
        if (auto n = written_number(*e.child(0))) return -*n;
    }
    return std::nullopt;
}

std::optional<std::string> written_text(const Node& e) {
    if (e.kind == Kind::string_lit && e.text.find('{') == std::string::npos) return e.text;
    return std::nullopt;
}

std::optional<FieldValues> field_values(const Node& field_decl, std::string* problem) {
    const Node* clause = field_decl.find(Kind::field_range);
    if (clause == nullptr || clause->children.empty()) return std::nullopt;
    const Node& values = *clause->child(0);
    auto fail = [&](const char* why) -> std::optional<FieldValues> {
        if (problem) *problem = why;
        return std::nullopt;
    };
    FieldValues v;
    if (values.kind == Kind::range && values.children.size() == 2) {
        const auto low = written_number(*values.child(0));
        const auto high = written_number(*values.child(1));
        if (!low || !high) return fail("the numbers a field may hold are written LOW..HIGH, two whole numbers (1..6)");
        if (*high < *low) return fail("this range is empty: a field declared with it could hold nothing");
        v.low = *low;
        v.high = *high;
        return v;
    }
    if (values.kind == Kind::list_lit) {
        v.texts = true;
        for (const auto& item : values.children) {
            const auto text = written_text(*item);
            if (!text) return fail("the texts a field may hold are written as a list of plain texts ([\"a\", \"b\"])");
            if (!v.holds(*text)) v.text_values.push_back(*text);
        }
        if (v.text_values.empty()) return fail("this list is empty: a field declared with it could hold nothing");
        return v;
    }
    return fail("a field's values are written `in LOW..HIGH` (numbers) or `in [\"a\", \"b\"]` (texts)");
}

}  // namespace rulesrun::checking
