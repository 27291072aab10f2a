#include "text_document.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace rulesrun::lsp {
namespace {

// The length in bytes of the UTF-8 character starting with `lead` (1 for a byte that starts none).
std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

std::size_t number_at(const nlohmann::json& position, const char* key) {
    if (!position.is_object() || !position.contains(key) || !position[key].is_number_integer() ||
        position[key].get<std::int64_t>() < 0) {
        throw std::invalid_argument(fmt::format("a position needs '{}' as a number from 0", key));
    }
    return position[key].get<std::size_t>();
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

LineMap::LineMap(std::string_view text, PositionEncoding encoding) : text_(text), encoding_(encoding) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
}

std::uint32_t LineMap::units(std::string_view text) const {
    if (encoding_ == PositionEncoding::utf8) return static_cast<std::uint32_t>(text.size());
    std::uint32_t count = 0;
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t length = utf8_length(static_cast<unsigned char>(text[i]));
        count += length == 4 ? 2 : 1;
        i += length;
    }
    return count;
}

nlohmann::json LineMap::position(std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const auto line = static_cast<std::size_t>(
        std::upper_bound(line_starts_.begin(), line_starts_.end(), offset) - line_starts_.begin() - 1);
    const std::size_t start = line_starts_[line];
    return {{"line", line}, {"character", units(text_.substr(start, offset - start))}};
}

nlohmann::json LineMap::range(std::size_t offset, std::size_t length) const {
    return {{"start", position(offset)}, {"end", position(offset + length)}};
}

std::size_t LineMap::offset(const nlohmann::json& position) const {
    const std::size_t line = number_at(position, "line");
    const std::size_t character = number_at(position, "character");
    if (line >= line_starts_.size()) return text_.size();
    std::size_t at = line_starts_[line];
    const std::size_t end = line + 1 < line_starts_.size() ? line_starts_[line + 1] - 1 : text_.size();
    for (std::size_t counted = 0; at < end && counted < character;) {
        const std::size_t length = utf8_length(static_cast<unsigned char>(text_[at]));
        counted += encoding_ == PositionEncoding::utf8 ? length : (length == 4 ? 2 : 1);
        at = std::min(at + length, end);
    }
    return at;
}

void TextDocument::apply_change(const nlohmann::json& change, PositionEncoding encoding) {
    if (!change.is_object() || !change.contains("text") || !change["text"].is_string()) {
        throw std::invalid_argument("a content change needs 'text'");
    }
    const std::string& inserted = change["text"].get_ref<const std::string&>();
    if (!change.contains("range")) {
        text = inserted;
        return;
    }
    const nlohmann::json& range = change["range"];
    if (!range.is_object() || !range.contains("start") || !range.contains("end")) {
        throw std::invalid_argument("a change's range needs 'start' and 'end'");
    }
    const LineMap lines(text, encoding);
    const std::size_t start = lines.offset(range["start"]);
    const std::size_t end = std::max(start, lines.offset(range["end"]));
    text.replace(start, end - start, inserted);
}

std::string path_of_uri(std::string_view uri) {
    constexpr std::string_view scheme = "file://";
    if (!uri.starts_with(scheme)) {
        throw std::invalid_argument(fmt::format("only file URIs are served, not '{:.60}'", uri));
    }
    uri.remove_prefix(scheme.size());
    if (const auto slash = uri.find('/'); slash != 0) uri.remove_prefix(std::min(slash, uri.size()));  // a host
    std::string path;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && hex_value(uri[i + 1]) >= 0 && hex_value(uri[i + 2]) >= 0) {
            path += static_cast<char>(hex_value(uri[i + 1]) * 16 + hex_value(uri[i + 2]));
            i += 2;
        } else {
            path += uri[i];
        }
    }
    return std::filesystem::path(path).lexically_normal().string();
}

std::string uri_of_path(std::string_view path) {
    const std::string absolute = std::filesystem::absolute(std::filesystem::path(path)).lexically_normal().string();
    std::string uri = "file://";
    for (const char c : absolute) {
        const bool plain = std::isalnum(static_cast<unsigned char>(c)) || std::string_view("/-._~").find(c) !=
                                                                             std::string_view::npos;
        uri += plain ? std::string(1, c) : fmt::format("%{:02X}", static_cast<unsigned char>(c));
    }
    return uri;
}

}  // namespace rulesrun::lsp
