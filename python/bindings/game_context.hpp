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

namespace rulesrun::python {

using runtime::TensorLayout;
using runtime::TensorLayoutBuilder;
using runtime::TensorSegment;
using runtime::ViewFact;

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
// The most ids a game may have: an action space counted larger is taken as unbounded.
inline constexpr std::int64_t most_action_ids = std::int64_t{1} << 30;
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
    // What the rules can offer, counted from their declared types at load (Game::action_space), for these players.
    [[nodiscard]] const runtime::ActionSpace& action_space() const { return action_space_; }
    // OpenSpiel's num_distinct_actions(): the action space's count when the rules bound it (every id is below it: ids
    // are numbered densely, and there are no more distinct actions than that), else the ids numbered so far (the
    // discovery run's, then any met since: it grows).
    [[nodiscard]] int num_distinct_actions() const {
        return action_space_.bounded() ? static_cast<int>(action_space_.count) : ids_.size();
    }
    // The ids the discovery run numbered.
    [[nodiscard]] int discovered_ids() const { return discovered_ids_; }
    // True once: the first time the ids outgrow the discovery run's in a game whose actions the rules do not bound
    // (num_distinct_actions() grows then; the module warns).
    [[nodiscard]] bool ids_outgrew_discovery() {
        if (action_space_.bounded() || growth_told_ || ids_.size() <= discovered_ids_) return false;
        return growth_told_ = true;
    }
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
    runtime::ActionSpace action_space_;
    int discovered_ids_ = 0;
    bool growth_told_ = false;
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
