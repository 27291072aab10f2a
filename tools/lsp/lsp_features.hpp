// What the language server answers, each from an open document and its analysis (interpreter's name_index.hpp):
// diagnostics, code actions and formatting (lsp_editing.cpp), hover, definition, references, rename and the outline
// (lsp_navigation.cpp), completion (lsp_completion.cpp) and semantic tokens (lsp_tokens.cpp).
#pragma once

#include <map>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"
#include "text_document.hpp"

namespace rulesrun::lsp {

using nlohmann::json;

// An open document with its analysis; places in any file of the analysis become protocol locations.
class DocumentView {
public:
    DocumentView(const TextDocument& document, const RulesAnalysis& analysis, PositionEncoding encoding)
        : document(document), analysis(analysis), encoding(encoding) {}

    // The byte offset of params.position in the document (std::invalid_argument when it has none).
    [[nodiscard]] std::size_t offset_at(const json& params) const;
    [[nodiscard]] std::string uri_of(int file) const;
    [[nodiscard]] json range(int file, std::size_t offset, std::size_t length) const;
    [[nodiscard]] json location(const SourceRange& where) const;
    [[nodiscard]] const NameOccurrence* occurrence_at(std::size_t offset) const;

    const TextDocument& document;
    const RulesAnalysis& analysis;
    const PositionEncoding encoding;

private:
    [[nodiscard]] const LineMap& lines(int file) const;
    mutable std::map<int, std::unique_ptr<LineMap>> lines_;
};

// publishDiagnostics' params for each file of the analysis (those without diagnostics get an empty list).
std::map<std::string, json> diagnostics_by_uri(const DocumentView& view);
json code_actions(const DocumentView& view, const json& params);
json formatting(const DocumentView& view);

json hover(const DocumentView& view, const json& params);
json definition(const DocumentView& view, const json& params);
json references(const DocumentView& view, const json& params);
json prepare_rename(const DocumentView& view, const json& params);
json rename(const DocumentView& view, const json& params);
json document_symbols(const DocumentView& view);

// `earlier`: an analysis of the document when it last parsed without errors (or null): while a line is being typed
// its declaration may not parse, and the names it declared are read from there.
json completion(const DocumentView& view, const RulesAnalysis* earlier, const json& params);

json semantic_tokens_legend();
json semantic_tokens(const DocumentView& view);

}  // namespace rulesrun::lsp
