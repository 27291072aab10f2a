// The grammar and the parser: every construct of docs/language.md parses to the expected syntax tree, and bad input
// gives a precise error (message and line:column), recovers at the next declaration and never crashes.
//
// Trees are compared in a compact one-line form: `kind`, `kind:text` for leaves with text (texts and prompts in
// quotes), and `(kind child child ...)` for nodes with children, e.g. (binary:+ int_lit:1 (binary:* name:a name:b)).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "ast.hpp"
#include "parser.hpp"

namespace {

using rulesrun::ParseResult;
using rulesrun::ast::Kind;
using rulesrun::ast::Node;

std::string sexpr(const Node& n) {
    std::string head(rulesrun::ast::kind_name(n.kind));
    const bool quoted =
        n.kind == Kind::string_lit || n.kind == Kind::prompt || n.text.find(' ') != std::string::npos;
    if (!n.text.empty() || quoted) {
        head += ':';
        head += quoted ? "\"" + n.text + "\"" : n.text;
    }
    if (n.children.empty()) return head;
    std::string out = "(";  // built step by step: g++ 12 warns falsely (-Wrestrict) about "(" + head
    out += head;
    for (const auto& c : n.children) out += " " + sexpr(*c);
    return out + ")";
}

ParseResult parse(std::string_view text) { return rulesrun::parse_rules(text, 0); }

std::string messages(const ParseResult& r) {
    std::string out;
    for (const auto& d : r.diagnostics) {
        out += std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + ": " + d.message + "\n";
    }
    return out;
}

// Parses text that must have no syntax error and returns its declarations, one per line.
std::string decls(std::string_view text) {
    const ParseResult r = parse(text);
    EXPECT_TRUE(r.diagnostics.empty()) << "unexpected syntax errors in:\n" << text << "\n" << messages(r);
    std::string out;
    for (const auto& c : r.file->children) out += (out.empty() ? "" : "\n") + sexpr(*c);
    return out;
}

// The tree of one expression (the body of `function f(): int = EXPR`).
std::string expr(std::string_view text) {
    const std::string source = "function f(): int = " + std::string(text) + "\n";
    const ParseResult r = parse(source);
    EXPECT_TRUE(r.diagnostics.empty()) << "unexpected syntax errors in:\n" << source << "\n" << messages(r);
    if (r.file->children.size() != 1 || r.file->children[0]->children.size() != 4) return "(parse failed)";
    return sexpr(*r.file->children[0]->child(3));
}

// The statements of a block (the body of `procedure p() { ... }`), one per line.
std::string stmts(std::string_view text) {
    const std::string source = "procedure p() {\n" + std::string(text) + "\n}\n";
    const ParseResult r = parse(source);
    EXPECT_TRUE(r.diagnostics.empty()) << "unexpected syntax errors in:\n" << source << "\n" << messages(r);
    if (r.file->children.size() != 1) return "(parse failed)";
    const Node* block = r.file->children[0]->find(Kind::block);
    if (!block) return "(no block)";
    std::string out;
    for (const auto& s : block->children) out += (out.empty() ? "" : "\n") + sexpr(*s);
    return out;
}

// "LINE:COL: message" of the first syntax error, or "" when there is none.
std::string first_error(std::string_view text) {
    const ParseResult r = parse(text);
    if (r.diagnostics.empty()) return "";
    const auto& d = r.diagnostics.front();
    return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.column) + ": " + d.message;
}

// Every diagnostic points inside the text (or just past its end) and none is empty.
void expect_sane_diagnostics(const ParseResult& r, std::string_view text) {
    for (const auto& d : r.diagnostics) {
        EXPECT_FALSE(d.message.empty());
        EXPECT_GE(d.loc.line, 1U);
        EXPECT_GE(d.loc.column, 1U);
        EXPECT_LE(d.loc.offset, text.size());
    }
}

// ---- Declarations ---------------------------------------------------------------------------------------------

TEST(GrammarDeclarations, ImportLibraryAndFile) {
    EXPECT_EQ(decls("import cards\nimport \"shared.rules\"\n"),
              "(import_decl name:cards)\n(import_decl string_lit:\"shared.rules\")");
}

TEST(GrammarDeclarations, GameWithPlayersAndSeats) {
    EXPECT_EQ(decls("game \"Diablo\" {\n  players 2\n  seats black, green\n}\n"),
              "(game_decl string_lit:\"Diablo\" (players_clause int_lit:2) (seat_names name:black name:green))");
    EXPECT_EQ(decls("game \"Diamant\" { players 3 to 8 }"),
              "(game_decl string_lit:\"Diamant\" (players_clause int_lit:3 int_lit:8))");
}

TEST(GrammarDeclarations, OptionWithRange) {
    EXPECT_EQ(decls("option rounds: 1 to 20 = 5 \"rounds in a game\""),
              "(option_decl name:rounds (option_range int_lit:1 int_lit:20) int_lit:5 string_lit:\"rounds in a game\")");
}

TEST(GrammarDeclarations, OptionWithAlternatives) {
    EXPECT_EQ(decls("option variant: seed | official = seed \"who gets a treasure\""),
              "(option_decl name:variant (option_values name:seed name:official) name:seed "
              "string_lit:\"who gets a treasure\")");
    EXPECT_EQ(decls("option size: 4 | 6 | 8 | 10 = 6"),
              "(option_decl name:size (option_values int_lit:4 int_lit:6 int_lit:8 int_lit:10) int_lit:6)");
    EXPECT_EQ(decls("option science: false | true = false"),
              "(option_decl name:science (option_values false_lit true_lit) false_lit)");
}

TEST(GrammarDeclarations, EnumWithOrWithoutCommas) {
    EXPECT_EQ(decls("enum Hazard { snakes, spiders, lava }"),
              "(enum_decl name:Hazard name:snakes name:spiders name:lava)");
    EXPECT_EQ(decls("enum Plan {\n  stay\n  leave\n}"), "(enum_decl name:Plan name:stay name:leave)");
}

TEST(GrammarDeclarations, CardWithStateDefaultsOptionalTypeAndShownAs) {
    EXPECT_EQ(decls("card Mine {\n"
                    "  kind: MineKind\n"
                    "  value: int = 0                  # printed on the card\n"
                    "  danger: Hazard? = none\n"
                    "  state gems: int = 0\n"
                    "} shown as \"{kind} {value}\"\n"),
              "(card_decl name:Mine (field_decl name:kind type_name:MineKind) (field_decl name:value type_name:int "
              "int_lit:0) (field_decl name:danger (optional_type type_name:Hazard) none_lit) (field_decl "
              "state_marker name:gems type_name:int int_lit:0) (shown_as string_lit:\"{kind} {value}\"))");
}

TEST(GrammarDeclarations, RecordWithCommaSeparatedFields) {
    EXPECT_EQ(decls("record Move { from: Square, to: Square, die: int } shown as \"{from}-{to}\""),
              "(record_decl name:Move (field_decl name:from type_name:Square) (field_decl name:to "
              "type_name:Square) (field_decl name:die type_name:int) (shown_as string_lit:\"{from}-{to}\"))");
}

TEST(GrammarDeclarations, DeckWithComprehensionsAndCopies) {
    EXPECT_EQ(decls("deck mine_cards: Mine =\n"
                    "    [Mine(kind: treasure, value: v) for v in [1, 2]]\n"
                    "  + [Mine(kind: hazard, danger: h) copies 3 for h in Hazard]\n"),
              "(deck_decl name:mine_cards type_name:Mine (binary:+ (comprehension (call name:Mine (args (named_arg "
              "name:kind name:treasure) (named_arg name:value name:v))) (for_clause name:v (list_lit int_lit:1 "
              "int_lit:2))) (comprehension (call name:Mine (args (named_arg name:kind name:hazard) (named_arg "
              "name:danger name:h))) (copies int_lit:3) (for_clause name:h name:Hazard))))");
}

TEST(GrammarDeclarations, ZonesWithEveryProperty) {
    EXPECT_EQ(decls("zone deck: Mine, ordered, hidden = mine_cards\n"
                    "zone hand: Card, per player, private\n"
                    "zone shown: Card, unordered, face up\n"
                    "zone pile: Card, face   down, public\n"
                    "zone plain: Card\n"),
              "(zone_decl name:deck type_name:Mine zone_property:ordered zone_property:hidden name:mine_cards)\n"
              "(zone_decl name:hand type_name:Card per_player zone_property:private)\n"
              "(zone_decl name:shown type_name:Card zone_property:unordered zone_property:\"face up\")\n"
              "(zone_decl name:pile type_name:Card zone_property:\"face down\" zone_property:public)\n"
              "(zone_decl name:plain type_name:Card)");
}

TEST(GrammarDeclarations, PlayerAndState) {
    EXPECT_EQ(decls("player {\n  chest: int = 0\n  private plan: Plan? = none\n}\nstate { round_number: int = 0 }"),
              "(player_decl (field_decl name:chest type_name:int int_lit:0) (field_decl private_marker name:plan "
              "(optional_type type_name:Plan) none_lit))\n"
              "(state_decl (field_decl name:round_number type_name:int int_lit:0))");
}

TEST(GrammarDeclarations, TablesWithOneAndTwoKeys) {
    EXPECT_EQ(decls("table points[quality][size] {\n  columns 3, 4, 5\n  row 1: 4, 7, 12\n  row 2: 5, 8, 13\n}"),
              "(table_decl name:points name:quality name:size (table_columns int_lit:3 int_lit:4 int_lit:5) "
              "(table_row int_lit:1 int_lit:4 int_lit:7 int_lit:12) (table_row int_lit:2 int_lit:5 int_lit:8 "
              "int_lit:13))");
    EXPECT_EQ(decls("table colour_of[quality] {\n  row 1: purple\n  row 2: pink\n}"),
              "(table_decl name:colour_of name:quality (table_row int_lit:1 name:purple) (table_row int_lit:2 "
              "name:pink))");
}

TEST(GrammarDeclarations, GridAndRingBoards) {
    EXPECT_EQ(decls("board squares: grid size by size of Square {\n  owner: player? = none\n  height: int = 0\n}"),
              "(board_decl name:squares (grid_shape name:size name:size) name:Square (field_decl name:owner "
              "(optional_type type_name:player) none_lit) (field_decl name:height type_name:int int_lit:0))");
    EXPECT_EQ(decls("board sky: ring 15 of Star { tokens: int = 0 }"),
              "(board_decl name:sky (ring_shape int_lit:15) name:Star (field_decl name:tokens type_name:int "
              "int_lit:0))");
}

TEST(GrammarDeclarations, DieWithComputedFaces) {
    EXPECT_EQ(decls("die d6: 6 faces\ndie move_die: size / 2 faces"),
              "(die_decl name:d6 int_lit:6)\n(die_decl name:move_die (binary:/ name:size int_lit:2))");
}

TEST(GrammarDeclarations, SetupAndPlay) {
    EXPECT_EQ(decls("setup { shuffle deck }\nplay { end game }"),
              "(setup_decl (block (shuffle_stmt name:deck)))\n(play_decl (block end_game_stmt))");
}

TEST(GrammarDeclarations, ProcedureWithParameters) {
    EXPECT_EQ(decls("procedure explore(p: player, n: int) { }\nprocedure nothing() { }"),
              "(procedure_decl name:explore (params (param name:p type_name:player) (param name:n type_name:int)) "
              "block)\n(procedure_decl name:nothing params block)");
}

TEST(GrammarDeclarations, FunctionWithExpressionOrBlockBody) {
    EXPECT_EQ(decls("function share(total: int, n: int): int = total / n"),
              "(function_decl name:share (params (param name:total type_name:int) (param name:n type_name:int)) "
              "type_name:int (binary:/ name:total name:n))");
    EXPECT_EQ(decls("function best(xs: list of int): int {\n  let m = 0\n  return m\n}"),
              "(function_decl name:best (params (param name:xs (list_type type_name:int))) type_name:int (block "
              "(let_stmt name:m int_lit:0) (return_stmt name:m)))");
}

TEST(GrammarDeclarations, ListAndOptionalTypes) {
    EXPECT_EQ(decls("function f(): list of list of int = []"),
              "(function_decl name:f params (list_type (list_type type_name:int)) list_lit)");
    // The '?' binds to the element: `list of Card?` is a list of optional cards.
    EXPECT_EQ(decls("function g(): list of Card? = []"),
              "(function_decl name:g params (list_type (optional_type type_name:Card)) list_lit)");
}

TEST(GrammarDeclarations, EventsLeavesAndEnters) {
    EXPECT_EQ(decls("when c leaves deck where c.kind == closure { move c to aside }\nwhen c enters vault { }"),
              "(event_decl name:c event_leaves name:deck (where_clause (binary:== (field name:c name:kind) "
              "name:closure)) (block (move_stmt name:c name:aside)))\n"
              "(event_decl name:c event_enters name:vault block)");
}

TEST(GrammarDeclarations, ScoreWinnersAndEndWhen) {
    EXPECT_EQ(decls("score(p) = p.chest\n"
                    "winners = [p for p in players where score(p) == 3]\n"
                    "end game when round_number > 5\n"
                    "end game when size(deck) == 0 with winners [green]\n"),
              "(score_decl name:p (field name:p name:chest))\n"
              "(winners_decl (comprehension name:p (for_clause name:p name:players) (where_clause (binary:== (call "
              "name:score (args name:p)) int_lit:3))))\n"
              "(end_when_decl (binary:> name:round_number int_lit:5))\n"
              "(end_when_decl (binary:== (call name:size (args name:deck)) int_lit:0) (with_winners (list_lit "
              "name:green)))");
}

TEST(GrammarDeclarations, Statistics) {
    EXPECT_EQ(decls("stat cards_turned \"mine cards turned up in a round\"\n"
                    "stat final_diamonds for each p \"diamonds at the end\" = p.chest\n"
                    "stat rounds_played \"rounds in a game\" = round_number\n"),
              "(stat_decl name:cards_turned string_lit:\"mine cards turned up in a round\")\n"
              "(stat_decl name:final_diamonds (stat_per_player name:p) string_lit:\"diamonds at the end\" (field "
              "name:p name:chest))\n"
              "(stat_decl name:rounds_played string_lit:\"rounds in a game\" name:round_number)");
}

TEST(GrammarDeclarations, Strategies) {
    EXPECT_EQ(decls("strategy cautious \"leaves early\" {\n"
                    "  on plan prefer if choice == leave then 1 else 0\n"
                    "  on action prefer choice == market\n"
                    "}\n"
                    "strategy plain \"no rules\" { }\n"),
              "(strategy_decl name:cautious string_lit:\"leaves early\" (prefer_rule name:plan (if_expr (binary:== "
              "name:choice name:leave) int_lit:1 int_lit:0)) (prefer_rule name:action (binary:== name:choice "
              "name:market)))\n"
              "(strategy_decl name:plain string_lit:\"no rules\")");
}

TEST(GrammarDeclarations, DeclarationsNeedNoSeparatorAndCommentsGoAnywhere) {
    EXPECT_EQ(decls("# leading comment\ndie d6: 6 faces die d8: # inside\n 8 faces # trailing"),
              "(die_decl name:d6 int_lit:6)\n(die_decl name:d8 int_lit:8)");
}

TEST(GrammarDeclarations, LanguageSampleParsesCompletely) {
    // The sample at the top of docs/language.md.
    const std::string pig = R"(# Comments start with '#' and run to the end of the line.
game "Pig" {
  players 2
}

option target: 20 to 500 = 100 "points needed to win"

die d6: 6 faces

player {
  total: int = 0
}

play {
  let p = first_player()
  repeat {
    take_turn(p)
    p = next_seat(p)
  }
}

procedure take_turn(p: player) {
  let turn_total = 0
  repeat {
    choose action by p "roll or hold?" {
      option roll {
        let r = roll(d6)
        if r == 1 { return }
        turn_total += r
      }
      option hold {
        p.total += turn_total
        if p.total >= target { end game with winners [p] }
        return
      }
    }
  }
}

score(p) = p.total
)";
    const ParseResult r = parse(pig);
    EXPECT_TRUE(r.diagnostics.empty()) << messages(r);
    std::vector<Kind> kinds;
    for (const auto& c : r.file->children) kinds.push_back(c->kind);
    EXPECT_EQ(kinds, (std::vector<Kind>{Kind::game_decl, Kind::option_decl, Kind::die_decl, Kind::player_decl,
                                        Kind::play_decl, Kind::procedure_decl, Kind::score_decl}));
}

TEST(GrammarDeclarations, CrLfLineEndings) {
    EXPECT_EQ(decls("game \"T\" {\r\n  players 2\r\n}\r\nplay {\r\n  return\r\n  end game\r\n}\r\n"),
              "(game_decl string_lit:\"T\" (players_clause int_lit:2))\n(play_decl (block return_stmt end_game_stmt))");
}

TEST(GrammarDeclarations, Utf8InTextsAndComments) {
    EXPECT_EQ(decls("# Spielregeln für Würfel 🎲\ngame \"Würfel – 🎲\" { players 2 }"),
              "(game_decl string_lit:\"Würfel – 🎲\" (players_clause int_lit:2))");
}

// ---- Statements -----------------------------------------------------------------------------------------------

TEST(GrammarStatements, Let) { EXPECT_EQ(stmts("let x = 1"), "(let_stmt name:x int_lit:1)"); }

TEST(GrammarStatements, LetWithType) {
    EXPECT_EQ(stmts("let trigger: player? = none\nlet xs: list of int = []"),
              "(let_stmt name:trigger (optional_type type_name:player) none_lit)\n(let_stmt name:xs (list_type "
              "type_name:int) list_lit)");
}

TEST(GrammarStatements, AssignmentsToNamesFieldsAndIndexes) {
    EXPECT_EQ(stmts("x = 2\np.total += 3\nc.gems -= 1\nsquares[1, 2].height = 4"),
              "(assign_stmt name:x assign_op:= int_lit:2)\n"
              "(assign_stmt (field name:p name:total) assign_op:+= int_lit:3)\n"
              "(assign_stmt (field name:c name:gems) assign_op:-= int_lit:1)\n"
              "(assign_stmt (field (index name:squares int_lit:1 int_lit:2) name:height) assign_op:= int_lit:4)");
}

TEST(GrammarStatements, ProcedureCall) {
    EXPECT_EQ(stmts("deal(p, 2)\nshuffle_all()"),
              "(call_stmt name:deal (args name:p int_lit:2))\n(call_stmt name:shuffle_all args)");
}

TEST(GrammarStatements, IfElseIfElse) {
    EXPECT_EQ(stmts("if a { say \"a\" } else if b { say \"b\" } else { say \"c\" }"),
              "(if_stmt name:a (block (say_stmt string_lit:\"a\")) (else_clause (if_stmt name:b (block (say_stmt "
              "string_lit:\"b\")) (else_clause (block (say_stmt string_lit:\"c\"))))))");
    EXPECT_EQ(stmts("if a {\n}\nelse {\n}"), "(if_stmt name:a block (else_clause block))");
}

TEST(GrammarStatements, ForAndForEachWithWhere) {
    EXPECT_EQ(stmts("for x in xs where x > 0 { say \"x\" }\nfor each p in players { }"),
              "(for_stmt name:x name:xs (where_clause (binary:> name:x int_lit:0)) (block (say_stmt "
              "string_lit:\"x\")))\n(for_stmt name:p name:players block)");
}

TEST(GrammarStatements, WhileAndBreak) {
    EXPECT_EQ(stmts("while a { break }"), "(while_stmt name:a (block break_stmt))");
}

TEST(GrammarStatements, RepeatForeverAndCounted) {
    EXPECT_EQ(stmts("repeat { break }\nrepeat rounds * 2 times { }"),
              "(repeat_stmt (block break_stmt))\n(repeat_stmt (binary:* name:rounds int_lit:2) block)");
}

TEST(GrammarStatements, Simultaneously) {
    EXPECT_EQ(stmts("simultaneously for each p in explorers() {\n  let plan = choose one of Plan by p\n  p.leaving = "
                    "plan == leave\n}"),
              "(simultaneously_stmt name:p (call name:explorers args) (block (let_stmt name:plan (choose_one "
              "name:Plan (chooser name:p))) (assign_stmt (field name:p name:leaving) assign_op:= (binary:== "
              "name:plan name:leave))))");
    EXPECT_EQ(stmts("simultaneously for p in players { }"), "(simultaneously_stmt name:p name:players block)");
}

TEST(GrammarStatements, ChoiceMenu) {
    EXPECT_EQ(stmts("choose action by p \"your action\" {\n"
                    "  option market \"sell\" when size(p.hand) > 0 { say \"m\" }\n"
                    "  option pass { }\n"
                    "}"),
              "(choose_menu_stmt name:action (chooser name:p) prompt:\"your action\" (menu_option name:market "
              "string_lit:\"sell\" (binary:> (call name:size (args (field name:p name:hand))) int_lit:0) (block "
              "(say_stmt string_lit:\"m\"))) (menu_option name:pass block))");
    EXPECT_EQ(stmts("choose action by p { }"), "(choose_menu_stmt name:action (chooser name:p))");
}

TEST(GrammarStatements, MoveWithEveryPlace) {
    EXPECT_EQ(stmts("move c to p.hand\n"
                    "move top(deck) to path at top\n"
                    "move c to path at bottom\n"
                    "move c to path at position n + 1"),
              "(move_stmt name:c (field name:p name:hand))\n"
              "(move_stmt (call name:top (args name:deck)) name:path (move_place op:top))\n"
              "(move_stmt name:c name:path (move_place op:bottom))\n"
              "(move_stmt name:c name:path (move_place op:position (binary:+ name:n int_lit:1)))");
}

TEST(GrammarStatements, Shuffle) { EXPECT_EQ(stmts("shuffle p.hand"), "(shuffle_stmt (field name:p name:hand))"); }

TEST(GrammarStatements, ReturnWithoutValueDoesNotSwallowTheNextLine) {
    EXPECT_EQ(stmts("return\nsay \"after\""), "return_stmt\n(say_stmt string_lit:\"after\")");
    EXPECT_EQ(stmts("return\nx = 1"), "return_stmt\n(assign_stmt name:x assign_op:= int_lit:1)");
    EXPECT_EQ(stmts("return # done\nx = 1"), "return_stmt\n(assign_stmt name:x assign_op:= int_lit:1)");
    EXPECT_EQ(stmts("if a { return }"), "(if_stmt name:a (block return_stmt))");
}

TEST(GrammarStatements, ReturnWithValueOnTheSameLine) {
    EXPECT_EQ(stmts("return x + 1"), "(return_stmt (binary:+ name:x int_lit:1))");
    EXPECT_EQ(stmts("if a { return -1 } else { return f(x) }"),
              "(if_stmt name:a (block (return_stmt (unary:- int_lit:1))) (else_clause (block (return_stmt (call "
              "name:f (args name:x))))))");
}

TEST(GrammarStatements, EndGameWithAndWithoutWinners) {
    EXPECT_EQ(stmts("end game"), "end_game_stmt");
    EXPECT_EQ(stmts("end game with winners [p]"), "(end_game_stmt (with_winners (list_lit name:p)))");
    EXPECT_EQ(stmts("end game with winners nobody"), "(end_game_stmt (with_winners nobody_lit))");
}

TEST(GrammarStatements, RecordWithAndWithoutFor) {
    EXPECT_EQ(stmts("record turned as cards_turned\nrecord 1 as wins for p"),
              "(record_stmt name:turned name:cards_turned)\n(record_stmt int_lit:1 name:wins (record_for name:p))");
}

TEST(GrammarStatements, RecordForOnlyOnTheSameLine) {
    // A `for` loop on the line after a record stays a loop.
    EXPECT_EQ(stmts("record 1 as wins\nfor p in players { }"),
              "(record_stmt int_lit:1 name:wins)\n(for_stmt name:p name:players block)");
}

TEST(GrammarStatements, SayAndPhase) {
    EXPECT_EQ(stmts("say \"round {r}\"\nphase draw { say \"d\" }"),
              "(say_stmt string_lit:\"round {r}\")\n(phase_stmt name:draw (block (say_stmt string_lit:\"d\")))");
}

TEST(GrammarStatements, ChooseOneWithWhereByAndPrompt) {
    EXPECT_EQ(stmts("let c = choose one of p.hand where c.kind == diamond by p \"put a diamond\""),
              "(let_stmt name:c (choose_one (field name:p name:hand) (where_clause (binary:== (field name:c "
              "name:kind) name:diamond)) (chooser name:p) prompt:\"put a diamond\"))");
}

TEST(GrammarStatements, ChooseSubset) {
    EXPECT_EQ(stmts("let t = choose subset of market by p"),
              "(let_stmt name:t (choose_subset name:market (chooser name:p)))");
}

TEST(GrammarStatements, ChooseOptional) {
    EXPECT_EQ(stmts("let t = choose optional one of others(p) by p \"steal?\""),
              "(let_stmt name:t (choose_one choose_optional (call name:others (args name:p)) (chooser name:p) "
              "prompt:\"steal?\"))");
    EXPECT_EQ(stmts("let t = choose optional subset of xs where size(t) < 3 by first_player()"),
              "(let_stmt name:t (choose_subset choose_optional name:xs (where_clause (binary:< (call name:size "
              "(args name:t)) int_lit:3)) (chooser (call name:first_player args))))");
}

TEST(GrammarStatements, StatementsNeedNoSeparator) {
    EXPECT_EQ(stmts("let a = 1 let b = 2 a += b say \"x\""),
              "(let_stmt name:a int_lit:1)\n(let_stmt name:b int_lit:2)\n(assign_stmt name:a assign_op:+= "
              "name:b)\n(say_stmt string_lit:\"x\")");
}

TEST(GrammarStatements, NestedBlocks) {
    EXPECT_EQ(stmts("for x in xs { while a { if b { repeat { break } } } }"),
              "(for_stmt name:x name:xs (block (while_stmt name:a (block (if_stmt name:b (block (repeat_stmt "
              "(block break_stmt))))))))");
}

// ---- Expressions ----------------------------------------------------------------------------------------------

TEST(GrammarExpressions, Literals) {
    EXPECT_EQ(expr("17"), "int_lit:17");
    EXPECT_EQ(expr("true"), "true_lit");
    EXPECT_EQ(expr("false"), "false_lit");
    EXPECT_EQ(expr("none"), "none_lit");
    EXPECT_EQ(expr("nobody"), "nobody_lit");
    EXPECT_EQ(expr("\"hello\""), "string_lit:\"hello\"");
}

TEST(GrammarExpressions, TextEscapesAreUnescaped) {
    const ParseResult r = parse(R"(function f(): text = "a\"b\\c\nd\te")");
    ASSERT_TRUE(r.diagnostics.empty()) << messages(r);
    EXPECT_EQ(r.file->children[0]->child(3)->text, "a\"b\\c\nd\te");
}

TEST(GrammarExpressions, MultiplicationBindsTighterThanAddition) {
    EXPECT_EQ(expr("1 + 2 * 3"), "(binary:+ int_lit:1 (binary:* int_lit:2 int_lit:3))");
    EXPECT_EQ(expr("(1 + 2) * 3"), "(binary:* (binary:+ int_lit:1 int_lit:2) int_lit:3)");
}

TEST(GrammarExpressions, OperatorsAreLeftAssociative) {
    EXPECT_EQ(expr("1 - 2 - 3"), "(binary:- (binary:- int_lit:1 int_lit:2) int_lit:3)");
    EXPECT_EQ(expr("a / b % c"), "(binary:% (binary:/ name:a name:b) name:c)");
    EXPECT_EQ(expr("a or b or c"), "(binary:or (binary:or name:a name:b) name:c)");
}

TEST(GrammarExpressions, AndBindsTighterThanOr) {
    EXPECT_EQ(expr("a or b and c"), "(binary:or name:a (binary:and name:b name:c))");
}

TEST(GrammarExpressions, NotIsLooserThanComparisonAndTighterThanAnd) {
    EXPECT_EQ(expr("not a and b"), "(binary:and (unary:not name:a) name:b)");
    EXPECT_EQ(expr("not a == b"), "(unary:not (binary:== name:a name:b))");
    EXPECT_EQ(expr("not not a"), "(unary:not (unary:not name:a))");
}

TEST(GrammarExpressions, EveryComparison) {
    for (const std::string op : {"==", "!=", "<", "<=", ">", ">=", "in"}) {
        EXPECT_EQ(expr("a " + op + " b"), "(binary:" + op + " name:a name:b)");
    }
    EXPECT_EQ(expr("x not   in xs"), "(binary:\"not in\" name:x name:xs)");
    EXPECT_EQ(expr("a + 1 < b * 2"), "(binary:< (binary:+ name:a int_lit:1) (binary:* name:b int_lit:2))");
}

TEST(GrammarExpressions, UnaryMinus) {
    EXPECT_EQ(expr("-a.b"), "(unary:- (field name:a name:b))");
    EXPECT_EQ(expr("- -1"), "(unary:- (unary:- int_lit:1))");
    EXPECT_EQ(expr("-f(x)[1]"), "(unary:- (index (call name:f (args name:x)) int_lit:1))");
    EXPECT_EQ(expr("2 * -3"), "(binary:* int_lit:2 (unary:- int_lit:3))");
}

TEST(GrammarExpressions, Ranges) {
    EXPECT_EQ(expr("1..3"), "(range int_lit:1 int_lit:3)");
    EXPECT_EQ(expr("a..b + 1"), "(range name:a (binary:+ name:b int_lit:1))");
    EXPECT_EQ(expr("x in 1 .. n"), "(binary:in name:x (range int_lit:1 name:n))");
}

TEST(GrammarExpressions, Lists) {
    EXPECT_EQ(expr("[]"), "list_lit");
    EXPECT_EQ(expr("[1, 2, 3]"), "(list_lit int_lit:1 int_lit:2 int_lit:3)");
    EXPECT_EQ(expr("[[1], []]"), "(list_lit (list_lit int_lit:1) list_lit)");
    EXPECT_EQ(expr("[1] + [2]"), "(binary:+ (list_lit int_lit:1) (list_lit int_lit:2))");
}

TEST(GrammarExpressions, Comprehensions) {
    EXPECT_EQ(expr("[x * 2 for x in xs where x > 0]"),
              "(comprehension (binary:* name:x int_lit:2) (for_clause name:x name:xs) (where_clause (binary:> "
              "name:x int_lit:0)))");
    EXPECT_EQ(expr("[p for each p in players]"), "(comprehension name:p (for_clause name:p name:players))");
    EXPECT_EQ(expr("[Mine(value: v) copies 3 for v in 1..5]"),
              "(comprehension (call name:Mine (args (named_arg name:value name:v))) (copies int_lit:3) (for_clause "
              "name:v (range int_lit:1 int_lit:5)))");
}

TEST(GrammarExpressions, IfExpression) {
    EXPECT_EQ(expr("if a then 1 else 2"), "(if_expr name:a int_lit:1 int_lit:2)");
    EXPECT_EQ(expr("if a then 1 else if b then 2 else 3"),
              "(if_expr name:a int_lit:1 (if_expr name:b int_lit:2 int_lit:3))");
    EXPECT_EQ(expr("1 + (if a then 1 else 2)"), "(binary:+ int_lit:1 (if_expr name:a int_lit:1 int_lit:2))");
}

TEST(GrammarExpressions, NamedArguments) {
    EXPECT_EQ(expr("Mine(kind: treasure, value: 5)"),
              "(call name:Mine (args (named_arg name:kind name:treasure) (named_arg name:value int_lit:5)))");
    EXPECT_EQ(expr("f(1, n: 2)"), "(call name:f (args int_lit:1 (named_arg name:n int_lit:2)))");
}

TEST(GrammarExpressions, FieldIndexAndCallChains) {
    EXPECT_EQ(expr("a.b.c"), "(field (field name:a name:b) name:c)");
    EXPECT_EQ(expr("xs[i]"), "(index name:xs name:i)");
    EXPECT_EQ(expr("points[q, n]"), "(index name:points name:q name:n)");
    EXPECT_EQ(expr("f()"), "(call name:f args)");
    EXPECT_EQ(expr("a.b[1, 2](x).c"),
              "(field (call (index (field name:a name:b) int_lit:1 int_lit:2) (args name:x)) name:c)");
    EXPECT_EQ(expr("f(x)(y)"), "(call (call name:f (args name:x)) (args name:y))");
}

TEST(GrammarExpressions, ContextualKeywordsAreNames) {
    EXPECT_EQ(expr("top + of + by + one + to"),
              "(binary:+ (binary:+ (binary:+ (binary:+ name:top name:of) name:by) name:one) name:to)");
    EXPECT_EQ(stmts("let position = 1\nlet times = 2\nlet subset = 3"),
              "(let_stmt name:position int_lit:1)\n(let_stmt name:times int_lit:2)\n(let_stmt name:subset "
              "int_lit:3)");
}

TEST(GrammarExpressions, NamesMayStartWithReservedWords) {
    EXPECT_EQ(expr("ending + android + order + iffy + nothing"),
              "(binary:+ (binary:+ (binary:+ (binary:+ name:ending name:android) name:order) name:iffy) "
              "name:nothing)");
}

TEST(GrammarExpressions, LocationsOfNodes) {
    const ParseResult r = parse("function f(): int =\n  a +\n    g(b)");
    ASSERT_TRUE(r.diagnostics.empty()) << messages(r);
    const Node* body = r.file->children[0]->child(3);
    ASSERT_EQ(body->kind, Kind::binary);
    EXPECT_EQ(body->loc.line, 2U);  // a binary node sits at its operator
    EXPECT_EQ(body->loc.column, 5U);
    EXPECT_EQ(body->child(0)->loc.line, 2U);
    EXPECT_EQ(body->child(0)->loc.column, 3U);
    const Node* call = body->child(1);
    ASSERT_EQ(call->kind, Kind::call);
    EXPECT_EQ(call->loc.line, 3U);
    EXPECT_EQ(call->loc.column, 5U);
    EXPECT_EQ(call->child(1)->child(0)->loc.column, 7U);
}

// ---- Syntax errors --------------------------------------------------------------------------------------------

TEST(GrammarErrors, MisspelledDeclarationKeyword) {
    const std::string e = first_error("game \"T\" { players 2 }\nprocedur deal() { }\n");
    EXPECT_EQ(e.substr(0, 4), "2:1:");
    EXPECT_NE(e.find("'procedur' does not start a declaration"), std::string::npos) << e;
    EXPECT_NE(e.find("(did you mean 'procedure'?)"), std::string::npos) << e;
}

TEST(GrammarErrors, MisspelledStatementKeyword) {
    EXPECT_EQ(first_error("procedure p() {\n  shufle deck\n}"),
              "2:3: 'shufle' does not start a statement (did you mean 'shuffle'?)");
    EXPECT_EQ(first_error("procedure p() {\n  let x = 1\n  retrun x\n}"),
              "3:3: 'retrun' does not start a statement (did you mean 'return'?)");
}

TEST(GrammarErrors, UnknownWordWithoutSuggestion) {
    const std::string e = first_error("xyzzy\n");
    EXPECT_EQ(e.substr(0, 4), "1:1:");
    EXPECT_NE(e.find("'xyzzy' does not start a declaration"), std::string::npos) << e;
    EXPECT_EQ(e.find("did you mean"), std::string::npos) << e;
}

TEST(GrammarErrors, MissingPunctuation) {
    EXPECT_EQ(first_error("option rounds 1 to 5 = 3"), "1:15: expected ':' (in the option declaration at 1:1)");
    EXPECT_EQ(first_error("card C { a int }"), "1:12: expected ':' (in the card declaration at 1:1)");
    EXPECT_EQ(first_error("procedure p( {\n}"), "1:14: expected ')' (in the procedure at 1:1)");
    EXPECT_EQ(first_error("table t[a] { row 1 4 }"), "1:20: expected ':' (in the table row at 1:14)");
    EXPECT_NE(first_error("procedure p() {\n  let x 3\n}").find("2:9: expected '='"), std::string::npos);
}

TEST(GrammarErrors, MissingThenAndElse) {
    EXPECT_EQ(first_error("function f(): int = if a 1 else 2"), "1:26: expected 'then' (in the function at 1:1)");
    const std::string e = first_error("function f(): int = if a then 1 else");
    EXPECT_NE(e.find("unexpected end of file: expected an expression"), std::string::npos) << e;
    EXPECT_NE(first_error("function f(): int = if a then 1\n").find("expected 'else'"), std::string::npos);
}

TEST(GrammarErrors, UnclosedText) {
    const std::string e = first_error("game \"Pig {\n  players 2\n}\n");
    EXPECT_EQ(e.substr(0, 5), "1:12:");
    EXPECT_NE(e.find("expected '\"' to close the text (a text ends on the line where it starts)"), std::string::npos)
        << e;
}

TEST(GrammarErrors, BadEscape) {
    EXPECT_NE(first_error("procedure p() { say \"a\\qb\" }").find("1:24: expected one of"), std::string::npos);
}

TEST(GrammarErrors, UnclosedBlockNamesWhereItOpened) {
    const std::string e = first_error("procedure p() {\n  say \"x\"\n\nplay {\n}\n");
    EXPECT_EQ(e, "4:1: expected a statement or '}' to close the block opened at 1:15");
    const std::string at_end = first_error("procedure p() {\n  if a {\n    say \"x\"\n  }\n");
    EXPECT_EQ(at_end, "5:1: unexpected end of file: expected a statement or '}' to close the block opened at 1:15");
}

TEST(GrammarErrors, ReservedWordAsName) {
    EXPECT_NE(first_error("procedure p() {\n  let end = 3\n}").find("2:7: expected a name"), std::string::npos);
    EXPECT_NE(first_error("procedure if() { }").find("1:11: expected a name"), std::string::npos);
}

TEST(GrammarErrors, StrayTextAfterADeclaration) {
    const std::string e = first_error("option o: 3 to 5 = 4 extra\n");
    EXPECT_EQ(e.substr(0, 5), "1:22:");
    EXPECT_NE(e.find("'extra' does not start a declaration"), std::string::npos) << e;
}

TEST(GrammarErrors, RecoveryReportsEveryBrokenDeclaration) {
    const std::string text =
        "option rounds 1 to 5 = 3\n"  // missing ':'
        "die d6: 6 faces\n"           // fine
        "procedure p() {\n"
        "  let x 3\n"                 // missing '='
        "}\n"
        "card C { a int }\n"          // missing ':'
        "score(p) = 0\n";             // fine
    const ParseResult r = parse(text);
    ASSERT_EQ(r.diagnostics.size(), 3U) << messages(r);
    EXPECT_EQ(r.diagnostics[0].loc.line, 1U);
    EXPECT_EQ(r.diagnostics[1].loc.line, 4U);
    EXPECT_EQ(r.diagnostics[2].loc.line, 6U);
    std::vector<Kind> kinds;
    for (const auto& c : r.file->children) kinds.push_back(c->kind);
    // The procedure survives its broken statement; the option and the card do not.
    EXPECT_EQ(kinds, (std::vector<Kind>{Kind::die_decl, Kind::procedure_decl, Kind::score_decl}));
    EXPECT_EQ(r.unparsed_names, (std::vector<std::string>{"rounds", "x", "C"}));
}

TEST(GrammarErrors, TwoBrokenDeclarationsGiveTwoErrors) {
    const ParseResult r = parse("game \"T\" { players }\noption o 1 to 3 = 2\nplay { end game }\n");
    ASSERT_EQ(r.diagnostics.size(), 2U) << messages(r);
    EXPECT_EQ(r.diagnostics[0].loc.line, 1U);
    EXPECT_EQ(r.diagnostics[1].loc.line, 2U);
    ASSERT_EQ(r.file->children.size(), 1U);
    EXPECT_EQ(r.file->children[0]->kind, Kind::play_decl);
}

TEST(GrammarErrors, RecoveryReportsEveryBrokenStatementOfABlock) {
    const std::string text =
        "procedure p(c: int) {\n"
        "  move c deck\n"       // missing 'to'
        "  let x 3\n"           // missing '='
        "  say \"ok\"\n"
        "  shufle deck\n"       // misspelled
        "  if a {\n"
        "    say \"a\" \"b\"\n"  // a text is not a statement
        "  }\n"
        "  end game\n"
        "}\n";
    const ParseResult r = parse(text);
    EXPECT_EQ(messages(r),
              "2:10: expected 'to' and the destination (in the procedure at 1:1)\n"
              "3:9: expected '=' (in the procedure at 1:1)\n"
              "5:3: 'shufle' does not start a statement (did you mean 'shuffle'?)\n"
              "7:13: expected a statement or '}' to close the block opened at 6:8\n");
    ASSERT_EQ(r.file->children.size(), 1U);
    EXPECT_EQ(sexpr(*r.file->children[0]->find(Kind::block)),
              "(block (say_stmt string_lit:\"ok\") (if_stmt name:a (block (say_stmt string_lit:\"a\"))) end_game_stmt)");
    EXPECT_EQ(r.unparsed_names, (std::vector<std::string>{"x"}));
}

TEST(GrammarErrors, ErrorsInsideBlocksDoNotClaimTheBlockIsUnclosed) {
    const std::string e = first_error("procedure p(c: int) {\n  move c deck\n}");
    EXPECT_EQ(e.find("to close the block"), std::string::npos) << e;
}

TEST(GrammarErrors, EmptyFile) {
    for (const std::string text : {"", "   \n\t\n", "# only a comment\n# and another", "#"}) {
        const ParseResult r = parse(text);
        ASSERT_EQ(r.diagnostics.size(), 1U) << "text: '" << text << "'";
        EXPECT_EQ(r.diagnostics[0].loc.line, 1U);
        EXPECT_EQ(r.diagnostics[0].loc.column, 1U);
        EXPECT_NE(r.diagnostics[0].message.find("the file is empty"), std::string::npos);
        EXPECT_TRUE(r.file->children.empty());
    }
}

TEST(GrammarErrors, TruncatedFile) {
    const std::string e = first_error("card Mine {\n  kind: int\n  value: int =");
    EXPECT_EQ(e, "3:15: unexpected end of file: expected an expression (in the card declaration at 1:1)");
}

TEST(GrammarErrors, EveryPrefixOfAValidFileParsesWithoutCrashing) {
    const std::string text = R"(game "Diamant" {
  players 3 to 8
}
option variant: seed | official = seed "who gets the treasure"
enum Hazard { snakes, spiders }
card Mine {
  value: int = 0
  state gems: int = 0
} shown as "{value}"
deck mine_cards: Mine = [Mine(value: v) copies 2 for v in 1..3 where v > 1]
zone deck: Mine, ordered, hidden = mine_cards
table points[quality] { row 1: 4 }
board squares: grid 3 by 3 of Square { height: int = 0 }
function explorers(): list of player = [p for p in players where p.in_mine]
procedure round(p: player) {
  let x = choose optional one of players where x != p by p "who?"
  if not x.in_mine and size(deck) > 0 { x.chest += 3 } else if a { return } else { end game with winners [p] }
  choose action by p "act" { option market when true { move top(deck) to market at position 3 } }
  simultaneously for each q in players { let plan = choose one of Plan by q }
  repeat 3 times { say "x {p}" }
  record 1 as turns for p
}
when c leaves deck where c.kind == closure { move c to aside }
end game when size(players) == 0 with winners nobody
stat final for each p "diamonds" = p.chest
strategy cautious "leaves" { on plan prefer if choice == leave then 1 else 0 }
)";
    ASSERT_TRUE(parse(text).diagnostics.empty()) << messages(parse(text));
    for (std::size_t n = 0; n < text.size(); ++n) {
        const std::string prefix = text.substr(0, n);
        const ParseResult r = parse(prefix);
        expect_sane_diagnostics(r, prefix);
        ASSERT_FALSE(testing::Test::HasFailure()) << "prefix of " << n << " bytes";
    }
}

TEST(GrammarErrors, NestedTooDeeplyIsAnErrorNotACrash) {
    const std::string parens = "function f(): int = " + std::string(100000, '(');
    const ParseResult r = parse(parens);
    ASSERT_EQ(r.diagnostics.size(), 1U);
    EXPECT_NE(r.diagnostics[0].message.find("nested too deeply"), std::string::npos) << r.diagnostics[0].message;

    const ParseResult lists = parse("function f(): int = " + std::string(100000, '['));
    ASSERT_EQ(lists.diagnostics.size(), 1U);
    EXPECT_NE(lists.diagnostics[0].message.find("nested too deeply"), std::string::npos);

    std::string blocks = "procedure p() {\n";
    for (int i = 0; i < 5000; ++i) blocks += "if a {\n";
    const ParseResult b = parse(blocks);
    ASSERT_FALSE(b.diagnostics.empty());
    EXPECT_NE(b.diagnostics[0].message.find("nested too deeply"), std::string::npos) << messages(b);
}

TEST(GrammarErrors, ModerateNestingIsFine) {
    const std::string deep = "function f(): int = " + std::string(100, '(') + "1" + std::string(100, ')');
    EXPECT_TRUE(parse(deep).diagnostics.empty());
}

TEST(GrammarErrors, BinaryGarbageIsNotAText) {
    std::string garbage;
    unsigned state = 12345;
    for (int i = 0; i < 4096; ++i) {
        state = state * 1103515245U + 12345U;
        garbage += static_cast<char>((state >> 16) & 0xFF);
    }
    const ParseResult r = parse(garbage);
    ASSERT_EQ(r.diagnostics.size(), 1U);
    EXPECT_NE(r.diagnostics[0].message.find("this is not a text file"), std::string::npos) << r.diagnostics[0].message;
}

TEST(GrammarErrors, NulByteAndInvalidUtf8) {
    const std::string nul("game \"T\" {\n  players\0 2\n}\n", 26);
    EXPECT_EQ(first_error(nul),
              "2:10: this is not a text file: byte 0x00 is a control character (a rules file is UTF-8 text)");
    EXPECT_EQ(first_error("game \"T\xff\" { players 2 }"),
              "1:8: this is not a text file: byte 0xFF is not valid UTF-8 (a rules file is UTF-8 text)");
    EXPECT_NE(first_error("game \"\xC0\x80\" { players 2 }").find("not valid UTF-8"), std::string::npos);  // overlong
    EXPECT_NE(first_error("game \"T\" { players 2 } # \xE2\x82").find("not valid UTF-8"), std::string::npos);  // cut
}

// ---- Hostile input: deep nesting, long chains and backtracking must give an error or a result, never a crash --

// Unary minus, 'not' and 'else if' nest: each level counts towards the nesting limit.
TEST(GrammarHostileInput, LongUnaryChainsAreRefusedNotACrash) {
    for (const std::string& text : {"function f(): int = " + std::string(100000, '-') + "1",
                                    "function f(): bool = " + [] {
                                        std::string s;
                                        for (int i = 0; i < 100000; ++i) s += "not ";
                                        return s;
                                    }() + "true"}) {
        const ParseResult r = parse(text);
        EXPECT_FALSE(r.diagnostics.empty());
    }
}

TEST(GrammarHostileInput, LongElseIfChainIsNotACrash) {
    std::string text = "procedure f() {\n  if a { } ";
    for (int i = 0; i < 60000; ++i) text += "else if a { } ";
    text += "\n}\n";
    const ParseResult r = parse(text);
    SUCCEED() << r.diagnostics.size();
}

// Nested `list of` types parse once each (no backtracking over the type).
TEST(GrammarHostileInput, NestedListTypesParseInLinearTime) {
    std::string text = "function f(): ";
    for (int i = 0; i < 40; ++i) text += "list of ";
    text += "int = []";
    const auto start = std::chrono::steady_clock::now();
    const ParseResult r = parse(text);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    EXPECT_TRUE(r.diagnostics.empty()) << messages(r);
}

// A long left-associative chain (a.b.b.b..., 1+1+1...) would build a tree too deep to walk: it is refused.
TEST(GrammarHostileInput, LongOperatorChainsAreNotACrash) {
    std::string fields = "function f(): int = a";
    for (int i = 0; i < 400000; ++i) fields += ".b";
    const ParseResult r = parse(fields);
    ASSERT_FALSE(r.diagnostics.empty());
    EXPECT_NE(r.diagnostics[0].message.find("chains more than"), std::string::npos) << messages(r);
}

// `state` and `private` are not reserved: a field may be called state or private.
TEST(GrammarHostileInput, FieldNamedStateOrPrivate) {
    EXPECT_EQ(decls("record R { state: int }"), "(record_decl name:R (field_decl name:state type_name:int))");
    EXPECT_EQ(decls("player { private: bool = false }"),
              "(player_decl (field_decl name:private type_name:bool false_lit))");
}

}  // namespace
