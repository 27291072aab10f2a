#include "arithmetic_text.hpp"

#include <algorithm>
#include <numeric>

namespace rulesrun::runtime {

WrittenCombination WrittenCombination::number(std::int64_t value) {
    WrittenCombination e;
    e.value_ = value;
    return e;
}

WrittenCombination WrittenCombination::combine(const WrittenCombination& left, char op, const WrittenCombination& right,
                                               std::int64_t value) {
    WrittenCombination e;
    e.value_ = value;
    e.kind_ = op == '+' || op == '-' ? Kind::sum : Kind::product;
    e.append_parts(left, e.kind_, false);
    e.append_parts(right, e.kind_, op == '-' || op == '/');
    return e;
}

// A sum inside a sum (or a product inside a product) gives its own parts, their signs flipped when it is subtracted
// (or divided by): a-(b-c) = a-b+c and a/(b/c) = a/b*c.
void WrittenCombination::append_parts(const WrittenCombination& e, Kind as, bool inverse) {
    if (e.kind_ != as) {
        parts_.push_back(e);
        inverse_.push_back(inverse);
        return;
    }
    for (std::size_t i = 0; i < e.parts_.size(); ++i) {
        parts_.push_back(e.parts_[i]);
        inverse_.push_back(e.inverse_[i] != inverse);
    }
}

std::string WrittenCombination::part_text(const WrittenCombination& part) const {
    const std::string text = part.text();
    const bool needs_parentheses = (kind_ == Kind::product && part.kind_ == Kind::sum) ||
                                   (part.kind_ == Kind::number && part.value_ < 0);
    return needs_parentheses ? "(" + text + ")" : text;
}

std::string WrittenCombination::text() const {
    if (kind_ == Kind::number) return std::to_string(value_);
    std::vector<std::size_t> order(parts_.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Forward parts first, then the inverse ones; each group in ascending value, then by text.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (inverse_[a] != inverse_[b]) return !inverse_[a];
        if (parts_[a].value_ != parts_[b].value_) return parts_[a].value_ < parts_[b].value_;
        return parts_[a].text() < parts_[b].text();
    });
    const char forward = kind_ == Kind::sum ? '+' : 'x';
    const char inverse = kind_ == Kind::sum ? '-' : '/';
    std::string out;
    for (const std::size_t i : order) {
        if (inverse_[i]) out += inverse;
        else if (!out.empty()) out += forward;
        out += part_text(parts_[i]);
    }
    if (kind_ == Kind::product && !out.empty() && out.front() == '/') out = "1" + out;
    return out;
}

}  // namespace rulesrun::runtime
