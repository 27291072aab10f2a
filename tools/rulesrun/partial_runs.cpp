#include "partial_runs.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

PartJson file_description(const std::string& file, const SimulationRequest& request) {
    return {{"file", file},
            {"path", std::filesystem::absolute(file).lexically_normal().string()},
            {"fingerprint", runtime::rules_fingerprint(*request.game, request.settings)}};
}

PartJson arguments_description(const SimulateOptions& options) {
    return {{"players", options.players},
            {"options", options.options},
            {"bots", options.bots},
            {"bot_timeout", options.bot_timeout ? PartJson(*options.bot_timeout) : PartJson(nullptr)},
            {"max_actions", options.max_actions}};
}

// The key path of the first difference between two objects ("seed", "arguments.bots"), or empty.
std::string first_difference(const PartJson& a, const PartJson& b, const std::string& prefix = "") {
    if (!a.is_object() || !b.is_object()) return a == b ? "" : (prefix.empty() ? "run" : prefix);
    for (const auto& [key, value] : a.items()) {
        const std::string path = prefix.empty() ? key : prefix + "." + key;
        if (!b.contains(key)) return path;
        if (auto inner = first_difference(value, b.at(key), path); !inner.empty()) return inner;
    }
    for (const auto& [key, value] : b.items())
        if (!a.contains(key)) return prefix.empty() ? key : prefix + "." + key;
    return "";
}

// The value at a key path, as short text for an error message.
std::string value_at(const PartJson& run, const std::string& path) {
    const PartJson* node = &run;
    std::istringstream keys(path);
    for (std::string key; std::getline(keys, key, '.');) {
        if (!node->is_object() || !node->contains(key)) return "nothing";
        node = &node->at(key);
    }
    const std::string text = node->dump();
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

void check_same_run(const Part& first, const Part& other) {
    const std::string difference = run_difference(first.run, other.run);
    if (difference.empty()) return;
    throw ArgumentError(fmt::format("{} and {} are parts of different runs ({})", first.file, other.file, difference));
}

}  // namespace

std::string run_difference(const PartJson& a, const PartJson& b) {
    const std::string key = first_difference(a, b);
    return key.empty() ? "" : fmt::format("{}: {} and {}", key, value_at(a, key), value_at(b, key));
}

PartJson run_description(const SimulateOptions& options, const SimulationRequest& a, const SimulationRequest* b,
                         std::int64_t shards) {
    PartJson run = {{"command", b ? "compare" : "simulate"}};
    run.update(file_description(options.file, a));
    if (b) run["compare"] = file_description(options.compare, *b);
    run["arguments"] = arguments_description(options);
    run["players"] = a.settings.players;
    run["options"] = PartJson::object();
    for (const auto& [name, value] : a.settings.options) run["options"][name] = value;
    run["bots"] = PartJson::array();
    for (const auto& bot : a.bots) run["bots"].push_back(bot.text());
    run["seed"] = a.settings.seed;
    run["games"] = a.games;
    run["shards"] = shards;
    return run;
}

std::string part_text(const PartJson& run, const Shard& shard, const PartJson& result) {
    const PartJson part = {{"format", part_format}, {"version", part_version}, {"run", run},
                           {"shard", shard.index + 1}, {"result", result}};
    return part.dump();
}

Part read_part(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw PartFormatError(fmt::format("{}: cannot read the file", file));
    PartJson json;
    try {
        std::ostringstream text;
        text << in.rdbuf();
        json = parse_ordered_json_input(text.str());
    } catch (const JsonInputError& e) {
        throw PartFormatError(fmt::format("{}: {}", file, e.what()));
    }
    if (!json.is_object() || json.value("format", "") != part_format)
        throw PartFormatError(fmt::format("{}: not a partial result (written by simulate --shard K/N)", file));
    const auto version = json.contains("version") ? json.at("version").dump() : "none";
    if (version != std::to_string(part_version))
        throw PartFormatError(fmt::format("{}: a partial result of version {}, this rulesrun reads version {}", file,
                                          version, part_version));
    try {
        Part part{file, json.at("run"), whole_number<std::int64_t>(json.at("shard")), json.at("result")};
        const auto shards = whole_number<std::int64_t>(part.run.at("shards"));
        if (part.shard < 1 || part.shard > shards)
            throw PartFormatError(fmt::format("{}: shard {} of {} is out of range", file, part.shard, shards));
        return part;
    } catch (const nlohmann::json::exception& e) {
        throw PartFormatError(fmt::format("{}: {}", file, e.what()));
    }
}

std::vector<Part> check_parts(std::vector<Part> parts) {
    if (parts.empty()) throw ArgumentError("no part to merge");
    for (const auto& part : parts) check_same_run(parts.front(), part);
    std::stable_sort(parts.begin(), parts.end(), [](const Part& a, const Part& b) { return a.shard < b.shard; });
    const auto shards = whole_number<std::int64_t>(parts.front().run.at("shards"));
    for (std::size_t i = 1; i < parts.size(); ++i)
        if (parts[i].shard == parts[i - 1].shard)
            throw ArgumentError(fmt::format("{} and {} are both shard {} of {}", parts[i - 1].file, parts[i].file,
                                            parts[i].shard, shards));
    for (std::int64_t k = 1; k <= shards; ++k)
        if (static_cast<std::int64_t>(parts.size()) < k || parts[static_cast<std::size_t>(k - 1)].shard != k)
            throw ArgumentError(fmt::format("shard {} of {} is missing: give the part of every shard, 1 to {}", k,
                                            shards, shards));
    return parts;
}

SimulateOptions options_of_run(const PartJson& run) {
    SimulateOptions options;
    options.file = run.at("file").get<std::string>();
    if (run.contains("compare")) options.compare = run.at("compare").at("file").get<std::string>();
    const PartJson& arguments = run.at("arguments");
    options.players = whole_number<int>(arguments.at("players"));
    options.options = arguments.at("options").get<std::vector<std::string>>();
    options.bots = arguments.at("bots").get<std::string>();
    if (!arguments.at("bot_timeout").is_null()) options.bot_timeout = arguments.at("bot_timeout").get<double>();
    options.max_actions = whole_number<std::int64_t>(arguments.at("max_actions"));
    options.seed = whole_number<std::uint64_t>(run.at("seed"));
    options.games = whole_number<std::int64_t>(run.at("games"));
    return options;
}

void check_unchanged(const PartJson& run, const SimulationRequest& a, const SimulationRequest* b) {
    const auto check = [](const PartJson& recorded, const SimulationRequest& request) {
        const auto fingerprint = recorded.at("fingerprint").get<std::string>();
        if (runtime::rules_fingerprint(*request.game, request.settings) != fingerprint)
            throw ArgumentError(fmt::format("{} (or a file it imports) has changed since the shards were played",
                                            recorded.at("path").get<std::string>()));
    };
    check(run, a);
    if (b) check(run.at("compare"), *b);
}

}  // namespace rulesrun::cli
