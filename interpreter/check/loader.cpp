#include "loader.hpp"

#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <map>

#include <fmt/format.h>

#include "parser.hpp"

namespace rulesrun {
namespace fs = std::filesystem;

std::string standard_library_dir() {
    if (const char* dir = std::getenv("RULESRUN_STDLIB"); dir && *dir) return dir;
    return RULESRUN_STDLIB_DIR;
}

namespace {

class Loader {
public:
    Loader(SourceSet& sources, LoadResult& result) : sources_(sources), result_(result) {}

    // Returns the source index of the loaded file, or -1 when it could not be read.
    int load(const std::string& path, const SourceLocation* imported_at) {
        const std::string key = fs::weakly_canonical(path).string();
        if (auto done = finished_.find(key); done != finished_.end()) return done->second;
        if (auto open = std::find(stack_.begin(), stack_.end(), key); open != stack_.end()) {
            report_cycle(open, key, imported_at);
            return -1;
        }
        std::string error;
        const auto index = sources_.load(path, error);
        if (!index) {
            result_.diagnostics.push_back({Severity::error, imported_at ? *imported_at : SourceLocation{}, error});
            return -1;
        }
        stack_.push_back(key);
        stack_paths_.push_back(path);
        LoadedFile file;
        file.source = *index;
        ParseResult parsed = parse_rules(sources_.file(*index).text, *index);
        file.syntax_errors = parsed.diagnostics.size();
        for (auto& d : parsed.diagnostics) result_.diagnostics.push_back(std::move(d));
        for (const auto& decl : parsed.file->children) {
            if (decl->kind != ast::Kind::import_decl) continue;
            const int imported = load_import(*decl, path);
            if (imported >= 0) file.imports.push_back(imported);
        }
        file.tree = std::move(parsed.file);
        file.unparsed_names = std::move(parsed.unparsed_names);
        stack_.pop_back();
        stack_paths_.pop_back();
        finished_.emplace(key, *index);
        result_.files.push_back(std::move(file));
        return *index;
    }

private:
    int load_import(const ast::Node& decl, const std::string& importer) {
        const ast::Node* target = decl.child(0);
        std::string path;
        if (target->kind == ast::Kind::name) {
            path = (fs::path(standard_library_dir()) / (target->text + ".rules")).string();
        } else {
            if (fs::path(target->text).is_absolute()) {
                result_.diagnostics.push_back(
                    {Severity::error, target->loc, "an import must be a relative path (\"other.rules\")"});
                return -1;
            }
            path = (fs::path(importer).parent_path() / target->text).lexically_normal().string();
        }
        if (fs::path(path).extension() != ".rules") {
            result_.diagnostics.push_back(
                {Severity::error, target->loc,
                 fmt::format("only rules files can be imported: '{}' does not end in .rules", target->text)});
            return -1;
        }
        return load(path, &target->loc);
    }

    void report_cycle(std::vector<std::string>::iterator open, const std::string& key, const SourceLocation* at) {
        std::string chain;
        for (auto i = static_cast<std::size_t>(open - stack_.begin()); i < stack_paths_.size(); ++i) {
            chain += fs::path(stack_paths_[i]).filename().string() + " -> ";
        }
        chain += fs::path(key).filename().string();
        result_.diagnostics.push_back(
            {Severity::error, at ? *at : SourceLocation{}, "import cycle: " + chain});
    }

    SourceSet& sources_;
    LoadResult& result_;
    std::vector<std::string> stack_, stack_paths_;
    std::map<std::string, int> finished_;
};

}  // namespace

LoadResult load_rules(const std::string& path, SourceSet& sources) {
    LoadResult result;
    Loader(sources, result).load(path, nullptr);
    return result;
}

}  // namespace rulesrun
