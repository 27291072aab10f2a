// What the parser says when a required piece is missing: one message per rule that can be required.
// A rule required somewhere without a message here fails to compile (see the static_assert in parser.cpp).
// Also: the name of the construct each declaration or statement rule stands for, appended to messages as context.
#pragma once

#include "rules_grammar.hpp"

namespace rulesrun::grammar {

template <typename Rule> inline constexpr const char* error_message = nullptr;

// Rules that can never fail still need an entry because if_must requires every rule after its condition.
template <typename... R> inline constexpr const char* error_message<star<R...>> = "(cannot fail)";
template <typename... R> inline constexpr const char* error_message<opt<R...>> = "(cannot fail)";
template <> inline constexpr const char* error_message<_> = "(cannot fail)";

#define MESSAGE(rule, text) template <> inline constexpr const char* error_message<rule> = text

MESSAGE(escaped, "expected one of \\\" \\\\ \\n \\t after the backslash");
MESSAGE(string_close, "expected '\"' to close the text (a text ends on the line where it starts)");
MESSAGE(string_lit, "expected a text in double quotes");
MESSAGE(name, "expected a name");
MESSAGE(int_lit, "expected a whole number");
MESSAGE(expr, "expected an expression");
MESSAGE(unary_operand, "expected an expression after the operator");
MESSAGE(product, "expected an expression after the operator");
MESSAGE(sum, "expected an expression after the operator");
MESSAGE(range, "expected an expression after the operator");
MESSAGE(negation, "expected an expression after the operator");
MESSAGE(conjunction, "expected an expression after the operator");
MESSAGE(arg, "expected an argument after ','");
MESSAGE(colon, "expected ':'");
MESSAGE(equals, "expected '='");
MESSAGE(paren_open, "expected '('");
MESSAGE(paren_close, "expected ')'");
MESSAGE(bracket_close, "expected ']'");
MESSAGE(brace_open, "expected '{'");
MESSAGE(block_open, "expected '{'");
MESSAGE(block, "expected '{' to open a block");
MESSAGE(block_close, "expected a statement or '}'");
MESSAGE(fields_close, "expected a field ('name: type') or '}'");
MESSAGE(field_list, "expected '{' and a list of fields");
MESSAGE(values_close, "expected a value name or '}'");
MESSAGE(game_close, "expected 'players', 'seats', 'cooperative' or '}'");
MESSAGE(table_close, "expected 'row KEY: values' or '}'");
MESSAGE(strategy_close, "expected 'on CHOICE prefer EXPRESSION' or '}'");
MESSAGE(menu_close, "expected 'option NAME { ... }' or '}' to close the choice");
MESSAGE(in_keyword, "expected 'in'");
MESSAGE(then_keyword, "expected 'then'");
MESSAGE(else_keyword, "expected 'else' (an 'if' expression needs both branches)");
MESSAGE(of_keyword, "expected 'of'");
MESSAGE(to_keyword, "expected 'to' and the destination");
MESSAGE(as_keyword, "expected 'as'");
MESSAGE(by_keyword, "expected 'by'");
MESSAGE(when_keyword, "expected 'when'");
MESSAGE(game_keyword, "expected 'game'");
MESSAGE(winners_keyword, "expected 'winners' or 'draw' after 'with'");
MESSAGE(check_end_tail, "expected 'end of game' after 'check'");
MESSAGE(rank_direction, "expected 'highest' or 'lowest' and what the players are ranked by");
MESSAGE(rank_key, "expected 'highest' or 'lowest' and what the players are ranked by");
MESSAGE(TAO_PEGTL_KEYWORD("then"), "expected 'then' and the next key ('rank(p) = highest score(p), then lowest seat(p)')");
MESSAGE(end_trigger, "expected 'when' or 'as soon as' and the condition, or 'after N actions'");
MESSAGE(zone_parts_order, "a zone's parts go in this order: 'zone NAME: TYPE, PROPERTIES = CARDS \"LABEL\"' (the "
                          "properties after commas, then the cards it starts with, then the name players read)");
MESSAGE(hole_end, "expected '}' to end the text's hole after the expression");
MESSAGE(actions_keyword, "expected 'actions' after the number of actions");
MESSAGE(game_result, "(cannot fail)");
MESSAGE(times_keyword, "expected 'times' after the count");
MESSAGE(faces_keyword, "expected 'faces' after the number of faces");
MESSAGE(prefer_keyword, "expected 'prefer' and a score for each option");
MESSAGE(TAO_PEGTL_KEYWORD("for"), "expected 'for'");
MESSAGE(TAO_PEGTL_KEYWORD("each"), "expected 'each'");
MESSAGE(TAO_PEGTL_KEYWORD("player"), "expected 'player' after 'per'");
MESSAGE(type_expr, "expected a type (int, bool, text, player, a card, record or space type, 'list of T' or 'T?')");
MESSAGE(chooser, "expected 'by' and the player who chooses");
MESSAGE(show_audience, "expected the players who see it, or 'everyone'");
MESSAGE(tell_cards, "expected 'for CARD in CARDS' after the condition: the cards it is told of");
MESSAGE(total_equals, "expected '==' and the total the chosen elements add up to ('with total FIELD == TARGET')");
MESSAGE(choose_tail, "expected 'of' and the things to choose from");
MESSAGE(choose_kind, "expected 'one of' or 'subset of' after 'choose'");
MESSAGE(let_value, "expected an expression or a choice after '='");
MESSAGE(place_word, "expected 'top', 'bottom' or 'position N' after 'at'");
MESSAGE(else_body, "expected 'if' or '{' after 'else'");
MESSAGE(repeat_body, "expected '{' (repeat forever) or a count followed by 'times'");
MESSAGE(import_target, "expected a file name in quotes (\"file.rules\") or a library name");
MESSAGE(option_domain, "expected the allowed values: 'LOW to HIGH' or 'a | b | c'");
MESSAGE(option_value, "expected a value: a number, true, false or a name");
MESSAGE(enum_value, "expected a value name");
MESSAGE(zone_attribute,
        "expected a zone property: per player, ordered, unordered, public, private, hidden, face up, face down or "
        "bookkeeping");
MESSAGE(table_key, "expected a number or a name");
MESSAGE(table_dimension, "expected '[' and the name of the table's key");
MESSAGE(board_shape, "expected 'grid ROWS by COLUMNS' or 'ring COUNT'");
MESSAGE(param, "expected a parameter ('name: type')");
MESSAGE(params, "expected '(' and the parameters");
MESSAGE(function_body, "expected '= EXPRESSION' or a block");
MESSAGE(event_motion, "expected 'leaves' or 'enters'");
MESSAGE(declaration, "expected a declaration");

#undef MESSAGE

// The construct a rule stands for, for messages such as "expected ':' (in the option declaration at 3:1)".
template <typename Rule> inline constexpr const char* context_name = nullptr;
#define CONTEXT(rule, text) template <> inline constexpr const char* context_name<rule> = text
CONTEXT(import_decl, "import");
CONTEXT(game_decl, "game declaration");
CONTEXT(option_decl, "option declaration");
CONTEXT(enum_decl, "enum declaration");
CONTEXT(card_decl, "card declaration");
CONTEXT(record_decl, "record declaration");
CONTEXT(player_decl, "player declaration");
CONTEXT(state_decl, "state declaration");
CONTEXT(deck_decl, "deck declaration");
CONTEXT(zone_decl, "zone declaration");
CONTEXT(table_decl, "table declaration");
CONTEXT(board_decl, "board declaration");
CONTEXT(die_decl, "die declaration");
CONTEXT(procedure_decl, "procedure");
CONTEXT(function_decl, "function");
CONTEXT(event_decl, "event");
CONTEXT(stat_decl, "statistic");
CONTEXT(strategy_decl, "strategy");
CONTEXT(rank_decl, "rank declaration");
CONTEXT(end_after_decl, "length limit");
CONTEXT(block, "block");
CONTEXT(args, "argument list");
CONTEXT(list_lit, "list");
CONTEXT(choose_menu_stmt, "choice");
CONTEXT(table_row, "table row");
#undef CONTEXT

}  // namespace rulesrun::grammar
