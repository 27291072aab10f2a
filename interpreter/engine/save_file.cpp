#include "save_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "json_input.hpp"

namespace rulesrun {

namespace {

using Json = nlohmann::ordered_json;
constexpr const char* format_name = "rulesrun saved game";

// The value of `key`, which must exist and have the expected type (for the error message: "a number", ...).
const Json& field(const Json& object, const char* key, bool (Json::*is_type)() const noexcept, const char* type,
                  const std::string& where) {
    const auto it = object.find(key);
    if (it == object.end()) throw SaveFileError(fmt::format("{}: '{}' is missing", where, key));
    if (!((*it).*is_type)()) throw SaveFileError(fmt::format("{}: '{}' must be {}", where, key, type));
    return *it;
}

int small_int(const Json& object, const char* key, const std::string& where) {
    const auto& value = field(object, key, &Json::is_number_integer, "a whole number", where);
    const auto n = value.get<std::int64_t>();
    if (n < 0 || n > 1'000'000'000) throw SaveFileError(fmt::format("{}: '{}' is out of range ({})", where, key, n));
    return static_cast<int>(n);
}

std::string text(const Json& object, const char* key, const std::string& where) {
    return field(object, key, &Json::is_string, "a text", where).get<std::string>();
}

SavedAction action_from_json(const Json& item, const std::string& where) {
    if (!item.is_object()) throw SaveFileError(fmt::format("{}: must be an object", where));
    return {small_int(item, "seat", where), small_int(item, "action", where), text(item, "name", where)};
}

std::vector<std::pair<std::string, std::string>> options_from_json(const Json& object, const std::string& where) {
    std::vector<std::pair<std::string, std::string>> options;
    for (const auto& [name, value] : object.items()) {
        if (!value.is_string()) throw SaveFileError(fmt::format("{}: option '{}' must be a text", where, name));
        options.emplace_back(name, value.get<std::string>());
    }
    return options;
}

void check_format(const Json& json, const std::string& origin) {
    if (!json.is_object() || !json.contains("format") || json.at("format") != format_name)
        throw SaveFileError(fmt::format("{}: not a rulesrun saved game (no \"format\": \"{}\")", origin, format_name));
    const int version = small_int(json, "version", origin);
    if (version < 1 || version > save_format_version)
        throw SaveFileError(fmt::format("{}: saved game format version {} is not supported (this rulesrun reads "
                                        "versions 1 to {})", origin, version, save_format_version));
}

// 16 hexadecimal digits (version 2 on); a version-1 file has none.
std::string fingerprint_from_json(const Json& json, const std::string& origin) {
    if (small_int(json, "version", origin) < 2) return "";
    std::string fingerprint = text(json, "fingerprint", origin);
    const bool hexadecimal = fingerprint.size() == 16 && std::all_of(fingerprint.begin(), fingerprint.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
    if (!hexadecimal) throw SaveFileError(fmt::format("{}: 'fingerprint' must be 16 hexadecimal digits", origin));
    return fingerprint;
}

}  // namespace

// One field per line and one action per line: readable, and easy to compare line by line.
std::string save_to_json(const SavedGame& game) {
    Json options = Json::object();
    for (const auto& [name, value] : game.options) options[name] = value;
    const Json header = {{"format", format_name}, {"version", save_format_version}, {"rules", game.rules_path},
                         {"players", game.players}, {"options", options}, {"fingerprint", game.fingerprint},
                         {"seed", game.seed}, {"bots", game.bots}};
    std::string out = "{\n";
    for (const auto& [key, value] : header.items()) out += fmt::format(" {}: {},\n", Json(key).dump(), value.dump());
    out += " \"actions\": [";
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
        const auto& a = game.actions[i];
        const Json item = {{"seat", a.seat}, {"action", a.action}, {"name", a.name}};
        out += (i == 0 ? "\n  " : ",\n  ") + item.dump();
    }
    out += game.actions.empty() ? "]\n}\n" : "\n ]\n}\n";
    return out;
}

SavedGame save_from_json(const std::string& text_in, const std::string& origin) {
    Json json;
    try {
        json = parse_ordered_json_input(text_in);
    } catch (const JsonInputError& e) {
        throw SaveFileError(fmt::format("{}: {}", origin, e.what()));
    }
    check_format(json, origin);
    SavedGame game;
    game.rules_path = text(json, "rules", origin);
    game.players = small_int(json, "players", origin);
    game.options = options_from_json(field(json, "options", &Json::is_object, "an object", origin), origin);
    game.fingerprint = fingerprint_from_json(json, origin);
    game.seed = field(json, "seed", &Json::is_number_unsigned, "a whole number from 0", origin).get<std::uint64_t>();
    for (const auto& bot : field(json, "bots", &Json::is_array, "a list", origin)) {
        if (!bot.is_string()) throw SaveFileError(fmt::format("{}: every entry of 'bots' must be a text", origin));
        game.bots.push_back(bot.get<std::string>());
    }
    const auto& actions = field(json, "actions", &Json::is_array, "a list", origin);
    for (std::size_t i = 0; i < actions.size(); ++i)
        game.actions.push_back(action_from_json(actions[i], fmt::format("{}: action {}", origin, i + 1)));
    return game;
}

void write_save_file(const std::string& path, const SavedGame& game) {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << save_to_json(game);
        out.flush();
        if (!out) throw SaveFileError(fmt::format("{}: cannot write the saved game: {}", temporary, std::strerror(errno)));
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0)
        throw SaveFileError(fmt::format("{}: cannot write the saved game: {}", path, std::strerror(errno)));
}

SavedGame read_save_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SaveFileError(fmt::format("{}: cannot read the saved game: {}", path, std::strerror(errno)));
    std::ostringstream text_stream;
    text_stream << in.rdbuf();
    return save_from_json(text_stream.str(), path);
}

}  // namespace rulesrun
