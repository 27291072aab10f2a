// Reads a rules file and, transitively, the files it imports; parses each once.
#pragma once

#include <string>
#include <vector>

#include "ast.hpp"
#include "source_set.hpp"

namespace rulesrun {

struct LoadedFile {
    int source = -1;    // index in the SourceSet
    ast::NodePtr tree;  // the parsed declarations (possibly partial when the file has syntax errors)
    std::vector<int> imports;  // indices of the files it imports, in order
    std::vector<std::string> unparsed_names;  // declarations that failed to parse
    std::size_t syntax_errors = 0;
};

struct LoadResult {
    std::vector<LoadedFile> files;  // imported files come before the files importing them; the root file is last
    std::vector<Diagnostic> diagnostics;
};

// The folder `import NAME` looks in: $RULESRUN_STDLIB if set, else the project's stdlib/ folder.
std::string standard_library_dir();

// Loads `path` and its imports. `import "x.rules"` is relative to the importing file; `import x` names
// stdlib/x.rules. Only files ending in .rules are read; a cycle of imports is an error.
LoadResult load_rules(const std::string& path, SourceSet& sources);

}  // namespace rulesrun
