// JSON that comes from outside (saved games, wire messages, the lobby's requests, partial results, an `exec:` bot's
// lines): parsed with a limit on how deeply arrays and objects nest, since copying, comparing and writing a value
// recurse once per level and a value nested some thousands deep would overflow the stack; and written back without
// throwing on the bytes it quotes, which need not be UTF-8.
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace rulesrun {

// Deeper than any file or message rulesrun writes (a saved game or partial result nests about 6 levels).
inline constexpr int max_json_depth = 64;

// Text that is not JSON, or nests deeper than the limit; the message says which, without the library's internals,
// as words that follow "the message is": "not valid JSON: line 1, column 3: ...", "JSON whose arrays and objects
// nest more than 64 deep".
struct JsonInputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws JsonInputError.
[[nodiscard]] nlohmann::json parse_json_input(std::string_view text, int max_depth = max_json_depth);
[[nodiscard]] nlohmann::ordered_json parse_ordered_json_input(std::string_view text, int max_depth = max_json_depth);

// The value as compact JSON text; bytes of its strings that are not UTF-8 become U+FFFD instead of an exception.
[[nodiscard]] std::string json_text(const nlohmann::json& value);
[[nodiscard]] std::string json_text(const nlohmann::ordered_json& value);

// A whole number read from outside JSON as type Whole. A number written as a fraction or with an exponent, or one that
// Whole cannot hold, is refused as a wrong type is (nlohmann's type_error, which the readers already turn into their
// own message): `value.get<Whole>()` would convert it with undefined behaviour (1e24 into a 64-bit number).
template <class Whole, class Json>
[[nodiscard]] Whole whole_number(const Json& value) {
    if (value.is_number_unsigned()) {
        const auto number = value.template get<std::uint64_t>();
        if (std::in_range<Whole>(number)) return static_cast<Whole>(number);
    } else if (value.is_number_integer()) {
        const auto number = value.template get<std::int64_t>();
        if (std::in_range<Whole>(number)) return static_cast<Whole>(number);
    }
    throw nlohmann::detail::type_error::create(
        302, "a whole number from " + std::to_string(std::numeric_limits<Whole>::min()) + " to " +
                 std::to_string(std::numeric_limits<Whole>::max()) + " was expected, not " + value.dump(),
        nullptr);
}

// What kind of JSON value this is ("a number", "a text", ...), for messages that say what a field should have been.
[[nodiscard]] std::string json_kind(const nlohmann::json& value);

}  // namespace rulesrun
