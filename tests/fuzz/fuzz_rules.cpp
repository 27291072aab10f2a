// Rules text through the parser and the checker, and every diagnostic rendered as `rulesrun check` writes it (as
// text and as JSON); through the names index the language server answers from; and through `rulesrun fmt`, whose
// layout must parse to the same tree (the formatter refuses otherwise: that refusal is a bug) and stay as it is when
// formatted again: whatever the bytes, an answer and no crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "check.hpp"
#include "formatter.hpp"
#include "fuzz_support.hpp"
#include "name_index.hpp"
#include "parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = rulesrun::fuzz::as_file(data, size, ".rules");
    rulesrun::SourceSet sources;
    const auto report = rulesrun::check_rules_file(path, sources);
    for (const auto& d : report.diagnostics) (void)rulesrun::render_diagnostic(sources, d, true);
    (void)rulesrun::diagnostics_json(sources, report.diagnostics);
    rulesrun::RulesAnalysis analysis;
    rulesrun::analyze_rules_file(path, analysis);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto formatted = rulesrun::format_rules(text);
    if (!formatted.ok() && rulesrun::parse_rules(text, 0).diagnostics.empty()) __builtin_trap();  // meaning changed
    if (formatted.ok() && rulesrun::format_rules(formatted.text).text != formatted.text) __builtin_trap();
    return 0;
}
