// The locals of every frame, innermost last (StateData::locals). A call pushes its frame's locals and a return pops
// them, thousands of times a game: a push is a few stores into memory the stack keeps, where std::vector::resize
// would go through its general insertion code.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "program.hpp"

namespace rulesrun::runtime {

class LocalStack {
public:
    LocalStack() = default;
    // A copy holds the locals in use, not the room the original keeps above them; an assignment keeps its own room.
    LocalStack(const LocalStack& other) : values_(other.values_.begin(), other.values_.begin() + other.top_), top_(other.top_) {}
    LocalStack& operator=(const LocalStack& other) {
        if (this == &other) return *this;
        if (values_.size() < other.top_) values_.resize(other.top_);
        std::copy_n(other.values_.begin(), other.top_, values_.begin());
        top_ = other.top_;
        return *this;
    }
    LocalStack(LocalStack&&) noexcept = default;
    LocalStack& operator=(LocalStack&&) noexcept = default;
    ~LocalStack() = default;

    [[nodiscard]] std::size_t size() const { return top_; }
    Value* data() { return values_.data(); }
    Value& operator[](std::size_t i) { return values_[i]; }
    const Value& operator[](std::size_t i) const { return values_[i]; }

    // Room for `count` more locals, all none; returns where they start. Pointers into the stack are stale afterwards.
    std::int32_t push(std::int32_t count) {
        const std::size_t base = top_;
        const auto n = static_cast<std::size_t>(count);
        if (values_.size() - top_ < n + chunk) [[unlikely]] values_.resize(2 * values_.size() + n + chunk);
        // Whole chunks, past the end if need be (the room is there): a frame's locals take one or two wide stores.
        Value* const first = values_.data() + base;
        for (std::size_t i = 0; i < n; i += chunk) std::fill_n(first + i, chunk, none_value);
        top_ = base + n;
        return static_cast<std::int32_t>(base);
    }
    // Drops the locals from `base` on (a return).
    void pop_to(std::size_t base) { top_ = base; }
    void clear() { top_ = 0; }

    friend bool operator==(const LocalStack& a, const LocalStack& b) {
        return a.top_ == b.top_ && std::equal(a.values_.begin(), a.values_.begin() + a.top_, b.values_.begin());
    }

private:
    static constexpr std::size_t chunk = 8;
    std::vector<Value> values_;  // [0, top_) in use; the rest is room kept for later calls
    std::size_t top_ = 0;
};

}  // namespace rulesrun::runtime
