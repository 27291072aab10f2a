// JSON-RPC 2.0 over a byte stream as the Language Server Protocol frames it: a `Content-Length: N` header, a blank
// line, then N bytes of JSON. Reading never throws on what a client sends: a broken frame is reported as one.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace rulesrun::lsp {

// JSON-RPC's error codes, and the protocol's own.
enum ErrorCode : int {
    parse_error = -32700,
    invalid_request = -32600,
    method_not_found = -32601,
    invalid_params = -32602,
    internal_error = -32603,
    server_not_initialized = -32002,
    request_failed = -32803,
};

// A message larger than this is refused (and skipped): a 1 MiB rules file sent whole, escaped, is far below it.
inline constexpr std::size_t max_message_bytes = 64 * 1024 * 1024;

struct Frame {
    std::string body;   // the JSON text, when the frame was read whole
    std::string error;  // else what was wrong with it
};

class MessageReader {
public:
    explicit MessageReader(std::istream& in) : in_(in) {}
    // The next frame, or nullopt at the end of the input.
    std::optional<Frame> next();

private:
    std::istream& in_;
};

void write_message(std::ostream& out, const nlohmann::json& message);
nlohmann::json error_response(const nlohmann::json& id, int code, const std::string& message);

}  // namespace rulesrun::lsp
