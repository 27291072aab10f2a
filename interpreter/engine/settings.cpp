// Checking the settings a user gives (player count, option=value pairs) against a game, and the fingerprint of a
// game's rules and settings that saved games keep.
#include <charconv>

#include <fmt/format.h>

#include "game.hpp"
#include "program.hpp"
#include "spelling.hpp"

namespace rulesrun::runtime {

std::string rules_fingerprint(const GameDefinition& game, const ResolvedSettings& settings) {
    std::uint64_t hash = game.program().source_hash;
    auto mix = [&](const std::string& text) {
        for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
        hash = (hash ^ 0xffU) * 1099511628211ULL;  // a separator no text holds
    };
    mix(std::to_string(settings.players));
    for (const auto& [name, value] : settings.options) {
        mix(name);
        mix(value);
    }
    return fmt::format("{:016x}", hash);
}

namespace {

std::string allowed_values(const OptionDecl& o) {
    if (o.range) return fmt::format("a number from {} to {}", o.low, o.high);
    std::string list;
    for (const auto& n : o.names) list += (list.empty() ? "" : ", ") + n;
    return "one of " + list;
}

Value parse_option_value(const OptionDecl& o, const std::string& text) {
    if (o.range) {
        Value v = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (error != std::errc() || end != text.data() + text.size() || v < o.low || v > o.high) {
            throw SettingsError(fmt::format("option {}: '{}' is not allowed; expected {}", o.name, text, allowed_values(o)));
        }
        return v;
    }
    for (std::size_t i = 0; i < o.names.size(); ++i) {
        if (o.names[i] == text) return o.values[i];
    }
    std::vector<std::string_view> names(o.names.begin(), o.names.end());
    throw SettingsError(fmt::format("option {}: '{}' is not allowed; expected {}{}", o.name, text, allowed_values(o),
                                    did_you_mean(text, names)));
}

std::string default_text(const OptionDecl& o) {
    if (o.range) return std::to_string(o.default_value);
    for (std::size_t i = 0; i < o.values.size(); ++i) {
        if (o.values[i] == o.default_value) return o.names[i];
    }
    return std::to_string(o.default_value);
}

// An option declared `when players LOW to HIGH` keeps its default with any other player count.
void check_player_count(const OptionDecl& o, Value value, const std::string& text, int players) {
    if (o.min_players == 0 || value == o.default_value) return;
    if (players >= o.min_players && players <= o.max_players) return;
    const std::string wanted = o.min_players == o.max_players ? std::to_string(o.min_players)
                                                              : fmt::format("{} to {}", o.min_players, o.max_players);
    throw SettingsError(fmt::format("option {}={} is for games of {} players, not {}", o.name, text, wanted, players));
}

}  // namespace

ResolvedSettings resolve_settings(const GameDefinition& game, const Settings& settings) {
    const Program& p = game.program();
    ResolvedSettings r;
    r.seed = settings.seed;
    r.players = settings.players == 0 ? p.min_players : settings.players;
    if (r.players < p.min_players || r.players > p.max_players) {
        throw SettingsError(p.min_players == p.max_players
                                ? fmt::format("{} is for {} players, not {}", p.title, p.min_players, r.players)
                                : fmt::format("{} is for {} to {} players, not {}", p.title, p.min_players,
                                              p.max_players, r.players));
    }
    std::vector<std::string> texts;
    for (const auto& o : p.options) {
        texts.push_back(default_text(o));
        r.option_values.push_back(o.default_value);
    }
    std::vector<bool> given(p.options.size(), false);
    for (const auto& [name, value] : settings.options) {
        std::size_t i = 0;
        while (i < p.options.size() && p.options[i].name != name) ++i;
        if (i == p.options.size()) {
            std::vector<std::string_view> names;
            for (const auto& o : p.options) names.push_back(o.name);
            std::string known;
            for (const auto& o : p.options) known += (known.empty() ? "" : ", ") + o.name;
            throw SettingsError(fmt::format("{} has no option '{}'{}{}", p.title, name, did_you_mean(name, names),
                                            known.empty() ? " (it has no options)" : " (its options: " + known + ")"));
        }
        if (given[i]) throw SettingsError(fmt::format("option {} is given twice", name));
        given[i] = true;
        r.option_values[i] = parse_option_value(p.options[i], value);
        texts[i] = value;
        check_player_count(p.options[i], r.option_values[i], value, r.players);
    }
    for (std::size_t i = 0; i < p.options.size(); ++i) r.options.emplace_back(p.options[i].name, texts[i]);
    return r;
}

}  // namespace rulesrun::runtime
