// Writing a combination of numbers out the way a player would: the additions before the subtractions and the
// multiplications before the divisions, each group in ascending order, and parentheses only where an operation needs
// them: 5-(3-4-4) is written 4+4+5-3, (6/4)x2 is written 2x6/4 (which also keeps every division exact).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rulesrun::runtime {

class WrittenCombination {
public:
    static WrittenCombination number(std::int64_t value);
    // left op right, where op is one of + - x / and `value` is the result.
    static WrittenCombination combine(const WrittenCombination& left, char op, const WrittenCombination& right,
                                      std::int64_t value);

    [[nodiscard]] std::string text() const;

private:
    enum class Kind { number, sum, product };
    // A sum's parts are its terms (inverse: subtracted); a product's parts are its factors (inverse: divided by).
    void append_parts(const WrittenCombination& e, Kind as, bool inverse);
    [[nodiscard]] std::string part_text(const WrittenCombination& part) const;

    Kind kind_ = Kind::number;
    std::int64_t value_ = 0;
    std::vector<WrittenCombination> parts_;
    std::vector<bool> inverse_;
};

}  // namespace rulesrun::runtime
