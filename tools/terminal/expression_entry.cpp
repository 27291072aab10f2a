#include "expression_entry.hpp"

#include <algorithm>
#include <cctype>

namespace rulesrun::cli {

namespace {

// Recursive descent over: sum = product {(+|-) product}; product = unary {(x|*|/) unary}; unary = -unary | atom;
// atom = number | ( sum ). Every failure (syntax, inexact division, overflow) makes the whole reading fail.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    std::optional<ArithmeticReading> read() {
        const auto value = sum(0);
        skip_blanks();
        if (!value || at_ < text_.size()) return std::nullopt;
        std::sort(reading_.numbers.begin(), reading_.numbers.end());
        reading_.value = *value;
        return reading_;
    }

private:
    static constexpr int max_depth = 100;

    void skip_blanks() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
    }
    bool take(char c) {
        skip_blanks();
        if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
        return false;
    }

    std::optional<std::int64_t> sum(int depth) {
        auto left = product(depth);
        while (left) {
            const bool plus = take('+');
            if (!plus && !take('-')) break;
            const auto right = product(depth);
            if (!right || __builtin_add_overflow(*left, plus ? *right : -*right, &*left)) return std::nullopt;
            ++reading_.operators;
        }
        return left;
    }

    std::optional<std::int64_t> product(int depth) {
        auto left = unary(depth);
        while (left) {
            const bool times = take('x') || take('*');
            if (!times && !take('/')) break;
            const auto right = unary(depth);
            if (!right) return std::nullopt;
            if (times) {
                if (__builtin_mul_overflow(*left, *right, &*left)) return std::nullopt;
            } else {
                if (*right == 0 || *left % *right != 0) return std::nullopt;
                *left /= *right;
            }
            ++reading_.operators;
        }
        return left;
    }

    std::optional<std::int64_t> unary(int depth) {
        if (depth > max_depth) return std::nullopt;
        if (take('-')) {
            const auto value = unary(depth + 1);
            return value ? std::optional(-*value) : std::nullopt;
        }
        if (take('(')) {
            const auto value = sum(depth + 1);
            return value && take(')') ? value : std::nullopt;
        }
        return number();
    }

    std::optional<std::int64_t> number() {
        skip_blanks();
        const std::size_t begin = at_;
        std::int64_t value = 0;
        for (; at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_])); ++at_) {
            if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, text_[at_] - '0', &value))
                return std::nullopt;
        }
        if (at_ == begin) return std::nullopt;
        reading_.numbers.push_back(value);
        return value;
    }

    std::string_view text_;
    std::size_t at_ = 0;
    ArithmeticReading reading_;
};

// The expression an action's name ends with: its longest ending that reads as one.
std::optional<ArithmeticReading> shown_expression(std::string_view name) {
    for (std::size_t start = 0; start < name.size(); ++start)
        if (auto reading = read_arithmetic(name.substr(start))) return reading;
    return std::nullopt;
}

}  // namespace

std::optional<ArithmeticReading> read_arithmetic(std::string_view text) { return Reader(text).read(); }

std::optional<int> match_expression(std::string_view entry, const std::vector<std::string>& action_names) {
    const auto typed = read_arithmetic(entry);
    if (!typed || typed->operators == 0) return std::nullopt;
    std::optional<int> found;
    for (std::size_t i = 0; i < action_names.size(); ++i) {
        const auto shown = shown_expression(action_names[i]);
        if (!shown || shown->value != typed->value || shown->numbers != typed->numbers) continue;
        if (found) return std::nullopt;  // two actions fit: the entry names none
        found = static_cast<int>(i);
    }
    return found;
}

}  // namespace rulesrun::cli
