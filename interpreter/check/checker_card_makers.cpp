// Functions that make cards: `function suit_cards(s: Suit): list of Card = [Card(suit: s, rank: r) for r in 1..13]`
// builds a deck's cards, so a deck may read `suit_cards(hearts) + suit_cards(spades)`. The game holds exactly its
// decks' cards, so such a function (one that makes cards, or calls one that does) may be called only where a deck's
// cards are made: in a deck declaration, or in another such function. Found from the syntax before the bodies are
// checked, so that the calls are judged wherever they come.
#include <set>
#include <string>

#include <fmt/format.h>

#include "checker_impl.hpp"

namespace rulesrun::checking {

namespace {

// The names a body calls, and whether it makes a card itself (a call of a card type's name).
void scan(const Node& n, const std::set<std::string, std::less<>>& card_types, std::set<std::string>& calls,
          bool& makes) {
    if (n.kind == Kind::call && n.child(0) && n.child(0)->kind == Kind::name) {
        const std::string& callee = n.child(0)->text;
        if (card_types.count(callee)) makes = true;
        calls.insert(callee);
    }
    for (const auto& child : n.children)
        if (child) scan(*child, card_types, calls, makes);
}

}  // namespace

void Checker::find_card_makers() {
    std::set<std::string, std::less<>> card_types;
    for (const auto& card : cards_) card_types.insert(card.name);
    std::map<std::string, std::set<std::string>> calls;
    for (const auto& file : files_) {
        for (const auto& decl : file.tree->children) {
            if (decl->kind != Kind::function_decl) continue;
            const std::string name(decl->name());
            bool makes = false;
            scan(*decl->children.back(), card_types, calls[name], makes);
            if (makes) card_makers_.insert(name);
        }
    }
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [function, callees] : calls) {
            if (card_makers_.count(function)) continue;
            for (const auto& callee : callees) {
                if (card_makers_.count(callee)) {
                    grew = card_makers_.insert(function).second;
                    break;
                }
            }
        }
    }
}

// Where a card, or a function that makes cards, may be used: while a deck's cards are made.
bool Checker::making_cards_here() const { return making_deck_ || card_makers_.count(current_callable_) > 0; }

void Checker::check_card_maker_call(const Node& callee) {
    if (!card_makers_.count(callee.text) || making_cards_here()) return;
    error(callee.loc, fmt::format("function '{}' makes cards, and the game holds exactly its decks' cards: call it "
                                  "only in a deck declaration ('deck NAME: TYPE = {}(...)') or in another function "
                                  "that makes cards", callee.text, callee.text));
}

}  // namespace rulesrun::checking
