#include "language_server.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "json_rpc.hpp"
#include "lsp_features.hpp"

namespace rulesrun::lsp {
namespace {

using nlohmann::json;

// A request whose params do not say what the method needs.
struct InvalidParams : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// A request of a method the server does not have.
struct MethodNotFound : std::runtime_error {
    using std::runtime_error::runtime_error;
};

const json& member(const json& object, const char* key, json::value_t type) {
    if (!object.is_object() || !object.contains(key) || object[key].type() != type) {
        throw InvalidParams(fmt::format("'{}' is missing or of the wrong kind", key));
    }
    return object[key];
}

std::string text_member(const json& object, const char* key) {
    return member(object, key, json::value_t::string).get<std::string>();
}

PositionEncoding agreed_encoding(const json& params) {
    const json* offered = nullptr;
    if (params.contains("capabilities") && params["capabilities"].is_object()) {
        const json& capabilities = params["capabilities"];
        if (capabilities.contains("general") && capabilities["general"].is_object() &&
            capabilities["general"].contains("positionEncodings")) {
            offered = &capabilities["general"]["positionEncodings"];
        }
    }
    if (offered && offered->is_array()) {
        for (const auto& e : *offered) {
            if (e == "utf-8") return PositionEncoding::utf8;
        }
    }
    return PositionEncoding::utf16;
}

std::string canonical(const std::string& path) {
    std::error_code ec;
    const auto resolved = std::filesystem::weakly_canonical(path, ec);
    return ec ? path : resolved.string();
}

}  // namespace

int LanguageServer::run() {
    MessageReader reader(in_);
    while (!exited_) {
        const auto frame = reader.next();
        if (!frame) break;
        if (frame->body.empty() && !frame->error.empty()) {
            write_message(out_, error_response(nullptr, parse_error, frame->error));
            continue;
        }
        handle(frame->body);
        // Edits that arrive together (typing fast, a big file) are checked once, when no more input is waiting.
        if (in_.rdbuf()->in_avail() <= 0) check_changed();
    }
    if (!exited_) check_changed();
    return shutting_down_ ? 0 : 1;
}

void LanguageServer::check_changed() {
    const std::set<std::string> changed = std::move(changed_);
    changed_.clear();
    for (const auto& path : changed) {
        try {
            analyze_affected(path);
        } catch (const std::exception& e) {  // a file the loader could not even look at: the editor's log says so
            log_error(fmt::format("checking {}: {}", path, e.what()));
        }
    }
}

void LanguageServer::log_error(const std::string& message) {
    write_message(out_, {{"jsonrpc", "2.0"}, {"method", "window/logMessage"},
                         {"params", {{"type", 1}, {"message", message}}}});
}

void LanguageServer::handle(const std::string& body) {
    json message;
    try {
        message = parse_json_input(body);
    } catch (const JsonInputError& e) {
        return write_message(out_, error_response(nullptr, parse_error, fmt::format("the message is {}", e.what())));
    }
    const json id = message.is_object() && message.contains("id") ? message["id"] : json();
    const bool valid_id = id.is_null() || id.is_string() || id.is_number_integer();
    if (!message.is_object() || !message.contains("method") || !message["method"].is_string() || !valid_id) {
        if (message.is_object() && message.contains("result")) return;  // an answer to a request of ours: none sent
        return write_message(out_, error_response(valid_id ? id : json(), invalid_request,
                                                  "a request needs a 'method' (a text) and, if any, an 'id' (a "
                                                  "number or a text)"));
    }
    const std::string method = message["method"].get<std::string>();
    const json params = message.contains("params") ? message["params"] : json::object();
    if (message.contains("id")) handle_request(id, method, params);
    else handle_notification(method, params);
}

void LanguageServer::handle_request(const json& id, const std::string& method, const json& params) {
    try {
        if (!initialized_ && method != "initialize") {
            return write_message(out_, error_response(id, server_not_initialized, "the server is not initialized"));
        }
        if (shutting_down_ && method != "shutdown") {
            return write_message(out_, error_response(id, invalid_request, "the server is shutting down"));
        }
        check_changed();  // an answer reads the text as it is now
        const json result = answer(method, params);
        write_message(out_, {{"jsonrpc", "2.0"}, {"id", id}, {"result", result}});
    } catch (const std::invalid_argument& e) {  // InvalidParams, and positions that are not positions
        write_message(out_, error_response(id, invalid_params, fmt::format("{}: {}", method, e.what())));
    } catch (const json::exception& e) {
        write_message(out_, error_response(id, invalid_params, fmt::format("{}: params of the wrong kind", method)));
    } catch (const MethodNotFound& e) {
        write_message(out_, error_response(id, method_not_found, e.what()));
    } catch (const std::runtime_error& e) {
        write_message(out_, error_response(id, request_failed, e.what()));
    } catch (const std::exception& e) {
        write_message(out_, error_response(id, internal_error, e.what()));
    }
}

void LanguageServer::handle_notification(const std::string& method, const json& params) {
    try {
        if (method == "exit") exited_ = true;
        if (!initialized_ || shutting_down_) return;
        if (method == "textDocument/didOpen") open(params);
        else if (method == "textDocument/didChange") change(params);
        else if (method == "textDocument/didClose") close(params);
        // Other notifications (initialized, didSave, $/cancelRequest, ...) need nothing.
    } catch (const std::exception& e) {
        log_error(fmt::format("{}: {}", method, e.what()));  // a notification has no answer
    }
}

json LanguageServer::answer(const std::string& method, const json& params) {
    if (method == "initialize") return initialize(params);
    if (method == "shutdown") {
        shutting_down_ = true;
        return nullptr;
    }
    const auto in_document = [&](auto feature) {
        OpenDocument& open = document_of(params);
        return feature(DocumentView(open.document, *open.analysis, encoding_), open);
    };
    using V = const DocumentView&;
    using D = OpenDocument&;
    if (method == "textDocument/hover") return in_document([&](V v, D) { return hover(v, params); });
    if (method == "textDocument/definition") return in_document([&](V v, D) { return definition(v, params); });
    if (method == "textDocument/references") return in_document([&](V v, D) { return references(v, params); });
    if (method == "textDocument/prepareRename") return in_document([&](V v, D) { return prepare_rename(v, params); });
    if (method == "textDocument/rename") return in_document([&](V v, D) { return rename(v, params); });
    if (method == "textDocument/documentSymbol") return in_document([&](V v, D) { return document_symbols(v); });
    if (method == "textDocument/codeAction") return in_document([&](V v, D) { return code_actions(v, params); });
    if (method == "textDocument/formatting") return in_document([&](V v, D) { return formatting(v); });
    if (method == "textDocument/semanticTokens/full") return in_document([&](V v, D) { return semantic_tokens(v); });
    if (method == "textDocument/completion") {
        return in_document([&](V v, D open) { return completion(v, open.parsed.get(), params); });
    }
    throw MethodNotFound(fmt::format("no method '{:.80}'", method));
}

json LanguageServer::initialize(const json& params) {
    if (!params.is_object()) throw InvalidParams("initialize needs its params as an object");
    initialized_ = true;
    encoding_ = agreed_encoding(params);
    const json capabilities = {
        {"positionEncoding", encoding_ == PositionEncoding::utf8 ? "utf-8" : "utf-16"},
        {"textDocumentSync", {{"openClose", true}, {"change", 2}}},
        {"hoverProvider", true},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"completionProvider", {{"triggerCharacters", {"."}}}},
        {"documentSymbolProvider", true},
        {"renameProvider", {{"prepareProvider", true}}},
        {"codeActionProvider", {{"codeActionKinds", {"quickfix"}}}},
        {"documentFormattingProvider", true},
        {"semanticTokensProvider", {{"legend", semantic_tokens_legend()}, {"full", true}}},
    };
    return {{"capabilities", capabilities}, {"serverInfo", {{"name", "rulesrun"}}}};
}

LanguageServer::OpenDocument& LanguageServer::document_of(const json& params) {
    const std::string uri = text_member(member(params, "textDocument", json::value_t::object), "uri");
    const auto it = documents_.find(uri);
    if (it == documents_.end()) throw InvalidParams(fmt::format("'{:.80}' is not open", uri));
    return it->second;
}

void LanguageServer::open(const json& params) {
    const json& item = member(params, "textDocument", json::value_t::object);
    OpenDocument open;
    open.document.uri = text_member(item, "uri");
    open.document.path = path_of_uri(open.document.uri);
    open.document.text = text_member(item, "text");
    if (item.contains("version") && item["version"].is_number_integer()) open.document.version = item["version"];
    const std::string path = open.document.path;
    documents_[open.document.uri] = std::move(open);
    analyze_affected(path);
}

void LanguageServer::change(const json& params) {
    OpenDocument& open = document_of(params);
    const json& changes = member(params, "contentChanges", json::value_t::array);
    for (const auto& c : changes) open.document.apply_change(c, encoding_);
    const json& item = params["textDocument"];
    if (item.contains("version") && item["version"].is_number_integer()) open.document.version = item["version"];
    changed_.insert(open.document.path);
}

void LanguageServer::close(const json& params) {
    const std::string uri = text_member(member(params, "textDocument", json::value_t::object), "uri");
    const auto it = documents_.find(uri);
    if (it == documents_.end()) return;
    const std::string path = it->second.document.path;
    const auto analysis = it->second.analysis;
    documents_.erase(it);
    // Its diagnostics go with it (those of files only it imported too); files importing it read it from disk again.
    if (analysis) {
        for (std::size_t i = 0; i < analysis->sources.size(); ++i) {
            const std::string other = uri_of_path(analysis->sources.file(static_cast<int>(i)).path);
            if (!documents_.count(other)) publish(other, json::array());
        }
    }
    analyze_affected(path);
}

void LanguageServer::analyze_affected(const std::string& changed_path) {
    const std::string changed = canonical(changed_path);
    for (auto& [uri, open] : documents_) {
        bool affected = !open.analysis || canonical(open.document.path) == changed;
        for (std::size_t i = 0; !affected && i < open.analysis->sources.size(); ++i) {
            affected = canonical(open.analysis->sources.file(static_cast<int>(i)).path) == changed;
        }
        if (affected) analyze(open);
    }
}

void LanguageServer::analyze(OpenDocument& open) {
    std::map<std::string, std::string> unsaved;
    for (const auto& [uri, other] : documents_) unsaved[canonical(other.document.path)] = other.document.text;
    auto analysis = std::make_shared<RulesAnalysis>();
    analysis->sources.set_unsaved(std::move(unsaved));
    analyze_rules_file(open.document.path, *analysis);
    open.analysis = analysis;
    const auto broken = [&](const LoadedFile& f) { return f.source == analysis->root && f.syntax_errors > 0; };
    const bool parsed = std::none_of(analysis->loaded.files.begin(), analysis->loaded.files.end(), broken);
    if (parsed && analysis->root >= 0) open.parsed = analysis;
    for (auto& [uri, diagnostics] : diagnostics_by_uri(DocumentView(open.document, *analysis, encoding_))) {
        // A file imported by an open document, itself open, shows its own analysis's diagnostics.
        if (uri != open.document.uri && documents_.count(uri)) continue;
        publish(uri, std::move(diagnostics));
    }
}

void LanguageServer::publish(const std::string& uri, json diagnostics) {
    auto& last = published_[uri];
    if (last == diagnostics) return;
    last = diagnostics;
    write_message(out_, {{"jsonrpc", "2.0"}, {"method", "textDocument/publishDiagnostics"},
                         {"params", {{"uri", uri}, {"diagnostics", std::move(diagnostics)}}}});
}

}  // namespace rulesrun::lsp
