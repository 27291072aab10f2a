#include "check.hpp"

#include <algorithm>

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
