// Running the machine on a state that a const member function may only look at (names, views, preferences).
#pragma once

#include "machine.hpp"

namespace rulesrun::runtime {

// Whatever the evaluation builds on the heap or the locals is dropped afterwards, and nothing is remembered, so the
// state is left exactly as it was: looking never changes a game.
template <class F>
auto inspect(const StateData& state, F&& f) {
    auto& s = const_cast<StateData&>(state);
    const std::size_t heap = s.heap.size(), locals = s.locals.size();
    const std::int64_t steps = s.steps;
    Machine m(*s.instance->program, s);
    m.remember_ = false;  // what functions compute now lives on the part of the heap dropped below
    auto result = f(m);
    s.heap.resize(heap);
    s.locals.resize(locals);
    s.steps = steps;
    return result;
}

}  // namespace rulesrun::runtime
