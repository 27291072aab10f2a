// The checker's working state, shared by its parts: declarations (checker_declarations.cpp), expressions
// (checker_expressions.cpp), statements (checker_statements.cpp), built-in functions (builtins.cpp) and the
// whole-game checks (checker.cpp).
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ast.hpp"
#include "field_ranges.hpp"
#include "loader.hpp"
#include "types.hpp"

namespace rulesrun::checking {

using ast::Kind;
using ast::Node;

struct Field {
    std::string name;
    Type type;
    bool is_state = false;    // may change during the game (card fields need `state`)
    bool is_private = false;  // player fields seen only by their owner
    bool has_default = false;
    const Node* decl = nullptr;
    std::optional<FieldValues> values;  // `in 1..6`, `in ["a", "b"]`: the only values it may hold (field_ranges.hpp)
};

// The fields of a card type, record type, board space type or of every player.
struct Composite {
    std::string name;
    std::vector<Field> fields;
    const Node* decl = nullptr;
    [[nodiscard]] const Field* field(std::string_view n) const;
};

struct EnumInfo {
    std::string name;
    std::vector<std::string> values;
};

enum class SymbolKind {
    option, enum_type, card_type, record_type, deck, zone, state_field, table, board, die, procedure, function,
    stat, strategy, seat, builtin_value
};

bool has_default(const Node& field_decl);
const Node* default_of(const Node& decl);  // a field's or zone's `= EXPR`, or null

// "procedure", "zone", ... for messages.
const char* kind_label(SymbolKind k);

struct Symbol {
    SymbolKind kind{};
    std::string name;
    const Node* decl = nullptr;  // the declaring node (for locations and bodies)
    Type type;                   // the value's type; for callables the result
    std::vector<Type> params;
    std::vector<std::string> param_names;
    bool per_player = false;     // zones: one per player, read as p.NAME
    bool in_root = false;        // declared in the checked file itself, not in an import
    bool has_value = false;      // statistics: computed at the end (= EXPR) rather than recorded
    bool for_each_player = false;  // statistics: one sample per player
    int uses = 0;
};

struct Local {
    Type type;
    SourceLocation loc;
    bool used = false;
    bool assigned = false;
};

// What the statement being checked may do.
struct BodyContext {
    bool pure = false;                  // a function: no moves, choices, chance or changes to the game
    std::optional<Type> return_type;    // functions only
    int loop_depth = 0;
    bool in_strategy = false;           // `me` and `choice` exist
    Type choice_type;                   // strategies: the type of `choice`
    bool returns = false;               // a `return` was met: in `play`, a way to end the game
};

// A table game, not a stadium: also keeps per-player zones and fields small.
inline constexpr long max_players = 100;

class Checker {
public:
    explicit Checker(const std::vector<LoadedFile>& files);
    std::vector<Diagnostic> run();

    // ---- reporting
    void error(const SourceLocation& loc, std::string message);
    void warning(const SourceLocation& loc, std::string message);

    // ---- declarations (checker_declarations.cpp)
    void collect_declarations();
    void declare(SymbolKind kind, const Node& decl, std::string_view name, Type type);
    void resolve_declaration_types();
    Type resolve_type(const Node* type_node);
    void check_option(const Node& decl);
    void check_bodies();
    std::vector<Field> resolve_fields(const Node& decl);
    void check_field_values(const Node& decl, Field& f);
    void check_written_value(const Node& value, const Field& f, const std::string& owner);

    // ---- expressions (checker_expressions.cpp)
    // Checks an expression and remembers its type for the compiler.
    Type check_expr(const Node& e, const Type* expected = nullptr);
    Type check_expr_kind(const Node& e, const Type* expected);
    Type check_name(const Node& e, const Type* expected);
    void check_space_display(const Node& function, std::string_view board, std::string_view role);
    void check_text_function(const Node& function, const Type& value, std::string_view role, std::string_view noun);
    void check_value_function(const Node& function, const Type& value, std::string_view role, std::string_view noun,
                              const Type& result);
    Type check_binary(const Node& e);
    Type check_order(const Node& e);  // < <= > >=: numbers, or values of one enum
    Type check_sorted(const Node& call);  // builtins.cpp
    // Functions that make cards, for decks (checker_card_makers.cpp).
    std::set<std::string, std::less<>> card_makers_;
    void find_card_makers();
    bool making_cards_here() const;
    void check_card_maker_call(const Node& callee);
    Type check_field(const Node& e);
    Type check_index(const Node& e);
    Type check_call(const Node& e, bool as_statement);
    Type check_constructor(const Node& call, const Composite& composite, const Type& type);
    Type check_comprehension(const Node& e);
    Type check_list(const Node& e, const Type* expected);
    void expect_type(const Node& e, const Type& expected, std::string_view what);
    void check_audience(const Node& e, std::string_view statement);
    void check_tell(const Node& s);
    Type expect_bool(const Node& e, std::string_view what);
    Type expect_int(const Node& e, std::string_view what);
    void check_interpolation(const Node& text_node, const Composite* fields_in_scope);
    std::string type_name(const Type& t) const;
    std::optional<Type> enum_value_type(std::string_view value, const Type* expected, const SourceLocation& loc);

    // ---- built-in functions (builtins.cpp)
    std::optional<Type> check_builtin_call(const Node& call, std::string_view name, bool as_statement);
    static const std::vector<std::string_view>& builtin_names();

    // ---- statements (checker_statements.cpp)
    // Returns whether execution can run past the end of the block (false after return, break or end game).
    bool check_block(const Node& block);
    bool check_statement(const Node& s);
    bool check_statement_kind(const Node& s);
    void check_let(const Node& s);
    void check_assign(const Node& s);
    void check_rank(const Node& decl);
    std::optional<Type> check_target(const Node& target, const Node& s);
    void check_choice(const Node& choice, const Node& name_node);
    void check_total_clause(const Node& total, const Type& element, bool subset);
    void check_menu(const Node& s);
    void check_simultaneously(const Node& s);
    void check_move(const Node& s);
    void check_record(const Node& s);
    void forbid_in_function(const Node& s, std::string_view what);
    void check_call_statement(const Node& s);
    bool contains_break(const Node& block) const;

    // ---- scopes
    void push_scope();
    void pop_scope();
    void declare_local(const Node& name_node, const Type& type);
    Local* find_local(std::string_view name);
    Symbol* find_symbol(std::string_view name);
    std::vector<std::string_view> visible_names() const;

    // ---- whole game (checker.cpp)
    void check_numbers();
    void check_strategy(const Node& decl);
    // Strategies read the private player fields of `me` only (checker_secrecy.cpp); after check_bodies.
    void check_strategy_secrecy();
    // Whether score(p) may read a private field or a private or hidden zone (score_secrecy.cpp).
    bool score_reads_secrets();
    bool score_is_public_ = false;  // the answer, for the compiler
    bool making_deck_ = false;      // checking a deck's cards: the only place where a card is made
    Type declared_field_type(const Node& field_decl) const;
    void check_game_declaration();
    void check_unused();
    void check_unreachable_callables();
    void check_the_game_can_end();
    void check_unshuffled_decks();  // checker_lints.cpp
    // A text's hole that holds an expression, not just a name or its fields: its tree (the compiler compiles it), by
    // the text's node and the offset of the hole's '{'; null for other holes.
    const Node* hole_expression(const Node& text_node, std::size_t open) const;
    const Node* parse_hole(const Node& text_node, std::size_t open, const std::string& inside, const SourceLocation& loc);
    std::map<std::pair<const Node*, std::size_t>, ast::NodePtr> hole_expressions_;

    const std::vector<LoadedFile>& files_;
    std::vector<Diagnostic> diagnostics_;
    int root_file_ = -1;
    bool code_missing_ = false;  // some statement or declaration failed to parse: "never used" would mislead

    std::map<std::string, Symbol, std::less<>> symbols_;
    std::vector<EnumInfo> enums_;
    std::map<std::string, std::vector<int>, std::less<>> enum_value_owners_;
    std::vector<Composite> cards_, records_, boards_;
    std::vector<bool> board_is_grid_;
    Composite player_fields_;
    std::map<std::string, Type, std::less<>> choice_points_;  // choice name -> type of `choice`
    std::map<std::string, const Node*, std::less<>> menu_enum_by_name_;
    std::set<std::string, std::less<>> recorded_stats_;
    std::set<std::string, std::less<>> unparsed_names_;  // not reported as unknown: their syntax error says enough
    std::vector<const Node*> end_game_statements_;
    std::vector<const Node*> end_when_declarations_;
    const Node* end_after_declaration_ = nullptr;  // `end game after N actions`: at most one
    // Who calls whom: the procedure or function whose body is being checked ("" for everything else, which runs
    // whenever the game does) -> the callables it calls. Used to find code that can never run.
    std::string current_callable_;
    std::map<std::string, std::set<std::string, std::less<>>, std::less<>> calls_;

    std::vector<std::map<std::string, Local, std::less<>>> scopes_;
    // For the compiler: the type of every expression checked and of every local declared (by its name node).
    std::unordered_map<const Node*, Type> expr_types_;
    std::unordered_map<const Node*, Type> local_types_;
    BodyContext body_;
    const Node* rank_declaration_ = nullptr;
    // The call whose procedure may give its value here: the whole right side of `let`, `=` or `return`.
    const Node* value_call_ = nullptr;
    struct ValueCallScope {
        ValueCallScope(Checker& c, const Node& value) : checker(c), saved(c.value_call_) {
            c.value_call_ = value.kind == Kind::call ? &value : nullptr;
        }
        ~ValueCallScope() { checker.value_call_ = saved; }
        Checker& checker;
        const Node* saved;
    };
    // A procedure's value may also be taken inside a statement's expressions (`if claims(p, duke)`,
    // `sorted(roll_dice(5))`): the compiler calls it just before the statement, in order, once. Not where it would
    // run maybe or many times (a comprehension, a `where`, a branch of `if ... then ... else`, the right side of `and`
    // or `or`), nor outside statements.
    int statements_open_ = 0;
    int value_calls_blocked_ = 0;
    struct BlockValueCalls {
        explicit BlockValueCalls(Checker& c) : checker(c) { ++c.value_calls_blocked_; }
        ~BlockValueCalls() { --checker.value_calls_blocked_; }
        Checker& checker;
    };
    static bool gives_value(const Symbol& s) { return s.kind == SymbolKind::procedure && !s.type.is(Type::Base::nothing); }
};

}  // namespace rulesrun::checking
