// Many states in one call (docs/python.md, "Speed"): an action applied to each, and their tensors and masks as the
// rows of one array, so that a program stepping a batch of games pays Python's overhead once per batch.
#pragma once

#include <cstdint>
#include <vector>

#include "python_state.hpp"

namespace rulesrun::python {

// Applies actions[i] to states[i] (a chance outcome, or the action of its one seat to act).
void apply_each(const std::vector<State*>& states, const std::vector<int>& actions);
// Row i: states[i]'s observation tensor for players[i] (out: states.size() rows of the layout's size).
void observation_rows(const std::vector<const State*>& states, const std::vector<int>& players, float* out);
// Row i: 1 for each legal action of players[i] in states[i] (out: states.size() rows of `width`, zeroed here).
// Throws UsageError naming an id at or beyond `width`.
void legal_action_rows(const std::vector<const State*>& states, const std::vector<int>& players, std::size_t width,
                       std::int8_t* out);

}  // namespace rulesrun::python
