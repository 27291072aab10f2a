// What every state of one loaded game shares (the Python `Game`): the rules, the settings, how returns and chance are
// given, the game-wide action ids and the tensors' layout, both made by a discovery run at load.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "action_ids.hpp"
#include "action_memory.hpp"
#include "rulesrun.hpp"
#include "tensor_layout.hpp"

namespace rulesrun::python {

// What returns() gives a seat (load_game's `returns`): the declared outcome as a share of the win (1 a win, 0 a loss,
// 1/k to each of k winners and 1/n to each of n players in a draw), or the rules' score.
enum class Returns { outcome, score };

// Chance (load_game's `chance`): explicit chance nodes, or the numbers and shuffles drawn from the state's seed.
enum class Chance { explicit_nodes, sampled };

struct LoadRequest {
    std::string path;
    int players = 0;  // 0: the game's smallest count
    std::vector<std::pair<std::string, std::string>> options;
    Returns returns = Returns::outcome;
    Chance chance = Chance::explicit_nodes;
    // The discovery run: random games from fixed seeds, until either budget is spent. More games meet more actions
    // (their ids then come before play) and more views (more of the tensors' slots), and take longer to load.
    int discovery_games = 64;
    int discovery_decisions = 4000;
};
// The information state tensor keeps the last this many actions at most (older ones drop out).
inline constexpr int most_remembered_actions = 64;

class GameContext {
public:
    // Loads, checks and compiles the file and resolves the settings; throws LoadError (the diagnostics) or
    // runtime::SettingsError. Plays the discovery run.
    explicit GameContext(const LoadRequest& request);

    [[nodiscard]] const std::shared_ptr<const runtime::GameDefinition>& definition() const { return definition_; }
    [[nodiscard]] const runtime::ResolvedSettings& settings() const { return settings_; }
    [[nodiscard]] const LoadRequest& request() const { return request_; }
    [[nodiscard]] int players() const { return settings_.players; }
    [[nodiscard]] ActionIds& ids() { return ids_; }
    [[nodiscard]] const TensorLayout& layout() const { return layout_; }
    // The actions the information state tensor remembers: the longest discovery game's (at most
    // most_remembered_actions), with the discovery run's ids.
    [[nodiscard]] const ActionMemory& memory() const { return memory_; }
    [[nodiscard]] std::size_t information_state_size() const { return layout_.size() + memory_.size(); }
    // Whether a seat's view hid something in the discovery run (another seat's private field, cards it could not
    // see), or the rules ask a choice secretly: the game is one of imperfect information.
    [[nodiscard]] bool imperfect_information() const { return imperfect_information_; }
    // Whether the rules ask some choice of several seats at once (`simultaneously`).
    [[nodiscard]] bool simultaneous() const;
    // The most plies a game can last, from the whole tree when it has at most max_nodes nodes; nothing when it is
    // larger (or a rule fails in it). Worked out when first asked, and again when asked with more nodes than the
    // tree that was too large.
    [[nodiscard]] std::optional<int> max_game_length(std::int64_t max_nodes);
    // A new game from this seed, as the rules start it.
    [[nodiscard]] runtime::Game new_game(std::uint64_t seed) const;

private:
    void discover();
    int discover_game(std::uint64_t seed, TensorLayoutBuilder& layout, int& decisions);
    void see_views(const runtime::Game& game, TensorLayoutBuilder& layout);

    LoadRequest request_;
    std::shared_ptr<const runtime::GameDefinition> definition_;
    runtime::ResolvedSettings settings_;
    ActionIds ids_;
    TensorLayout layout_;
    ActionMemory memory_{1, 0, 1};
    bool imperfect_information_ = false;
    std::int64_t length_tried_nodes_ = 0;  // the largest max_nodes tried so far
    std::optional<int> max_length_;
};

// The rules file has errors: the diagnostics, as `rulesrun check` prints them.
struct LoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace rulesrun::python
