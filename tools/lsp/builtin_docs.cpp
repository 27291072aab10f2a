#include "builtin_docs.hpp"

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

const std::map<std::string, BuiltinDoc, std::less<>>& all_docs() {
    static const std::map<std::string, BuiltinDoc, std::less<>> docs = [] {
        std::map<std::string, BuiltinDoc, std::less<>> found;
        const std::string_view text = language_docs;
        const auto section = text.find("## Built-in names");
        if (section == std::string_view::npos) return found;
        for (std::size_t at = section; at < text.size();) {
            const auto end = std::min(text.find('\n', at), text.size());
            const std::string_view line = text.substr(at, end - at);
            if (line.starts_with("## ") && at != section) break;
            if (line.starts_with("| `")) read_row(line, found);
            at = end + 1;
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

}  // namespace rulesrun::lsp
