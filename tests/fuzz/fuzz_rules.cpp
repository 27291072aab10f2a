// Rules text through the parser and the checker, and every diagnostic rendered as `rulesrun check` writes it (as
// text and as JSON): whatever the bytes, an answer and no crash.
#include <cstddef>
#include <cstdint>

#include "check.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rulesrun::SourceSet sources;
    const auto report = rulesrun::check_rules_file(rulesrun::fuzz::as_file(data, size, ".rules"), sources);
    for (const auto& d : report.diagnostics) (void)rulesrun::render_diagnostic(sources, d, true);
    (void)rulesrun::diagnostics_json(sources, report.diagnostics);
    return 0;
}
