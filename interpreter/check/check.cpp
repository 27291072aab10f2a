#include "check.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "checker.hpp"
#include "loader.hpp"

namespace rulesrun {

bool has_errors(const std::vector<Diagnostic>& diagnostics) {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
    std::stable_sort(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.loc.file, a.loc.line, a.loc.column) < std::tie(b.loc.file, b.loc.line, b.loc.column);
    });
    std::size_t errors = 0, kept = 0;
    for (; kept < diagnostics.size() && errors < max_reported_errors; ++kept) {
        if (diagnostics[kept].severity == Severity::error) ++errors;
    }
    const auto more = static_cast<std::size_t>(std::count_if(
        diagnostics.begin() + static_cast<std::ptrdiff_t>(kept), diagnostics.end(),
        [](const Diagnostic& d) { return d.severity == Severity::error; }));
    if (more == 0) return;
    diagnostics.resize(kept);
    Diagnostic stop;
    stop.loc.file = -1;
    stop.message = fmt::format("{} more error(s) not shown: the first {} are above", more, max_reported_errors);
    diagnostics.push_back(std::move(stop));
}

bool CheckReport::has_errors() const { return rulesrun::has_errors(diagnostics); }

CheckReport check_rules_file(const std::string& path, SourceSet& sources) {
    LoadResult loaded = load_rules(path, sources);
    CheckReport report;
    report.diagnostics = std::move(loaded.diagnostics);
    if (!loaded.files.empty()) {
        for (auto& d : check_program(loaded.files)) report.diagnostics.push_back(std::move(d));
    }
    sort_diagnostics(report.diagnostics);
    return report;
}

}  // namespace rulesrun
