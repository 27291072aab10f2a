// What the names of a rules file and its imports refer to, for editors (`rulesrun lsp`): each declared thing with
// its declaration, type and documentation, and every place a name refers to it. Made from the syntax trees and the
// checker's types, after a check, so that it holds for files with mistakes too (a name that cannot be resolved is
// simply not in it).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "loader.hpp"
#include "source_set.hpp"

namespace rulesrun {

enum class EntityKind : std::uint8_t {
    type,           // card, record, enum, board space type
    enum_value,     // a value of an enum, of an option or of a menu
    field,          // a field of a card, record, board space, or player field
    global,         // a zone, deck, state field, table, board, die, option, statistic, strategy, seat
    callable,       // procedure or function
    local,          // let, for, comprehension, choice and event names
    parameter,
    choice,         // the name of a menu
};

// A stretch of a source file: a name where it is written.
struct SourceRange {
    int file = -1;
    std::uint32_t offset = 0;
    std::uint32_t length = 0;
};

struct NameEntity {
    std::string name;
    EntityKind kind{};
    std::string what;          // "procedure", "field of DiamCard", "value of enum Colour", "local", ...
    SourceRange declared;      // the name in its declaration
    std::string declaration;   // the declaration's first line, as written
    std::string type;          // its type, as the checker names it ("list of DiamCard"); "" when it has none
    std::string documentation; // the comment lines right above the declaration, or the comment ending its line
    int parent = -1;           // what it belongs to: a card's fields, an enum's values, a procedure's menus
    int members = -1;          // what `.` reaches from a value of it: an index in NameIndex::members, or -1
    std::uint32_t scope_end = 0;  // locals: the offset where their declaration (procedure, function...) ends
};

struct NameOccurrence {
    SourceRange range;
    int entity = -1;
    bool declaration = false;
};

struct NameIndex {
    std::vector<NameEntity> entities;
    std::vector<NameOccurrence> occurrences;  // by file, then offset
    std::vector<std::vector<int>> members;    // the fields (and per player zones) of a card, record, space or player
    std::map<std::uint32_t, std::string> imports;  // offset of an import's target in the root file -> the file's path

    // The occurrence whose name covers `offset` of `file`, or null.
    [[nodiscard]] const NameOccurrence* at(int file, std::uint32_t offset) const;
    [[nodiscard]] std::vector<NameOccurrence> of(int entity) const;
};

// A rules file checked for an editor: its sources, diagnostics (as `rulesrun check` gives them) and names.
struct RulesAnalysis {
    SourceSet sources;
    LoadResult loaded;
    std::vector<Diagnostic> diagnostics;
    NameIndex names;
    int root = -1;  // the source index of the file analysed, -1 when it could not be read
};

// Loads `path` (with the texts of `sources` set by SourceSet::set_unsaved), checks it and indexes its names.
void analyze_rules_file(const std::string& path, RulesAnalysis& analysis);

// The built-in functions and procedures, for completion and colour.
const std::vector<std::string_view>& builtin_function_names();

}  // namespace rulesrun
