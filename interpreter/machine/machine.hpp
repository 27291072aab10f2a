// The machine runs a Program on a StateData: instructions until the next decision (machine_run.cpp), expressions
// (machine_eval.cpp), built-in functions (machine_builtins.cpp), zones, the heap and its collector
// (machine_memory.cpp), subset choices (machine_subsets.cpp) and showing values as text (machine_text.cpp).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "program.hpp"
#include "state.hpp"

namespace rulesrun::runtime {

// Limits that stop runaway rules with an error instead of a hang or a crash.
inline constexpr std::int64_t max_steps_per_decision = 10'000'000;
inline constexpr std::size_t max_call_depth = 400;
inline constexpr std::size_t max_heap_values = std::size_t{1} << 26;
inline constexpr std::size_t max_cards = 100000;
inline constexpr double max_subset_options = 1 << 20;  // different selections a subset choice may offer
inline constexpr std::int64_t max_number = 2147483647;  // numbers are 32-bit; -2^31 is `none`
inline constexpr std::size_t max_text_bytes = std::size_t{1} << 20;

// Makes a compiled program runnable, once, before any game runs it: every expression gets its handler
// (assign_eval_handlers, machine_eval_handlers.cpp) and every instruction its entry in the instruction loop
// (assign_entries, machine_instructions.cpp).
void prepare_to_run(Program& program);
void assign_eval_handlers(Program& program);
void assign_entries(Program& program);

// How an expression is evaluated (machine_eval_handlers.cpp): by a handler of its own for the frequent, simple ones,
// else by Machine::eval_rest. The interpreter picks a handler per kind; the native engine (native_source.cpp)
// writes the same thing out per expression.
enum class EvalKind : std::uint8_t {
    rest, constant, local, slot, zone, player_field, card_field, space_field, record_field, logical_not,
    if_then_else, negate, at, size, top, fold_numbers, count_equal, builtin, call_function, inline_call,
    comprehension, values_on_heap, board_space,
    // binary: both operands read by the handler itself (see Expr::direct)
    logical_and, logical_or, same, not_same, less, less_equal, greater, greater_equal, add, subtract, multiply
};
EvalKind eval_kind(const Program& program, const Expr& e);
EvalKind builtin_kind(const Program& program, const Expr& e);
constexpr bool is_binary(EvalKind kind) { return kind >= EvalKind::logical_and; }

// A sequence to iterate without copying: a heap list, a zone's region, or the numbers begin..begin+length-1.
struct Sequence {
    enum class Kind : std::uint8_t { heap, zone, numbers } kind = Kind::numbers;
    std::int32_t begin = 0;
    std::int32_t length = 0;
};

// x = v, x += v, x -= v: the sums are computed wide, and checked by the caller.
inline std::int64_t combine(Value old_value, Value value, std::int32_t operation) {
    if (operation == 1) return std::int64_t{old_value} + value;
    if (operation == 2) return std::int64_t{old_value} - value;
    return value;
}

class Machine {
    friend struct EvalHandlers;  // the expression handlers are the evaluator's own parts

public:
    Machine(const Program& program, StateData& state)
        : p_(program), s_(state), in_(*state.instance), step_limit_(state.steps + max_steps_per_decision) {
        set_frame(0);
    }

    // ---- running (machine_run.cpp)
    void start();                          // the game begins: setup, then play
    void resume_with_answers();            // every pending decision has its answer
    void offer_again();                    // the pending decision, its options computed anew (after a new deal)
    void run();                            // until a decision or the end
    void run_until(std::size_t depth);
    enum class Flow : std::uint8_t { next, switched, wait };  // same frame goes on; frames changed; a decision waits
    // One instruction of the innermost frame (its code given apart: see run_until), whose position `pc` the loop
    // keeps in a register: it is written back to the frame before anything that reads it or changes the frames
    // (calls, decisions, events, the end).
    [[gnu::always_inline]] Flow step(Code code, const Instr& in, std::int32_t& pc);
    // The same, not inline: for the native engine's instruction loop, which writes out only the simple instructions.
    Flow step_at(Code code, const Instr& in, std::int32_t& pc);
    void call_procedure(const Instr& in);
    void move_statement(const Instr& in);
    void move_values(const Instr& in, Value what, Value zone, Value position, Value random_low, Value random_high);
    // Who learns what (machine_audience.cpp).
    void say_statement(const Instr& in);
    void show_statement(const Instr& in);
    bool audience(const Instr& in, std::vector<int>& seats);
    template <typename Visit>
    void each_card_shown(Value what, const ValueType& type, Visit&& visit);
    void learn_card(Value card, SeatMask seers);
    void tell_statement(const Instr& in);
    std::string shown_text(Value what, std::int32_t type, const SourceLocation& loc);
    void move_and_note(Value card, std::int32_t zone, std::int32_t place, std::int32_t position, const SourceLocation& loc,
                       std::int32_t random_low = 0, std::int32_t random_high = 0);
    void note_events(Value card, std::int32_t from, std::int32_t to);
    bool events_tell_apart(Value card, Value moved, std::int32_t from, std::int32_t to);
    void start_events();
    bool choose(const Instr& in);
    static bool offers_no_repeats(const Program& program, const Choice& ch);
    bool close_choice(const Instr& in, bool no_repeats);
    // ---- subset choices (machine_subsets.cpp): groups of interchangeable elements
    using SubsetGroups = std::vector<std::vector<Value>>;
    void offer_subsets(const Choice& ch, const Sequence& domain, const SourceLocation& loc);
    void offer_subsets_with_total(const Choice& ch, const SubsetGroups& groups, const SourceLocation& loc);
    void offer_selection(const Choice& ch, const SubsetGroups& groups, const std::vector<std::size_t>& taken,
                         const SourceLocation& loc);
    bool interchangeable(Value a, Value b, std::int32_t type) const;
    bool holds_cards(std::int32_t record_type) const;
    bool interchangeable_records(Value a, Value b, std::int32_t record_type) const;
    // `choose one of`: equal options (interchangeable cards, equal values) are offered once, the first of each.
    void drop_repeated_options(std::size_t begin, std::int32_t type);
    std::uint64_t option_fingerprint(Value v, std::int32_t type) const;
    const std::vector<std::size_t>& fingerprinted_fields(std::int32_t record_type) const;
    void drop_interchangeable(std::size_t begin, std::int32_t type,
                              const std::vector<std::uint64_t>& fingerprints);
    // The decisions and the endings are reached at every decision of both engines: their common paths are inlined,
    // their errors out of line.
    // A decision for the player `chooser` names (or `seat`, evaluated by the caller), added to the pending ones; its
    // options follow in pending_options. Made in place: a Pending built on the stack and copied in would be read
    // back before its fields are all stored.
    Pending& new_decision(std::int32_t chooser, const SourceLocation& loc) { return decision_of(eval(chooser), loc); }
    [[gnu::always_inline]] Pending& decision_of(Value seat, const SourceLocation& loc) {
        if (seat < 0 || seat >= in_.players) [[unlikely]] no_chooser(loc);
        Pending& d = s_.pending.emplace_back();
        d.seat = seat;
        d.frame_base = base_;
        d.options_begin = static_cast<std::int32_t>(s_.pending_options.size());
        return d;
    }
    [[noreturn, gnu::cold, gnu::noinline]] void no_chooser(const SourceLocation& loc) const {
        fail(loc, "the player who chooses is 'none'");
    }
    // The options gathered for the newest decision are counted.
    [[gnu::always_inline]] void close_decision(const SourceLocation& loc, const std::string& name, bool menu) {
        Pending& d = s_.pending.back();
        d.options_count = static_cast<std::int32_t>(s_.pending_options.size()) - d.options_begin;
        if (d.options_count <= 0) [[unlikely]] no_legal_option(loc, name, menu);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void no_legal_option(const SourceLocation& loc, const std::string& name,
                                                                bool menu);
    bool offer_menu(const Instr& in);
    // Ends the game when an `end game when` condition holds (`at_once_only`: only those that end it at once).
    [[gnu::always_inline]] void check_endings(bool at_once_only = false) {
        if (p_.end_conditions.empty() || !s_.play_started || s_.finished) return;
        check_end_conditions(at_once_only);
    }
    void check_end_conditions(bool at_once_only);
    // The game reached a length limit before its next decision: the rules' own (`end game after N actions`, with its
    // outcome) or the run's cap on a game's length (a draw). Everyone reads so in the log.
    void end_at_length_limit(bool rules_limit);
    // A text expression of the callable whose frame starts at `frame_base` (a pending decision's), as it reads now.
    std::string text_in_frame(std::int32_t text, std::int32_t frame_base);
    const Callable& rule_at(const SourceLocation& loc) const;
    void finish(std::int32_t winners_list, bool draw = false);
    bool ranked_first(std::size_t seat) const;
    Value call_value(std::int32_t callable, std::int32_t expr, Value argument);  // score, statistics, endings

    // ---- expressions (machine_eval.cpp)
    // An expression's value. Leaves (a local or a constant: half of all evaluations) are read here, inline, without
    // a call; the rest goes to the handler the expression carries (machine_eval_handlers.cpp).
    Value eval(std::int32_t index) {
        const Expr& c = exprs_[index];
        if (c.op == ExprOp::local) return frame_[c.a];
        if (c.op == ExprOp::constant) return c.a;
        return c.handler(*this, c);
    }
    [[gnu::noinline]] Value eval_rest(const Expr& e, std::int32_t index);
    Value call_function(const Expr& e);
    Value sorted(const Expr& e);
    Value fold_numbers(const Expr& e);   // sum, max, min (machine_builtins.cpp)
    [[noreturn, gnu::cold, gnu::noinline]] void none_among_numbers(const SourceLocation& loc) const;
    [[noreturn, gnu::cold, gnu::noinline]] void extremum_of_nothing(const SourceLocation& loc) const;
    [[noreturn, gnu::cold, gnu::noinline]] void calls_too_deep(const SourceLocation& loc) const;
    [[noreturn, gnu::cold, gnu::noinline]] void procedures_too_deep(const SourceLocation& loc) const;
    [[noreturn, gnu::cold, gnu::noinline]] void list_too_large(const SourceLocation& loc) const;
    Value count_equal(const Expr& e);
    Value comprehension(const Expr& e);
    Value inline_call(const Expr& e);
    Value values_on_heap(const Expr& e);
    Value table_lookup(const Expr& e);
    Value board_space(const Expr& e);
    // The space at row r, column c (from 1) of grid b, or none off the board.
    Value grid_space(std::size_t b, Value r, Value c) const {
        if (r < 1 || c < 1 || r > in_.board_rows[b] || c > in_.board_columns[b]) return none_value;
        return in_.board_first[b] + (r - 1) * in_.board_columns[b] + (c - 1);
    }
    Value make_card(const Expr& e);
    // The elements of a list, a zone, the players, an enum's values or a range, read in place. Always inline: a
    // Sequence returned through memory from a call stalls the processor (its fields are stored apart and loaded
    // together), and GCC does not inline it by itself.
    [[gnu::always_inline]] Sequence sequence(std::int32_t index) {
        const Expr& e = p_.exprs[static_cast<std::size_t>(index)];
        switch (e.op) {
            case ExprOp::zone: {
                const std::int32_t zone = in_.zone_first[static_cast<std::size_t>(e.a)];
                return {Sequence::Kind::zone, static_cast<std::int32_t>(s_.zone_top(static_cast<std::size_t>(zone))), s_.zone_size[static_cast<std::size_t>(zone)]};
            }
            case ExprOp::players: return {Sequence::Kind::numbers, 0, in_.players};
            case ExprOp::enum_values: return {Sequence::Kind::numbers, 0, e.a};
            case ExprOp::range: return range_sequence(e);
            default: break;
        }
        const Value v = eval(index);
        if (v == none_value) not_a_list(e.loc);
        if (e.kind == ValueKind::zone) {
            return {Sequence::Kind::zone, static_cast<std::int32_t>(s_.zone_top(static_cast<std::size_t>(v))), s_.zone_size[static_cast<std::size_t>(v)]};
        }
        return {Sequence::Kind::heap, v + 1, s_.heap[static_cast<std::size_t>(v)]};
    }
    [[gnu::noinline]] Sequence range_sequence(const Expr& e);
    // low..high, range `e`'s bounds once evaluated.
    Sequence range_of(Value low, Value high, const Expr& e) const {
        if (low == none_value || high == none_value) fail(e.loc, "a range needs two numbers, not 'none'");
        const std::int64_t length = std::max<std::int64_t>(0, std::int64_t{high} - low + 1);
        if (length > static_cast<std::int64_t>(max_heap_values)) range_too_long(low, high, e.loc);
        return {Sequence::Kind::numbers, low, static_cast<std::int32_t>(length)};
    }
    [[noreturn, gnu::cold, gnu::noinline]] void range_too_long(Value low, Value high, const SourceLocation& loc) const;
    // at(space, rows, columns): the space that many rows and columns away on its board, or none off the board.
    [[gnu::always_inline]] Value space_at(Value space, std::int64_t rows, std::int64_t columns) const {
        const auto s = static_cast<std::size_t>(space);
        const auto b = static_cast<std::size_t>(in_.space_board[s]);
        const Value board_columns = in_.board_columns[b];
        const std::int64_t r = in_.space_row[s] + rows, c = in_.space_column[s] + columns;
        if (r < 0 || c < 0 || r >= in_.board_rows[b] || c >= board_columns) return none_value;
        return in_.board_first[b] + static_cast<Value>(r) * board_columns + static_cast<Value>(c);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void not_a_space(const SourceLocation& loc) const {
        fail(loc, "expected a space, found 'none'");
    }
    [[noreturn, gnu::cold, gnu::noinline]] void not_a_player(const SourceLocation& loc) const {
        fail(loc, "expected a player, found 'none'");
    }
    [[noreturn, gnu::cold, gnu::noinline]] void not_a_list(const SourceLocation& loc) const {
        fail(loc, "expected a list or a zone, found 'none'");
    }
    [[noreturn, gnu::cold, gnu::noinline]] void abs_of_none(const SourceLocation& loc) const { fail(loc, "abs of 'none'"); }
    // Visits the values of a list expression in order; `visit(v)` returns false to stop early. A comprehension is
    // not built as a list: size, sum, count, any... of `[x for ...]` (the common case) allocate nothing.
    template <typename Visit>
    void each_value(std::int32_t list, Visit&& visit);
    // The elements a comprehension runs over: a list written out (`[a, b, c]`) is evaluated item by item, and a
    // board's spaces are read in place, without building the list.
    template <typename Visit>
    void each_source_element(std::int32_t source, Visit&& visit);
    // A comprehension's values as they are made, without the list (`for t in [at(s, 1, d) for d in -1..1]`, or the
    // inner `for` of `[... for s in ... for t in ...]`). Not a template: the visitor it is given ends the recursion of
    // the templates (each_source_element would otherwise instantiate itself for ever).
    class ValueVisitor {
    public:
        template <typename Visit>
        explicit ValueVisitor(Visit& visit)
            : visit_(const_cast<void*>(static_cast<const void*>(&visit))),
              call_([](void* v, Value x) -> bool { return (*static_cast<Visit*>(v))(x); }) {}
        bool operator()(Value x) const { return call_(visit_, x); }

    private:
        void* visit_;
        bool (*call_)(void*, Value);
    };
    void each_comprehension_value(const Expr& comprehension, const ValueVisitor& visit);
    // Whether a comprehension can be read value by value: one `for`, no `copies` (at most one value per element).
    static bool streams(const Expr& e) { return e.op == ExprOp::comprehension && (e.b & 6) == 0; }
    // The same, except that a copied function whose body is a comprehension (`orthogonal_at(s, 2)`) is not seen
    // through: what a fused comprehension runs over.
    template <typename Visit>
    void each_plain_source_element(std::int32_t source, Visit&& visit);
    // The elements of `source` for which `where` holds (every one when where < 0), each put in the frame at `slot`
    // first, as a comprehension's or a choice's `for` does. A board's spaces filtered on one of their fields
    // (`for s in spaces(squares) where s.mark == none`, the move generation of board games) are scanned in place:
    // the field is read for each space, the condition is not evaluated.
    template <typename Visit>
    void each_element_where(std::int32_t source, std::int32_t slot, std::int32_t where, Visit&& visit);
    // The spaces still alive of `spaces(board)`, counted against the step limit first: visit(space, its first slot).
    template <typename Visit>
    void each_alive_space(const Expr& spaces, Visit&& visit);
    struct FieldScan {
        std::int32_t field = 0;    // the field compared, of the board's spaces
        bool equal = true;         // `==`, else `!=`
        std::int32_t against = 0;  // a constant's value, or a local's slot
        bool against_local = false;
    };
    // Whether `where` compares a field of the local at `slot`, a space of the board `source` lists, with a constant
    // or another local; how, in `scan`.
    bool scans_field(std::int32_t source, std::int32_t slot, std::int32_t where, FieldScan& scan) const;
    Value element(const Sequence& s, std::int32_t i) const {
        switch (s.kind) {
            case Sequence::Kind::heap: return s_.heap[static_cast<std::size_t>(s.begin + i)];
            case Sequence::Kind::zone: return s_.zone_cards[static_cast<std::size_t>(s.begin + i)];
            case Sequence::Kind::numbers: return s.begin + i;
        }
        return 0;
    }
    // Copies the elements to the heap from index `to` on (room made first: the heap must not move meanwhile).
    void copy_elements(const Sequence& s, std::int32_t to);
    Value make_list(const Sequence& s, const SourceLocation& loc);
    Value with_element(const Expr& e);
    Value in_field_values(const Expr& e);
    bool values_equal(Value a, Value b, std::int32_t type) const;
    // Whether values of this type are equal by content (texts, lists, records) rather than as the same number.
    bool compared_by_content(std::int32_t type) const { return type >= 0 && p_.type(type).compared_by_content(); }
    bool texts_equal(Value a, Value b) const;
    std::size_t text_length(Value v) const;
    unsigned char text_letter(Value v, std::size_t i) const;
    Value join_texts(Value a, Value b, const SourceLocation& loc);
    [[noreturn, gnu::cold, gnu::noinline]] void text_too_long(const SourceLocation& loc) const;
    // The slot of a field. These are read on every field access of both engines: the checks and the field found by
    // name (type or board -1, a field of a value whose kind only the running game knows) are out of line, so that
    // the rest is inlined even in the native engine's large files.
    [[gnu::always_inline]] Value player_slot(Value player, std::int32_t field, const SourceLocation& loc) {
        if (player < 0 || player >= in_.players) [[unlikely]] no_player_here(loc);
        return in_.player_base + player * in_.player_stride + field;
    }
    [[gnu::always_inline]] std::int32_t card_slot(Value card, std::int32_t field, std::int32_t type,
                                                  const SourceLocation& loc) {
        const auto c = static_cast<std::size_t>(card);
        if (c >= in_.card_base.size() || type < 0) [[unlikely]] return card_slot_by_name(card, field, loc);
        return in_.card_base[c] + field;
    }
    [[gnu::always_inline]] std::int32_t space_slot(Value space, std::int32_t field, std::int32_t board,
                                                   const SourceLocation& loc) {
        const auto s = static_cast<std::size_t>(space);
        if (s >= in_.space_base.size() || board < 0) [[unlikely]] return space_slot_by_name(space, field, loc);
        return in_.space_base[s] + field;
    }
    [[noreturn, gnu::cold, gnu::noinline]] void no_player_here(const SourceLocation& loc) const {
        fail(loc, "no player here ('none')");
    }
    // The slot of field number `field` of the rules' texts (its name); fails when the value is none.
    [[gnu::noinline]] std::int32_t card_slot_by_name(Value card, std::int32_t field, const SourceLocation& loc);
    [[gnu::noinline]] std::int32_t space_slot_by_name(Value space, std::int32_t field, const SourceLocation& loc);

    // ---- built-in functions (machine_builtins.cpp)
    Value builtin(const Expr& e);
    // random(low, high). A card's random position in a zone is not drawn again by the search bot (chance_redraw.hpp):
    // determinization deals again the cards a seat cannot place.
    Value random_number(Value low, Value high, const SourceLocation& loc, bool may_redraw = true);
    Value ring_step(Value space, std::int32_t steps, const SourceLocation& loc);

    // ---- chance forced by a test (machine_forced.cpp, docs/fixtures.md)
    [[gnu::cold, gnu::noinline]] Value forced_number(Value low, Value high, const std::string& what, const SourceLocation& loc,
                                                     bool may_redraw = true);
    [[gnu::cold, gnu::noinline]] void force_order(std::int32_t zone, const SourceLocation& loc);
    [[gnu::cold, gnu::noinline]] void probe_shuffle(std::int32_t zone);

    // ---- memory (machine_memory.cpp)
    // Room for a list or a record of `length` values on the heap, its length stored first; where it starts.
    [[gnu::always_inline]] std::int32_t allocate(std::int32_t length, const SourceLocation& loc) {
        const std::size_t at = s_.heap.size();
        if (at + static_cast<std::size_t>(length) + 1 > max_heap_values) heap_full(loc);
        s_.heap.grow(static_cast<std::size_t>(length) + 1);
        s_.heap[at] = length;
        return static_cast<std::int32_t>(at);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void heap_full(const SourceLocation& loc) const;
    // A list of values[from...] on the heap.
    Value list_of(const ValueStack& values, std::size_t from, const SourceLocation& loc) {
        const auto length = static_cast<std::int32_t>(values.size() - from);
        const std::int32_t list = allocate(length, loc);
        Value* const out = s_.heap.data() + list + 1;
        for (std::int32_t i = 0; i < length; ++i) out[i] = values[from + static_cast<std::size_t>(i)];
        return list;
    }
    void move_card(Value card, std::int32_t zone, std::int32_t place, std::int32_t position, const SourceLocation& loc,
                   std::int32_t random_low = 0, std::int32_t random_high = 0);
    void remove_from_zone(Value card);
    // Puts `card` at place `at` of a zone's region (see StateData::zone_cards) and notes the place.
    void place_in_region(Value* region, std::int32_t at, Value card) {
        region[at] = card;
        s_.card_pos[static_cast<std::size_t>(card)] = at;
    }
    void shuffle_zone(std::int32_t zone, const SourceLocation& loc);
    // `shuffle zone`, the zone evaluated.
    void shuffle_value(Value zone, const SourceLocation& loc) {
        if (zone == none_value) [[unlikely]] shuffle_of_none(loc);
        shuffle_zone(zone, loc);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void shuffle_of_none(const SourceLocation& loc) const {
        fail(loc, "cannot shuffle 'none': no zone given");
    }
    void collect_garbage();
    Value relocate(Value v, std::int32_t type, ValueStack& to);

    // ---- texts (machine_text.cpp)
    std::string show(Value v, std::int32_t type, const SourceLocation& loc = {});
    std::string text_of(Value v) const;
    Value make_text(const std::string& text, const SourceLocation& loc);
    std::string fill_template(std::int32_t t);
    std::string show_with_self(std::int32_t template_index, Value self);
    std::string seat_name(Value seat) const;
    std::string space_name(Value space) const;
    std::string card_name(Value card);     // its `shown as`, else "Type N"

    // A write of this kind: functions that read such things compute their value again.
    void changed(StateKind kind) { ++s_.changes[static_cast<std::size_t>(kind)]; }
    // Grows whenever anything of the kinds in `reads` changes (the counts only grow, so their sum does too).
    [[gnu::always_inline]] std::int64_t state_stamp(std::uint8_t reads) const {  // `reads` is mostly a constant
        std::int64_t stamp = 0;
        for (int k = 0; k < state_kinds; ++k) {
            if (reads & (1u << k)) stamp += s_.changes[static_cast<std::size_t>(k)];
        }
        return stamp;
    }

    // Counts work that is not an instruction (list building, function calls, scans) against the step limit.
    [[gnu::always_inline]] void charge(std::int64_t work, const SourceLocation& loc) {
        s_.steps += work;
        if (s_.steps > step_limit_) too_many_steps(loc);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void too_many_steps(const SourceLocation& loc) const;
    Value checked(std::int64_t v, const SourceLocation& loc) const {
        if (v > max_number || v < -max_number) number_too_large(v, loc);
        return static_cast<Value>(v);
    }
    [[noreturn, gnu::cold, gnu::noinline]] void number_too_large(std::int64_t v, const SourceLocation& loc) const;

    // ---- errors
    // "file.rules:LINE:COLUMN" of a place in the rules.
    [[nodiscard]] std::string where(const SourceLocation& loc) const;
    [[noreturn, gnu::cold, gnu::noinline]] void fail(const SourceLocation& loc, const std::string& message) const;

    bool remember_ = true;             // functions may remember their values (not while a const reader looks)
    // Set only while an Instance is built: decks make their cards then.
    Instance* building_ = nullptr;
    // Strategies read these through ExprOp::me and ExprOp::choice.
    Value me_ = none_value;
    Value choice_ = none_value;

    const Program& p_;
    StateData& s_;
    const Instance& in_;
    const Expr* const exprs_ = p_.exprs.data();  // the program does not change: one load less per evaluation
    // The locals of the frame being evaluated: their index in s_.locals, and a pointer to them (one load less for
    // each read of a local). Whatever changes the frame or the size of s_.locals calls set_frame afterwards, so that
    // the pointer follows the vector when it grows elsewhere.
    std::int32_t base_ = 0;
    Value* frame_ = nullptr;
    void set_frame(std::int32_t base) {
        base_ = base;
        frame_ = s_.locals.data() + base;
    }
    std::int32_t callable_ = 0;        // the callable being run (for error messages)
    Value returned_ = 0;               // a function's value, set by ret_value
    std::size_t expression_calls_ = 0; // functions with an expression body being evaluated (they push no frame)
    std::int64_t step_limit_ = 0;     // declared after the references above: initialised from s_
};

template <typename Visit>
void Machine::each_source_element(std::int32_t source, Visit&& visit) {
    const Expr& e = p_.expr(source);
    if (streams(e)) {
        each_comprehension_value(e, ValueVisitor(visit));
        return;
    }
    if (e.op == ExprOp::inline_call) {
        // A copied function that makes a list by a comprehension: its elements are visited as they are made, and the
        // list is never built. Safe: the copy's slots belong to this call site alone, so whatever `visit` evaluates
        // cannot overwrite them.
        const std::int32_t arguments = e.child_count - 1;
        const Expr& body = p_.expr(p_.child(e, arguments));
        if (body.op == ExprOp::comprehension && (body.b & 6) == 0) {
            charge(1, e.loc);
            for (std::int32_t i = 0; i < arguments; ++i) {
                if (!evaluated_argument(e.direct[0], i)) continue;
                const Value v = eval(p_.child(e, i));
                frame_[e.a + i] = v;
            }
            const std::int32_t where = (body.b & 1) ? body.first3[2] : -1;
            each_plain_source_element(body.first3[0], [&](Value v) {
                frame_[body.a] = v;
                const bool kept = where < 0 || eval(where);
                const Value element = kept ? eval(body.first3[1]) : 0;
                return !kept || visit(element);
            });
            return;
        }
    }
    each_plain_source_element(source, visit);
}

template <typename Visit>
void Machine::each_plain_source_element(std::int32_t source, Visit&& visit) {
    // The elements are counted against the step limit before they are visited.
    const Expr& e = p_.expr(source);
    if (e.op == ExprOp::list) {
        charge(e.child_count, e.loc);
        for (std::int32_t i = 0; i < e.child_count; ++i) {
            if (!visit(eval(p_.child(e, i)))) return;
        }
        return;
    }
    if (e.op == ExprOp::builtin && static_cast<Builtin>(e.a) == Builtin::spaces) {
        each_alive_space(e, [&](Value space, std::size_t) { return visit(space); });
        return;
    }
    const Sequence s = sequence(source);
    charge(s.length, e.loc);
    for (std::int32_t i = 0; i < s.length; ++i) {
        if (!visit(element(s, i))) return;
    }
}

template <typename Visit>
void Machine::each_element_where(std::int32_t source, std::int32_t slot, std::int32_t where, Visit&& visit) {
    FieldScan scan;
    if (where < 0 || !scans_field(source, slot, where, scan)) {
        each_source_element(source, [&](Value v) {
            frame_[slot] = v;
            if (where >= 0 && !eval(where)) return true;
            return visit(v);
        });
        return;
    }
    Value last = none_value;
    each_alive_space(p_.expr(source), [&](Value space, std::size_t base) {
        last = space;
        const Value against = scan.against_local ? frame_[scan.against] : scan.against;
        if ((s_.slots[base + static_cast<std::size_t>(scan.field)] == against) != scan.equal) return true;
        frame_[slot] = space;
        return static_cast<bool>(visit(space));
    });
    if (last != none_value) frame_[slot] = last;  // where the loop leaves it when the condition is evaluated
}

template <typename Visit>
void Machine::each_alive_space(const Expr& spaces, Visit&& visit) {
    const auto b = static_cast<std::size_t>(eval(spaces.first3[0]));
    const std::int32_t count = in_.board_rows[b] * std::max(in_.board_columns[b], 1);
    const std::size_t alive_field = p_.boards[b].fields.size();
    charge(count, spaces.loc);
    for (std::int32_t i = 0; i < count; ++i) {
        const Value space = in_.board_first[b] + i;
        const auto base = static_cast<std::size_t>(in_.space_base[static_cast<std::size_t>(space)]);
        if (!s_.slots[base + alive_field]) continue;
        if (!visit(space, base)) return;
    }
}

template <typename Visit>
void Machine::each_value(std::int32_t list, Visit&& visit) {
    const Expr& e = p_.expr(list);
    if (e.op == ExprOp::comprehension && (e.b & 6) == 0) {  // no `copies`, one `for`: one value per element at most
        const std::int32_t where = (e.b & 1) ? e.first3[2] : -1;
        each_element_where(e.first3[0], e.a, where, [&](Value) { return visit(eval(e.first3[1])); });
        return;
    }
    each_plain_source_element(list, visit);  // a written list, as `min([a, b])`, is read without being built
}

}  // namespace rulesrun::runtime
