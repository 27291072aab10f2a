#include "json_rpc.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "rulesrun.hpp"

namespace rulesrun::lsp {
namespace {

std::string lowercase(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Skips `count` bytes of the input without keeping them.
void skip_bytes(std::istream& in, std::size_t count) {
    char buffer[65536];
    while (count > 0 && in) {
        const auto chunk = static_cast<std::streamsize>(std::min(count, sizeof buffer));
        in.read(buffer, chunk);
        count -= static_cast<std::size_t>(in.gcount());
    }
}

}  // namespace

std::optional<Frame> MessageReader::next() {
    std::optional<std::size_t> length;
    std::string line, header_error;
    bool any_header = false;
    while (std::getline(in_, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) {
            if (!any_header) continue;  // blank lines between messages
            break;
        }
        any_header = true;
        const auto colon = line.find(':');
        if (colon == std::string::npos) {
            header_error = fmt::format("a header line without ':' ({:.40})", line);
            continue;
        }
        if (lowercase(line.substr(0, colon)) != "content-length") continue;
        std::string value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(' '));
        std::size_t parsed = 0;
        const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
        if (ec != std::errc() || end != value.data() + value.size()) {
            header_error = fmt::format("Content-Length is not a number ({:.40})", value);
        } else {
            length = parsed;
        }
    }
    if (!any_header) return std::nullopt;
    if (!length) return Frame{"", header_error.empty() ? "a message without Content-Length" : header_error};
    if (*length > max_message_bytes) {
        skip_bytes(in_, *length);
        return Frame{"", fmt::format("a message of {} bytes: the most is {}", *length, max_message_bytes)};
    }
    std::string body(*length, '\0');
    in_.read(body.data(), static_cast<std::streamsize>(*length));
    if (static_cast<std::size_t>(in_.gcount()) != *length) {
        return Frame{"", fmt::format("the input ended {} bytes into a message of {}", in_.gcount(), *length)};
    }
    return Frame{std::move(body), header_error};
}

void write_message(std::ostream& out, const nlohmann::json& message) {
    const std::string body = json_text(message);
    out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
    out.flush();
}

nlohmann::json error_response(const nlohmann::json& id, int code, const std::string& message) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}};
}

}  // namespace rulesrun::lsp
