#include "formatter.hpp"

#include <algorithm>
#include <unordered_set>

#include "ast.hpp"
#include "lexer.hpp"
#include "parser.hpp"

namespace rulesrun {
namespace {

constexpr std::size_t indent_width = 2;
constexpr std::size_t max_blank_lines = 2;

// What the syntax tree says about tokens that look alike: which ones start a line's statement or clause, which
// brackets belong to the word before them, which minus signs are signs.
struct LayoutFacts {
    std::unordered_set<std::uint32_t> item_starts;  // the first token of a declaration, statement or clause
    std::unordered_set<std::uint32_t> tight_opens;  // '(' and '[' of a call, parameter list or index
    std::unordered_set<std::uint32_t> tight_after;  // words followed by their bracket: `score(p)`, `table t[k]`
    std::unordered_set<std::uint32_t> unary_minus;
};

bool is_clause(ast::Kind kind) {
    using K = ast::Kind;
    switch (kind) {
        case K::field_decl: case K::menu_option: case K::table_row: case K::table_columns: case K::prefer_rule:
        case K::players_clause: case K::seat_names: case K::cooperative_clause: case K::else_clause: return true;
        default: return false;
    }
}

void collect_facts(const ast::Node& node, LayoutFacts& facts) {
    using K = ast::Kind;
    const bool holds_items = node.kind == K::file || node.kind == K::block;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
        const ast::Node& child = *node.children[i];
        const bool enum_value = node.kind == K::enum_decl && i > 0;
        if (holds_items || enum_value || is_clause(child.kind)) facts.item_starts.insert(child.loc.offset);
        collect_facts(child, facts);
    }
    switch (node.kind) {
        case K::args: case K::params: case K::index: facts.tight_opens.insert(node.loc.offset); break;
        case K::score_decl: case K::rank_decl: facts.tight_after.insert(node.loc.offset); break;
        case K::table_decl: facts.tight_after.insert(node.child(0)->loc.offset); break;
        case K::unary:
            if (node.text == "-") facts.unary_minus.insert(node.loc.offset);
            break;
        default: break;
    }
}

bool is_binary_operator(std::string_view p) {
    static constexpr std::string_view operators[] = {"=", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/",
                                                     "%", "+=", "-=", "|"};
    return std::find(std::begin(operators), std::end(operators), p) != std::end(operators);
}

class LineLayout {
public:
    LineLayout(std::string_view text, const LayoutFacts& facts) : text_(text), facts_(facts) {}

    // Whether one space separates two neighbouring tokens of a line; `spaced` says whether the author put one.
    [[nodiscard]] bool space_between(const Token& a, const Token& b, bool spaced) const {
        const std::string_view left = a.kind == TokenKind::punctuation ? a.text(text_) : std::string_view();
        const std::string_view right = b.kind == TokenKind::punctuation ? b.text(text_) : std::string_view();
        if (right == "," || right == ")" || right == "]" || right == "?" || right == ":") return false;
        if (left == "(" || left == "[" || left == "." || right == "." || left == ".." || right == "..") return false;
        if (facts_.tight_opens.count(b.offset) || facts_.tight_after.count(a.offset)) return false;
        if (left == "-" && facts_.unary_minus.count(a.offset)) return false;
        if (left == "," || left == ":" || left == "{" || right == "{" || left == "}" || right == "}") return true;
        if (is_binary_operator(left) || is_binary_operator(right)) return true;
        if (right == "(" || right == "[") return spaced;
        return a.kind != TokenKind::punctuation || b.kind != TokenKind::punctuation || spaced;
    }

    // The code of a line with canonical spaces, from its first token to the last one before any comment.
    [[nodiscard]] std::string code(const std::vector<Token>& tokens) const {
        std::string out;
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            if (i > 0) {
                const Token& previous = tokens[i - 1];
                const bool spaced = tokens[i].offset > previous.offset + previous.length;
                if (space_between(previous, tokens[i], spaced)) out += ' ';
            }
            out += tokens[i].text(text_);
        }
        return out;
    }

private:
    std::string_view text_;
    const LayoutFacts& facts_;
};

enum class LineRole { blank, comment, item, closer, continuation };

struct SourceLine {
    LineRole role = LineRole::blank;
    std::vector<Token> code;           // tokens before the comment
    const Token* comment = nullptr;    // a comment ending the line, or the whole line
    std::size_t old_indent = 0;        // columns before the first token
    std::size_t depth = 0;             // braces open where the line starts
    std::size_t indent = 0;            // the new indentation
    std::size_t comment_column = 0;    // where its comment now starts
};

std::vector<SourceLine> split_lines(std::string_view text, const std::vector<Token>& tokens, const LayoutFacts& facts) {
    std::vector<SourceLine> lines(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    for (const Token& t : tokens) {
        SourceLine& line = lines[t.line];
        if (line.code.empty() && line.comment == nullptr) line.old_indent = t.column;
        if (t.kind == TokenKind::comment) line.comment = &t;
        else line.code.push_back(t);
    }
    std::size_t depth = 0;
    for (SourceLine& line : lines) {
        line.depth = depth;
        if (!line.code.empty()) {
            const Token& first = line.code.front();
            line.role = first.text(text) == "}" ? LineRole::closer
                        : facts.item_starts.count(first.offset) ? LineRole::item : LineRole::continuation;
        } else if (line.comment != nullptr) {
            line.role = LineRole::comment;
        }
        for (const Token& t : line.code) {
            if (t.text(text) == "{") ++depth;
            else if (t.text(text) == "}" && depth > 0) --depth;
        }
    }
    return lines;
}

// The new indentation of every line: items by their depth, continuations moved with the line they continue.
void place_lines(std::vector<SourceLine>& lines) {
    std::ptrdiff_t shift = 0;  // how far the statement being continued moved
    const auto continued = [&](const SourceLine& line) {
        const auto moved = static_cast<std::ptrdiff_t>(line.old_indent) + shift;
        return std::max(static_cast<std::size_t>(std::max<std::ptrdiff_t>(moved, 0)), (line.depth + 1) * indent_width);
    };
    for (std::size_t i = 0; i < lines.size(); ++i) {
        SourceLine& line = lines[i];
        switch (line.role) {
            case LineRole::blank: break;
            case LineRole::item:
            case LineRole::closer:
                line.indent = (line.role == LineRole::closer ? line.depth - std::min<std::size_t>(line.depth, 1)
                                                             : line.depth) * indent_width;
                shift = static_cast<std::ptrdiff_t>(line.indent) - static_cast<std::ptrdiff_t>(line.old_indent);
                break;
            case LineRole::continuation: line.indent = continued(line); break;
            case LineRole::comment: {
                std::size_t next = i + 1;
                while (next < lines.size() &&
                       (lines[next].role == LineRole::blank || lines[next].role == LineRole::comment)) {
                    ++next;
                }
                const bool inside_statement = next < lines.size() && lines[next].role == LineRole::continuation;
                // Indented deeper than its block right under a line, it belongs to that line: it keeps its place.
                const bool under_line = i > 0 && lines[i - 1].role != LineRole::blank &&
                                        static_cast<std::ptrdiff_t>(line.old_indent) + shift >
                                            static_cast<std::ptrdiff_t>(line.depth * indent_width);
                line.indent = inside_statement || under_line ? continued(line) : line.depth * indent_width;
                break;
            }
        }
    }
}

// A comment that ends a line keeps its column while the code leaves room for it; a comment line that carries on
// the comment ending the line above stays under it.
std::size_t comment_column(const SourceLine& line, const SourceLine* above, std::size_t code_end) {
    const std::size_t old_column = line.comment->column;
    if (line.code.empty()) {
        const bool carries_on = above != nullptr && above->comment != nullptr && !above->code.empty() &&
                                above->comment->column == old_column;
        return carries_on ? above->comment_column : line.indent;
    }
    const std::size_t old_code_end = line.code.back().column + line.code.back().length;
    const std::size_t gap = std::max<std::size_t>(old_column - old_code_end, 1);
    return old_column >= code_end + 1 ? old_column : code_end + gap;
}

std::string render(std::string_view text, std::vector<SourceLine>& lines, const LayoutFacts& facts) {
    const LineLayout layout(text, facts);
    std::string out;
    std::size_t blanks = 0;
    const SourceLine* above = nullptr;
    for (SourceLine& line : lines) {
        if (line.role == LineRole::blank) {
            ++blanks;
            above = nullptr;
            continue;
        }
        if (!out.empty()) out.append(std::min(blanks, max_blank_lines), '\n');
        blanks = 0;
        std::string row = line.code.empty() ? std::string() : std::string(line.indent, ' ') + layout.code(line.code);
        if (line.comment != nullptr) {
            line.comment_column = comment_column(line, above, row.size());
            row.append(line.comment_column - std::min(line.comment_column, row.size()), ' ');
            row += line.comment->text(text);
            while (!row.empty() && (row.back() == ' ' || row.back() == '\t' || row.back() == '\r')) row.pop_back();
        }
        out += row;
        out += '\n';
        above = &line;
    }
    return out;
}

}  // namespace

FormatResult format_rules(std::string_view text, int file_index) {
    FormatResult result;
    ParseResult parsed = parse_rules(text, file_index);
    if (!parsed.diagnostics.empty()) {
        result.diagnostics = std::move(parsed.diagnostics);
        return result;
    }
    LayoutFacts facts;
    collect_facts(*parsed.file, facts);
    const std::vector<Token> tokens = lex_rules(text);
    std::vector<SourceLine> lines = split_lines(text, tokens, facts);
    place_lines(lines);
    result.text = render(text, lines, facts);
    // The layout must never change what the file says: a tree that differs would be a bug here, not the author's.
    const ParseResult again = parse_rules(result.text, file_index);
    if (!again.diagnostics.empty() || ast::dump(*again.file) != ast::dump(*parsed.file)) {
        result.text.clear();
        result.diagnostics.push_back({Severity::error, location_at(file_index, 1, 1, 0),
                                      "rulesrun fmt would change what this file means (a bug in rulesrun fmt, please "
                                      "report it): the file is left as it is"});
    }
    return result;
}

}  // namespace rulesrun
