// The compiled rules: what the compiler (compiler*.cpp) produces from a checked rules file and the machine
// (machine*.cpp) runs. Every name is resolved to an index here; nothing is looked up by name while a game runs.
//
// Statements become instructions with jumps (so that a game can stop at a choice and resume later from a copied
// state); expressions become trees of Expr nodes in one flat array, evaluated recursively (they never stop halfway:
// functions cannot choose).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game_types.hpp"
#include "source_location.hpp"

namespace rulesrun::runtime {

using Value = std::int32_t;
// `none`, for every optional type: indices are never negative and no game counts down to -2^31.
inline constexpr Value none_value = INT32_MIN;

// What a value means; decides how it is shown, compared, and followed by the heap's garbage collector.
enum class ValueKind : std::uint8_t {
    integer, boolean, text, player, enum_value, card, record, space, die, zone, list, board, table, none, nothing
};

struct ValueType {
    ValueKind kind = ValueKind::nothing;
    int id = -1;          // enum, card type, record type, board (or -1 for the general card/space)
    bool optional = false;
    int element = -1;     // lists: the element's type (index in Program::types)
    // Lists, records and run-time texts live on the heap.
    [[nodiscard]] bool on_heap() const { return kind == ValueKind::list || kind == ValueKind::record; }
    // Texts, lists and records are equal by their letters or elements; other values when they are the same number.
    [[nodiscard]] bool compared_by_content() const { return kind == ValueKind::text || on_heap(); }
};

// ---- expressions -------------------------------------------------------------------------------------------------

class Machine;
struct Expr;
// Evaluates one kind of expression; chosen for each Expr by the machine once the program is compiled (prepare_to_run).
using EvalHandler = Value (*)(Machine& machine, const Expr& e);
// Runs the frames above `depth` as Machine::run_until does: the native engine's instruction loop (native_source.hpp).
using NativeRun = void (*)(Machine& machine, std::size_t depth);

enum class ExprOp : std::uint8_t {
    constant,            // a: the value
    text_constant,       // a: index in Program::texts
    local,               // a: slot in the frame
    slot,                // a: global slot (options, state fields, decks)
    player_field,        // child 0: player; a: field
    card_field,          // child 0: card; a: field index in its card type (b: the card type, or -1: by name a)
    space_field,         // child 0: space; a: field (b: board, or -1: by name a)
    record_field,        // child 0: record; a: field
    player_zone,         // child 0: player; a: zone declaration
    zone,                // a: zone declaration (a shared zone)
    players,             // the list of seats
    enum_values,         // a: how many values: the list 0..a-1
    negate, logical_not,
    add, subtract, multiply, divide, remainder,
    less, less_equal, greater, greater_equal, equal, not_equal,  // equal: b the operands' type, a 1 to compare contents
    logical_and, logical_or,
    concat_lists, concat_texts,
    member,              // child 0 in child 1 (list or zone); a: 1 for `not in`
    range,
    if_then_else,
    list,                // children: the elements
    comprehension,       // child 0: source, child 1: element, child 2: where (or -1), child 3: copies (or -1); a: slot;
                         // b: bit 0 where, bit 1 copies, bit 2 flatten (the element is a list whose elements are taken)
    index,               // child 0: list or zone, child 1: position (from 1)
    table_lookup,        // a: table; children: keys
    board_space,         // a: board; children: row and column, or position
    call_function,       // a: callable; children: arguments
    builtin,             // a: Builtin; children: arguments
    make_record,         // a: record type; children: every field in order
    make_card,           // a: card type; children: every field in order (only while the game is set up)
    interpolate,         // a: index in Program::templates
    to_text,             // child 0; shows any value
    zone_list,           // child 0: a zone, read as the list of its cards
    me, choice,          // inside a strategy's preference
    score,               // child 0: player
    inline_call,         // a function's body copied into the caller: a: first slot of its locals in the caller's
                         // frame, b: the function (for messages); children: the arguments, then the body;
                         // direct[0]: the arguments to evaluate (see evaluated_argument)
    with_element,        // `xs[i] = v` (lists are values): a copy of child 0 with element child 1 replaced by child 2
                         // (b: 0 set, 1 add, 2 subtract)
    returned,            // the value the procedure just called gave (`let c = draw(p)`: the call comes just before)
    in_field_values,     // child 0, checked to be one of the values of a field declared with them: a: index in
                         // Program::field_values, b: 1 for a card's field (messages)
};

enum class Builtin : std::uint8_t {
    first_player, seat, next_seat, previous_seat, players_from, others, size, sum, max, min, abs, any, all, first,
    last, top, bottom, top_cards, owner, sorted, distinct, count, roll, random, row, column, at, spaces, clockwise,
    counterclockwise, neighbours, alive, combines_to, combination_text, text, index
};

// Whether an inline_call evaluates its argument i into its slot. A local or a constant argument is not: the copied
// body reads the caller's local or the constant itself (compiler_inlining.cpp). Arguments past the 31st always are.
inline bool evaluated_argument(std::int32_t evaluated_mask, std::int32_t i) {
    return i >= 31 || ((evaluated_mask >> i) & 1) != 0;
}

// 64 bytes, so that finding an expression from its index is a shift (every evaluation does it).
struct Expr {
    ExprOp op = ExprOp::constant;
    ValueKind kind = ValueKind::nothing;  // types[type].kind, kept here for speed
    std::uint16_t child_count = 0;        // at most max_expr_children
    std::int32_t a = 0;
    std::int32_t b = 0;
    std::int32_t first_child = 0;  // index in Program::expr_children
    std::int32_t type = -1;        // index in Program::types
    std::int32_t first3[3] = {-1, -1, -1};  // the first three children, kept here for speed
    // For handlers that read their first two children directly (machine_eval_handlers.cpp): the slot of a child that
    // is a local, or the value of a constant.
    std::int32_t direct[2] = {-1, -1};
    EvalHandler handler = nullptr;  // set by prepare_to_run (machine.hpp) once the program is compiled
    SourceLocation loc;
};
static_assert(sizeof(Expr) == 64);
inline constexpr std::size_t max_expr_children = 65535;  // items of a written-out list, arguments...

// A text with {holes}: the literal pieces and the expression of each hole, alternating.
struct Template {
    std::vector<std::string> pieces;  // pieces.size() == holes.size() + 1
    std::vector<std::int32_t> holes;  // expressions
    std::vector<std::string> singular, plural;  // per hole: a count's words ({n:diamond}), or "" for a plain hole
};

// ---- statements ----------------------------------------------------------------------------------------------------

enum class Code : std::uint8_t {
    jump,               // a: target
    jump_unless,        // e1: condition; a: target
    set_local,          // a: slot; e1: value; b: 0 '=', 1 '+=', 2 '-='
    set_slot,           // a: slot; e1: value; b: operator
    set_player_field,   // e2: player; a: field; e1: value; b: operator
    set_card_field,     // e2: card; a: field (c: card type or -1: by name a); e1: value; b: operator
    set_space_field,    // e2: space; a: field (c: board or -1: by name a); e1: value; b: operator
    call,               // a: callable; args: argument expressions
    ret,                // return from a procedure or play
    ret_value,          // e1: the value (functions)
    for_begin,          // e1: the sequence; a: slot of the snapshot, b: slot of the position
    for_next,           // a: snapshot slot, b: position slot, c: loop variable slot; d: the body, while elements are left
    for_zone_begin,     // a loop over a zone whose body moves no card, read in place: e1: the zone; a: zone slot,
    for_zone_next,      //   b: position slot (for_zone_next: c: loop variable slot, d: the body)
    for_numbers_begin,  // a loop over the players, an enum's values or a range, without a list: e1: the sequence;
    for_numbers_next,   //   a: next value slot, b: count left slot (for_numbers_next: c: variable slot, d: the body)
    repeat_begin,       // e1: count; a: counter slot
    repeat_next,        // a: counter slot; d: the body, while rounds are left
    choose,             // see Choice; a: index in Program::choices
    menu,               // a: index in Program::menus
    simultaneous_begin, // e1: the players; a: snapshot slot (+1 position, +2 phase, +3 answers)
    simultaneous_next,  // a: snapshot slot; c: loop variable slot; d: the body
    move,               // e1: what; e2: destination zone; a: 0 card, 1 list, 2 whole zone; b: 0 default, 1 top, 2 bottom, 3 position; e3: position
    shuffle,            // e1: zone
    end_game,           // e1: winners, or -1; a: 1 for a draw
    record_stat,        // a: stat; e1: value; e2: player or -1
    say,                // e1: text; e2: who reads it (-1: everyone); b: 1 when e2 is a list of players
    show,               // e1: what is shown, a: its type; e2: to whom (-1: everyone); b: 1 when e2 is a list
    tell,               // e1: the cards told about, c: their type (list or zone); e2, b: to whom, as for show;
                        //   e3: the condition, read with the card in slot a
    drop_space,         // e1: space
    begin_play,         // `play` starts: from now on, `end game when` conditions are watched
    check_end,          // `check end of game`: the `end game when` conditions are checked here
};

inline constexpr std::size_t code_count = static_cast<std::size_t>(Code::check_end) + 1;

// The instructions that change the game: after one, an `end game when` condition may hold.
constexpr bool writes_game(Code code) {
    return code == Code::set_slot || code == Code::set_player_field || code == Code::set_card_field ||
           code == Code::set_space_field || code == Code::move || code == Code::drop_space;
}

struct Instr {
    Code code = Code::jump;
    bool check_end = false;   // this writes something an `end game when` condition reads
    // Where the instruction loop runs it (Machine::run_until): its code, plus code_count when it checks the endings
    // after it. Set by prepare_to_run (machine.hpp) once the program is compiled.
    std::uint8_t entry = 0;
    std::int32_t a = 0, b = 0, c = 0, d = 0;
    std::int32_t e1 = -1, e2 = -1, e3 = -1;
    std::int32_t first_arg = 0, arg_count = 0;  // call: arguments in Program::expr_children
    SourceLocation loc;
};

struct Choice {
    std::string name;          // the choice point: the `let` name
    int choice_point = -1;     // index in Program::choice_points
    bool subset = false;
    bool optional = false;
    std::int32_t domain = -1;  // expression: list, zone or enum values
    std::int32_t where = -1;   // expression or -1; the candidate is in `slot`
    std::int32_t total_target = -1;  // `with total`: expression or -1; the chosen amounts must add up to it
    std::int32_t total_amount = -1;  // ... the amount of the element held in `total_slot`
    std::int32_t total_slot = -1;
    std::int32_t chooser = -1;
    std::int32_t prompt = -1;  // expression (text) or -1
    std::int32_t slot = 0;     // where the answer goes
    std::int32_t option_type = -1;  // type of one option
    std::int32_t result_type = -1;  // type of the answer when the collector must follow it (a list), else -1
    bool secret = false;       // `by p secretly`: the others do not learn the answer
    std::int32_t simultaneous_slot = -1;  // the first choice of a `simultaneously` body: its block's slots
    std::int32_t simultaneous_next = -1;  // ... and the pc of its simultaneous_next
};

struct Menu {
    std::string name;
    int choice_point = -1;
    std::int32_t chooser = -1;
    std::int32_t prompt = -1;
    bool secret = false;                     // `by p secretly`: the others do not learn the answer
    std::vector<std::string> options;        // option names
    std::vector<std::string> descriptions;   // as written (`{n} cards` with its braces)
    std::vector<std::int32_t> description_texts;  // per option: the text expression of its description, or -1
    std::vector<std::int32_t> conditions;    // expression or -1 per option
    std::vector<std::int32_t> targets;       // pc per option
};

// A named place where players choose; strategies are written per choice point.
struct ChoicePoint {
    std::string name;
};

// ---- declarations ----------------------------------------------------------------------------------------------

// What a function's value may depend on. Each write bumps its kind's count of changes; a function remembers its value
// (machine_eval.cpp) until something of a kind it reads changes, so writing a card's field does not make every
// function that only reads players' fields compute again.
enum class StateKind : std::uint8_t { state_fields, player_fields, card_fields, spaces, zones };
inline constexpr int state_kinds = 5;
inline constexpr std::uint8_t reads_everything = (1u << state_kinds) - 1;
constexpr std::uint8_t bit(StateKind kind) { return static_cast<std::uint8_t>(1u << static_cast<unsigned>(kind)); }

struct Callable {
    std::string name;
    std::string kind;                 // "procedure", "function", "play", "setup", "event", "score", ...
    std::int32_t entry = -1;          // first instruction, or -1 for an expression body
    std::int32_t code_end = -1;       // one past its last instruction (its final ret)
    std::int32_t body = -1;           // expression body (functions written `= EXPR`)
    std::int32_t params = 0;
    std::int32_t locals = 0;          // slots, parameters included
    std::vector<std::int32_t> local_types;  // type of every slot (-1: not a heap value): the collector's roots
    std::uint8_t reads = 0;           // bits of StateKind its value depends on (the functions it calls included)
    std::int32_t result_type = -1;    // functions: their value's type (the collector moves remembered values)
    bool rememberable = true;         // false when it draws chance (roll, random) or reads a strategy's me/choice
    SourceLocation loc;
    std::uint32_t span_end = 0;       // byte offset of the end of its declaration: the locations from loc to here are its
};

struct FieldInfo {
    std::string name;
    std::int32_t type = -1;
    std::int32_t default_value = -1;  // expression or -1
    bool is_private = false;
    bool is_state = false;            // cards: changes during the game (shown in views next to the card)
    bool bookkeeping = false;         // never shown to players (the rules' own bookkeeping)
    std::string label;                // the name players read, or "" (then the name, with spaces for '_')
    std::int32_t shown_when = -1;     // expression: on screens only while it holds; -1: always
    bool dice = false;                // `shown as dice`: its number (or list of numbers) drawn as die faces
    std::int32_t values = -1;         // `in 1..6`, `in ["a", "b"]`: index in Program::field_values; -1: any value
};

// The values a card's or record's field is declared with (`die: int in 1..6`): the only ones it may hold.
struct FieldValueSet {
    std::string owner, field;             // the card or record type and the field, for messages
    bool texts = false;
    std::int64_t low = 0, high = -1;      // numbers: LOW..HIGH
    std::vector<std::string> text_values; // texts
    std::string described;                // "1..6", "[\"\", \"=Q\"]"
    [[nodiscard]] std::int64_t count() const {
        return texts ? static_cast<std::int64_t>(text_values.size()) : (high < low ? 0 : high - low + 1);
    }
};

struct CardType {
    std::string name;
    std::vector<FieldInfo> fields;
    std::int32_t shown_as = -1;       // template, holes read the card's fields
    std::int32_t marked_by = -1;      // callable of one card giving its mark in menus, or -1
    std::int32_t coloured_by = -1;    // callable of one card giving the name of its colour on screens, or -1
};

struct RecordType {
    std::string name;
    std::vector<FieldInfo> fields;
    std::int32_t shown_as = -1;
    std::int32_t marked_by = -1;      // callable of one record giving its mark in menus, or -1
};

struct EnumType {
    std::string name;
    std::vector<std::string> values;
};

// Who sees a zone's cards: everyone, its owner only, nobody, or everyone but its owner (`hidden from owner`).
enum class Visibility : std::uint8_t { public_, private_, hidden, others_ };

struct ZoneDecl {
    std::string name;
    int card_type = -1;              // -1: any card
    bool per_player = false;
    bool ordered = false;
    Visibility visibility = Visibility::public_;
    std::int32_t initial = -1;       // expression or -1
    std::string label;               // the name players read, or ""
    bool bookkeeping = false;        // never drawn on screens (cards the rules keep aside for their own use)
    bool pile = false;               // drawn as its top card and how many cards it holds
    std::int32_t sorted_by = -1;     // callable of one card giving its place on screens (lowest first), or -1
    std::int32_t shown_when = -1;    // expression: on screens only while it holds; -1: always
};

struct DeckDecl {
    std::string name;
    std::int32_t slot = -1;          // the list of its cards
    std::int32_t cards = -1;         // expression
};

struct BoardDecl {
    std::string name;
    bool grid = true;
    std::int32_t rows = -1, columns = -1;  // expressions (a ring has only `rows`: its length)
    std::vector<FieldInfo> fields;
    std::int32_t shown_as = -1;  // callable giving a space's text when the board is drawn, or -1
    std::int32_t coloured_by = -1;  // callable giving the name of a space's colour, or -1
    std::string label;           // the heading players read, or "" (then the name)
};

struct TableDecl {
    std::string name;
    bool two_keys = false;
    std::vector<Value> row_keys, column_keys;
    std::vector<std::int32_t> cells;  // expressions, row by row
};

struct DieDecl {
    std::string name;
    std::int32_t faces = -1;  // expression
};

struct OptionDecl {
    std::string name;
    std::string description;
    bool range = false;
    Value low = 0, high = 0;
    std::vector<std::string> names;   // values as written (alternatives)
    std::vector<Value> values;        // their runtime values
    Value default_value = 0;
    std::int32_t type = -1;
    std::int32_t slot = -1;
    // `when players LOW to HIGH`: another value than the default only with that many players (0: any count).
    int min_players = 0, max_players = 0;
};

struct StatDecl {
    std::string name;
    std::string description;
    bool per_player = false;
    std::int32_t value = -1;          // callable evaluated at the end (its parameter: the player), or -1 when recorded
};

struct Strategy {
    std::string name;
    std::string description;
    std::vector<std::int32_t> prefer;  // per choice point: callable (expression body) or -1
};

// `end game when` conditions and their winners are callables with an expression body.
// `end game when|as soon as CONDITION [with winners LIST | with draw]`.
struct EndCondition {
    std::int32_t condition = -1;
    std::int32_t winners = -1;       // or -1
    bool draw = false;
    bool at_once = false;            // `as soon as`: checked after every write to what it reads
};

// `end game after N actions [with winners LIST | with draw]`: the game's length limit, reached at the first decision
// once N actions were taken (Game::apply); `winners` a callable with an expression body, or -1.
struct ActionLimit {
    std::int64_t actions = 0;  // 0: no limit
    std::int32_t winners = -1;
    bool draw = false;
};

// One key of `rank(p) = highest KEY, then lowest KEY`: a callable of one player.
struct RankKey {
    std::int32_t value = -1;
    bool highest = true;
};

// when CARD leaves|enters ZONE where COND { ... }: runs after a move statement that took a matching card out of (or
// into) one of the zone's instances.
struct EventDecl {
    bool leaves = true;
    std::int32_t zone = -1;       // zone declaration
    std::int32_t callable = -1;   // the body; its parameter is the card
    std::int32_t where = -1;      // expression in that callable, or -1
};

struct Program {
    std::string title;
    std::string path;
    std::vector<std::string> files;       // source file paths, by SourceLocation::file
    std::uint64_t source_hash = 0;        // FNV-1a of every source file's text, in load order (saved games' fingerprint)
    int min_players = 1, max_players = 1;
    std::vector<std::string> seat_names;  // may be empty

    std::vector<ValueType> types;
    std::vector<Expr> exprs;
    std::vector<std::int32_t> expr_children;
    std::vector<std::string> texts;
    std::vector<Template> templates;
    std::vector<Instr> code;
    std::vector<Callable> callables;
    std::vector<Choice> choices;
    std::vector<Menu> menus;
    std::vector<ChoicePoint> choice_points;

    std::vector<OptionDecl> options;
    std::vector<EnumType> enums;
    std::vector<CardType> card_types;
    std::vector<RecordType> record_types;
    std::vector<FieldValueSet> field_values;  // FieldInfo::values
    std::vector<DeckDecl> decks;
    std::vector<ZoneDecl> zones;
    std::vector<BoardDecl> boards;
    std::vector<TableDecl> tables;
    std::vector<DieDecl> dice;
    std::vector<FieldInfo> player_fields;
    std::vector<FieldInfo> state_fields;
    std::int32_t state_field_base = 0;    // slots: options, decks, then state fields
    std::int32_t global_slots = 0;        // slots before the per-player fields

    std::vector<std::int32_t> setups;     // callables: the setup blocks, imported files first
    std::int32_t play = -1;               // callable
    std::int32_t score = -1;              // callable with one parameter, or -1
    bool score_is_public = false;         // it reads nothing secret: screens may show it during play
    std::int32_t winners = -1;            // callable or -1
    std::vector<RankKey> rank_keys;       // empty: highest score first
    bool cooperative = false;             // the players win or lose together
    std::vector<EndCondition> end_conditions;
    ActionLimit action_limit;
    std::vector<EventDecl> events;
    std::vector<StatDecl> stats;
    std::vector<Strategy> strategies;
    std::int32_t init_callable = -1;      // frame in which declarations' expressions are evaluated
    bool drops_spaces = false;            // some rule drops a space (`drop(s)`): only then do walks over a
                                          // board's spaces test each one's alive flag
    NativeRun native_run = nullptr;       // set in the native engine's copy of a program: its instruction loop

    // Public description for GameDefinition.
    std::vector<OptionInfo> option_infos;
    std::vector<StatInfo> stat_infos;
    std::vector<StrategyInfo> strategy_infos;

    [[nodiscard]] const Expr& expr(std::int32_t i) const { return exprs[static_cast<std::size_t>(i)]; }
    [[nodiscard]] std::int32_t child(const Expr& e, int i) const {
        return i < 3 ? e.first3[i] : expr_children[static_cast<std::size_t>(e.first_child + i)];
    }
    [[nodiscard]] const ValueType& type(std::int32_t i) const { return types[static_cast<std::size_t>(i)]; }
};

}  // namespace rulesrun::runtime
