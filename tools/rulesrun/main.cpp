// rulesrun: check, play and simulate games written in the rules language. A thin client of the interpreter library.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "check.hpp"

namespace {

bool colour_wanted(FILE* stream) { return isatty(fileno(stream)) && std::getenv("NO_COLOR") == nullptr; }

// `rulesrun check FILE...`: 0 when no file has an error, 1 when one has.
int run_check(const std::vector<std::string>& files, bool json) {
    rulesrun::SourceSet sources;
    std::vector<rulesrun::Diagnostic> all;
    for (const auto& file : files) {
        auto report = rulesrun::check_rules_file(file, sources);
        for (auto& d : report.diagnostics) all.push_back(std::move(d));
    }
    std::size_t errors = 0, warnings = 0;
    for (const auto& d : all) (d.severity == rulesrun::Severity::error ? errors : warnings)++;
    if (json) {
        std::cout << rulesrun::diagnostics_json(sources, all) << '\n';
    } else {
        const bool colour = colour_wanted(stderr);
        for (const auto& d : all) std::cerr << rulesrun::render_diagnostic(sources, d, colour);
        if (errors + warnings > 0) std::cerr << fmt::format("{} error(s), {} warning(s)\n", errors, warnings);
    }
    return errors > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"rulesrun: write a tabletop game's rules once, then check, play and simulate it."};
    app.require_subcommand(1);
    app.footer("Run 'rulesrun COMMAND --help' for the options of a command.");

    std::vector<std::string> check_files;
    bool check_json = false;
    auto* check = app.add_subcommand("check", "Check rules files and report every problem found (exit 0: no error, "
                                              "1: errors, 2: wrong arguments).");
    check->add_option("FILE", check_files, "Rules files to check")->required();
    check->add_flag("--json", check_json, "Print the diagnostics as a JSON array (file, line, column, severity, "
                                          "message)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return 2;
    }
    if (check->parsed()) return run_check(check_files, check_json);
    return 2;
}
