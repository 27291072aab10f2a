// Whether `score(p)` may read something secret: another seat's private field or zone, a hidden zone, or a function
// that does. Screens show the scores during play only when it cannot (a score computed from a hidden hand would tell
// every seat something of that hand); at the end every score is shown anyway.
//
// Deliberately coarse: any mention of a private field or of a private or hidden zone, anywhere in the score or in a
// function it calls, counts, even of the scoring player's own (one score line for every seat keeps the screens alike).
// A score that only looks secret loses its line during play, never its value at the end.
#include <set>
#include <string>

#include "checker_impl.hpp"

namespace rulesrun::checking {

namespace {

bool is_identifier_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

class ScoreSecrecy {
public:
    explicit ScoreSecrecy(Checker& c) : c_(c) {}

    bool reads_secrets(const Node& body) {
        if (!visited_.insert(&body).second) return false;
        return visit(body);
    }

private:
    bool visit(const Node& n) {
        switch (n.kind) {
            case Kind::name:
                if (names_secret(n.text)) return true;
                break;
            case Kind::field:
                if (names_secret(n.child(1)->text)) return true;
                break;
            case Kind::string_lit:
                if (text_names_secret(n.text)) return true;
                break;
            default: break;
        }
        for (const auto& child : n.children) {
            if (visit(*child)) return true;
        }
        return false;
    }

    // A private player field, a private or hidden zone, or a function whose body reads one.
    bool names_secret(std::string_view name) {
        if (const Field* f = c_.player_fields_.field(name); f && f->is_private) return true;
        const Symbol* s = c_.find_symbol(name);
        if (!s || !s->decl) return false;
        if (s->kind == SymbolKind::zone) return zone_is_secret(*s->decl);
        if (s->kind == SymbolKind::function && s->decl->kind == Kind::function_decl) {
            return reads_secrets(*s->decl->children.back());
        }
        return false;
    }

    static bool zone_is_secret(const Node& zone_decl) {
        for (const auto& c : zone_decl.children) {
            if (c->kind != Kind::zone_property) continue;
            if (c->text == "private" || c->text.starts_with("hidden") || c->text.find("down") != std::string::npos) return true;
        }
        return false;
    }

    // `{p.hand}` in a text: every word in braces.
    bool text_names_secret(const std::string& text) {
        bool in_braces = false;
        std::string word;
        for (const char c : text + ' ') {
            if (in_braces && is_identifier_char(c)) {
                word += c;
                continue;
            }
            if (!word.empty() && names_secret(word)) return true;
            word.clear();
            if (c == '{') in_braces = true;
            if (c == '}') in_braces = false;
        }
        return false;
    }

    Checker& c_;
    std::set<const Node*> visited_;
};

}  // namespace

bool Checker::score_reads_secrets() {
    for (const auto& file : files_) {
        if (const Node* score = file.tree->find(Kind::score_decl)) return ScoreSecrecy(*this).reads_secrets(*score->child(1));
    }
    return false;
}

}  // namespace rulesrun::checking
