// Running the machine on a state that a const member function may only look at (names, views, preferences).
#pragma once

#include "machine.hpp"

namespace rulesrun::runtime {

// Whatever the evaluation builds on the heap or the locals is dropped afterwards, so the state is left as it was
// (but for the functions' remembered values, which are forgotten): looking never changes a game.
template <class F>
auto inspect(const StateData& state, F&& f) {
    auto& s = const_cast<StateData&>(state);
    const std::size_t heap = s.heap.size(), locals = s.locals.size();
    Machine m(*s.instance->program, s);
    auto result = f(m);
    s.heap.resize(heap);
    s.locals.resize(locals);
    ++s.version;  // functions may have remembered values made on the part of the heap just dropped
    return result;
}

}  // namespace rulesrun::runtime
