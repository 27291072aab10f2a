// `rulesrun check FILE...`: every diagnostic of every file; 0 when no file has an error, 1 when one has.
#include <iostream>

#include <fmt/format.h>

#include "rulesrun.hpp"
#include "commands.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {

int run_check(const CheckOptions& options) {
    SourceSet sources;
    std::vector<Diagnostic> all;
    for (const auto& file : options.files) {
        auto report = check_rules_file(file, sources);
        for (auto& d : report.diagnostics) all.push_back(std::move(d));
    }
    std::size_t errors = 0, warnings = 0;
    for (const auto& d : all) (d.severity == Severity::error ? errors : warnings)++;
    if (options.json) {
        std::cout << diagnostics_json(sources, all) << '\n';
    } else {
        const bool colour = colour_enabled(stderr);
        for (const auto& d : all) std::cerr << render_diagnostic(sources, d, colour);
        if (errors + warnings > 0) std::cerr << fmt::format("{} error(s), {} warning(s)\n", errors, warnings);
    }
    return errors > 0 ? exit_failed : exit_ok;
}

}  // namespace rulesrun::cli
