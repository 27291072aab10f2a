// The compiler's working state, shared by its parts: declarations (compiler.cpp), expressions
// (compiler_expressions.cpp) and statements (compiler_statements.cpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "checker_impl.hpp"
#include "compiler.hpp"

namespace rulesrun::runtime {

using ast::Kind;
using ast::Node;
using checking::Symbol;
using checking::SymbolKind;

struct LocalName {
    std::int32_t slot = 0;
    Type type;
};

// Where the names of a text's {holes} are looked up first (a card's `shown as` reads its own fields).
struct FieldScope {
    int card_type = -1;
    int record_type = -1;
};

// Where a copy of a procedure goes (compiler_procedure_inlining.cpp): its slots from slot_offset on in the frame of
// `owner`, its instruction i at i + code_offset, and `end` just after it.
struct CopyPlace {
    std::int32_t slot_offset = 0;
    std::int32_t owner = -1;
    std::int32_t code_offset = 0;
    std::int32_t end = 0;
};

// Whether `from` can reach `target` through calls (callees[c]: the callables c calls).
bool calls_reach(const std::vector<std::vector<std::int32_t>>& callees, std::int32_t from, std::int32_t target);

class Compiler {
public:
    Compiler(const checking::Checker& checker, const std::vector<LoadedFile>& files, const SourceSet& sources,
             std::vector<Diagnostic>& diagnostics);
    std::shared_ptr<Program> run();

    // ---- declarations (compiler.cpp)
    void declare_everything();
    void link_statistics_and_endings();
    void compile_declaration(const Node& decl);
    std::int32_t field_value_set(const std::string& owner, const std::string& field, const checking::FieldValues& values);
    void compile_fields(const Node& decl, std::vector<FieldInfo>& fields, const checking::Composite* composite);
    void compile_option(const Node& decl);
    void compile_zone(const Node& decl);
    void compile_table(const Node& decl);
    void compile_stat(const Node& decl);
    void compile_event(const Node& decl);
    void compile_strategy(const Node& decl);
    std::int32_t begin_callable(std::string name, std::string kind, const SourceLocation& loc);
    void end_callable();
    void compile_callable_body(const Node& decl, std::int32_t callable);
    void compile_space_display(std::int32_t board, const Node& shown);
    std::int32_t text_function_callable(const Node& clause, const Type& value, std::string_view kind,
                                        const Type& result = Type::of(Type::Base::text));
    std::int32_t value_callable(std::string kind, const Node& name_node, const Type& param_type, const Node& value,
                                std::int32_t& expr_out);

    // ---- types
    std::int32_t type_index(const Type& t);
    Type type_of(const Node& e) const;

    // ---- expressions (compiler_expressions.cpp)
    std::int32_t expr(const Node& e);
    std::int32_t add_expr(ExprOp op, const Type& type, const SourceLocation& loc, std::int32_t a = 0,
                          std::int32_t b = 0, const std::vector<std::int32_t>& children = {});
    std::int32_t constant(Value v, const Type& type, const SourceLocation& loc);
    std::int32_t expr_as(const Node& e, ValueType wanted);
    std::int32_t expr_as(const Node& e, const Type& wanted);
    std::vector<std::int32_t> arguments(const Node& args, const std::vector<Type>& params);
    std::int32_t name_expr(const Node& e);
    std::int32_t binary_expr(const Node& e);
    std::int32_t field_expr(const Node& e);
    std::int32_t index_expr(const Node& e);
    std::int32_t call_expr(const Node& e);
    std::int32_t builtin_expr(const Node& e, std::string_view name);

    // ---- what functions read (compiler_dependencies.cpp)
    void note_reads(const Expr& e);          // the expression is part of the callable being compiled
    void settle_function_dependencies();     // a function reads what the functions it calls read

    // ---- small functions copied into their callers (compiler_inlining.cpp)
    void inline_small_functions();
    // Per function: whether its calls are copied into their callers (Inlining in compiler_inlining.cpp).
    enum class Inlining : std::uint8_t { never, always, with_varying_argument };
    std::vector<Inlining> inlinable_functions() const;
    std::int32_t copy_body(std::int32_t expr, std::int32_t slot_offset, std::int32_t owner,
                           const std::vector<std::int32_t>& arguments_read_in_place);

    // ---- small procedures copied into their callers (compiler_procedure_inlining.cpp)
    void inline_small_procedures();
    std::vector<bool> inlinable_procedures() const;
    bool copy_procedure_calls(const std::vector<bool>& inlinable, std::size_t limit);
    void copy_procedure(const Instr& call, std::int32_t owner, const std::vector<Instr>& old, std::vector<Instr>& code);
    void copy_instruction(Instr& in, const CopyPlace& place);
    std::int32_t copy_choice(std::int32_t index, const CopyPlace& place);
    std::int32_t copy_menu(std::int32_t index, const CopyPlace& place);
    std::int32_t constructor_expr(const Node& e, const Type& type, const std::vector<FieldInfo>& fields, bool card);
    std::int32_t comprehension_expr(const Node& e);
    std::int32_t text_expr(const Node& text_node, const FieldScope& scope = {});
    // `text_node`: the text's node, whose holes may hold expressions (Checker::hole_expression); null for `shown as`.
    std::int32_t sorted_expr(const Node& e);
    std::int32_t template_index(const std::string& text, const SourceLocation& loc, const FieldScope& scope,
                                const Node* text_node = nullptr);
    std::int32_t hole_expr(const std::string& path, const SourceLocation& loc, const FieldScope& scope);
    std::int32_t field_access(std::int32_t object, const Type& object_type, std::string_view field,
                              const SourceLocation& loc);
    Type declared_type(const Expr& access, std::string_view field) const;
    std::int32_t intern_text(const std::string& text);
    std::optional<Value> enum_value(std::string_view name, const Type& type) const;
    Value option_literal(const Node& v, const OptionDecl& option) const;

    // ---- statements (compiler_statements.cpp)
    void block(const Node& b);
    void statement(const Node& s);
    std::int32_t emit(Code code, const SourceLocation& loc);
    Instr& at(std::int32_t pc) { return program_->code[static_cast<std::size_t>(pc)]; }
    std::int32_t here() const { return static_cast<std::int32_t>(program_->code.size()); }
    void let_statement(const Node& s);
    void say_statement(const Node& s);
    void show_statement(const Node& s);
    void tell_statement(const Node& s);
    void choice_statement(const Node& s, const Node& choice);
    void total_clause(Choice& c, const Node& total, const Type& element);
    void size_condition_as_total(Choice& c, const Type& element);
    void assign_statement(const Node& s);
    void assign_to(const Node& target, std::int32_t value, std::int32_t operation, const SourceLocation& loc);
    void if_statement(const Node& s);
    void for_statement(const Node& s);
    bool leaves_zones_alone(std::int32_t first, std::int32_t end) const;
    void begin_loop();
    void end_loop();
    void loop_statement(const Node& s);
    void simultaneous_statement(const Node& s);
    void menu_statement(const Node& s);
    void move_statement(const Node& s);
    void call_statement(const Node& s);
    std::int32_t choice_point(const std::string& name);

    // ---- scopes
    void push_scope() { scopes_.emplace_back(); }
    void pop_scope() { scopes_.pop_back(); }
    std::int32_t new_slot(const Type& type);
    bool calls_a_procedure(const Node& n) const;
    // The procedure call whose value the statement being compiled reads at once (the whole right side of `let`, `=`
    // or `return`); any other procedure call in an expression keeps its value in a slot (call_expr).
    const Node* direct_value_call_ = nullptr;
    std::int32_t declare_local(const Node& name_node, const Type& fallback = Type());
    const LocalName* find_local(std::string_view name) const;
    const Symbol* find_symbol(std::string_view name) const;

    std::uint64_t source_hash() const;
    void unsupported(const SourceLocation& loc, const std::string& what);

    const checking::Checker& checker_;
    const std::vector<LoadedFile>& files_;
    const SourceSet& sources_;
    std::vector<Diagnostic>& diagnostics_;
    std::shared_ptr<Program> program_;

    std::map<std::string, std::int32_t, std::less<>> callables_;   // procedures and functions by name
    std::map<std::string, std::int32_t, std::less<>> slots_;       // options, decks and state fields
    std::map<std::string, std::int32_t, std::less<>> zones_, tables_, boards_, dice_, seats_;
    std::map<std::string, std::int32_t> type_ids_;

    std::vector<std::map<std::string, LocalName, std::less<>>> scopes_;
    std::int32_t current_callable_ = -1;
    std::vector<std::pair<std::int32_t, std::int32_t>> function_calls_;  // (caller, callee); callee -1: score
    std::vector<std::int32_t> expr_owner_;   // per expression: the callable it belongs to (-1: none)
    std::vector<std::int32_t> break_jumps_;   // jumps to patch when the innermost loop ends
    std::vector<std::size_t> loop_marks_;     // break_jumps_ size at each loop's start
    bool in_strategy_ = false;
    Type choice_type_;
    std::int32_t simultaneous_slot_ = -1;     // set while compiling the first statement of a `simultaneously` body
};

}  // namespace rulesrun::runtime
