// Lints: rules that check and run, but not as their author meant.
//
// An unshuffled starting deck: a zone that is ordered and hidden (nobody sees its order), starts with cards (`=
// LIST`, in the order the list is written) and that nothing ever shuffles deals the same cards in every game. A zone
// counts as shuffled when a `shuffle` statement names it, or when it is passed to a procedure that shuffles that
// parameter (or passes it on to one that does, at any depth: stdlib's draw_with_reshuffle). The lint stays quiet when
// in doubt: a zone reached otherwise (a zone in a list, a field holding a zone) is not warned about only if it is
// shuffled by name somewhere.
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "checker_impl.hpp"

namespace rulesrun::checking {

namespace {

using ast::Kind;
using ast::Node;

// A procedure call seen in a body: the procedure's name, and for each argument the name it passes (or "").
struct CallSite {
    std::string caller;  // the enclosing procedure, or "" outside procedures
    std::string callee;
    std::vector<std::string> arguments;
};

struct ShuffleFacts {
    std::map<std::string, std::vector<std::string>, std::less<>> params;  // procedure -> its parameters' names
    std::vector<std::pair<std::string, std::string>> shuffled;            // (enclosing procedure, name shuffled)
    std::vector<CallSite> calls;
};

void collect(const Node& n, const std::string& procedure, ShuffleFacts& facts) {
    if (n.kind == Kind::shuffle_stmt && n.child(0) && n.child(0)->kind == Kind::name) {
        facts.shuffled.emplace_back(procedure, n.child(0)->text);
    }
    if ((n.kind == Kind::call || n.kind == Kind::call_stmt) && n.children.size() >= 2 &&
        n.child(0)->kind == Kind::name && n.child(1)->kind == Kind::args) {
        CallSite call{procedure, n.child(0)->text, {}};
        for (const auto& argument : n.child(1)->children)
            call.arguments.push_back(argument->kind == Kind::name ? argument->text : std::string());
        facts.calls.push_back(std::move(call));
    }
    for (const auto& child : n.children)
        if (child) collect(*child, procedure, facts);
}

ShuffleFacts shuffle_facts(const std::vector<LoadedFile>& files) {
    ShuffleFacts facts;
    for (const auto& file : files) {
        for (const auto& decl : file.tree->children) {
            std::string procedure;
            if (decl->kind == Kind::procedure_decl) {
                procedure = std::string(decl->name());
                auto& names = facts.params[procedure];
                if (const Node* params = decl->find(Kind::params))
                    for (const auto& param : params->children) names.push_back(param->child(0)->text);
            }
            collect(*decl, procedure, facts);
        }
    }
    return facts;
}

// The (procedure, parameter index) pairs whose argument gets shuffled, directly or through further calls.
std::set<std::pair<std::string, std::size_t>> shuffled_parameters(const ShuffleFacts& facts) {
    std::set<std::pair<std::string, std::size_t>> out;
    const auto index_of = [&](const std::string& procedure, const std::string& name) -> std::ptrdiff_t {
        const auto it = facts.params.find(procedure);
        if (it == facts.params.end()) return -1;
        for (std::size_t i = 0; i < it->second.size(); ++i)
            if (it->second[i] == name) return static_cast<std::ptrdiff_t>(i);
        return -1;
    };
    for (const auto& [procedure, name] : facts.shuffled)
        if (const auto i = index_of(procedure, name); i >= 0) out.emplace(procedure, static_cast<std::size_t>(i));
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& call : facts.calls) {
            for (std::size_t a = 0; a < call.arguments.size(); ++a) {
                if (call.arguments[a].empty() || !out.count({call.callee, a})) continue;
                const auto i = index_of(call.caller, call.arguments[a]);
                if (i >= 0) grew |= out.emplace(call.caller, static_cast<std::size_t>(i)).second;
            }
        }
    }
    return out;
}

bool has_property(const Node& zone, std::string_view word) {
    for (const auto& c : zone.children)
        if (c->kind == Kind::zone_property && c->text.find(word) != std::string::npos) return true;
    return false;
}

}  // namespace

void Checker::check_unshuffled_decks() {
    const bool library = root_file_ >= 0 && !files_.back().tree->has(Kind::game_decl);
    if (root_file_ < 0 || library || code_missing_) return;
    const ShuffleFacts facts = shuffle_facts(files_);
    const auto parameters = shuffled_parameters(facts);
    std::set<std::string, std::less<>> shuffled;
    for (const auto& [procedure, name] : facts.shuffled) shuffled.insert(name);
    for (const auto& call : facts.calls)
        for (std::size_t a = 0; a < call.arguments.size(); ++a)
            if (parameters.count({call.callee, a})) shuffled.insert(call.arguments[a]);
    for (const auto& file : files_) {
        for (const auto& decl : file.tree->children) {
            if (decl->kind != Kind::zone_decl || decl->has(Kind::per_player) || !default_of(*decl)) continue;
            const bool hidden = has_property(*decl, "hidden") || has_property(*decl, "down");
            if (!hidden || !has_property(*decl, "ordered") || has_property(*decl, "owner")) continue;
            const std::string name(decl->name());
            if (shuffled.count(name)) continue;
            warning(decl->find(Kind::name)->loc,
                    fmt::format("zone '{}' is hidden and ordered and starts with its cards in the order they are "
                                "written, but nothing shuffles it: every game deals the same cards (add 'shuffle {}' "
                                "to setup)", name, name));
        }
    }
}

}  // namespace rulesrun::checking
