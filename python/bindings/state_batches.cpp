#include "state_batches.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::python {

namespace {

void check_sizes(std::size_t states, std::size_t other, const char* what) {
    if (states != other)
        throw runtime::UsageError(fmt::format("{} states but {} {}: one each", states, other, what));
}

}  // namespace

void apply_each(const std::vector<State*>& states, const std::vector<int>& actions) {
    check_sizes(states.size(), actions.size(), "actions");
    for (std::size_t i = 0; i < states.size(); ++i) states[i]->apply_action(actions[i]);
}

void observation_rows(const std::vector<const State*>& states, const std::vector<int>& players, float* out) {
    check_sizes(states.size(), players.size(), "players");
    if (states.empty()) return;
    const std::size_t width = states.front()->context()->layout().size();
    for (std::size_t i = 0; i < states.size(); ++i) {
        if (states[i]->context() != states.front()->context())
            throw runtime::UsageError("observation_tensors: the states are of different games");
        states[i]->observation_tensor(players[i], out + i * width);
    }
}

void legal_action_rows(const std::vector<const State*>& states, const std::vector<int>& players, std::size_t width,
                       std::int8_t* out) {
    check_sizes(states.size(), players.size(), "players");
    std::fill(out, out + states.size() * width, std::int8_t{0});
    for (std::size_t i = 0; i < states.size(); ++i) {
        for (const int action : states[i]->legal_actions(players[i])) {
            if (static_cast<std::size_t>(action) >= width)
                throw runtime::UsageError(fmt::format("action id {} is beyond the mask's {} columns", action, width));
            out[i * width + static_cast<std::size_t>(action)] = 1;
        }
    }
}

}  // namespace rulesrun::python
