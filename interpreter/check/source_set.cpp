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

}  // namespace

std::string render_diagnostic(const SourceSet& sources, const Diagnostic& d, bool colour) {
    const bool known = d.loc.file >= 0 && static_cast<std::size_t>(d.loc.file) < sources.size();
    const std::string path = known ? sources.file(d.loc.file).path : "rulesrun";
    const char* severity_colour = d.severity == Severity::error ? "\033[1;31m" : "\033[1;35m";
    std::string out = known ? fmt::format("{}:{}:{}: ", path, d.loc.line, d.loc.column) : path + ": ";
    out += colour ? fmt::format("{}{}:\033[0m \033[1m{}\033[0m\n", severity_colour, severity_name(d.severity), d.message)
                  : fmt::format("{}: {}\n", severity_name(d.severity), d.message);
    if (!known || d.loc.line == 0) return out;
    const std::string_view line = line_of(sources.file(d.loc.file).text, d.loc.offset);
    out += fmt::format("  {}\n  {}{}^{}\n", line, caret_padding(line, d.loc.column), colour ? "\033[1;32m" : "",
                       colour ? "\033[0m" : "");
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
                         {"message", d.message}});
    }
    return array.dump(2);
}

}  // namespace rulesrun
