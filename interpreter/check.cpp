#include "check.hpp"

#include <algorithm>

#include "checker.hpp"
#include "loader.hpp"

namespace rulesrun {

bool CheckReport::has_errors() const {
    return std::any_of(diagnostics.begin(), diagnostics.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::error; });
}

CheckReport check_rules_file(const std::string& path, SourceSet& sources) {
    LoadResult loaded = load_rules(path, sources);
    CheckReport report;
    report.diagnostics = std::move(loaded.diagnostics);
    if (!loaded.files.empty()) {
        for (auto& d : check_program(loaded.files)) report.diagnostics.push_back(std::move(d));
    }
    std::stable_sort(report.diagnostics.begin(), report.diagnostics.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::tie(a.loc.file, a.loc.line, a.loc.column) < std::tie(b.loc.file, b.loc.line, b.loc.column);
    });
    return report;
}

}  // namespace rulesrun
