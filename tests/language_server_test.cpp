// `rulesrun lsp` (tools/lsp/): a session of JSON-RPC messages in, the answers and notifications out. A game and the
// file it imports are written to the test's folder; the editor's unsaved texts and changes are sent as an editor
// sends them. Malformed messages get error answers and the server goes on; a 1 MiB file is served.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "json_rpc.hpp"
#include "language_server.hpp"
#include "test_games.hpp"

namespace rulesrun::lsp {
namespace {

using nlohmann::json;

const char* const library_text = R"(card Card {
  rank: int = 0   # 1 to 10
}

# Points a card is worth.
function points(c: Card): int = c.rank * 2
)";

const char* const game_text = R"(import "lib.rules"

game "Test" {
  players 2
}

deck cards: Card = [Card(rank: r) for r in 1..10]
zone deck: Card, ordered, public = cards
zone hand: Card, per player, private
player {
  total: int = 0 "points"
}

play {
  for p in players {
    move top(deck) to p.hand
    p.total += points(top(p.hand))
  }
}

score(p) = p.total
)";

std::string frame(const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

std::string request(int id, const std::string& method, const json& params) {
    return frame(json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
}

std::string notification(const std::string& method, const json& params) {
    return frame(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
}

// Runs a session; returns every message the server wrote.
std::vector<json> serve(const std::string& input, int* exit_code = nullptr) {
    std::istringstream in(input);
    std::ostringstream out;
    const int code = LanguageServer(in, out).run();
    if (exit_code) *exit_code = code;
    std::vector<json> messages;
    const std::string text = out.str();
    for (std::size_t at = 0; at < text.size();) {
        const auto header_end = text.find("\r\n\r\n", at);
        EXPECT_NE(header_end, std::string::npos);
        if (header_end == std::string::npos) break;
        const std::size_t length = std::stoul(text.substr(at + 16, header_end - at - 16));
        messages.push_back(json::parse(text.substr(header_end + 4, length)));
        at = header_end + 4 + length;
    }
    return messages;
}

const json* answer(const std::vector<json>& messages, int id) {
    for (const auto& m : messages) {
        if (m.contains("id") && m["id"] == id && (m.contains("result") || m.contains("error"))) return &m;
    }
    return nullptr;
}

// The last diagnostics published for `uri`.
json diagnostics_of(const std::vector<json>& messages, const std::string& uri) {
    json last;
    for (const auto& m : messages) {
        if (m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri) {
            last = m["params"]["diagnostics"];
        }
    }
    return last;
}

class LanguageServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto folder = testing_support::process_folder() / "lsp";
        std::filesystem::create_directories(folder);
        std::ofstream(folder / "lib.rules") << library_text;
        std::ofstream(folder / "game.rules") << game_text;
        game_uri = uri_of_path((folder / "game.rules").string());
        library_uri = uri_of_path((folder / "lib.rules").string());
    }

    static std::string initialize() { return request(0, "initialize", {{"capabilities", json::object()}}); }
    std::string open(const std::string& text, const std::string& uri = "") const {
        return notification("textDocument/didOpen", {{"textDocument", {{"uri", uri.empty() ? game_uri : uri},
                                                                       {"languageId", "rulesrun"}, {"version", 1},
                                                                       {"text", text}}}});
    }
    json at(int line, int character) const {
        return {{"textDocument", {{"uri", game_uri}}}, {"position", {{"line", line}, {"character", character}}}};
    }

    std::string game_uri, library_uri;
};

TEST_F(LanguageServerTest, PublishesTheCheckersDiagnosticAtItsPlaceAndOffersItsSuggestion) {
    std::string text = game_text;
    text.replace(text.find("p.total +="), 7, "p.totl");
    const auto messages = serve(initialize() + open(text) + request(1, "textDocument/codeAction",
        {{"textDocument", {{"uri", game_uri}}}, {"range", {{"start", {{"line", 16}, {"character", 0}}},
                                                          {"end", {{"line", 16}, {"character", 20}}}}},
         {"context", {{"diagnostics", json::array()}}}}));
    const json diagnostics = diagnostics_of(messages, game_uri);
    ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump();
    EXPECT_EQ(diagnostics[0]["message"], "players have no field or zone 'totl' (did you mean 'total'?)");
    EXPECT_EQ(diagnostics[0]["range"]["start"], json({{"line", 16}, {"character", 6}}));
    EXPECT_EQ(diagnostics[0]["range"]["end"], json({{"line", 16}, {"character", 10}}));
    EXPECT_EQ(diagnostics[0]["severity"], 1);
    const json* fix = answer(messages, 1);
    ASSERT_TRUE(fix);
    ASSERT_EQ((*fix)["result"].size(), 1u) << fix->dump();
    const json& edit = (*fix)["result"][0]["edit"]["changes"][game_uri][0];
    EXPECT_EQ(edit["newText"], "total");
    EXPECT_EQ(edit["range"], diagnostics[0]["range"]);
}

TEST_F(LanguageServerTest, IncrementalChangesAndUnsavedImportsAreChecked) {
    const json break_it = {{"textDocument", {{"uri", game_uri}, {"version", 2}}},
                           {"contentChanges", {{{"range", {{"start", {{"line", 16}, {"character", 15}}},
                                                           {"end", {{"line", 16}, {"character", 21}}}}},
                                                {"text", "pointz"}}}}};
    auto messages = serve(initialize() + open(game_text) + notification("textDocument/didChange", break_it));
    json diagnostics = diagnostics_of(messages, game_uri);
    ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump();
    EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("'pointz'"), std::string::npos);
    EXPECT_EQ(diagnostics[0]["range"]["start"], json({{"line", 16}, {"character", 15}}));
    // The library open with the function renamed and not saved: the game sees the unsaved text.
    std::string library = library_text;
    library.replace(library.find("points("), 6, "worth");
    messages = serve(initialize() + open(game_text) + open(library, library_uri));
    diagnostics = diagnostics_of(messages, game_uri);
    ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump();
    EXPECT_NE(diagnostics[0]["message"].get<std::string>().find("'points'"), std::string::npos);
    // A mistake in the library, unsaved: the game's import of it says so.
    library.replace(library.find("c.rank * 2"), 6, "c.rnak");
    messages = serve(initialize() + open(game_text) + open(library, library_uri));
    diagnostics = diagnostics_of(messages, game_uri);
    ASSERT_EQ(diagnostics.size(), 2u) << diagnostics.dump();
    const std::string summary = diagnostics[1]["message"];
    EXPECT_NE(summary.find("lib.rules has 1 error(s), the first at 6:"), std::string::npos) << summary;
    EXPECT_EQ(diagnostics[1]["range"]["start"], json({{"line", 0}, {"character", 7}}));
}

// Changes that arrive together are checked once, and a request after them is answered on the text as it is then.
TEST_F(LanguageServerTest, ChangesArrivingTogetherAreCheckedOnce) {
    std::string input = initialize() + open(game_text);
    for (int version = 2; version < 9; ++version) {  // x typed, taken away, ..., typed: seven changes
        const std::string letter = version % 2 == 0 ? "x" : "";
        const int end = version % 2 == 0 ? 11 : 12;
        input += notification("textDocument/didChange",
                              {{"textDocument", {{"uri", game_uri}, {"version", version}}},
                               {"contentChanges", {{{"range", {{"start", {{"line", 16}, {"character", 11}}},
                                                               {"end", {{"line", 16}, {"character", end}}}}},
                                                    {"text", letter}}}}});
    }
    const auto messages = serve(input + request(1, "textDocument/references", at(10, 3)));
    int published = 0;
    for (const auto& m : messages) {
        published += m.value("method", "") == "textDocument/publishDiagnostics" && m["params"]["uri"] == game_uri;
    }
    EXPECT_EQ(published, 2);  // when opened, then once after the seven changes
    const json diagnostics = diagnostics_of(messages, game_uri);
    ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump();  // p.totalx
    EXPECT_EQ((*answer(messages, 1))["result"].size(), 2u);  // `total` where declared and in score(p), no longer here
}

TEST_F(LanguageServerTest, HoverDefinitionReferencesAndRenameFollowNamesAcrossImports) {
    const auto renamed = [&](const char* name) {
        json params = at(10, 3);
        params["newName"] = name;
        return params;
    };
    const auto messages = serve(initialize() + open(game_text) +
                                request(1, "textDocument/hover", at(16, 17)) +
                                request(2, "textDocument/definition", at(16, 17)) +
                                request(3, "textDocument/references", at(10, 3)) +
                                request(4, "textDocument/rename", renamed("tally")) +
                                request(5, "textDocument/hover", at(15, 10)) +
                                request(6, "textDocument/rename", renamed("for")) +
                                request(7, "textDocument/definition", at(0, 10)) +
                                request(8, "textDocument/hover", at(15, 5)));
    const std::string hover = (*answer(messages, 1))["result"]["contents"]["value"];
    EXPECT_NE(hover.find("function points(c: Card): int = c.rank * 2\n"), std::string::npos) << hover;
    EXPECT_NE(hover.find("Points a card is worth."), std::string::npos) << hover;
    const json& definition = (*answer(messages, 2))["result"];
    EXPECT_EQ(definition["uri"], library_uri);
    EXPECT_EQ(definition["range"]["start"], json({{"line", 5}, {"character", 9}}));
    EXPECT_EQ((*answer(messages, 3))["result"].size(), 3u) << answer(messages, 3)->dump();
    const json& edits = (*answer(messages, 4))["result"]["changes"][game_uri];
    ASSERT_EQ(edits.size(), 3u);
    for (const auto& e : edits) EXPECT_EQ(e["newText"], "tally");
    const std::string builtin = (*answer(messages, 5))["result"]["contents"]["value"];
    EXPECT_NE(builtin.find("top(zone)"), std::string::npos) << builtin;
    EXPECT_NE(builtin.find("the top or bottom card"), std::string::npos) << builtin;
    EXPECT_EQ((*answer(messages, 6))["error"]["code"], request_failed);
    EXPECT_EQ((*answer(messages, 7))["result"]["uri"], library_uri);  // the import leads to the file
    const std::string keyword = (*answer(messages, 8))["result"]["contents"]["value"];  // `move`
    EXPECT_NE(keyword.find("move X to ZONE"), std::string::npos) << keyword;
    EXPECT_NE(keyword.find("move a card, a list of cards or all cards of a zone"), std::string::npos) << keyword;
}

TEST_F(LanguageServerTest, CompletesFieldsAfterADotAndNamesElsewhere) {
    std::string text = game_text;
    const std::size_t line_start = text.find("    p.total +=");
    text.insert(line_start, "    p.\n");
    const auto messages = serve(initialize() + open(text) + request(1, "textDocument/completion", at(16, 6)) +
                                request(2, "textDocument/completion", at(17, 4)));
    std::set<std::string> fields, names;
    for (const auto& item : (*answer(messages, 1))["result"]["items"]) fields.insert(item["label"]);
    for (const auto& item : (*answer(messages, 2))["result"]["items"]) names.insert(item["label"]);
    EXPECT_EQ(fields, (std::set<std::string>{"hand", "total"}));
    for (const char* expected : {"p", "deck", "points", "Card", "top", "shuffle", "players"}) {
        EXPECT_TRUE(names.count(expected)) << expected;
    }
}

TEST_F(LanguageServerTest, FormatsSymbolsAndColours) {
    std::string messy = game_text;
    messy.replace(messy.find("    move top(deck)"), 4, "          ");
    const json document = {{"textDocument", {{"uri", game_uri}}}};
    json format = document;
    format["options"] = {{"tabSize", 2}, {"insertSpaces", true}};
    const auto messages = serve(initialize() + open(messy) + request(1, "textDocument/formatting", format) +
                                request(2, "textDocument/documentSymbol", document) +
                                request(3, "textDocument/semanticTokens/full", document));
    const json& edits = (*answer(messages, 1))["result"];
    ASSERT_EQ(edits.size(), 1u);
    EXPECT_EQ(edits[0]["newText"], game_text);
    std::set<std::string> symbols;
    for (const auto& s : (*answer(messages, 2))["result"]) symbols.insert(s["name"]);
    EXPECT_EQ(symbols, (std::set<std::string>{"cards", "deck", "hand", "total"}));
    const json& data = (*answer(messages, 3))["result"]["data"];
    EXPECT_EQ(data.size() % 5, 0u);
    EXPECT_GT(data.size(), 5u * 40);
}

TEST_F(LanguageServerTest, AnswersMalformedMessagesWithErrorsAndGoesOn) {
    int exit_code = -1;
    const std::string input =
        request(1, "textDocument/hover", at(0, 0)) +                       // before initialize
        initialize() +
        frame("{not json") +                                               // not JSON
        "Content-Type: text/plain\r\n\r\n" +                               // no Content-Length
        "Content-Length: twelve\r\n\r\n" +                                 // not a number
        frame("[1, 2]") +                                                  // not an object
        frame(R"({"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"})") +  // an id that is neither
        request(2, "textDocument/unknown", json::object()) +              // no such method
        request(3, "textDocument/hover", {{"textDocument", {{"uri", game_uri}}}, {"position", "here"}}) +
        request(4, "textDocument/hover", at(0, 0)) +                       // a document that is not open
        notification("textDocument/didChange", {{"textDocument", 3}}) +    // a broken notification: logged
        open("game \"x\" {\n  players 2\n}\n", "http://example.com/x.rules") +
        open(game_text) + request(5, "textDocument/hover", at(16, 17)) +  // and it still works
        request(6, "shutdown", nullptr) + notification("exit", nullptr);
    const auto messages = serve(input, &exit_code);
    EXPECT_EQ((*answer(messages, 1))["error"]["code"], server_not_initialized);
    int parse_errors = 0, invalid_requests = 0;
    for (const auto& m : messages) {
        if (!m.contains("error") || !m["id"].is_null()) continue;
        parse_errors += m["error"]["code"] == parse_error;
        invalid_requests += m["error"]["code"] == invalid_request;
    }
    EXPECT_EQ(parse_errors, 3);
    EXPECT_EQ(invalid_requests, 2);
    EXPECT_EQ((*answer(messages, 2))["error"]["code"], method_not_found);
    EXPECT_EQ((*answer(messages, 3))["error"]["code"], invalid_params);
    EXPECT_EQ((*answer(messages, 4))["error"]["code"], invalid_params);
    EXPECT_TRUE((*answer(messages, 5))["result"].contains("contents"));
    EXPECT_TRUE((*answer(messages, 6))["result"].is_null());
    EXPECT_EQ(exit_code, 0);
}

TEST_F(LanguageServerTest, AMessageCutShortEndsTheSessionWithAnError) {
    int exit_code = -1;
    const auto messages = serve(initialize() + "Content-Length: 100\r\n\r\n{\"jsonrpc\"", &exit_code);
    ASSERT_EQ(messages.size(), 2u);
    EXPECT_EQ(messages[1]["error"]["code"], parse_error);
    EXPECT_EQ(exit_code, 1);  // no shutdown was asked
}

// A seed game as it is: no diagnostic; its uses of the standard library lead there, with their comments.
TEST_F(LanguageServerTest, ServesASeedGameAndItsStandardLibrary) {
    const std::string path = std::string(RULESRUN_SOURCE_DIR) + "/rules/diams.rules";
    std::ifstream in(path);
    std::ostringstream read;
    read << in.rdbuf();
    const std::string text = read.str(), uri = uri_of_path(path);
    const std::size_t use = text.find("some_subset_sums_to(qualities");
    ASSERT_NE(use, std::string::npos);
    const auto line = std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(use), '\n');
    const auto column = use - text.rfind('\n', use) - 1 + 3;
    const json place = {{"textDocument", {{"uri", uri}}}, {"position", {{"line", line}, {"character", column}}}};
    const auto messages = serve(initialize() + open(text, uri) + request(1, "textDocument/definition", place) +
                                request(2, "textDocument/hover", place));
    EXPECT_EQ(diagnostics_of(messages, uri), json::array());
    const json& definition = (*answer(messages, 1))["result"];
    EXPECT_EQ(definition["uri"], uri_of_path(std::string(RULESRUN_SOURCE_DIR) + "/stdlib/subsets.rules"));
    const std::string hover = (*answer(messages, 2))["result"]["contents"]["value"];
    EXPECT_NE(hover.find("Whether some sub-list of the numbers"), std::string::npos) << hover;
}

// A file of 1 MiB (the most a rules file may hold): checked, hovered and completed; a byte more is refused clearly.
TEST_F(LanguageServerTest, ServesAFileOfOneMebibyte) {
    std::string text = "game \"Big\" {\n  players 2\n}\nplay {\n  end game with draw\n}\n";
    for (int i = 0; text.size() < max_rules_file_bytes - 100; ++i) {
        text += "# a function that nothing calls\nfunction value_" + std::to_string(i) + "(x: int): int = x + " +
                std::to_string(i) + "\n";
    }
    text.append(max_rules_file_bytes - text.size(), '\n');
    ASSERT_EQ(text.size(), max_rules_file_bytes);
    const json grow = {{"textDocument", {{"uri", game_uri}, {"version", 2}}},
                       {"contentChanges", {{{"range", {{"start", {{"line", 0}, {"character", 0}}},
                                                       {"end", {{"line", 0}, {"character", 0}}}}},
                                            {"text", "#"}}}}};
    const auto messages = serve(initialize() + open(text) + request(1, "textDocument/hover", at(7, 12)) +
                                request(2, "textDocument/completion", at(7, 0)) +
                                notification("textDocument/didChange", grow));
    EXPECT_NE((*answer(messages, 1))["result"]["contents"]["value"].get<std::string>().find("function value_0"),
              std::string::npos);
    EXPECT_GT((*answer(messages, 2))["result"]["items"].size(), 10000u);
    int published = 0;
    json last;
    for (const auto& m : messages) {
        if (m.value("method", "") != "textDocument/publishDiagnostics") continue;
        ++published;
        last = m["params"]["diagnostics"];
    }
    EXPECT_EQ(published, 2);
    ASSERT_EQ(last.size(), 1u);
    EXPECT_NE(last[0]["message"].get<std::string>().find("too large"), std::string::npos) << last[0].dump();
}

}  // namespace
}  // namespace rulesrun::lsp
