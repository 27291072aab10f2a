#include "action_ids.hpp"

#include "seeds.hpp"

namespace rulesrun::python {

// FNV-1a over the name's bytes, mixed with the key.
std::uint64_t ActionIds::identity(std::uint64_t key, const std::string& name, bool subset) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    if (subset) return derive_seed(key, hash);
    for (const char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    return derive_seed(key, hash);
}

int ActionIds::id_of(std::uint64_t identity, const std::string& name) {
    const auto [at, added] = ids_.try_emplace(identity, size());
    if (added) names_.push_back(name);
    return at->second;
}

}  // namespace rulesrun::python
