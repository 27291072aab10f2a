// `rulesrun fmt FILE|FOLDER...`: rules files rewritten in their canonical layout (grammar/formatter.hpp); with
// --check, nothing is written and the files not in that layout are named (exit 1), for CI; `-` formats standard input
// to standard output, for editors.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include "rulesrun.hpp"
#include "commands.hpp"
#include "terminal.hpp"

namespace rulesrun::cli {
namespace {

namespace fs = std::filesystem;

// The files named, with the .rules files found under each folder named, in a stable order.
std::vector<std::string> rules_files_in(const std::vector<std::string>& paths) {
    std::vector<std::string> files;
    for (const auto& path : paths) {
        std::error_code ec;
        if (!fs::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        std::vector<std::string> found;
        for (const auto& entry : fs::recursive_directory_iterator(path, ec)) {
            if (entry.is_regular_file() && entry.path().extension() == ".rules") found.push_back(entry.path().string());
        }
        if (ec) throw ArgumentError(fmt::format("cannot read the folder '{}': {}", path, ec.message()));
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

void write_file(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".fmt-tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!(out << text) || !out.flush()) throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
    }
    std::error_code ec;
    fs::rename(temporary, path, ec);  // whole or not at all: an editor never sees half a file
    if (ec) throw std::runtime_error(fmt::format("cannot replace '{}': {}", path, ec.message()));
}

enum class Outcome { unchanged, changed, failed };

Outcome format_one(SourceSet& sources, int index, bool check_only) {
    const SourceFile& file = sources.file(index);
    const FormatResult formatted = format_rules(file.text, index);
    if (!formatted.ok()) {
        const bool colour = colour_enabled(stderr);
        for (const auto& d : formatted.diagnostics) std::cerr << render_diagnostic(sources, d, colour);
        std::cerr << fmt::format("{}: not formatted: it has errors\n", file.path);
        return Outcome::failed;
    }
    if (formatted.text == file.text) return Outcome::unchanged;
    if (check_only) {
        std::cout << fmt::format("{}: not formatted\n", file.path);
    } else {
        write_file(file.path, formatted.text);
        std::cout << fmt::format("{}: formatted\n", file.path);
    }
    return Outcome::changed;
}

int format_standard_input(bool check_only) {
    std::string text(std::istreambuf_iterator<char>(std::cin), {});
    if (text.size() > max_rules_file_bytes) {
        throw ArgumentError(fmt::format("standard input is too large ({} bytes): a rules file may hold at most {} "
                                        "bytes", text.size(), max_rules_file_bytes));
    }
    SourceSet sources;
    const int index = sources.add("<standard input>", std::move(text));
    const FormatResult formatted = format_rules(sources.file(index).text, index);
    if (!formatted.ok()) {
        for (const auto& d : formatted.diagnostics) std::cerr << render_diagnostic(sources, d, colour_enabled(stderr));
        return exit_failed;
    }
    if (check_only) return formatted.text == sources.file(index).text ? exit_ok : exit_failed;
    std::cout << formatted.text;
    return exit_ok;
}

}  // namespace

int run_fmt(const FmtOptions& options) {
    if (options.files.size() == 1 && options.files.front() == "-") return format_standard_input(options.check);
    const std::vector<std::string> files = rules_files_in(options.files);
    if (files.empty()) throw ArgumentError("no .rules file in the folders given");
    SourceSet sources;
    std::size_t changed = 0, failed = 0;
    for (const auto& path : files) {
        std::string error;
        const auto index = sources.load(path, error);
        if (!index) {
            std::cerr << "rulesrun: error: " << error << '\n';
            ++failed;
            continue;
        }
        const Outcome outcome = format_one(sources, *index, options.check);
        changed += outcome == Outcome::changed;
        failed += outcome == Outcome::failed;
    }
    if (options.check && changed > 0) {
        std::cerr << fmt::format("{} of {} file(s) not formatted: run 'rulesrun fmt' on them\n", changed, files.size());
    }
    return failed > 0 || (options.check && changed > 0) ? exit_failed : exit_ok;
}

}  // namespace rulesrun::cli
