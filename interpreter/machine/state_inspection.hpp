// Running the machine on a state that a const member function may only look at (names, views, preferences).
#pragma once

#include "machine.hpp"

namespace rulesrun::runtime {

// Whatever the evaluation builds on the heap or the locals is dropped afterwards, and nothing is remembered, so the
// state is left exactly as it was: looking never changes a game.
template <class F>
auto inspect(const StateData& state, F&& f) {
    auto& s = const_cast<StateData&>(state);
    // Restores the state on every way out, an exception of a failing strategy or view included.
    struct Restore {
        StateData& s;
        std::size_t heap = s.heap.size(), locals = s.locals.size(), frames = s.frames.size(), scratch = s.scratch.size();
        std::int64_t steps = s.steps;
        ~Restore() {
            s.heap.pop_to(heap);
            s.locals.pop_to(locals);
            s.frames.resize(frames);
            s.scratch.pop_to(scratch);
            s.triggered.clear();
            s.steps = steps;
        }
    } restore{s};
    Machine m(*s.instance->program, s);
    m.remember_ = false;  // what functions compute now lives on the part of the heap dropped afterwards
    return f(m);
}

}  // namespace rulesrun::runtime
