// Seeds derived from a base seed: game i of a simulation, the generator of the bot in seat s. Derived seeds go
// through splitmix64 so that neighbouring indices still give unrelated games; the same inputs give the same seed on
// every machine and for every thread count.
#pragma once

#include <cstdint>

namespace rulesrun {

// splitmix64's output function (Steele, Lea & Flood): a bijection that scatters close inputs.
inline std::uint64_t splitmix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// The seed of item `index` under `base` (game index under a simulation's seed, seat under a game's seed).
inline std::uint64_t derive_seed(std::uint64_t base, std::uint64_t index) {
    return splitmix64(splitmix64(base) ^ index);
}

}  // namespace rulesrun
