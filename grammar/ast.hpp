// The abstract syntax tree of a rules file.
//
// One uniform node type keeps the tree small and easy to walk: a kind, the source location of its first character,
// the source text for leaves (names, numbers, strings, operators) and the children in source order. The child layout
// of each kind is documented next to its grammar rule in rules_grammar.hpp; the checker reads it through the
// accessors below. The tree never refers to PEGTL.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "source_location.hpp"

namespace rulesrun::ast {

// Every kind of node. X(kind) keeps the enum and the printable names in one list.
#define RULESRUN_AST_KINDS(X)                                                                                          \
    X(file)                                                                                                            \
    /* declarations */                                                                                                 \
    X(import_decl) X(game_decl) X(players_clause) X(seat_names) X(title_clause)                                        \
    X(option_decl) X(option_values) X(option_range) X(enum_decl) X(card_decl) X(record_decl) X(field_decl)            \
    X(state_marker) X(private_marker) X(bookkeeping_marker) X(display_label) X(shown_when) X(shown_as_dice) X(marked_by) X(coloured_by) X(sorted_by) X(shown_as) X(shown_by_function) X(deck_decl) X(zone_decl) X(zone_property) X(per_player)             \
    X(field_range)                                                                                                     \
    X(player_decl) X(state_decl) X(table_decl) X(table_columns) X(table_row) X(board_decl) X(grid_shape)              \
    X(ring_shape) X(die_decl) X(setup_decl) X(play_decl) X(procedure_decl) X(function_decl) X(param) X(params)         \
    X(event_decl) X(event_leaves) X(event_enters) X(score_decl) X(rank_decl) X(rank_key) X(rank_direction) X(as_soon_as) X(cooperative_clause) X(winners_decl) X(end_when_decl) X(end_after_decl) X(stat_decl)         \
    X(stat_per_player) X(strategy_decl) X(prefer_rule)                                                                 \
    /* types */                                                                                                        \
    X(type_name) X(list_type) X(zone_type) X(optional_type)                                                                         \
    /* statements */                                                                                                   \
    X(block) X(let_stmt) X(assign_stmt) X(assign_op) X(call_stmt) X(if_stmt) X(else_clause) X(for_stmt)               \
    X(while_stmt) X(repeat_stmt) X(repeat_forever) X(simultaneously_stmt) X(choose_menu_stmt) X(menu_option)           \
    X(move_stmt) X(move_place) X(shuffle_stmt) X(return_stmt) X(break_stmt) X(end_game_stmt) X(with_winners) X(with_draw) X(check_end_stmt)          \
    X(record_stmt) X(record_for) X(say_stmt) X(say_audience) X(show_stmt) X(show_everyone) X(tell_stmt) X(phase_stmt)             \
    /* expressions */                                                                                                  \
    X(binary) X(op) X(unary) X(field) X(index) X(call) X(args) X(named_arg) X(name) X(int_lit) X(string_lit)           \
    X(true_lit) X(false_lit) X(none_lit) X(nobody_lit) X(list_lit) X(comprehension) X(flatten) X(copies) X(where_clause)           \
    X(if_expr) X(range) X(for_clause) X(choose_one) X(choose_subset) X(choose_optional) X(total_clause) X(chooser)      \
    X(prompt) X(secretly)                                                                                               \
    /* chains the parser folds into binary and postfix nodes; never in a finished tree */                            \
    X(chain) X(postfix_chain)

enum class Kind : std::uint8_t {
#define RULESRUN_AST_ENUM(k) k,
    RULESRUN_AST_KINDS(RULESRUN_AST_ENUM)
#undef RULESRUN_AST_ENUM
};

std::string_view kind_name(Kind kind);

struct Node {
    Kind kind{};
    SourceLocation loc;
    std::string text;  // leaves only: the name, literal (strings unescaped) or operator
    std::vector<std::unique_ptr<Node>> children;

    [[nodiscard]] const Node* child(std::size_t i) const { return i < children.size() ? children[i].get() : nullptr; }
    // The first child of a kind, or nullptr.
    [[nodiscard]] const Node* find(Kind k) const;
    [[nodiscard]] bool has(Kind k) const { return find(k) != nullptr; }
    // The text of the first `name` child: the declared name of most declarations.
    [[nodiscard]] std::string_view name() const;
};

using NodePtr = std::unique_ptr<Node>;

// The value of an int_lit, clamped to the int range (the checker reports larger numbers as errors).
inline constexpr std::int64_t largest_number = 2147483647;
std::int32_t literal_value(const Node& int_lit);

// The condition of `end game when|as soon as CONDITION [with ...]`.
inline const Node& end_condition(const Node& end_when_decl) {
    return *end_when_decl.child(end_when_decl.has(Kind::as_soon_as) ? 1 : 0);
}

// A readable one-line-per-node dump, used by the grammar tests.
std::string dump(const Node& node, int indent = 0);

}  // namespace rulesrun::ast
