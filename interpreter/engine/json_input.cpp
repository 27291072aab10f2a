#include "json_input.hpp"

#include <fmt/format.h>

namespace rulesrun {

namespace {

// "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ...; last read: '\xff'" keeps
// "line 1, column 2: syntax error ...": the library's code and the bytes it last read (perhaps not UTF-8) go.
std::string parse_error_text(const nlohmann::json::exception& e) {
    std::string text = e.what();
    if (const auto bracket = text.find("] "); text.rfind("[json.exception", 0) == 0 && bracket != std::string::npos) {
        text.erase(0, bracket + 2);
    }
    if (text.rfind("parse error at ", 0) == 0) text.erase(0, 15);
    if (const auto last_read = text.find("; last read"); last_read != std::string::npos) text.erase(last_read);
    return text;
}

template <typename Json>
Json parse_limited(std::string_view text, int max_depth) {
    const auto refuse_deep = [max_depth](int depth, nlohmann::json::parse_event_t event, Json&) {
        const bool opens = event == nlohmann::json::parse_event_t::object_start ||
                           event == nlohmann::json::parse_event_t::array_start;
        if (opens && depth >= max_depth) {
            throw JsonInputError(fmt::format("JSON whose arrays and objects nest more than {} deep", max_depth));
        }
        return true;
    };
    try {
        return Json::parse(text.begin(), text.end(), refuse_deep);
    } catch (const nlohmann::json::exception& e) {
        throw JsonInputError(fmt::format("not valid JSON: {}", parse_error_text(e)));
    }
}

}  // namespace

nlohmann::json parse_json_input(std::string_view text, int max_depth) {
    return parse_limited<nlohmann::json>(text, max_depth);
}

nlohmann::ordered_json parse_ordered_json_input(std::string_view text, int max_depth) {
    return parse_limited<nlohmann::ordered_json>(text, max_depth);
}

std::string json_text(const nlohmann::json& value) {
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string json_text(const nlohmann::ordered_json& value) {
    return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string json_kind(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::null: return "null";
        case nlohmann::json::value_t::boolean: return "true or false";
        case nlohmann::json::value_t::string: return "a text";
        case nlohmann::json::value_t::array: return "a list";
        case nlohmann::json::value_t::object: return "an object";
        case nlohmann::json::value_t::number_float: return "a number with a fraction or exponent";
        case nlohmann::json::value_t::number_integer:
        case nlohmann::json::value_t::number_unsigned: return "a whole number";
        default: return "not a value";
    }
}

}  // namespace rulesrun
