#include "action_ids.hpp"

namespace rulesrun::python {

int ActionIds::id_of(std::uint64_t key, const std::string& name) {
    const auto [at, added] = ids_.try_emplace(key, size());
    if (added) names_.push_back(name);
    return at->second;
}

int ActionIds::find(std::uint64_t key) const {
    const auto at = ids_.find(key);
    return at == ids_.end() ? -1 : at->second;
}

}  // namespace rulesrun::python
