#include "partial_result.hpp"

#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

using Int128 = Accumulator::Int128;

std::string int128_text(Int128 value) {
    if (value == 0) return "0";
    const bool negative = value < 0;
    std::string digits;
    while (value != 0) {
        const auto digit = static_cast<int>(value % 10);
        digits.insert(digits.begin(), static_cast<char>('0' + (negative ? -digit : digit)));
        value /= 10;
    }
    return negative ? "-" + digits : digits;
}

Int128 int128_from_text(const std::string& text) {
    const bool negative = !text.empty() && text[0] == '-';
    const std::size_t first = negative ? 1 : 0;
    if (text.size() == first || text.size() - first > 39)
        throw PartFormatError(fmt::format("'{}' is not a sum of squares", text));
    Int128 value = 0;
    for (std::size_t i = first; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') throw PartFormatError(fmt::format("'{}' is not a sum of squares", text));
        value = value * 10 + (negative ? -(text[i] - '0') : text[i] - '0');
    }
    return value;
}

PartJson accumulator_json(const Accumulator& a) {
    return {{"count", a.count()}, {"sum", a.sum()}, {"sum_squares", int128_text(a.sum_squares())},
            {"min", a.min()}, {"max", a.max()}};
}

Accumulator accumulator_from(const PartJson& j) {
    return Accumulator::from_parts(whole_number<std::int64_t>(j.at("count")), whole_number<std::int64_t>(j.at("sum")),
                                   int128_from_text(j.at("sum_squares").get<std::string>()),
                                   whole_number<std::int64_t>(j.at("min")), whole_number<std::int64_t>(j.at("max")));
}

// A histogram as [[value, count], ...] in increasing value.
PartJson histogram_json(const Histogram& h) {
    PartJson pairs = PartJson::array();
    for (const auto& [value, count] : h.counts()) pairs.push_back({value, count});
    return pairs;
}

Histogram histogram_from(const PartJson& j) {
    Histogram h;
    for (const auto& pair : j) h.add(whole_number<std::int64_t>(pair.at(0)), whole_number<std::int64_t>(pair.at(1)));
    return h;
}

PartJson accumulators_json(const std::vector<Accumulator>& as) {
    PartJson out = PartJson::array();
    for (const auto& a : as) out.push_back(accumulator_json(a));
    return out;
}

// Reads `what` into `into`, whose size (set by the game's shape) must be the same.
template <class T, class Read>
void read_sized(const PartJson& j, const char* what, std::vector<T>& into, Read read) {
    if (!j.is_array() || j.size() != into.size())
        throw PartFormatError(fmt::format("'{}' should have {} entries for this game", what, into.size()));
    for (std::size_t i = 0; i < into.size(); ++i) into[i] = read(j[i]);
}

PartJson stats_json(const std::vector<StatSummary>& stats) {
    PartJson out = PartJson::array();
    for (const auto& s : stats)
        out.push_back({{"all", accumulator_json(s.all)}, {"histogram", histogram_json(s.histogram)},
                       {"per_seat", accumulators_json(s.per_seat)}});
    return out;
}

void read_counts(const SimulationReport& shape, const PartJson& j, SimulationReport& r) {
    r.games = whole_number<std::int64_t>(j.at("games"));
    r.seat_names = j.at("seat_names").get<std::vector<std::string>>();
    if (j.at("cooperative").get<bool>() != shape.cooperative)
        throw PartFormatError("the part and the rules do not agree on whether the game is cooperative");
    const auto integer = [](const PartJson& v) { return whole_number<std::int64_t>(v); };
    const auto integers = [](const PartJson& v) {
        if (!v.is_array()) return v.get<std::vector<std::int64_t>>();  // the library's type error: not a list
        std::vector<std::int64_t> numbers;
        for (const auto& number : v) numbers.push_back(whole_number<std::int64_t>(number));
        return numbers;
    };
    read_sized(j.at("wins"), "wins", r.wins, integer);
    read_sized(j.at("shared_wins"), "shared_wins", r.shared_wins, integer);
    read_sized(j.at("wins_among"), "wins_among", r.wins_among, integers);
    read_sized(j.at("ranks"), "ranks", r.ranks, integers);
    for (std::size_t seat = 0; seat < r.wins.size(); ++seat)
        if (r.wins_among[seat].size() != shape.wins_among[seat].size() ||
            r.ranks[seat].size() != shape.ranks[seat].size())
            throw PartFormatError("'wins_among' or 'ranks' do not have one entry per player");
    r.shared_win_games = whole_number<std::int64_t>(j.at("shared_win_games"));
    r.draws = whole_number<std::int64_t>(j.at("draws"));
    r.everybody_loses = whole_number<std::int64_t>(j.at("everybody_loses"));
    r.limit_games = whole_number<std::int64_t>(j.at("limit_games"));
    r.stopped_games = whole_number<std::int64_t>(j.at("stopped_games"));
    r.forced_decisions = whole_number<std::int64_t>(j.at("forced_decisions"));
    read_sized(j.at("ranked_before"), "ranked_before", r.ranked_before, integers);
    for (const auto& row : r.ranked_before)
        if (row.size() != r.wins.size()) throw PartFormatError("'ranked_before' does not have one entry per player");
    read_sized(j.at("decisions"), "decisions", r.decisions, integer);
    read_sized(j.at("decision_nanoseconds"), "decision_nanoseconds", r.decision_nanoseconds, integer);
}

void read_figures(const PartJson& j, SimulationReport& r) {
    read_sized(j.at("scores"), "scores", r.scores, accumulator_from);
    r.length = accumulator_from(j.at("length"));
    r.length_histogram = histogram_from(j.at("length_histogram"));
    r.choices = accumulator_from(j.at("choices"));
    r.choices_histogram = histogram_from(j.at("choices_histogram"));
    const PartJson& stats = j.at("stats");
    if (!stats.is_array() || stats.size() != r.stats.size())
        throw PartFormatError(fmt::format("'stats' should have {} entries for this game", r.stats.size()));
    for (std::size_t i = 0; i < r.stats.size(); ++i) {
        r.stats[i].all = accumulator_from(stats[i].at("all"));
        r.stats[i].histogram = histogram_from(stats[i].at("histogram"));
        read_sized(stats[i].at("per_seat"), "per_seat", r.stats[i].per_seat, accumulator_from);
    }
}

}  // namespace

PartJson report_to_json(const SimulationReport& r) {
    return {{"games", r.games},
            {"seat_names", r.seat_names},
            {"cooperative", r.cooperative},
            {"wins", r.wins},
            {"shared_wins", r.shared_wins},
            {"wins_among", r.wins_among},
            {"ranks", r.ranks},
            {"shared_win_games", r.shared_win_games},
            {"draws", r.draws},
            {"everybody_loses", r.everybody_loses},
            {"limit_games", r.limit_games},
            {"stopped_games", r.stopped_games},
            {"forced_decisions", r.forced_decisions},
            {"ranked_before", r.ranked_before},
            {"decisions", r.decisions},
            {"decision_nanoseconds", r.decision_nanoseconds},
            {"scores", accumulators_json(r.scores)},
            {"length", accumulator_json(r.length)},
            {"length_histogram", histogram_json(r.length_histogram)},
            {"choices", accumulator_json(r.choices)},
            {"choices_histogram", histogram_json(r.choices_histogram)},
            {"stats", stats_json(r.stats)}};
}

SimulationReport report_from_json(const PartJson& json, SimulationReport shape) {
    try {
        SimulationReport report = shape;
        read_counts(shape, json, report);
        read_figures(json, report);
        return report;
    } catch (const nlohmann::json::exception& e) {
        throw PartFormatError(e.what());
    }
}

PartJson figures_to_json(const RunFigures& figures) {
    PartJson values = PartJson::array();
    for (const auto& column : figures.values) {
        PartJson numbers = PartJson::array();
        for (const double v : column) numbers.push_back(std::isnan(v) ? PartJson(nullptr) : PartJson(v));
        values.push_back(std::move(numbers));
    }
    return {{"names", figures.names}, {"values", std::move(values)}};
}

RunFigures figures_from_json(const PartJson& json) {
    try {
        RunFigures figures;
        figures.names = json.at("names").get<std::vector<std::string>>();
        const PartJson& values = json.at("values");
        if (!values.is_array() || values.size() != figures.names.size())
            throw PartFormatError("'values' should have one list per figure");
        for (const auto& column : values) {
            auto& out = figures.values.emplace_back();
            for (const auto& v : column)
                out.push_back(v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>());
        }
        return figures;
    } catch (const nlohmann::json::exception& e) {
        throw PartFormatError(e.what());
    }
}

}  // namespace rulesrun::cli
