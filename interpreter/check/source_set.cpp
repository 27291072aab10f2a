#include "source_set.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace rulesrun {

std::optional<int> SourceSet::load(const std::string& path, std::string& error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!unsaved_.empty()) {
        if (auto open = unsaved_.find(fs::weakly_canonical(path, ec).string()); !ec && open != unsaved_.end()) {
            if (open->second.size() > max_rules_file_bytes) {
                error = fmt::format("'{}' is too large ({} bytes): a rules file may hold at most {} bytes", path,
                                    open->second.size(), max_rules_file_bytes);
                return std::nullopt;
            }
            return add(path, open->second);
        }
    }
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        error = fmt::format("cannot read '{}': no such file", path);
        return std::nullopt;
    }
    if (!fs::is_regular_file(status)) {
        error = fmt::format("cannot read '{}': not a regular file", path);
        return std::nullopt;
    }
    const auto bytes = fs::file_size(path, ec);
    if (!ec && bytes > max_rules_file_bytes) {
        error = fmt::format("'{}' is too large ({} bytes): a rules file may hold at most {} bytes", path, bytes,
                            max_rules_file_bytes);
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    if (!in || (!(text << in.rdbuf()) && bytes > 0)) {
        error = fmt::format("cannot read '{}'", path);
        return std::nullopt;
    }
    return add(path, text.str());
}

int SourceSet::add(std::string path, std::string text) {
    files_.push_back({std::move(path), std::move(text)});
    return static_cast<int>(files_.size() - 1);
}

std::optional<int> SourceSet::find(const std::string& path) const {
    for (std::size_t i = 0; i < files_.size(); ++i) {
        if (files_[i].path == path) return static_cast<int>(i);
    }
    return std::nullopt;
}

namespace {

std::string_view line_of(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    const std::size_t before = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    const std::size_t start = (offset == 0 || before == std::string_view::npos) ? 0 : before + 1;
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    if (end > start && text[end - 1] == '\r') --end;
    return text.substr(start, end - start);
}

// Spaces up to the column (tabs kept, one space per UTF-8 character) so the caret lines up in a terminal.
std::string caret_padding(std::string_view line, std::size_t column) {
    std::string pad;
    for (std::size_t i = 0; i + 1 < column && i < line.size(); ++i) {
        const auto byte = static_cast<unsigned char>(line[i]);
        if ((byte & 0xC0) == 0x80) continue;  // continuation byte of a multi-byte character
        pad += line[i] == '\t' ? '\t' : ' ';
    }
    return pad;
}

const char* severity_name(Severity s) { return s == Severity::error ? "error" : "warning"; }

bool continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// At most `limit` bytes of `text` from its start, cut before a UTF-8 character rather than inside one.
std::string_view utf8_prefix(std::string_view text, std::size_t limit) {
    if (text.size() <= limit) return text;
    while (limit > 0 && continuation_byte(text[limit])) --limit;
    return text.substr(0, limit);
}

// A long message (one that quotes a long name, say) shortened so that an error stays a line.
std::string shortened_message(const std::string& message) {
    if (message.size() <= max_diagnostic_message_bytes) return message;
    return fmt::format("{}... ({} bytes)", utf8_prefix(message, max_diagnostic_message_bytes), message.size());
}

// The part of a long line around the column: a line of a megabyte quoted by each of its errors would write
// gigabytes. `column` becomes the caret's column in the window.
struct QuotedLine {
    std::string text;
    std::size_t column;
};

QuotedLine quoted_window(std::string_view line, std::size_t column) {
    if (line.size() <= 2 * diagnostic_window_bytes) return {std::string(line), column};
    const std::size_t at = std::min(column == 0 ? 0 : column - 1, line.size());
    std::size_t start = at > diagnostic_window_bytes ? at - diagnostic_window_bytes : 0;
    while (start > 0 && continuation_byte(line[start])) --start;
    const std::string_view window = utf8_prefix(line.substr(start), 2 * diagnostic_window_bytes);
    const bool cut_before = start > 0, cut_after = start + window.size() < line.size();
    std::string text = (cut_before ? "..." : "") + std::string(window) + (cut_after ? "..." : "");
    return {std::move(text), at - start + 1 + (cut_before ? 3 : 0)};
}

}  // namespace

std::string render_diagnostic(const SourceSet& sources, const Diagnostic& d, bool colour) {
    const bool known = d.loc.file >= 0 && static_cast<std::size_t>(d.loc.file) < sources.size();
    const std::string path = known ? sources.file(d.loc.file).path : "rulesrun";
    const char* severity_colour = d.severity == Severity::error ? "\033[1;31m" : "\033[1;35m";
    std::string out = known ? fmt::format("{}:{}:{}: ", path, d.loc.line, d.loc.column) : path + ": ";
    const std::string message = shortened_message(d.message);
    out += colour ? fmt::format("{}{}:\033[0m \033[1m{}\033[0m\n", severity_colour, severity_name(d.severity), message)
                  : fmt::format("{}: {}\n", severity_name(d.severity), message);
    if (!known || d.loc.line == 0) return out;
    const QuotedLine quoted = quoted_window(line_of(sources.file(d.loc.file).text, d.loc.offset), d.loc.column);
    out += fmt::format("  {}\n  {}{}^{}\n", quoted.text, caret_padding(quoted.text, quoted.column),
                       colour ? "\033[1;32m" : "", colour ? "\033[0m" : "");
    return out;
}

std::string diagnostics_json(const SourceSet& sources, const std::vector<Diagnostic>& diagnostics) {
    nlohmann::json array = nlohmann::json::array();
    for (const auto& d : diagnostics) {
        const bool known = d.loc.file >= 0 && static_cast<std::size_t>(d.loc.file) < sources.size();
        array.push_back({{"file", known ? sources.file(d.loc.file).path : ""},
                         {"line", d.loc.line},
                         {"column", d.loc.column},
                         {"severity", severity_name(d.severity)},
                         {"message", shortened_message(d.message)}});
    }
    // A message may quote bytes of the file that are not UTF-8: they are replaced rather than refused.
    return array.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace rulesrun
