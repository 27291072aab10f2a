#include "builtin_docs.hpp"

#include <cctype>
#include <map>
#include <vector>

namespace rulesrun::lsp {

extern const char* const language_docs;

namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// Each name of a table row "| `a(x)`, `b(y)` | meaning |" with its signature and the meaning.
void read_row(std::string_view row, std::map<std::string, BuiltinDoc, std::less<>>& docs) {
    row.remove_prefix(1);
    const auto bar = row.find('|');
    if (bar == std::string_view::npos) return;
    const std::string_view names = row.substr(0, bar);
    std::string_view meaning = row.substr(bar + 1);
    if (const auto end = meaning.rfind('|'); end != std::string_view::npos) meaning = meaning.substr(0, end);
    for (std::size_t at = names.find('`'); at != std::string_view::npos;) {
        const auto close = names.find('`', at + 1);
        if (close == std::string_view::npos) break;
        const std::string_view signature = names.substr(at + 1, close - at - 1);
        const std::string_view name = signature.substr(0, signature.find('('));
        docs.try_emplace(std::string(name), BuiltinDoc{std::string(signature), std::string(trimmed(meaning))});
        at = names.find('`', close + 1);
    }
}

// The rows of the table under a heading of docs/language.md (up to the next heading of any level).
std::vector<std::string_view> table_rows(std::string_view heading) {
    const std::string_view text = language_docs;
    std::vector<std::string_view> rows;
    const auto section = text.find(heading);
    if (section == std::string_view::npos) return rows;
    for (std::size_t at = text.find('\n', section) + 1; at > 0 && at < text.size();) {
        const auto end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        if (line.starts_with("#")) break;
        if (line.starts_with("| `")) rows.push_back(line);
        at = end + 1;
    }
    return rows;
}

const std::map<std::string, BuiltinDoc, std::less<>>& all_docs() {
    static const std::map<std::string, BuiltinDoc, std::less<>> docs = [] {
        std::map<std::string, BuiltinDoc, std::less<>> found;
        for (const auto row : table_rows("## Built-in names")) read_row(row, found);
        return found;
    }();
    return docs;
}

// Each keyword that starts a snippet of the "Types" and "Statements" tables: `move X to ZONE` is the row of `move`.
const std::map<std::string, BuiltinDoc, std::less<>>& all_keyword_docs() {
    static const std::map<std::string, BuiltinDoc, std::less<>> docs = [] {
        std::map<std::string, BuiltinDoc, std::less<>> found;
        for (const auto heading : {"### Types", "## Statements"}) {
            for (const auto row : table_rows(heading)) {
                // All the row's forms, one a line, under the first word of each.
                const std::string_view names = row.substr(0, row.find(" | "));
                std::vector<std::string> forms;
                for (std::size_t at = names.find('`'); at != std::string_view::npos;) {
                    const auto close = names.find('`', at + 1);
                    if (close == std::string_view::npos) break;
                    forms.emplace_back(names.substr(at + 1, close - at - 1));
                    at = names.find('`', close + 1);
                }
                std::string meaning(row.substr(names.size() + 3));
                if (const auto end = meaning.rfind(" |"); end != std::string::npos) meaning.resize(end);
                std::string signature;
                for (const auto& form : forms) signature += (signature.empty() ? "" : "\n") + form;
                for (const auto& form : forms) {
                    const std::string word = form.substr(0, form.find_first_of(" [(.:"));
                    if (!word.empty() && std::islower(static_cast<unsigned char>(word.front()))) {
                        found.try_emplace(word, BuiltinDoc{signature, meaning});
                    }
                }
            }
        }
        return found;
    }();
    return docs;
}

}  // namespace

std::optional<BuiltinDoc> builtin_doc(std::string_view name) {
    const auto& docs = all_docs();
    if (auto it = docs.find(name); it != docs.end()) return it->second;
    return std::nullopt;
}

std::optional<BuiltinDoc> keyword_doc(std::string_view word) {
    const auto& docs = all_keyword_docs();
    if (auto it = docs.find(word); it != docs.end()) return it->second;
    return std::nullopt;
}

}  // namespace rulesrun::lsp
