#include <algorithm>
#include "syntax_tree_builder.hpp"

namespace rulesrun {
namespace {

using ast::Kind;
using ast::Node;
using ast::NodePtr;

std::string unescape(std::string_view quoted) {
    std::string out;
    const std::string_view body = quoted.substr(1, quoted.size() >= 2 ? quoted.size() - 2 : 0);
    for (std::size_t i = 0; i < body.size(); ++i) {
        if (body[i] == '\\' && i + 1 < body.size()) {
            const char next = body[++i];
            out += next == 'n' ? '\n' : next == 't' ? '\t' : next;
        } else {
            out += body[i];
        }
    }
    return out;
}

// Operators such as `not   in` are normalised to single spaces.
std::string normalise_operator(std::string_view text) {
    std::string out;
    bool blank = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            blank = true;
            continue;
        }
        if (blank && !out.empty()) out += ' ';
        blank = false;
        out += c;
    }
    return out;
}

NodePtr make(Kind kind, SourceLocation loc) {
    auto n = std::make_unique<Node>();
    n->kind = kind;
    n->loc = loc;
    return n;
}

class Builder {
public:
    explicit Builder(int file_index) : file_index_(file_index) {}

    NodePtr build(const grammar::ParseNode& p) {
        const SourceLocation loc = location_at(file_index_, p.m_begin.line, p.m_begin.column, p.m_begin.byte);
        std::vector<NodePtr> children;
        children.reserve(p.children.size());
        for (const auto& c : p.children) children.push_back(build(*c));
        switch (p.kind) {
            case Kind::chain: return fold_chain(std::move(children));
            case Kind::postfix_chain: return fold_postfix(std::move(children));
            default: break;
        }
        NodePtr n = make(p.kind, loc);
        n->children = std::move(children);
        switch (p.kind) {
            case Kind::string_lit:
            case Kind::prompt: n->text = unescape(p.string_view()); break;
            case Kind::op:
            case Kind::assign_op:
            case Kind::zone_property: n->text = normalise_operator(p.string_view()); break;
            case Kind::name:
            case Kind::rank_direction:
            case Kind::int_lit:
            case Kind::type_name: n->text = std::string(p.string_view()); break;
            case Kind::list_lit:
                if (n->has(Kind::for_clause)) {
                    n->kind = Kind::comprehension;
                    n = nest_comprehension(std::move(n));
                }
                break;
            case Kind::repeat_forever: n->kind = Kind::block; break;
            case Kind::let_stmt:  // let x = choose optional one of ...: the marker belongs inside the choice
                if (n->children.size() == 3 && n->children[1]->kind == Kind::choose_optional) {
                    auto& choice = n->children[2]->children;
                    choice.insert(choice.begin(), std::move(n->children[1]));
                    n->children.erase(n->children.begin() + 1);
                }
                break;
            case Kind::optional_type:  // `T` without '?' is just T
                if (p.m_end.data == p.children.front()->m_end.data) return std::move(n->children.front());
                break;
            case Kind::unary:  // [op, operand] -> unary 'op' (operand)
                n->text = n->children.front()->text;
                n->children.erase(n->children.begin());
                break;
            default: break;
        }
        return n;
    }

private:
    // [E for x in A where C for y in B where D] -> [[E for y in B where D] for x in A where C], the outer one marked
    // `flatten` (its elements' elements make the list). `copies` stays with the outermost `for`.
    static NodePtr nest_comprehension(NodePtr n) {
        std::vector<NodePtr>& items = n->children;
        std::size_t last_for = items.size();
        for (std::size_t i = items.size(); i-- > 0;) {
            if (items[i]->kind == Kind::for_clause) {
                last_for = i;
                break;
            }
        }
        if (std::count_if(items.begin(), items.end(), [](const NodePtr& c) { return c->kind == Kind::for_clause; }) < 2) {
            return n;
        }
        NodePtr inner = make(Kind::comprehension, n->loc);
        inner->children.push_back(std::move(items.front()));
        for (std::size_t i = last_for; i < items.size(); ++i) inner->children.push_back(std::move(items[i]));
        items.erase(items.begin() + static_cast<std::ptrdiff_t>(last_for), items.end());
        items.front() = nest_comprehension(std::move(inner));
        items.push_back(make(Kind::flatten, n->loc));
        return nest_comprehension(std::move(n));
    }

    // [a, op, b, op, c] -> ((a op b) op c); a single operand stands for itself.
    static NodePtr fold_chain(std::vector<NodePtr> items) {
        if (items.size() / 2 > max_chain) throw TooDeep{items[max_chain * 2 + 1]->loc};
        NodePtr left = std::move(items.front());
        for (std::size_t i = 1; i + 1 < items.size(); i += 2) {
            NodePtr& op = items[i];
            NodePtr n = make(op->text == ".." ? Kind::range : Kind::binary, op->loc);
            if (n->kind == Kind::binary) n->text = op->text;
            n->children.push_back(std::move(left));
            n->children.push_back(std::move(items[i + 1]));
            left = std::move(n);
        }
        return left;
    }

    // [primary, .name, [i], (args)] -> call(index(field(primary, name), i), args)
    static NodePtr fold_postfix(std::vector<NodePtr> items) {
        if (items.size() > max_chain) throw TooDeep{items[max_chain]->loc};
        NodePtr left = std::move(items.front());
        for (std::size_t i = 1; i < items.size(); ++i) {
            NodePtr& suffix = items[i];
            NodePtr n;
            if (suffix->kind == Kind::args) {
                n = make(Kind::call, left->loc);
                n->children.push_back(std::move(left));
                n->children.push_back(std::move(suffix));
            } else {
                n = make(suffix->kind, suffix->loc);
                n->children.push_back(std::move(left));
                for (auto& c : suffix->children) n->children.push_back(std::move(c));
            }
            left = std::move(n);
        }
        return left;
    }

    int file_index_;
};

}  // namespace

ast::NodePtr build_syntax_tree(const grammar::ParseNode& node, int file_index) {
    return Builder(file_index).build(node);
}

}  // namespace rulesrun
