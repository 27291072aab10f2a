// An open document as the editor has it (its unsaved text, changed edit by edit), places in a text as the protocol
// counts them (line and character, in UTF-16 code units unless the client agreed to UTF-8 bytes), and file URIs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rulesrun::lsp {

enum class PositionEncoding { utf16, utf8 };

// Lines of a text, to turn byte offsets into protocol positions and back.
class LineMap {
public:
    LineMap(std::string_view text, PositionEncoding encoding);
    [[nodiscard]] nlohmann::json position(std::size_t offset) const;
    [[nodiscard]] nlohmann::json range(std::size_t offset, std::size_t length) const;
    // The byte offset of a protocol position; a character past the line's end is its end, a line past the text's end
    // is the text's end. Throws std::invalid_argument on a position that is not two non-negative numbers.
    [[nodiscard]] std::size_t offset(const nlohmann::json& position) const;
    // Code units of `text` in the encoding (UTF-16 counts a 4-byte character as two).
    [[nodiscard]] std::uint32_t units(std::string_view text) const;

private:
    std::string_view text_;
    PositionEncoding encoding_;
    std::vector<std::size_t> line_starts_;
};

struct TextDocument {
    std::string uri;
    std::string path;  // the file the URI names
    std::int64_t version = 0;
    std::string text;

    // One change of didChange: with a range, that part replaced; without one, the whole text.
    void apply_change(const nlohmann::json& change, PositionEncoding encoding);
};

// file:///a%20b/c.rules <-> /a b/c.rules. Throws std::invalid_argument on a URI that is not a file URI.
std::string path_of_uri(std::string_view uri);
std::string uri_of_path(std::string_view path);

}  // namespace rulesrun::lsp
