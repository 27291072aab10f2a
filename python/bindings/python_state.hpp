// A state of a game for Python, shaped as OpenSpiel's (docs/python.md): the seat to act or OpenSpiel's markers,
// game-wide action ids, explicit chance nodes or sampled chance, returns, what each seat may see as text and tensors,
// copies, serialization and the determinization the search bot uses.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "explicit_chance.hpp"
#include "game_context.hpp"

namespace rulesrun::python {

// OpenSpiel's markers for current_player().
inline constexpr int terminal_player = -4;
inline constexpr int chance_player = -1;
inline constexpr int simultaneous_player = -2;
// Games drawn by resample_from_infostate before it gives up (UnseenRedraw::draw).
inline constexpr int resample_attempts = 32;

class State {
public:
    State(std::shared_ptr<GameContext> context, std::uint64_t seed);

    [[nodiscard]] const std::shared_ptr<GameContext>& context() const { return context_; }
    // The game at this decision (bots decide on it); at a chance node, the game before the ply it resolves.
    [[nodiscard]] const runtime::Game& game() const { return game_; }
    // The id of `seat`'s action at this menu position.
    [[nodiscard]] int id_at(int seat, int position) const { return ids_of_menu(seat).at(static_cast<std::size_t>(position)); }
    [[nodiscard]] int current_player() const;
    [[nodiscard]] bool is_chance_node() const { return chance_.has_value(); }
    [[nodiscard]] bool is_terminal() const { return !chance_ && game_.finished(); }
    [[nodiscard]] bool is_simultaneous_node() const { return current_player() == simultaneous_player; }
    // The seats to decide now (several at a simultaneous decision); empty at a chance node and at the end.
    [[nodiscard]] std::vector<int> acting_seats() const;

    // The ids of `player`'s actions, ascending (at a chance node, chance_player: the outcomes' indices); empty when
    // the seat has nothing to decide.
    [[nodiscard]] std::vector<int> legal_actions(int player) const;
    [[nodiscard]] std::vector<std::pair<int, double>> chance_outcomes() const;
    [[nodiscard]] std::string action_to_string(int player, int action) const;
    [[nodiscard]] int string_to_action(int player, const std::string& name) const;
    // The action of the one seat to act, or a chance outcome. Throws UsageError at a simultaneous decision.
    void apply_action(int action);
    // One action per seat (the seats not deciding: ignored), at any decision.
    void apply_actions(const std::vector<int>& actions);

    [[nodiscard]] std::vector<double> returns() const;
    [[nodiscard]] std::vector<double> rewards() const;
    [[nodiscard]] std::string observation_string(int player) const;
    [[nodiscard]] std::string information_state_string(int player) const;
    void observation_tensor(int player, float* out) const;
    void information_state_tensor(int player, float* out) const;
    [[nodiscard]] std::string to_string() const;

    // The actions and chance outcomes applied since the start, as ids (OpenSpiel's history()).
    [[nodiscard]] const std::vector<int>& history() const { return history_; }
    [[nodiscard]] std::string serialize() const;
    static State deserialize(std::shared_ptr<GameContext> context, const std::string& text);
    // A state `player` cannot tell apart from this one, what it did not see drawn again (UnseenRedraw, then
    // determinize: as the search bot does). It cannot be serialized (its past is not a replay).
    [[nodiscard]] State resample_from_infostate(int player, std::uint64_t seed) const;

private:
    // The menu positions of `seat`'s actions, by id (the first of actions alike).
    [[nodiscard]] int menu_index(int seat, int id) const;
    [[nodiscard]] runtime::ActionRecord record_of(int seat, int id) const;
    void check_player(int player) const;
    void check_observable(int player) const;
    [[nodiscard]] runtime::Game redrawn(int player, std::uint64_t seed) const;
    void apply_records(const std::vector<runtime::ActionRecord>& records);
    void settle(std::variant<runtime::Game, ChanceNode> resolved);
    void tell_ply();
    [[nodiscard]] std::vector<int> ids_of_menu(int seat) const;

    std::shared_ptr<GameContext> context_;
    std::uint64_t seed_ = 1;
    runtime::Game game_;                // the game now, or before the ply a chance node resolves
    std::optional<ChanceNode> chance_;
    std::vector<int> moves_;            // every action as its menu position, every chance outcome: for serialize
    bool replayable_ = true;
    std::vector<int> history_;
    std::vector<TakenAction> taken_;
    runtime::TableLog log_;
};

}  // namespace rulesrun::python
