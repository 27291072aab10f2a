// The rules files of one check or game: each file's name and text, read once, with the safety limits that apply to
// untrusted input. Diagnostics refer to files by their index here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "source_location.hpp"

namespace rulesrun {

struct SourceFile {
    std::string path;  // as given or as resolved from an import
    std::string text;
};

// A rules file larger than this is refused: no game needs it, and parsing it would waste time and memory.
inline constexpr std::size_t max_rules_file_bytes = 1024 * 1024;

class SourceSet {
public:
    // Reads a file; on failure returns nullopt and sets `error` to a message naming the problem.
    std::optional<int> load(const std::string& path, std::string& error);
    // Texts that stand for files, by their canonical path (std::filesystem::weakly_canonical): an editor's unsaved
    // buffers. load() reads them instead of the files, with the same size limit.
    void set_unsaved(std::map<std::string, std::string> texts) { unsaved_ = std::move(texts); }
    // Adds text that did not come from a file (tests, standard input).
    int add(std::string path, std::string text);

    [[nodiscard]] const SourceFile& file(int index) const { return files_.at(static_cast<std::size_t>(index)); }
    [[nodiscard]] std::size_t size() const { return files_.size(); }
    // The index of a file already loaded under this path, if any.
    [[nodiscard]] std::optional<int> find(const std::string& path) const;

private:
    std::vector<SourceFile> files_;
    std::map<std::string, std::string> unsaved_;
};

// A diagnostic quotes at most this many bytes of its line on each side of the column, and messages longer than
// the second limit are cut: an error is a few lines whatever the file.
inline constexpr std::size_t diagnostic_window_bytes = 60;
inline constexpr std::size_t max_diagnostic_message_bytes = 300;

// "file:line:col: error: message", then the source line (a window around the column when it is long) and a caret
// under the column.
std::string render_diagnostic(const SourceSet& sources, const Diagnostic& d, bool colour);

// The diagnostics as a JSON array of {file, line, column, severity, message}.
std::string diagnostics_json(const SourceSet& sources, const std::vector<Diagnostic>& diagnostics);

}  // namespace rulesrun
