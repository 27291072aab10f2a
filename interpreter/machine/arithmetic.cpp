#include "arithmetic.hpp"

#include <algorithm>
#include <stdexcept>

#include "arithmetic_text.hpp"

namespace rulesrun::runtime {

namespace {

// Values stay within the rules' number range, as every number of the language does.
constexpr std::int64_t largest = 2147483647;

// Every value a op b can take for the four operators; division only when exact. Operands are in the number range,
// so no 64-bit result overflows; results out of the range are left out.
template <class F>
void each_result(std::int64_t a, std::int64_t b, bool science, F&& f) {
    auto offer = [&](std::int64_t v, char op, bool swapped) {
        if (v >= -largest && v <= largest) f(v, op, swapped);
    };
    offer(a + b, '+', false);
    offer(a - b, '-', false);
    offer(b - a, '-', true);
    if (!science) return;
    offer(a * b, 'x', false);
    if (b != 0 && a % b == 0) offer(a / b, '/', false);
    if (a != 0 && b % a == 0) offer(b / a, '/', true);
}

}  // namespace

Combinations::Combinations(const std::vector<std::int32_t>& numbers, bool science)
    : numbers_(numbers), science_(science) {
    if (!science_) return;  // + and - need no table: see added_part
    values_.resize(std::size_t{1} << numbers.size());
    const auto full = static_cast<std::uint32_t>(values_.size());
    std::size_t total = 0, work = 0;
    for (std::uint32_t mask = 1; mask < full; ++mask) {
        if (mask == full - 1 && (mask & (mask - 1)) != 0) continue;  // the whole set: searched, see reaches_whole
        auto& out = values_[mask];
        if ((mask & (mask - 1)) == 0) {
            out.push_back(numbers_[static_cast<std::size_t>(__builtin_ctz(mask))]);
            continue;
        }
        for (std::uint32_t a = (mask - 1) & mask; a > 0; a = (a - 1) & mask) {
            const std::uint32_t b = mask ^ a;
            if (a > b) continue;  // each split once: the operators try both orders
            for (std::int64_t x : values_[a]) {
                for (std::int64_t y : values_[b]) each_result(x, y, science_, [&](std::int64_t v, char, bool) { out.push_back(v); });
                work += values_[b].size();
                if (work > max_combination_work) throw std::length_error("too many combinations");
            }
        }
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        total += out.size();
        if (total > max_combination_values) throw std::length_error("too many combinations");
    }
}

bool Combinations::has(std::uint32_t mask, std::int64_t value) const {
    const auto& v = values_[mask];
    return std::binary_search(v.begin(), v.end(), value);
}

// With + and - only, every expression adds some of the numbers (at least one: the first operand of every operation
// is added) and subtracts the others, and every such split can be written (a+b-c-d). So the target is reachable when
// some non-empty part adds up to (total + target) / 2: the set bits of the part found, or nothing.
std::optional<std::uint32_t> Combinations::added_part(std::int64_t target) const {
    std::int64_t total = 0;
    for (const std::int32_t n : numbers_) total += n;
    if ((total + target) % 2 != 0) return std::nullopt;
    const std::int64_t wanted = (total + target) / 2;
    const auto full = std::uint32_t{1} << numbers_.size();
    for (std::uint32_t mask = 1; mask < full; ++mask) {
        std::int64_t sum = 0;
        for (std::size_t i = 0; i < numbers_.size(); ++i)
            if (mask >> i & 1U) sum += numbers_[i];
        if (sum == wanted) return mask;
    }
    return std::nullopt;
}

// Whether the whole set makes the target, without its table (the largest of all): for every split in two parts and
// every value x of one part, the value y the other part would need for x op y (or y op x) to be the target.
bool Combinations::reaches_whole(std::int64_t target) const {
    const auto full = static_cast<std::uint32_t>(values_.size() - 1);
    for (std::uint32_t a = (full - 1) & full; a > 0; a = (a - 1) & full) {
        const std::uint32_t b = full ^ a;
        if (a > b) continue;
        const auto& ys = values_[b];
        const bool b_makes_non_zero = ys.size() > 1 || (!ys.empty() && ys[0] != 0);
        for (const std::int64_t x : values_[a]) {
            if (has(b, target - x) || has(b, x - target) || has(b, target + x)) return true;
            if (!science_) continue;
            if (x == 0 ? target == 0 : target % x == 0 && has(b, target / x)) return true;       // x * y
            if (target == 0 ? x == 0 && b_makes_non_zero : x % target == 0 && x != 0 && has(b, x / target))
                return true;                                                                     // x / y
            if (x != 0 && has(b, target * x)) return true;                                       // y / x
        }
    }
    return false;
}

// Whether the numbers of `mask` make `value`: the whole set is searched, the others have their table.
bool Combinations::makes(std::uint32_t mask, std::int64_t value) const {
    const bool whole = mask == values_.size() - 1 && (mask & (mask - 1)) != 0;
    return whole ? reaches_whole(value) : has(mask, value);
}

bool Combinations::reaches(std::int32_t target) const {
    if (numbers_.empty()) return false;
    if (!science_) return added_part(target).has_value();
    return makes(static_cast<std::uint32_t>(values_.size() - 1), target);
}

std::optional<WrittenCombination> Combinations::formula(std::uint32_t mask, std::int64_t target) const {
    if (!makes(mask, target)) return std::nullopt;
    if ((mask & (mask - 1)) == 0) return WrittenCombination::number(target);
    for (std::uint32_t a = (mask - 1) & mask; a > 0; a = (a - 1) & mask) {
        const std::uint32_t b = mask ^ a;
        if (a > b) continue;
        for (std::int64_t x : values_[a]) {
            for (std::int64_t y : values_[b]) {
                std::optional<WrittenCombination> found;
                each_result(x, y, science_, [&](std::int64_t v, char op, bool swapped) {
                    if (found || v != target) return;
                    auto left = formula(swapped ? b : a, swapped ? y : x);
                    auto right = formula(swapped ? a : b, swapped ? x : y);
                    found = WrittenCombination::combine(*left, op, *right, v);
                });
                if (found) return found;
            }
        }
    }
    return std::nullopt;
}

std::optional<std::string> Combinations::explain(std::int32_t target) const {
    if (numbers_.empty()) return std::nullopt;
    if (!science_) {
        const auto added = added_part(target);
        if (!added) return std::nullopt;
        std::optional<WrittenCombination> written;
        std::int64_t value = 0;
        for (const bool adding : {true, false}) {  // the added numbers, then the subtracted ones
            for (std::size_t i = 0; i < numbers_.size(); ++i) {
                if (((*added >> i & 1U) != 0) != adding) continue;
                const auto n = WrittenCombination::number(numbers_[i]);
                value += adding ? numbers_[i] : -std::int64_t{numbers_[i]};
                written = written ? WrittenCombination::combine(*written, adding ? '+' : '-', n, value) : n;
            }
        }
        return written->text();
    }
    auto f = formula(static_cast<std::uint32_t>(values_.size() - 1), target);
    if (!f) return std::nullopt;
    return f->text();
}

}  // namespace rulesrun::runtime
