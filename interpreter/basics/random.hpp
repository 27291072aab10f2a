// The project's random generator: xoshiro256** seeded through splitmix64, with uniform integers drawn by rejection.
//
// The project has its own generator instead of <random>'s distributions because std::uniform_int_distribution gives
// different numbers with different standard libraries; a game played with a given seed must be the same everywhere.
// The interpreter, the bots and the hand-written baselines all use it.
#pragma once

#include <cstdint>
#include <utility>

namespace rulesrun {

class Rng {
public:
    // The four words of state come from splitmix64 so that close seeds (0, 1, 2...) still give unrelated games.
    explicit Rng(std::uint64_t seed) {
        for (auto& word : state_) word = splitmix64(seed);
    }

    // xoshiro256** (Blackman & Vigna): 64 random bits.
    std::uint64_t next() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    // A uniform integer in [0, n), n >= 1. Draws x = next() again while x < 2^64 mod n, then returns x mod n: the
    // accepted range holds a whole multiple of n values, so every result has exactly the same chance. 2^64 mod n is
    // below n, so it is only worked out for the rare x below n: one division per number instead of two.
    std::uint32_t below(std::uint32_t n) {
        const std::uint64_t bound = n;
        std::uint64_t x = next();
        if (x < bound) [[unlikely]] {
            const std::uint64_t rejected_below = (0 - bound) % bound;  // 2^64 mod n
            while (x < rejected_below) x = next();
        }
        return static_cast<std::uint32_t>(x % bound);
    }

    // A fair coin.
    bool coin() { return below(2) == 1; }

    // A uniform number in [0, 1): the top 53 bits, each value a multiple of 2^-53.
    double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    // Fisher-Yates: every order of items[0..count) equally likely.
    template <class T>
    void shuffle(T* items, int count) {
        shuffle(items, count, [](int, const T&) {});
    }
    // The same, and placed(i, items[i]) as soon as items[i] takes its last place (the last first): a caller that
    // indexes where each item is keeps its index in the same pass.
    template <class T, class Placed>
    void shuffle(T* items, int count, const Placed& placed) {
        for (int i = count - 1; i > 0; --i) {
            const int j = static_cast<int>(below(static_cast<std::uint32_t>(i + 1)));
            std::swap(items[i], items[j]);
            placed(i, items[i]);
        }
        if (count > 0) placed(0, items[0]);
    }

    // One word of the generator's state: it changes with every number drawn (the search bot tells by it whether a
    // step drew on chance).
    [[nodiscard]] std::uint64_t fingerprint() const {
        return state_[0] ^ rotl(state_[1], 17) ^ rotl(state_[2], 31) ^ rotl(state_[3], 47);
    }

    friend bool operator==(const Rng& a, const Rng& b) {
        for (int i = 0; i < 4; ++i) {
            if (a.state_[i] != b.state_[i]) return false;
        }
        return true;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    static std::uint64_t splitmix64(std::uint64_t& x) {
        std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }

    std::uint64_t state_[4];
};

}  // namespace rulesrun
