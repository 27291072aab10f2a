// A seat's view (view_json: what it may see, docs/protocol.md) as flat facts named by where they sit, for the tensors
// (tensor_layout.hpp: the Python module's, docs/python.md; the leak audit compares them): "zone deck: count",
// "player 2 field chips", "board squares cell c3". Nothing but the view and what every seat is told (who is to act)
// goes in, so two states a seat cannot tell apart give the same facts.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game.hpp"

namespace rulesrun::runtime {

struct ViewFact {
    enum class Kind { value, items } kind = Kind::value;
    std::string name;
    std::string value;               // value: as shown ("3", "secret", "red")
    std::vector<std::string> items;  // items: the cards of a zone by their text, the pawns on a space
};

// The facts of `seat`'s view of `game`, in the view's order.
std::vector<ViewFact> tensor_facts(const Game& game, int seat);
// The same from the seat's view made already (view_json(game, seat)).
std::vector<ViewFact> tensor_facts(const Game& game, int seat, const nlohmann::json& view);

}  // namespace rulesrun::runtime
