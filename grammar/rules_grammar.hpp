// The PEGTL grammar of the rules language. Included only by parser.cpp and the grammar test.
//
// Conventions:
// - NODE(x, rule) defines a rule that becomes an AST node of kind ast::Kind::x; other rules are structure only.
// - Rules never consume leading or trailing blanks; `_` (blanks and comments) sits between tokens.
// - After a construct's keyword has matched, the rest is required (if_must): a mistake stops the parse at the exact
//   place with the message from error_messages.hpp instead of backtracking into a confusing one.
// - Keywords in `reserved` (those that start a statement or belong to expressions) cannot be names; other words (to, by, of, as, times, ...) are keywords only where they
//   appear, so a rules file may still use them as names.
#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "ast.hpp"

namespace rulesrun::grammar {

namespace pegtl = tao::pegtl;
using namespace pegtl;

#define NODE(node_name, ...)                                                                                           \
    struct node_name : __VA_ARGS__ {                                                                                   \
        static constexpr ast::Kind kind = ast::Kind::node_name;                                                        \
    }
#define KW(word) TAO_PEGTL_KEYWORD(word)

// Rules that become a node of a kind other than their own name.
template <typename R> struct op_of : R { static constexpr ast::Kind kind = ast::Kind::op; };
template <typename R> struct unary_of : R { static constexpr ast::Kind kind = ast::Kind::unary; };
// A chain `a op b op c` (or a postfix chain `a.b[c](d)`); the parser folds it into nested nodes.
template <typename R> struct chain_of : R { static constexpr ast::Kind kind = ast::Kind::chain; };
template <typename R> struct postfix_of : R { static constexpr ast::Kind kind = ast::Kind::postfix_chain; };

// ---- Blanks, comments, names and literals ---------------------------------------------------------------------

struct comment : seq<one<'#'>, until<eolf>> {};
struct _ : star<sor<ascii::space, comment>> {};

struct reserved
    : sor<KW("and"), KW("or"), KW("not"), KW("in"), KW("if"), KW("then"), KW("else"), KW("for"), KW("each"),
          KW("while"), KW("repeat"), KW("let"), KW("choose"), KW("simultaneously"), KW("move"), KW("shuffle"),
          KW("return"), KW("break"), KW("end"), KW("say"), KW("show"), KW("phase"), KW("record"), KW("true"), KW("false"),
          KW("none"), KW("nobody"), KW("where")> {};

// A declaration keyword in column 1 starts the next declaration: an expression left unfinished at the end of a line
// must not take it as a name.
inline constexpr std::string_view declaration_words[] = {
    "import", "game", "option", "enum", "card",  "record", "player",    "state",    "deck", "zone",   "table", "board",
    "die",    "setup", "play",  "procedure", "function", "when", "score", "rank", "winners", "end", "stat", "strategy"};

struct declaration_start {
    using rule_t = declaration_start;
    using subs_t = empty_list;
    template <typename Input> static bool match(Input& in) {
        if (in.iterator().column != 1) return false;
        std::size_t length = 0;
        while (length < in.size(32) && (std::isalnum(static_cast<unsigned char>(in.peek_char(length))) ||
                                        in.peek_char(length) == '_')) {
            ++length;
        }
        const std::string_view word(in.current(), length);
        return std::find(std::begin(declaration_words), std::end(declaration_words), word) != std::end(declaration_words);
    }
};
NODE(name, seq<not_at<reserved>, not_at<declaration_start>, identifier>);
NODE(int_lit, plus<digit>);
struct escaped : one<'"', '\\', 'n', 't'> {};
struct string_char : sor<seq<one<'\\'>, must<escaped>>, seq<not_at<one<'\n'>>, not_one<'"', '\\'>>> {};
struct string_close : one<'"'> {};
NODE(string_lit, if_must<one<'"'>, star<string_char>, string_close>);
NODE(true_lit, KW("true"));
NODE(false_lit, KW("false"));
NODE(none_lit, KW("none"));
NODE(nobody_lit, KW("nobody"));

// Punctuation that a construct requires, each with its own message.
struct colon : one<':'> {};
struct equals : seq<one<'='>, not_at<one<'='>>> {};
struct paren_close : one<')'> {};
struct bracket_close : one<']'> {};
struct brace_open : one<'{'> {};
struct fields_close : one<'}'> {};
struct values_close : one<'}'> {};
struct game_close : one<'}'> {};
struct table_close : one<'}'> {};
struct strategy_close : one<'}'> {};
struct menu_close : one<'}'> {};
struct block_close : one<'}'> {};

// ---- Expressions ---------------------------------------------------------------------------------------------
// Precedence, loosest first: or, and, not, comparison (== != < <= > >= in, not in), range (..), + -, * / %,
// unary minus, postfix (.field [index] (call)).

struct expr;
struct expr_required : must<expr> {};

NODE(named_arg, seq<name, _, one<':'>, _, expr_required>);
struct arg : sor<named_arg, expr> {};
NODE(args, if_must<one<'('>, _, opt<arg, _, star<one<','>, _, must<arg>, _>>, paren_close>);
NODE(field, seq<one<'.'>, not_at<one<'.'>>, _, must<name>>);
NODE(index, if_must<one<'['>, _, expr, _, star<one<','>, _, expr_required, _>, bracket_close>);

NODE(copies, seq<KW("copies"), _, expr_required>);
struct in_keyword : KW("in") {};
NODE(for_clause, seq<KW("for"), _, opt<KW("each"), _>, must<name>, _, must<in_keyword>, _, expr_required>);
NODE(where_clause, seq<KW("where"), _, expr_required>);
// Several `for` (each with its `where`) nest: `[(x, y) for x in xs for y in ys where y > x]`.
struct more_for_clauses : star<_, for_clause, opt<_, where_clause>> {};
struct comprehension_tail : seq<opt<copies, _>, for_clause, opt<_, where_clause>, more_for_clauses> {};
struct list_items : seq<star<one<','>, _, expr_required, _>> {};
// `[a, b, c]` or `[expr copies n for x in xs where cond]`; the parser tells them apart by the for_clause.
NODE(list_lit, if_must<one<'['>, _, opt<expr, _, sor<comprehension_tail, list_items>>, _, bracket_close>);

struct then_keyword : KW("then") {};
struct else_keyword : KW("else") {};
NODE(if_expr, if_must<KW("if"), _, expr, _, then_keyword, _, expr, _, else_keyword, _, expr>);
struct paren_expr : if_must<one<'('>, _, expr, _, paren_close> {};

struct primary
    : sor<int_lit, string_lit, true_lit, false_lit, none_lit, nobody_lit, paren_expr, list_lit, if_expr, name> {};
struct postfix : postfix_of<seq<primary, star<_, sor<field, index, args>>>> {};

struct unary_operand;
struct unary_operand_required : must<unary_operand> {};
struct unary_operand : sor<unary_of<seq<op_of<one<'-'>>, _, unary_operand_required>>, postfix> {};
struct product : chain_of<seq<unary_operand, star<_, op_of<one<'*', '/', '%'>>, _, unary_operand_required>>> {};
struct product_required : must<product> {};
struct sum : chain_of<seq<product, star<_, op_of<one<'+', '-'>>, _, product_required>>> {};
struct sum_required : must<sum> {};
struct range : chain_of<seq<sum, opt<_, op_of<string<'.', '.'>>, _, sum_required>>> {};
struct range_required : must<range> {};
struct compare_op : op_of<sor<string<'=', '='>, string<'!', '='>, string<'<', '='>, string<'>', '='>, one<'<'>,
                                   one<'>'>, seq<KW("not"), _, KW("in")>, KW("in")>> {};
struct comparison : chain_of<seq<range, opt<_, compare_op, _, range_required>>> {};
struct negation;
struct negation_required : must<negation> {};
struct negation : sor<unary_of<seq<op_of<KW("not")>, _, negation_required>>, comparison> {};
struct conjunction : chain_of<seq<negation, star<_, op_of<KW("and")>, _, negation_required>>> {};
struct conjunction_required : must<conjunction> {};
struct expr : chain_of<seq<conjunction, star<_, op_of<KW("or")>, _, conjunction_required>>> {};

// A text's hole holding an expression (`"{role_name(r)}"`): the hole's text alone, parsed apart (parse_expression).
struct hole_end : eof {};
struct hole_expression : seq<_, must<expr>, _, must<hole_end>> {};

// ---- Choices (only on the right of `let`, where the chosen value gets its name) --------------------------------

NODE(choose_optional, KW("optional"));
NODE(chooser, seq<KW("by"), _, expr_required>);
struct chooser_required : must<chooser> {};
NODE(prompt, string_lit);
struct of_keyword : KW("of") {};
// `with total FIELD == TARGET` (subsets only): the chosen elements' FIELD (or the elements themselves, for numbers)
// add up to TARGET; the runtime then enumerates only the selections that can reach it.
struct total_equals : string<'=', '='> {};
NODE(total_clause, if_must<seq<KW("with"), _, KW("total")>, _, opt<name, _>, total_equals, _, expr>);
// `by p secretly`: only the chooser (and whom the rules show it to) learns the pick.
NODE(secretly, KW("secretly"));
struct choose_tail : seq<_, of_keyword, _, expr, opt<_, total_clause>, opt<_, where_clause>, _, chooser_required,
                         opt<_, secretly>, opt<_, prompt>> {};
NODE(choose_one, if_must<KW("one"), choose_tail>);
NODE(choose_subset, if_must<KW("subset"), choose_tail>);
struct choose_kind : sor<choose_one, choose_subset> {};
struct choose_expr : if_must<KW("choose"), _, opt<choose_optional, _>, choose_kind> {};

// ---- Types ---------------------------------------------------------------------------------------------------

struct type_expr;
NODE(type_name, identifier);
NODE(list_type, if_must<KW("list"), _, of_keyword, _, type_expr>);
// `zone of Card`: a zone whose cards are of that type (a helper's parameter or result keeps the cards' type).
struct zone_of_start : seq<KW("zone"), _, of_keyword> {};
NODE(zone_type, if_must<zone_of_start, _, type_expr>);
struct type_base : sor<list_type, zone_type, type_name> {};
// `T?`; without the '?' the parser keeps just T (parsing T once keeps nested `list of` types linear).
NODE(optional_type, seq<type_base, opt<one<'?'>>>);
struct type_expr : optional_type {};

// ---- Statements ----------------------------------------------------------------------------------------------

struct statement;
struct block_open : one<'{'> {};
// A statement inside a block; the parser's control resumes after a broken statement (see parser.cpp).
struct statement_in_block : seq<statement> {};
NODE(block, if_must<block_open, _, star<statement_in_block, _>, block_close>);

struct let_value : sor<choose_expr, expr> {};
struct let_type : seq<one<':'>, _, must<type_expr>> {};
NODE(let_stmt, if_must<KW("let"), _, name, _, opt<let_type, _>, equals, _, let_value>);
NODE(assign_op, sor<string<'+', '='>, string<'-', '='>, equals>);
NODE(assign_stmt, seq<postfix, _, assign_op, _, expr_required>);
NODE(call_stmt, seq<name, _, args>);
struct if_stmt;
struct else_body : sor<if_stmt, block> {};
NODE(else_clause, if_must<KW("else"), _, else_body>);
NODE(if_stmt, if_must<KW("if"), _, expr, _, block, opt<_, else_clause>>);
NODE(for_stmt, if_must<KW("for"), _, opt<KW("each"), _>, name, _, in_keyword, _, expr, opt<_, where_clause>, _, block>);
NODE(while_stmt, if_must<KW("while"), _, expr, _, block>);
struct times_keyword : KW("times") {};
NODE(repeat_forever, block);
struct repeat_count : seq<expr, _, must<times_keyword>, _, must<block>> {};
struct repeat_body : sor<repeat_forever, repeat_count> {};
NODE(repeat_stmt, if_must<KW("repeat"), _, repeat_body>);
NODE(simultaneously_stmt,
     if_must<KW("simultaneously"), _, KW("for"), _, opt<KW("each"), _>, name, _, in_keyword, _, expr, _, block>);
struct when_keyword : KW("when") {};
NODE(menu_option, if_must<KW("option"), _, name, opt<_, string_lit>, opt<_, when_keyword, _, expr_required>, _, block>);
NODE(choose_menu_stmt,
     if_must<KW("choose"), _, name, _, chooser, opt<_, secretly>, opt<_, prompt>, _, brace_open, _, star<menu_option, _>,
             menu_close>);
struct to_keyword : KW("to") {};
struct place_word : sor<op_of<KW("top")>, op_of<KW("bottom")>, seq<op_of<KW("position")>, _, expr_required>> {};
NODE(move_place, if_must<KW("at"), _, place_word>);
NODE(move_stmt, if_must<KW("move"), _, expr, _, to_keyword, _, expr, opt<_, move_place>>);
NODE(shuffle_stmt, if_must<KW("shuffle"), _, expr>);
// A returned value must start on the line of `return`: a statement on the next line is not swallowed as its value.
struct same_line_value : seq<star<ascii::blank>, not_at<sor<eolf, one<'#', '}'>>>, expr> {};
NODE(return_stmt, seq<KW("return"), opt<same_line_value>>);
NODE(break_stmt, KW("break"));
struct winners_keyword : KW("winners") {};
NODE(with_winners, if_must<KW("with"), _, winners_keyword, _, expr>);
struct game_keyword : KW("game") {};
// `with draw`: the game ends and nobody wins or loses (tried before `with winners`, which requires 'winners').
NODE(with_draw, seq<KW("with"), _, KW("draw")>);
struct game_result : sor<with_draw, with_winners> {};
NODE(end_game_stmt, if_must<KW("end"), _, game_keyword, opt<_, game_result>>);
// `check end of game`: the `end game when` declarations are checked here too (docs/language.md, "The end").
struct check_end_tail : seq<KW("end"), _, of_keyword, _, game_keyword> {};
NODE(check_end_stmt, if_must<KW("check"), _, check_end_tail>);
struct as_keyword : KW("as") {};
// `for PLAYER` must be on the line of `record`, so that a `for` loop on the next line stays a loop.
NODE(record_for, seq<star<ascii::blank>, KW("for"), _, expr_required>);
NODE(record_stmt, if_must<KW("record"), _, expr, _, as_keyword, _, name, opt<record_for>>);
// `say TEXT to PLAYERS`: only those players read it. `to` must be on the line of `say`.
NODE(say_audience, seq<star<ascii::blank>, to_keyword, _, expr_required>);
NODE(say_stmt, if_must<KW("say"), _, expr, opt<say_audience>>);
// `show THING to PLAYERS`, `show THING to everyone`: they see it, and the engine records that they know those cards.
NODE(show_everyone, KW("everyone"));
struct show_audience : sor<show_everyone, expr> {};
NODE(show_stmt, if_must<KW("show"), _, expr, _, to_keyword, _, show_audience>);
// `tell PLAYERS whether CONDITION for CARD in CARDS`: for each card, they learn whether the condition holds of it
// (a clue about cards they cannot see). `tell` is not reserved: a procedure may still be called `tell`.
struct tell_cards : seq<KW("for"), _, opt<KW("each"), _>, name, _, in_keyword, _, expr> {};
NODE(tell_stmt, seq<KW("tell"), _, show_audience, _, if_must<KW("whether"), _, expr, _, tell_cards>>);
NODE(phase_stmt, if_must<KW("phase"), _, name, _, block>);

struct statement
    : sor<let_stmt, if_stmt, for_stmt, while_stmt, repeat_stmt, simultaneously_stmt, choose_menu_stmt, move_stmt,
          shuffle_stmt, return_stmt, break_stmt, end_game_stmt, check_end_stmt, record_stmt, say_stmt, show_stmt, tell_stmt, phase_stmt, assign_stmt,
          call_stmt> {};

// ---- Declarations --------------------------------------------------------------------------------------------

struct import_target : sor<string_lit, name> {};
NODE(import_decl, if_must<KW("import"), _, import_target>);

NODE(players_clause, if_must<KW("players"), _, int_lit, opt<_, KW("to"), _, must<int_lit>>>);
NODE(seat_names, if_must<KW("seats"), _, name, star<_, one<','>, _, must<name>>>);
// `cooperative`: the players win or lose together.
NODE(cooperative_clause, KW("cooperative"));
struct game_clause : sor<players_clause, seat_names, cooperative_clause> {};
NODE(game_decl, if_must<KW("game"), _, string_lit, _, brace_open, _, star<game_clause, _>, game_close>);

struct option_value : sor<int_lit, true_lit, false_lit, name> {};
NODE(option_range, seq<int_lit, _, KW("to"), _, must<int_lit>>);
NODE(option_values, seq<option_value, star<_, one<'|'>, _, must<option_value>>>);
struct option_domain : sor<option_range, option_values> {};
NODE(option_decl, if_must<KW("option"), _, name, _, colon, _, option_domain, _, equals, _, option_value,
                          opt<_, when_keyword, _, players_clause>, opt<_, string_lit>>);

struct enum_value : sor<name> {};
NODE(enum_decl, if_must<KW("enum"), _, name, _, brace_open, _, enum_value, star<_, opt<one<','>, _>, enum_value>, _,
                        opt<one<','>, _>, values_close>);

NODE(state_marker, KW("state"));
NODE(private_marker, KW("private"));
NODE(bookkeeping_marker, KW("bookkeeping"));  // never shown to players: the rules' own bookkeeping
struct field_default : seq<one<'='>, _, expr_required> {};
// The name players read for a field or zone: `round_number: int = 0 "round"`.
NODE(display_label, seq<string_lit>);
// `state`, `private` and `bookkeeping` mark a field only when a field name follows, so they remain usable as names.
struct field_marker : seq<sor<state_marker, private_marker, bookkeeping_marker>, _, at<identifier>> {};
// `shown when EXPR`: the field is on screens only while EXPR holds (`in_front: int = 0 shown when variant == official`).
NODE(shown_when, seq<KW("shown"), _, when_keyword, _, expr_required>);
// `die: int in 1..6`, `promotion: text in ["", "=Q"]`: the only values a card's or record's field may hold (counted
// in the actions a decision may offer: Game::action_space).
NODE(field_range, seq<in_keyword, _, expr_required>);
// `shown as dice`: a number or list of numbers drawn as die faces (`dice: list of int = [] shown as dice`).
NODE(shown_as_dice, seq<KW("shown"), _, KW("as"), _, KW("dice")>);
NODE(field_decl, seq<rep_max<2, field_marker>, name, _, must<colon>, _, must<type_expr>, opt<_, field_range>,
                     opt<_, field_default>,
                     opt<_, display_label>, opt<_, shown_as_dice>, opt<_, shown_when>, opt<_, one<','>>>);
struct field_list : if_must<brace_open, _, star<field_decl, _>, fields_close> {};
NODE(shown_as, if_must<KW("shown"), _, as_keyword, _, string_lit>);
struct by_keyword : KW("by") {};
// `marked by NAME`: a function of one card or record giving a short mark shown next to it in menus ("capture").
NODE(marked_by, if_must<KW("marked"), _, by_keyword, _, name>);
// `coloured by NAME`: a function of one card or space giving the name of its colour ("red"; "" for none).
NODE(coloured_by, if_must<KW("coloured"), _, by_keyword, _, name>);
NODE(card_decl, if_must<KW("card"), _, name, _, field_list, opt<_, shown_as>, opt<_, marked_by>, opt<_, coloured_by>>);
NODE(record_decl, if_must<KW("record"), _, name, _, field_list, opt<_, shown_as>, opt<_, marked_by>>);
NODE(player_decl, if_must<KW("player"), _, field_list>);
NODE(state_decl, if_must<KW("state"), _, field_list>);

NODE(deck_decl, if_must<KW("deck"), _, name, _, colon, _, type_expr, _, equals, _, expr>);

NODE(per_player, seq<KW("per"), _, must<KW("player")>>);
// `hidden from owner`: every player sees the cards but the zone's owner (a hand held facing the others).
struct hidden_from_owner : seq<KW("hidden"), _, KW("from"), _, KW("owner")> {};
NODE(zone_property, sor<KW("ordered"), KW("unordered"), KW("public"), KW("private"), hidden_from_owner, KW("hidden"), KW("bookkeeping"),
                        KW("pile"), seq<KW("face"), _, sor<KW("up"), KW("down")>>>);
// `sorted by NAME`: screens show the zone's cards in the order of NAME, a function of one card giving a number.
NODE(sorted_by, seq<KW("sorted"), _, by_keyword, _, must<name>>);  // "sorted" alone: not a property
struct zone_attribute : sor<per_player, sorted_by, zone_property> {};
// A part of a zone's declaration after the place it belongs (a label before the properties or the cards): an error
// that gives the order, rather than "expected a declaration" on the misplaced part.
struct zone_parts_order : failure {};
struct misplaced_zone_part : seq<_, at<sor<one<','>, equals, one<'"'>>>, must<zone_parts_order>> {};
NODE(zone_decl, if_must<KW("zone"), _, name, _, colon, _, type_expr, star<_, one<','>, _, must<zone_attribute>>,
                        opt<_, field_default>, opt<_, display_label>, opt<_, shown_when>, opt<misplaced_zone_part>>);

struct table_key : sor<int_lit, name> {};
NODE(table_columns, if_must<KW("columns"), _, table_key, star<_, one<','>, _, must<table_key>>>);
NODE(table_row, if_must<KW("row"), _, table_key, _, colon, _, expr, star<_, one<','>, _, expr_required>>);
struct table_key_open : one<'['> {};
struct table_dimension : if_must<table_key_open, _, name, _, bracket_close> {};
NODE(table_decl, if_must<KW("table"), _, name, _, table_dimension, opt<_, table_dimension>, _, brace_open, _,
                         opt<table_columns, _>, star<table_row, _>, table_close>);

NODE(grid_shape, if_must<KW("grid"), _, expr, _, by_keyword, _, expr>);
NODE(ring_shape, if_must<KW("ring"), _, expr>);
struct board_shape : sor<grid_shape, ring_shape> {};
// `shown as NAME`: a function of one space giving the text drawn for it (docs/language.md).
NODE(shown_by_function, if_must<KW("shown"), _, as_keyword, _, name>);
NODE(board_decl, if_must<KW("board"), _, name, _, colon, _, board_shape, _, of_keyword, _, name, _, field_list,
                         opt<_, shown_by_function>, opt<_, coloured_by>, opt<_, display_label>>);

struct faces_keyword : KW("faces") {};
NODE(die_decl, if_must<KW("die"), _, name, _, colon, _, expr, _, faces_keyword>);

NODE(setup_decl, if_must<KW("setup"), _, block>);
NODE(play_decl, if_must<KW("play"), _, block>);
NODE(param, seq<name, _, must<colon>, _, must<type_expr>>);
struct params_open : one<'('> {};
NODE(params, if_must<params_open, _, opt<param, _, star<one<','>, _, must<param>, _>>, paren_close>);
// `procedure draw(p: player): Card { ... return c }`: a procedure may give a value, taken by `let c = draw(p)`.
struct procedure_result : seq<one<':'>, _, must<type_expr>, _> {};
NODE(procedure_decl, if_must<KW("procedure"), _, name, _, params, _, opt<procedure_result>, block>);
struct function_body : sor<field_default, block> {};
NODE(function_decl, if_must<KW("function"), _, name, _, params, _, colon, _, type_expr, _, function_body>);

NODE(event_leaves, KW("leaves"));
NODE(event_enters, KW("enters"));
struct event_motion : sor<event_leaves, event_enters> {};
NODE(event_decl, if_must<KW("when"), _, name, _, event_motion, _, name, opt<_, where_clause>, _, block>);

struct paren_open : one<'('> {};
NODE(score_decl, if_must<KW("score"), _, paren_open, _, name, _, paren_close, _, equals, _, expr>);
NODE(winners_decl, if_must<KW("winners"), _, equals, _, expr>);
// `rank(p) = highest score(p), then lowest seat(p)`: the order of the players at the end, key by key.
NODE(rank_direction, sor<KW("highest"), KW("lowest")>);
struct rank_direction_required : must<rank_direction> {};
NODE(rank_key, seq<rank_direction_required, _, expr_required>);
struct then_key : seq<one<','>, _, must<KW("then")>, _, rank_key> {};
NODE(rank_decl, if_must<KW("rank"), _, paren_open, _, name, _, paren_close, _, equals, _, rank_key, star<_, then_key>>);
// `end game when C` is checked where a step of the rules has resolved (before each decision); `end game as soon as C`
// the moment anything it reads changes.
NODE(as_soon_as, seq<KW("as"), _, KW("soon"), _, KW("as")>);
struct end_trigger : sor<when_keyword, as_soon_as> {};
NODE(end_when_decl, if_must<KW("end"), _, game_keyword, _, end_trigger, _, expr, opt<_, game_result>>);
// `end game after N actions [with ...]`: the game's length limit, reached at the first decision after N actions. Tried
// before `end game when`, which commits at 'end'.
struct actions_keyword : KW("actions") {};
struct end_after_start : seq<KW("end"), _, KW("game"), _, KW("after")> {};
NODE(end_after_decl, if_must<end_after_start, _, int_lit, _, actions_keyword, opt<_, game_result>>);
NODE(stat_per_player, seq<KW("for"), _, must<KW("each")>, _, must<name>>);
NODE(stat_decl, if_must<KW("stat"), _, name, opt<_, stat_per_player>, _, string_lit, opt<_, field_default>>);
struct prefer_keyword : KW("prefer") {};
NODE(prefer_rule, if_must<KW("on"), _, name, _, prefer_keyword, _, expr>);
NODE(strategy_decl,
     if_must<KW("strategy"), _, name, _, string_lit, _, brace_open, _, star<prefer_rule, _>, strategy_close>);

struct declaration
    : sor<import_decl, game_decl, option_decl, enum_decl, card_decl, record_decl, player_decl, state_decl, deck_decl,
          zone_decl, table_decl, board_decl, die_decl, setup_decl, play_decl, procedure_decl, function_decl,
          event_decl, score_decl, rank_decl, winners_decl, end_after_decl, end_when_decl, stat_decl, strategy_decl> {};

// One declaration with the blanks before it; the parser calls this repeatedly so that it can resume after an error.
struct declaration_required : must<declaration> {};
struct next_declaration : seq<_, sor<eof, declaration_required>> {};

#undef NODE
#undef KW

}  // namespace rulesrun::grammar

// declaration_start consumes nothing.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, rulesrun::grammar::declaration_start> : tao::pegtl::analyze_opt_traits<> {};
