// Strategies and secrets: a strategy may read the `private` player fields of its own player (`me`) only.
//
// Why a check and not the runtime: Game::preferences scores a strategy's options on a determinized copy of the game,
// where what the seat cannot see is dealt again at random. That covers cards (the other seats' private zones, hidden
// decks), but nothing says how to guess another seat's private field (its chips, its secret plan), so the copy keeps
// the true value and a strategy reading it would play on knowledge its player lacks. Such a read is rejected here,
// located where it is written. Reads of another seat's private zone (p.hand) stay allowed: they read a guess.
//
// The analysis follows each `prefer` expression into every function it calls, transitively (score(p) included), and
// only from strategies: a function the rules call too is judged on the strategies' calls alone. It works in two steps:
//  1. a summary of each body, once: every private field read with the condition under which its player is `me`
//     ("always", "never proven", or "when these parameters are `me`"), and every call with the same condition for
//     each argument;
//  2. propagation from the strategies: a parameter counts as `me` only while every call that reaches the function
//     from a strategy passes `me` for it; a read whose player is not proven `me` is an error, and the error names the
//     strategy and the calls that led there.
#include <algorithm>
#include <cctype>
#include <deque>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "checker_impl.hpp"
#include "text_holes.hpp"

namespace rulesrun::checking {

namespace {

using B = Type::Base;

// When a player expression is proven to be `me`: never (nullopt), or whenever all these parameters of the enclosing
// function are (sorted; empty means always, as `me` itself).
using MeWhen = std::optional<std::vector<int>>;

MeWhen both(const MeWhen& a, const MeWhen& b) {
    if (!a || !b) return std::nullopt;
    std::vector<int> all;
    std::set_union(a->begin(), a->end(), b->begin(), b->end(), std::back_inserter(all));
    return all;
}

// A private field read: `who.field`, where who is `me` when `me_when` holds.
struct Read {
    SourceLocation loc;
    std::string who;
    std::string field;
    MeWhen me_when;
};

// A call of a function (or of score) with, for each of its parameters, when the argument is `me`.
struct Call {
    const Node* call = nullptr;
    const Node* callee = nullptr;  // the function_decl or score_decl
    std::vector<MeWhen> arguments;
};

struct Summary {
    std::vector<Read> reads;
    std::vector<Call> calls;
};

// How a strategy reached some code: the strategy, and the calls on the way (outermost first).
struct Route {
    std::string strategy;
    std::vector<const Node*> calls;
    [[nodiscard]] Route then(const Node& call) const {
        Route r = *this;
        r.calls.push_back(&call);
        return r;
    }
};

// ---- source text of an expression, for messages

std::string text_of(const Node& e);

// An operand of an operator, in parentheses when it is an operation itself (the tree no longer knows where the
// file put them).
std::string operand_text(const Node& e) {
    return e.kind == Kind::binary || e.kind == Kind::if_expr ? "(" + text_of(e) + ")" : text_of(e);
}

std::string joined(const Node& list, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < list.children.size(); ++i) out += (i > from ? ", " : "") + text_of(*list.children[i]);
    return out;
}

// The expression as the rules file writes it (near enough: spacing and parentheses are normalised).
std::string text_of(const Node& e) {
    switch (e.kind) {
        case Kind::name:
        case Kind::int_lit: return e.text;
        case Kind::string_lit: return "\"" + e.text + "\"";
        case Kind::true_lit: return "true";
        case Kind::false_lit: return "false";
        case Kind::none_lit: return "none";
        case Kind::nobody_lit: return "nobody";
        case Kind::field: return text_of(*e.child(0)) + "." + e.child(1)->text;
        case Kind::index: return text_of(*e.child(0)) + "[" + joined(e, 1) + "]";
        case Kind::call: return text_of(*e.child(0)) + "(" + joined(*e.child(1), 0) + ")";
        case Kind::named_arg: return e.child(0)->text + ": " + text_of(*e.child(1));
        case Kind::binary: return operand_text(*e.child(0)) + " " + e.text + " " + operand_text(*e.child(1));
        case Kind::range: return text_of(*e.child(0)) + ".." + text_of(*e.child(1));
        case Kind::unary: return (e.text == "not" ? "not " : "-") + operand_text(*e.child(0));
        case Kind::list_lit: return "[" + joined(e, 0) + "]";
        case Kind::if_expr:
            return "if " + text_of(*e.child(0)) + " then " + text_of(*e.child(1)) + " else " + text_of(*e.child(2));
        default: return "[...]";
    }
}

// Long expressions are cut: the message points at the place anyway.
std::string short_text(const Node& e) {
    std::string s = text_of(e);
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

// Where an expression starts: a field's node sits at its '.', so go down to the leftmost part.
SourceLocation start_of(const Node& e) {
    const Node* n = &e;
    while ((n->kind == Kind::field || n->kind == Kind::index || n->kind == Kind::call) && n->child(0)) n = n->child(0);
    return n->loc;
}

// ---- step 1: the summary of one body

class BodyWalk {
public:
    BodyWalk(Checker& c, bool in_strategy, const Type& choice_type)
        : c_(c), in_strategy_(in_strategy), choice_type_(choice_type) {}

    // A function or score body with its parameters' name nodes: walked twice, the first time only to find the
    // locals assigned anywhere (a local counts as `me` only if it never changes).
    Summary run(const std::vector<const Node*>& params, const Node& body) {
        for (bool final_walk : {false, true}) {
            final_ = final_walk;
            summary_ = Summary{};
            scopes_.assign(1, {});
            values_.clear();
            for (std::size_t i = 0; i < params.size(); ++i) declare(*params[i], std::vector<int>{static_cast<int>(i)});
            visit(body);
        }
        return std::move(summary_);
    }

private:
    void declare(const Node& name, MeWhen value) {
        scopes_.back()[name.text] = &name;
        values_[&name] = assigned_.count(&name) ? std::nullopt : std::move(value);
    }

    const Node* local(std::string_view name) const {
        for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
            if (auto found = it->find(name); found != it->end()) return found->second;
        }
        return nullptr;
    }

    MeWhen name_value(std::string_view name) const {
        if (const Node* decl = local(name)) {
            for (auto it = refined_.rbegin(); it != refined_.rend(); ++it) {
                if (it->first == decl) return it->second;
            }
            return values_.at(decl);
        }
        if (in_strategy_ && name == "me") return std::vector<int>{};
        return std::nullopt;  // `choice`, a seat, a state field: not proven to be `me`
    }

    const Type* type_of(const Node& e) const {
        auto it = c_.expr_types_.find(&e);
        return it == c_.expr_types_.end() ? nullptr : &it->second;
    }

    bool is_per_player_zone(std::string_view name) {
        const Symbol* s = c_.find_symbol(name);
        return s && s->kind == SymbolKind::zone && s->per_player;
    }

    bool is_user_callable(std::string_view name) {
        const Symbol* s = c_.find_symbol(name);
        return s && (s->kind == SymbolKind::function || s->kind == SymbolKind::procedure);
    }

    // When a player expression is `me`: the name `me`, a parameter or local bound to it, `if C then X else Y` with
    // both branches `me`, and owner(X.zone) for a per-player zone of X.
    MeWhen me_when(const Node& e) {
        switch (e.kind) {
            case Kind::name: return name_value(e.text);
            case Kind::if_expr: return both(me_when(*e.child(1)), me_when(*e.child(2)));
            case Kind::call: {
                const Node& callee = *e.child(0);
                const auto& args = e.child(1)->children;
                const bool owner = callee.kind == Kind::name && callee.text == "owner" && !is_user_callable("owner");
                if (owner && args.size() == 1 && args[0]->kind == Kind::field &&
                    is_per_player_zone(args[0]->child(1)->text) && !c_.player_fields_.field(args[0]->child(1)->text)) {
                    return me_when(*args[0]->child(0));
                }
                return std::nullopt;
            }
            default: return std::nullopt;
        }
    }

    // `X == Y` where X is a local that never changes: inside, X is `me` whenever Y is (and the other way round).
    // `A and B` holds both.
    void refinements(const Node& condition, std::vector<std::pair<const Node*, MeWhen>>& out) {
        if (condition.kind != Kind::binary) return;
        if (condition.text == "and") {
            refinements(*condition.child(0), out);
            refinements(*condition.child(1), out);
            return;
        }
        if (condition.text != "==") return;
        for (int side = 0; side < 2; ++side) {
            const Node& x = *condition.child(side);
            const Node* decl = x.kind == Kind::name ? local(x.text) : nullptr;
            if (!decl || assigned_.count(decl)) continue;
            if (MeWhen other = me_when(*condition.child(1 - side))) out.emplace_back(decl, std::move(other));
        }
    }

    // Visits `body` with what `condition` proves.
    void visit_when(const Node* condition, const Node& body) {
        const std::size_t before = refined_.size();
        if (condition) refinements(*condition, refined_);
        visit(body);
        refined_.resize(before);
    }

    void visit(const Node& n) {
        switch (n.kind) {
            case Kind::block: visit_block(n); break;
            case Kind::let_stmt: visit_let(n); break;
            case Kind::assign_stmt: visit_assign(n); break;
            case Kind::if_stmt: visit_if(n); break;
            case Kind::for_stmt: visit_for(n); break;
            case Kind::if_expr:
                visit(*n.child(0));
                visit_when(n.child(0), *n.child(1));
                visit(*n.child(2));
                break;
            case Kind::binary:
                visit(*n.child(0));
                visit_when(n.text == "and" ? n.child(0) : nullptr, *n.child(1));
                break;
            case Kind::comprehension: visit_comprehension(n); break;
            case Kind::field: visit_field(n); break;
            case Kind::call: visit_call(n); break;
            case Kind::string_lit: visit_interpolation(n); break;
            default:
                // Any other statement or expression (new ones included): what it reads is in its children.
                for (const auto& c : n.children) visit(*c);
        }
    }

    void visit_block(const Node& block) {
        scopes_.emplace_back();
        for (const auto& s : block.children) visit(*s);
        scopes_.pop_back();
    }

    void visit_let(const Node& s) {
        const Node& value = *s.children.back();
        visit(value);
        declare(*s.child(0), me_when(value));
    }

    // A local that is assigned anywhere is not proven `me` (found by the first walk).
    void visit_assign(const Node& s) {
        const Node& target = *s.child(0);
        visit(*s.child(2));
        if (target.kind == Kind::name) {
            if (const Node* decl = local(target.text)) assigned_.insert(decl);
        } else {
            for (std::size_t i = 1; i < target.children.size(); ++i) visit(*target.child(i));
        }
    }

    void visit_if(const Node& s) {
        visit(*s.child(0));
        visit_when(s.child(0), *s.child(1));
        if (const Node* otherwise = s.find(Kind::else_clause)) visit(*otherwise->child(0));
    }

    // A loop's name stands for each element in turn: not proven `me` (unless its `where` says so).
    void visit_for(const Node& s) {
        scopes_.emplace_back();
        visit(*s.child(1));
        declare(*s.child(0), std::nullopt);
        const Node* where = s.find(Kind::where_clause);
        if (where) visit(*where->child(0));
        visit_when(where ? where->child(0) : nullptr, *s.children.back());
        scopes_.pop_back();
    }

    void visit_comprehension(const Node& e) {
        scopes_.emplace_back();
        const Node& clause = *e.find(Kind::for_clause);
        visit(*clause.child(1));
        declare(*clause.child(0), std::nullopt);
        const Node* where = e.find(Kind::where_clause);
        if (where) visit(*where->child(0));
        const Node* condition = where ? where->child(0) : nullptr;
        visit_when(condition, *e.child(0));
        if (const Node* copies = e.find(Kind::copies)) visit_when(condition, *copies->child(0));
        scopes_.pop_back();
    }

    void note_read(const SourceLocation& loc, std::string who, std::string_view field, MeWhen me) {
        if (me && me->empty()) return;  // always `me`
        if (final_) summary_.reads.push_back({loc, std::move(who), std::string(field), std::move(me)});
    }

    bool is_private_player_field(std::string_view name) const {
        const Field* f = c_.player_fields_.field(name);
        return f && f->is_private;
    }

    void visit_field(const Node& e) {
        const Node& object = *e.child(0);
        visit(object);
        const Type* t = type_of(object);
        const std::string_view field = e.child(1)->text;
        if (t && t->is(B::player) && is_private_player_field(field)) {
            note_read(start_of(e), short_text(object), field, me_when(object));
        }
    }

    void visit_call(const Node& e) {
        for (const auto& a : e.child(1)->children) visit(*a);
        const Node& callee = *e.child(0);
        if (callee.kind != Kind::name || !final_) return;
        const auto& args = e.child(1)->children;
        std::vector<const Node*> params;
        const Node* decl = callee_decl(callee.text, params);
        // A call with the wrong number of arguments has its error already: following it would only add noise.
        if (!decl || params.size() != args.size()) return;
        Call call{&e, decl, {}};
        for (const auto& a : args) call.arguments.push_back(a->kind == Kind::named_arg ? std::nullopt : me_when(*a));
        summary_.calls.push_back(std::move(call));
    }

    // The declaration a call runs, when it is a function whose body was checked, or score(p); with its parameters.
    const Node* callee_decl(std::string_view name, std::vector<const Node*>& params) {
        if (const Symbol* s = c_.find_symbol(name); s && (s->kind == SymbolKind::function || s->kind == SymbolKind::procedure)) {
            // A procedure cannot be called from a function or a strategy (reported already): nothing to follow.
            if (s->kind != SymbolKind::function || !s->decl || s->decl->kind != Kind::function_decl) return nullptr;
            for (const auto& p : s->decl->find(Kind::params)->children) params.push_back(p->child(0));
            return s->decl;
        }
        if (name != "score") return nullptr;
        for (const auto& file : c_.files_) {
            if (const Node* score = file.tree->find(Kind::score_decl)) {
                params.push_back(score->child(0));
                return score;
            }
        }
        return nullptr;
    }

    // `{p.chips}` in a text reads p.chips too, and an expression in braces reads what it reads (the checker parsed it).
    void visit_interpolation(const Node& text_node) {
        const std::string& text = text_node.text;
        for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
            const std::size_t close = text.find('}', open);
            if (close == std::string::npos) return;
            SourceLocation loc = text_node.loc;  // as the checker places it (check_interpolation)
            loc.column += static_cast<std::uint32_t>(open + 2);
            loc.offset += static_cast<std::uint32_t>(open + 2);
            const std::string inside = split_hole(text.substr(open + 1, close - open - 1)).path;
            const bool plain = std::all_of(inside.begin(), inside.end(), [](char ch) {
                return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.';
            });
            if (plain) {
                visit_path(inside, loc);
            } else if (const Node* expression = c_.hole_expression(text_node, open)) {
                visit(*expression);
            }
        }
    }

    void visit_path(const std::string& path, const SourceLocation& loc) {
        std::size_t dot = path.find('.');
        const std::string first = path.substr(0, dot);
        Type t = name_type(first);
        MeWhen me = name_value(first);
        while (dot != std::string::npos && t.known()) {
            const std::size_t next = path.find('.', dot + 1);
            const std::string field = path.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
            if (t.is(B::player) && is_private_player_field(field)) note_read(loc, path.substr(0, dot), field, me);
            t = field_type(t, field);
            me = std::nullopt;  // a field's value is never proven `me`
            dot = next;
        }
    }

    Type name_type(std::string_view name) const {
        if (const Node* decl = local(name)) {
            auto it = c_.local_types_.find(decl);
            return it == c_.local_types_.end() ? Type() : it->second;
        }
        if (in_strategy_ && name == "me") return Type::of(B::player);
        if (in_strategy_ && name == "choice") return choice_type_;
        if (const Symbol* s = c_.find_symbol(name); s && (s->kind == SymbolKind::state_field || s->kind == SymbolKind::seat)) {
            return s->type;
        }
        return Type();
    }

    Type field_type(const Type& object, std::string_view field) const {
        const Composite* composite = nullptr;
        if (object.is(B::player)) composite = &c_.player_fields_;
        if (object.is(B::card) && object.id >= 0) composite = &c_.cards_[static_cast<std::size_t>(object.id)];
        if (object.is(B::record) && object.id >= 0) composite = &c_.records_[static_cast<std::size_t>(object.id)];
        if (object.is(B::space) && object.id >= 0) composite = &c_.boards_[static_cast<std::size_t>(object.id)];
        const Field* f = composite ? composite->field(field) : nullptr;
        return f ? f->type : Type();
    }

    Checker& c_;
    const bool in_strategy_;
    const Type choice_type_;
    bool final_ = false;
    Summary summary_;
    std::vector<std::map<std::string, const Node*, std::less<>>> scopes_;  // name -> its declaring name node
    std::map<const Node*, MeWhen> values_;                                 // declaring name node -> when it is `me`
    std::set<const Node*> assigned_;
    std::vector<std::pair<const Node*, MeWhen>> refined_;  // what enclosing conditions prove
};

// ---- step 2: from the strategies to every function they reach

// What the strategies' calls say of one function: which parameters are `me` in every call so far, and why not.
struct Reach {
    std::vector<bool> me;
    Route first;                // the first route that reached it
    std::vector<Route> why_not;  // for each parameter no longer `me`: the route of the call that passed another player
};

class SecrecyAnalysis {
public:
    explicit SecrecyAnalysis(Checker& c) : c_(c) {}

    void run() {
        for (const auto& file : c_.files_) {
            for (const auto& d : file.tree->children) {
                if (d->kind == Kind::strategy_decl) strategy(*d);
            }
        }
        while (!pending_.empty()) {
            const Node* decl = pending_.front();
            pending_.pop_front();
            propagate(decl);
        }
        for (const auto& [decl, reach] : reached_) judge(summary(*decl).reads, reach);
    }

private:
    void strategy(const Node& decl) {
        for (const auto& rule : decl.children) {
            if (rule->kind != Kind::prefer_rule) continue;
            auto point = c_.choice_points_.find(rule->child(0)->text);
            const Type choice = point == c_.choice_points_.end() ? Type() : point->second;
            const Summary s = BodyWalk(c_, true, choice).run({}, *rule->child(1));
            const Reach root{{}, Route{std::string(decl.name()), {}}, {}};
            judge(s.reads, root);
            for (const auto& call : s.calls) arrive(call, root);
        }
    }

    const Summary& summary(const Node& decl) {
        auto it = summaries_.find(&decl);
        if (it != summaries_.end()) return it->second;
        std::vector<const Node*> params;
        if (decl.kind == Kind::score_decl) {
            params.push_back(decl.child(0));
        } else {
            for (const auto& p : decl.find(Kind::params)->children) params.push_back(p->child(0));
        }
        return summaries_[&decl] = BodyWalk(c_, false, Type()).run(params, *decl.children.back());
    }

    // When a parameter is `me` no longer, the route that explains why: a call whose argument is never proven `me`
    // (the caller's first route), or one whose argument depends on a caller's parameter that is not `me`.
    static std::optional<Route> why_not_me(const MeWhen& argument, const Reach& caller) {
        if (!argument) return caller.first;
        for (int p : *argument) {
            const auto i = static_cast<std::size_t>(p);
            if (i >= caller.me.size()) return caller.first;  // cannot happen: summaries number their own parameters
            if (!caller.me[i]) return caller.why_not[i];
        }
        return std::nullopt;
    }

    // A call from a strategy's code reaches its callee: the callee's parameters lose `me` where this call does not
    // pass it; the callee is looked at again when something changed.
    void arrive(const Call& call, const Reach& caller) {
        const std::size_t n = call.arguments.size();
        auto [it, first_time] = reached_.try_emplace(call.callee, Reach{std::vector<bool>(n, true), {}, std::vector<Route>(n)});
        Reach& callee = it->second;
        if (first_time) callee.first = caller.first.then(*call.call);
        bool changed = first_time;
        for (std::size_t i = 0; i < n; ++i) {
            if (!callee.me[i]) continue;
            if (auto why = why_not_me(call.arguments[i], caller)) {
                callee.me[i] = false;
                callee.why_not[i] = why->then(*call.call);
                changed = true;
            }
        }
        if (changed) pending_.push_back(call.callee);
    }

    void propagate(const Node* decl) {
        const Reach caller = reached_.at(decl);  // a copy: arrive() may add to reached_
        for (const auto& call : summary(*decl).calls) arrive(call, caller);
    }

    void judge(const std::vector<Read>& reads, const Reach& reach) {
        for (const auto& read : reads) {
            if (auto route = why_not_me(read.me_when, reach)) report(read, *route);
        }
    }

    static std::string location(const Node& n) { return fmt::format("{}:{}", n.loc.line, n.loc.column); }

    // "strategy 'greedy' calls count_chips(opponent) at 14:27, which calls ..." (long chains keep both ends).
    static std::string route_text(const Route& route) {
        std::vector<std::string> steps;
        for (const Node* call : route.calls) steps.push_back(fmt::format("{} at {}", short_text(*call), location(*call)));
        if (steps.size() > 4) {
            steps.erase(steps.begin() + 2, steps.end() - 2);
            steps.insert(steps.begin() + 2, "...");
        }
        std::string out = fmt::format("strategy '{}' calls {}", route.strategy, steps.front());
        for (std::size_t i = 1; i < steps.size(); ++i) out += ", which calls " + steps[i];
        return out;
    }

    void report(const Read& read, const Route& route) {
        if (!reported_.insert({read.loc.file, read.loc.offset, read.who + "." + read.field}).second) return;
        std::string message = fmt::format(
            "strategy '{}' reads '{}.{}', private to {}: a strategy knows only what its player sees; read private "
            "fields of 'me' only",
            route.strategy, read.who, read.field, read.who);
        // `me` can only be a local or a parameter here (the strategy's own player is always allowed).
        if (read.who == "me") message += " (this 'me' is a local name, not the strategy's player)";
        if (!route.calls.empty()) message += " (" + route_text(route) + ")";
        c_.error(read.loc, std::move(message));
    }

    Checker& c_;
    std::map<const Node*, Summary> summaries_;
    std::map<const Node*, Reach> reached_;
    std::deque<const Node*> pending_;
    std::set<std::tuple<int, std::uint32_t, std::string>> reported_;
};

}  // namespace

void Checker::check_strategy_secrecy() { SecrecyAnalysis(*this).run(); }

}  // namespace rulesrun::checking
