#include "tensor_facts.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "seat_view.hpp"

namespace rulesrun::runtime {

namespace {

using Json = nlohmann::json;

std::string text_of(const Json& value) { return value.is_string() ? value.get_ref<const std::string&>() : value.dump(); }

const std::string& label_of(const Json& item, const char* key) { return item[key].get_ref<const std::string&>(); }

void add_value(std::vector<ViewFact>& facts, std::string name, std::string value) {
    facts.push_back({ViewFact::Kind::value, std::move(name), std::move(value), {}});
}

void add_items(std::vector<ViewFact>& facts, std::string name, std::vector<std::string> items) {
    facts.push_back({ViewFact::Kind::items, std::move(name), {}, std::move(items)});
}

void add_fields(std::vector<ViewFact>& facts, const std::string& prefix, const Json& fields) {
    for (const Json& field : fields) add_value(facts, prefix + "field " + label_of(field, "label"), text_of(field["value"]));
}

// A zone: its size, and its cards by their text when the seat sees them (their order is left out).
void add_zones(std::vector<ViewFact>& facts, const std::string& prefix, const Json& zones) {
    for (const Json& zone : zones) {
        const std::string name = prefix + "zone " + label_of(zone, "label");
        add_value(facts, name + ": count", text_of(zone["count"]));
        std::vector<std::string> cards;
        if (zone.contains("cards")) {
            for (const Json& card : zone["cards"]) cards.push_back(text_of(card["text"]));
        }
        add_items(facts, name + ": cards", std::move(cards));
    }
}

void add_boards(std::vector<ViewFact>& facts, const Json& boards) {
    for (const Json& board : boards) {
        const std::string prefix = "board " + label_of(board, "label") + " cell ";
        for (const Json& cell : board["cells"]) {
            std::string name = prefix + label_of(cell, "name");
            add_value(facts, name, text_of(cell["text"]));
            add_value(facts, name + ": alive", cell["alive"].get<bool>() ? "1" : "0");
            std::vector<std::string> pawns;
            for (const Json& pawn : cell["pawns"]) pawns.push_back(text_of(pawn));
            add_items(facts, std::move(name) + ": pawns", std::move(pawns));
        }
    }
}

}  // namespace

std::vector<ViewFact> tensor_facts(const Game& game, int seat) { return tensor_facts(game, seat, view_json(game, seat)); }

std::vector<ViewFact> tensor_facts(const Game& game, int seat, const nlohmann::json& view) {
    std::vector<ViewFact> facts;
    facts.reserve(64);
    add_fields(facts, "", view["fields"]);
    add_zones(facts, "", view["zones"]);
    add_boards(facts, view["boards"]);
    for (const Json& player : view["players"]) {
        const std::string prefix = fmt::format("player {} ", player["seat"].get<int>() + 1);
        add_fields(facts, prefix, player["fields"]);
        add_zones(facts, prefix, player["zones"]);
    }
    for (int other = 0; other < game.players(); ++other) {
        if (!view["score"].is_null()) add_value(facts, fmt::format("score {}", other + 1), text_of(view["score"][other]));
    }
    std::vector<int> to_act;
    game.to_act(to_act);
    for (int other = 0; other < game.players(); ++other) {
        const bool acting = std::find(to_act.begin(), to_act.end(), other) != to_act.end();
        add_value(facts, fmt::format("player {} to act", other + 1), acting ? "1" : "0");
        add_value(facts, fmt::format("player {} is you", other + 1), other == seat ? "1" : "0");
    }
    return facts;
}

}  // namespace rulesrun::runtime
