#include "ast.hpp"

#include <array>

namespace rulesrun::ast {

std::string_view kind_name(Kind kind) {
    static constexpr std::array names = {
#define RULESRUN_AST_NAME(k) std::string_view(#k),
        RULESRUN_AST_KINDS(RULESRUN_AST_NAME)
#undef RULESRUN_AST_NAME
    };
    return names.at(static_cast<std::size_t>(kind));
}

const Node* Node::find(Kind k) const {
    for (const auto& c : children) {
        if (c->kind == k) return c.get();
    }
    return nullptr;
}

std::string_view Node::name() const {
    const Node* n = find(Kind::name);
    return n ? std::string_view(n->text) : std::string_view();
}

std::string dump(const Node& node, int indent) {
    std::string out(static_cast<std::size_t>(indent) * 2, ' ');
    out += kind_name(node.kind);
    if (!node.text.empty()) out += " '" + node.text + "'";
    out += '\n';
    for (const auto& c : node.children) out += dump(*c, indent + 1);
    return out;
}

std::int32_t literal_value(const Node& int_lit) {
    std::int64_t v = 0;
    for (char c : int_lit.text) {
        if (c < '0' || c > '9') continue;
        v = v * 10 + (c - '0');
        if (v > largest_number) return static_cast<std::int32_t>(largest_number);
    }
    return static_cast<std::int32_t>(v);
}

}  // namespace rulesrun::ast
