// `rulesrun lsp`: a Language Server Protocol server over standard input and output. It keeps the open documents as
// the editor has them (incremental changes), checks a document and its imports when one changes (unsaved texts of
// other open documents included; changes that arrive together checked once) and answers from that check
// (lsp_features.hpp).
#pragma once

#include <istream>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "rulesrun.hpp"
#include "text_document.hpp"

namespace rulesrun::lsp {

class LanguageServer {
public:
    LanguageServer(std::istream& in, std::ostream& out) : in_(in), out_(out) {}
    // Serves until `exit` or the end of the input; the exit code: 0 after `shutdown`, else 1.
    int run();

private:
    struct OpenDocument {
        TextDocument document;
        std::shared_ptr<RulesAnalysis> analysis;
        std::shared_ptr<RulesAnalysis> parsed;  // the last analysis without syntax errors in the document
    };

    void handle(const std::string& body);
    void handle_request(const nlohmann::json& id, const std::string& method, const nlohmann::json& params);
    void handle_notification(const std::string& method, const nlohmann::json& params);
    nlohmann::json answer(const std::string& method, const nlohmann::json& params);
    nlohmann::json initialize(const nlohmann::json& params);

    void open(const nlohmann::json& params);
    void change(const nlohmann::json& params);
    void close(const nlohmann::json& params);
    OpenDocument& document_of(const nlohmann::json& params);
    // Checks every open document that is or imports `changed_path`, and publishes their diagnostics.
    void analyze_affected(const std::string& changed_path);
    // Checks the documents affected by the changes received since the last check.
    void check_changed();
    void analyze(OpenDocument& open);
    void publish(const std::string& uri, nlohmann::json diagnostics);
    void log_error(const std::string& message);  // in the editor's log (window/logMessage)

    std::istream& in_;
    std::ostream& out_;
    PositionEncoding encoding_ = PositionEncoding::utf16;
    bool initialized_ = false;
    bool shutting_down_ = false;
    bool exited_ = false;
    std::map<std::string, OpenDocument> documents_;  // by URI
    std::set<std::string> changed_;  // paths of documents changed since the last check
    std::map<std::string, nlohmann::json> published_;  // the diagnostics last published, by URI
};

}  // namespace rulesrun::lsp
