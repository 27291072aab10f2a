#include "bench_output.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

namespace rulesrun::bench {

namespace {

// " key=value" for each member of `object` that is neither an object nor an array, in order.
std::string scalar_fields(const Figures& object) {
    std::string fields;
    for (const auto& [key, value] : object.items()) {
        if (value.is_structured()) continue;
        fields += " " + key + "=" + (value.is_string() ? value.get<std::string>() : value.dump());
    }
    return fields;
}

void print_line(std::FILE* out, const std::string& line) { std::fprintf(out, "%s\n", line.c_str()); }

}  // namespace

void print_section(std::FILE* out, const std::string& name, const Figures& figures) {
    const std::string label = "bench=" + name;
    for (const auto& [key, value] : figures.items()) {
        if (value.is_object()) print_line(out, label + " engine=" + key + scalar_fields(value));
        if (value.is_array())
            for (const Figures& element : value) print_line(out, label + scalar_fields(element));
    }
    print_line(out, label + scalar_fields(figures));
    std::fflush(out);
}

void print_summary_table(std::FILE* out, const Figures& summary) {
    int width = 4;  // the game column is as wide as its longest name
    for (const Figures& row : summary["games"]) width = std::max(width, static_cast<int>(row["game"].get<std::string>().size()));
    std::fprintf(out, "%-*s %22s %21s %7s %23s %7s %9s\n", width, "game", "hand-written games/s", "interpreter games/s",
                 "ratio", "native engine games/s", "ratio", "build s");
    for (const Figures& row : summary["games"]) {
        const Figures& build = row["native_engine_build_seconds"];
        const std::string built = build.is_null() ? "cached" : fmt::format("{:.1f}", build.get<double>());
        std::fprintf(out, "%-*s %22.1f %21.1f %7.2f %23.1f %7.2f %9s\n", width, row["game"].get<std::string>().c_str(),
                     row["hand_written_games_per_second"].get<double>(),
                     row["interpreter_games_per_second"].get<double>(), row["ratio"].get<double>(),
                     row["native_engine_games_per_second"].get<double>(), row["native_engine_ratio"].get<double>(),
                     built.c_str());
    }
    std::fflush(out);
}

}  // namespace rulesrun::bench
