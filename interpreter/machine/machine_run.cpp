// Running instructions until a player must decide or the game ends; the decisions themselves; the game's end.
#include <algorithm>

#include <fmt/format.h>

#include "machine.hpp"
#include "final_ranking.hpp"

namespace rulesrun::runtime {

void prepare_to_run(Program& program) {
    program.drops_spaces = std::any_of(program.code.begin(), program.code.end(),
                                       [](const Instr& in) { return in.code == Code::drop_space; });
    assign_eval_handlers(program);
    assign_entries(program);
}

// The rule a location lies in: the procedure or function whose declaration holds it, else the callable running.
// Found by place because their code may run copied into a caller (compiler_procedure_inlining.cpp,
// compiler_inlining.cpp), and copies do not change callable_: a location outside every declaration (a field's
// default value) is named after the rule that runs the copy.
const Callable& Machine::rule_at(const SourceLocation& loc) const {
    for (const Callable& c : p_.callables) {
        const bool declared = c.kind == "procedure" || c.kind == "function";
        if (declared && c.loc.file == loc.file && c.loc.offset <= loc.offset && loc.offset <= c.span_end) return c;
    }
    return p_.callables[static_cast<std::size_t>(callable_)];
}

std::string Machine::where(const SourceLocation& loc) const {
    const std::string& file = loc.file >= 0 && static_cast<std::size_t>(loc.file) < p_.files.size()
                                  ? p_.files[static_cast<std::size_t>(loc.file)]
                                  : p_.path;
    return fmt::format("{}:{}:{}", file, loc.line, loc.column);
}

void Machine::fail(const SourceLocation& loc, const std::string& message) const {
    const Callable& c = rule_at(loc);
    const std::string rule = c.kind == c.name ? c.name : c.kind + " " + c.name;
    throw RuleError(fmt::format("{}: in {}: {}", where(loc), rule, message));
}

void Machine::too_many_steps(const SourceLocation& loc) const {
    fail(loc, fmt::format("{} million steps without a decision: an endless loop?", max_steps_per_decision / 1'000'000));
}

void Machine::number_too_large(std::int64_t v, const SourceLocation& loc) const {
    fail(loc, fmt::format("the number {} is out of range (numbers go from -{} to {})", v, max_number, max_number));
}

void Machine::start() {
    s_.frames.clear();
    s_.locals.clear();
    s_.pending.clear();
    s_.pending_options.clear();
    const Callable& play = p_.callables[static_cast<std::size_t>(p_.play)];
    s_.locals.push(play.locals);
    s_.frames.push_back({p_.play, play.entry, 0});
    // The setup blocks run in declaration order (imported files first): the first one is the innermost frame.
    for (auto it = p_.setups.rbegin(); it != p_.setups.rend(); ++it) {
        const Callable& setup = p_.callables[static_cast<std::size_t>(*it)];
        s_.frames.push_back({*it, setup.entry, s_.locals.push(setup.locals)});
    }
    run();
}

// Every deciding seat has answered: give the answers to the rules and go on.
void Machine::resume_with_answers() {
    Frame& frame = s_.frames.back();
    const Pending& first = s_.pending.front();
    auto value_of = [&](const Pending& d) -> Value {
        return s_.pending_options[static_cast<std::size_t>(d.options_begin + d.answer)];
    };
    if (first.menu >= 0) {
        const Value option = s_.pending_options[static_cast<std::size_t>(first.options_begin + first.answer)];
        frame.pc = p_.menus[static_cast<std::size_t>(first.menu)].targets[static_cast<std::size_t>(option)];
    } else {
        const Choice& choice = p_.choices[static_cast<std::size_t>(first.choice)];
        if (choice.simultaneous_slot >= 0) {
            // The secret choices are revealed together: the bodies now run with the answers, in list order.
            const std::size_t mark = s_.scratch.size();
            for (const Pending& d : s_.pending) s_.scratch.push_back(value_of(d));
            const Value answers = list_of(s_.scratch, mark, {});
            s_.scratch.pop_to(mark);
            const auto block = static_cast<std::size_t>(s_.frames.back().base + choice.simultaneous_slot);
            s_.locals[block + 1] = 0;
            s_.locals[block + 2] = 1;
            s_.locals[block + 3] = answers;
        } else {
            const Value answer = value_of(first);
            Frame& top = s_.frames.back();
            s_.locals[static_cast<std::size_t>(top.base + choice.slot)] = answer;
            ++top.pc;
        }
    }
    s_.pending.clear();
    s_.pending_options.clear();
    s_.prompts.clear();
    run();
}

// The pending decision offered again from the state as it is now: a determinization has dealt the unseen cards
// again, so options computed from the old deal (another seat's hand) may name cards that are no longer there. A
// `simultaneously` decision is offered again from its first seat; the answers are lost (the caller keeps those it
// must). Offering evaluates expressions only: no chance, nothing written.
void Machine::offer_again() {
    if (s_.pending.empty()) return;
    const Pending first = s_.pending.front();
    Frame& frame = s_.frames.back();
    if (first.choice >= 0) {
        const Choice& choice = p_.choices[static_cast<std::size_t>(first.choice)];
        if (choice.simultaneous_slot >= 0) {
            s_.locals[static_cast<std::size_t>(frame.base + choice.simultaneous_slot) + 1] = 0;  // its first seat
            frame.pc = choice.simultaneous_next;
        }
    }
    s_.pending.clear();
    s_.pending_options.clear();
    s_.prompts.clear();
    run();
}

std::string Machine::text_in_frame(std::int32_t text, std::int32_t frame_base) {
    for (const Frame& frame : s_.frames) {
        if (frame.base == frame_base) callable_ = frame.callable;  // errors name the rule that asks
    }
    set_frame(frame_base);
    return text_of(eval(text));
}

// Whether no player ranks before `seat` (final_ranking.hpp).
bool Machine::ranked_first(std::size_t seat) const {
    for (std::size_t other = 0; other < s_.final_scores.size(); ++other) {
        if (ranks_before(p_, s_, other, seat)) return false;
    }
    return true;
}

// Evaluates `expr` (or the callable's expression body when -1) in a fresh frame of the callable.
Value Machine::call_value(std::int32_t callable, std::int32_t expr, Value argument) {
    const Callable& c = p_.callables[static_cast<std::size_t>(callable)];
    const std::int32_t saved_base = base_, saved_callable = callable_;
    const std::int32_t base = s_.locals.push(std::max(c.locals, 1));
    if (c.params > 0) s_.locals[static_cast<std::size_t>(base)] = argument;
    set_frame(base);
    callable_ = callable;
    const Value v = eval(expr >= 0 ? expr : c.body);
    s_.locals.pop_to(static_cast<std::size_t>(base));
    set_frame(saved_base);
    callable_ = saved_callable;
    return v;
}

// The `end game when` conditions, in declaration order; only the `as soon as` ones when `at_once_only` (after a
// write). The others are checked where a step of the rules has resolved: before each decision, at `check end of
// game`, and when `play` finishes (docs/language.md, "The end").
void Machine::check_end_conditions(bool at_once_only) {
    for (const EndCondition& end : p_.end_conditions) {
        if (at_once_only && !end.at_once) continue;
        if (call_value(end.condition, -1, 0) != 0) {
            finish(end.winners >= 0 ? call_value(end.winners, -1, 0) : -1, end.draw);
            return;
        }
    }
}

void Machine::end_at_length_limit(bool rules_limit) {
    const ActionLimit& limit = p_.action_limit;
    const std::size_t actions = s_.history.size();
    if (rules_limit) {
        finish(limit.winners >= 0 ? call_value(limit.winners, -1, 0) : -1, limit.draw);
    } else {
        finish(-1, true);
    }
    s_.ended_at_limit = rules_limit ? StateData::LengthLimit::rules : StateData::LengthLimit::cap;
    if (s_.keep_messages) {
        s_.messages.push_back({rules_limit ? fmt::format("The game ends after {} actions, as the rules limit it.", actions)
                                           : fmt::format("The game is stopped after {} actions (the cap on a game's "
                                                         "length): a draw.", actions),
                               {}, false, ""});
    }
}

// The scores and rank keys, then the outcome: a draw (`with draw`), or the winners given by `end game with
// winners`, else the `winners` declaration, else the players ranked first.
void Machine::finish(std::int32_t winners_list, bool draw) {
    if (s_.finished) return;
    const auto players = static_cast<std::size_t>(in_.players);
    s_.final_scores.assign(players, 0);
    if (p_.score >= 0) {
        for (std::size_t seat = 0; seat < players; ++seat) s_.final_scores[seat] = call_value(p_.score, -1, static_cast<Value>(seat));
    }
    s_.final_rank_keys.clear();
    for (std::size_t seat = 0; seat < players; ++seat) {
        for (const RankKey& key : p_.rank_keys) s_.final_rank_keys.push_back(call_value(key.value, -1, static_cast<Value>(seat)));
    }
    s_.final_draw = draw;
    s_.final_winners.assign(players, 0);
    if (!draw && winners_list < 0 && p_.winners >= 0) winners_list = call_value(p_.winners, -1, 0);
    if (draw) {
        // nobody wins
    } else if (winners_list >= 0) {
        for (Value i = 0; i < s_.heap[static_cast<std::size_t>(winners_list)]; ++i) {
            const Value seat = s_.heap[static_cast<std::size_t>(winners_list + 1 + i)];
            if (seat >= 0 && static_cast<std::size_t>(seat) < players) s_.final_winners[static_cast<std::size_t>(seat)] = 1;
        }
    } else {
        for (std::size_t seat = 0; seat < players; ++seat) s_.final_winners[seat] = ranked_first(seat);
    }
    for (std::size_t i = 0; i < p_.stats.size(); ++i) {
        const StatDecl& stat = p_.stats[i];
        if (stat.value < 0) continue;
        const auto index = static_cast<int>(i);
        if (stat.per_player) {
            for (int seat = 0; seat < in_.players; ++seat) s_.samples.push_back({index, seat, call_value(stat.value, -1, seat)});
        } else {
            s_.samples.push_back({index, -1, call_value(stat.value, -1, 0)});
        }
    }
    s_.finished = true;
    s_.frames.clear();
    s_.pending.clear();
    s_.pending_options.clear();
    s_.prompts.clear();
}

}  // namespace rulesrun::runtime
