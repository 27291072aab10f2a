// Game-wide action ids for Python (docs/python.md, "Action ids"): OpenSpiel's algorithms index tables and network
// outputs by an action's number, the same in every state. An action is identified by its key (Game::action_key: its
// choice point and what it chooses, a card by its type and public fields, texts left out) and its name (which tells
// apart what the key leaves out: chess's e7-e8=Q and e7-e8=N); each identity gets the next id when first met. The ids are first numbered by a discovery run (game_context.cpp), random games from fixed
// seeds, so that they are the same in every process for the same rules, players and options; a key met later takes
// the next free id.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace rulesrun::python {

class ActionIds {
public:
    // An action's identity: its key and its name, hashed together (the same on every machine). A subset's is its key
    // alone: its name lists its elements in the order the menu has them, which may change, the key does not.
    static std::uint64_t identity(std::uint64_t key, const std::string& name, bool subset);

    // The identity's id, numbering it (with this name for action_to_string) when it is new.
    int id_of(std::uint64_t identity, const std::string& name);
    [[nodiscard]] int size() const { return static_cast<int>(names_.size()); }
    // The name the action had when its id was given ("bet", "c3-c5").
    [[nodiscard]] const std::string& name(int id) const { return names_.at(static_cast<std::size_t>(id)); }

private:
    std::unordered_map<std::uint64_t, int> ids_;
    std::vector<std::string> names_;
};

}  // namespace rulesrun::python
