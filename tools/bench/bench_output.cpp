#include "bench_output.hpp"

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

}  // namespace rulesrun::bench
