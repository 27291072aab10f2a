// Game-wide action ids for Python (docs/python.md, "Action ids"): OpenSpiel's algorithms index tables and network
// outputs by an action's number, the same in every state. An action's key (Game::action_key: its choice point and
// what it chooses, a card by its type and public fields) is the same wherever it is offered; each key gets the next
// id when first met. The ids are first numbered by a discovery run (game_context.cpp), random games from fixed
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
    // The key's id, numbering it (with this name for action_to_string) when it is new.
    int id_of(std::uint64_t key, const std::string& name);
    // The key's id, or -1 when it was never met.
    [[nodiscard]] int find(std::uint64_t key) const;
    [[nodiscard]] int size() const { return static_cast<int>(names_.size()); }
    // The name the action had when its id was given ("bet", "c3-c5").
    [[nodiscard]] const std::string& name(int id) const { return names_.at(static_cast<std::size_t>(id)); }

private:
    std::unordered_map<std::uint64_t, int> ids_;
    std::vector<std::string> names_;
};

}  // namespace rulesrun::python
