// A stack of values that keeps its memory: StateData's locals (a call pushes its frame's locals, a return pops
// them) and heap (lists, records and texts, made thousands of times a game). Growing it is a few stores into room
// it already has, where std::vector's resize and push_back go through general code for each call or each value.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "program.hpp"

namespace rulesrun::runtime {

// Makes std::vector's resize leave new values as they are (no zeros written): the room above a stack's top is
// written before it is read.
template <class T>
struct UninitializedAllocator : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = UninitializedAllocator<U>;
    };
    template <class U>
    void construct(U* place) noexcept {
        ::new (static_cast<void*>(place)) U;
    }
    template <class U, class... Args>
    void construct(U* place, Args&&... args) {
        ::new (static_cast<void*>(place)) U(std::forward<Args>(args)...);
    }
};

class ValueStack {
public:
    ValueStack() = default;
    // A copy holds the values in use, not the room the original keeps above them; an assignment keeps its own room.
    ValueStack(const ValueStack& other) : values_(other.begin(), other.end()), top_(other.top_) {}
    ValueStack& operator=(const ValueStack& other) {
        if (this == &other) return *this;
        if (values_.size() < other.top_) values_.resize(other.top_);
        std::copy(other.begin(), other.end(), values_.begin());
        top_ = other.top_;
        return *this;
    }
    ValueStack(ValueStack&&) noexcept = default;
    ValueStack& operator=(ValueStack&&) noexcept = default;
    ~ValueStack() = default;

    [[nodiscard]] std::size_t size() const { return top_; }
    Value* data() { return values_.data(); }
    const Value* data() const { return values_.data(); }
    Value* begin() { return values_.data(); }
    Value* end() { return values_.data() + top_; }
    const Value* begin() const { return values_.data(); }
    const Value* end() const { return values_.data() + top_; }
    Value& operator[](std::size_t i) { return values_[i]; }
    const Value& operator[](std::size_t i) const { return values_[i]; }

    // Room for `count` more values, all none, for a frame's locals; returns where they start. Pointers into the
    // stack are stale afterwards.
    [[gnu::always_inline]] std::int32_t push(std::int32_t count) {
        const auto n = static_cast<std::size_t>(count);
        const std::size_t base = make_room(n + chunk);
        // Whole chunks, past the end if need be (the room is there): a frame's locals take one or two wide stores.
        Value* const first = values_.data() + base;
        for (std::size_t i = 0; i < n; i += chunk) std::fill_n(first + i, chunk, none_value);
        top_ = base + n;
        return static_cast<std::int32_t>(base);
    }
    // Room for `count` more values, which the caller sets, every one; returns where they start. Pointers into the
    // stack are stale afterwards.
    [[gnu::always_inline]] std::size_t grow(std::size_t count) {
        const std::size_t base = make_room(count);
        top_ = base + count;
        return base;
    }
    // Inlined: lists and a decision's options are built value by value.
    [[gnu::always_inline]] void push_back(Value v) {
        const std::size_t at = make_room(1);
        values_[at] = v;
        top_ = at + 1;
    }
    // Copies `count` values on top. Value by value: most lists are short, and a call to memcpy would cost more.
    void append(const Value* values, std::size_t count) {
        const std::size_t at = make_room(count);
        Value* const out = values_.data() + at;
        for (std::size_t i = 0; i < count; ++i) out[i] = values[i];
        top_ = at + count;
    }
    // Drops the values from `base` on.
    void pop_to(std::size_t base) { top_ = base; }
    void clear() { top_ = 0; }
    // Room for `count` values in all, so that growing to that size moves nothing.
    void reserve(std::size_t count) {
        if (values_.size() < count) values_.resize(count);
    }

    friend bool operator==(const ValueStack& a, const ValueStack& b) {
        return a.top_ == b.top_ && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    static constexpr std::size_t chunk = 8;

    // Makes sure `count` values fit above the top; returns the top.
    [[gnu::always_inline]] std::size_t make_room(std::size_t count) {
        if (values_.size() - top_ < count) [[unlikely]] enlarge(count);
        return top_;
    }
    // Out of the way of the callers, which stay small enough to be inlined.
    [[gnu::noinline, gnu::cold]] void enlarge(std::size_t count) { values_.resize(2 * values_.size() + count + chunk); }

    std::vector<Value, UninitializedAllocator<Value>> values_;  // [0, top_) in use; the rest is room kept for later
    std::size_t top_ = 0;
};

}  // namespace rulesrun::runtime
