// The document view's places, and what edits a document: diagnostics, the quick fixes of "did you mean", formatting.
#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>

#include <fmt/format.h>

#include "lsp_features.hpp"

namespace rulesrun::lsp {

std::size_t DocumentView::offset_at(const json& params) const {
    if (!params.is_object() || !params.contains("position")) throw std::invalid_argument("'position' is missing");
    return lines(analysis.root).offset(params["position"]);
}

std::string DocumentView::uri_of(int file) const {
    return file == analysis.root || file < 0 ? document.uri : uri_of_path(analysis.sources.file(file).path);
}

json DocumentView::range(int file, std::size_t offset, std::size_t length) const {
    return lines(file < 0 ? analysis.root : file).range(offset, length);
}

json DocumentView::location(const SourceRange& where) const {
    return {{"uri", uri_of(where.file)}, {"range", range(where.file, where.offset, where.length)}};
}

const NameOccurrence* DocumentView::occurrence_at(std::size_t offset) const {
    return analysis.names.at(analysis.root, static_cast<std::uint32_t>(offset));
}

const LineMap& DocumentView::lines(int file) const {
    auto& map = lines_[file];
    if (!map) {
        const std::string_view text = file >= 0 && static_cast<std::size_t>(file) < analysis.sources.size()
                                          ? std::string_view(analysis.sources.file(file).text)
                                          : std::string_view(document.text);
        map = std::make_unique<LineMap>(text, encoding);
    }
    return *map;
}

namespace {

// How far a diagnostic's range reaches: the name, number or text at its place, else one character.
std::size_t extent_at(std::string_view text, std::size_t offset) {
    if (offset >= text.size() || text[offset] == '\n') return 0;
    const auto word = [&](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    std::size_t end = offset;
    if (word(text[offset])) {
        while (end < text.size() && word(text[end])) ++end;
    } else if (text[offset] == '"') {
        end = offset + 1;
        while (end < text.size() && text[end] != '"' && text[end] != '\n') end += text[end] == '\\' ? 2 : 1;
        end = std::min(end + 1, text.size());
    } else {
        end = offset + 1;
    }
    return end - offset;
}

json diagnostic_json(const DocumentView& view, const Diagnostic& d) {
    const int file = d.loc.file < 0 ? view.analysis.root : d.loc.file;
    const std::string_view text = file >= 0 ? std::string_view(view.analysis.sources.file(file).text)
                                            : std::string_view(view.document.text);
    const std::size_t offset = d.loc.file < 0 ? 0 : d.loc.offset;
    return {{"range", view.range(file, offset, extent_at(text, offset))},
            {"severity", d.severity == Severity::error ? 1 : 2},
            {"source", "rulesrun"},
            {"message", d.message}};
}

// An import of a file with errors says so where it stands, with the first of them: the file itself may not be open.
void add_import_summaries(const DocumentView& view, json& root) {
    for (const auto& [offset, path] : view.analysis.names.imports) {
        const auto file = view.analysis.sources.find(path);
        std::size_t errors = 0;
        const Diagnostic* first = nullptr;
        for (const auto& d : view.analysis.diagnostics) {
            if (!file || d.loc.file != *file || d.severity != Severity::error) continue;
            if (errors++ == 0) first = &d;
        }
        if (!first) continue;
        const std::string_view text = view.document.text;
        root.push_back({{"range", view.range(view.analysis.root, offset, extent_at(text, offset))},
                        {"severity", 1},
                        {"source", "rulesrun"},
                        {"message", fmt::format("{} has {} error(s), the first at {}:{}: {}", path, errors,
                                                first->loc.line, first->loc.column, first->message)}});
    }
}

}  // namespace

std::map<std::string, json> diagnostics_by_uri(const DocumentView& view) {
    std::map<std::string, json> by_uri;
    by_uri[view.document.uri] = json::array();
    for (std::size_t i = 0; i < view.analysis.sources.size(); ++i) {
        by_uri[view.uri_of(static_cast<int>(i))] = json::array();
    }
    for (const auto& d : view.analysis.diagnostics) by_uri[view.uri_of(d.loc.file)].push_back(diagnostic_json(view, d));
    add_import_summaries(view, by_uri[view.document.uri]);
    return by_uri;
}

// "unknown name 'scroe' (did you mean 'score'?)": replace the misspelled word, when the diagnostic is on it.
json code_actions(const DocumentView& view, const json& params) {
    if (!params.is_object() || !params.contains("range")) throw std::invalid_argument("'range' is missing");
    const LineMap lines(view.document.text, view.encoding);
    const std::size_t first = lines.offset(params["range"]["start"]);
    const std::size_t last = lines.offset(params["range"]["end"]);
    static const std::regex suggestion(R"('([A-Za-z_][A-Za-z0-9_]*)'.*\(did you mean '([A-Za-z_][A-Za-z0-9_]*)'\?\))");
    json actions = json::array();
    for (const auto& d : view.analysis.diagnostics) {
        if (d.loc.file != view.analysis.root) continue;
        std::smatch match;
        if (!std::regex_search(d.message, match, suggestion)) continue;
        const std::string_view text = view.document.text;
        const std::size_t length = extent_at(text, d.loc.offset);
        if (d.loc.offset + length < first || d.loc.offset > last) continue;
        if (text.substr(d.loc.offset, length) != match[1].str()) continue;
        const json edit = {{"range", view.range(view.analysis.root, d.loc.offset, length)},
                           {"newText", match[2].str()}};
        actions.push_back({{"title", "Change '" + match[1].str() + "' to '" + match[2].str() + "'"},
                           {"kind", "quickfix"},
                           {"isPreferred", true},
                           {"diagnostics", json::array({diagnostic_json(view, d)})},
                           {"edit", {{"changes", {{view.document.uri, json::array({edit})}}}}}});
    }
    return actions;
}

json formatting(const DocumentView& view) {
    const FormatResult formatted = format_rules(view.document.text);
    if (!formatted.ok()) {
        const Diagnostic& d = formatted.diagnostics.front();
        throw std::runtime_error(fmt::format("not formatted: line {}: {}", d.loc.line, d.message));
    }
    if (formatted.text == view.document.text) return json::array();
    const LineMap lines(view.document.text, view.encoding);
    return json::array({{{"range", lines.range(0, view.document.text.size())}, {"newText", formatted.text}}});
}

}  // namespace rulesrun::lsp
