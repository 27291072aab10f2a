// Turns PEGTL's parse tree into the AST: folds operator chains into binary nodes, postfix chains into field, index
// and call nodes, tells list literals from comprehensions and unescapes texts. Internal to grammar/.
#pragma once

#include <tao/pegtl/contrib/parse_tree.hpp>

#include "ast.hpp"

namespace rulesrun::grammar {

// A parse-tree node that remembers the AST kind of the rule that made it.
struct ParseNode : tao::pegtl::parse_tree::basic_node<ParseNode> {
    ast::Kind kind = ast::Kind::file;

    template <typename Rule, typename Input, typename... States> void start(const Input& in, States&&... st) {
        basic_node<ParseNode>::template start<Rule>(in, st...);
        kind = Rule::kind;
    }
};

}  // namespace rulesrun::grammar

namespace rulesrun {

// Longer chains of operators or of .field [index] (call) would make the tree too deep to walk safely.
inline constexpr std::size_t max_chain = 256;
struct TooDeep {
    SourceLocation loc;  // the operator or suffix past the limit
};

// Throws TooDeep for a chain longer than max_chain.
ast::NodePtr build_syntax_tree(const grammar::ParseNode& node, int file_index);

}  // namespace rulesrun
