#include "parser.hpp"

#include <tao/pegtl/contrib/parse_tree.hpp>

#include <fmt/format.h>

#include "error_messages.hpp"
#include "foreign_syntax.hpp"
#include "rules_grammar.hpp"
#include "spelling.hpp"
#include "syntax_tree_builder.hpp"
#include "text_checks.hpp"

namespace rulesrun {
namespace {

namespace pegtl = tao::pegtl;
using grammar::ParseNode;

// Deeper nesting than this is surely a mistake or an attack, and would exhaust the stack.
constexpr int max_nesting = 200;
// After this many syntax errors the file is surely not a rules file; more messages would not help.
constexpr std::size_t max_syntax_errors = 50;

// The constructs open at the current position, innermost last, so that an error can say where it is.
struct ParseContext {
    struct Frame {
        const char* what;
        SourceLocation loc;
    };
    std::vector<Frame> frames;
    std::vector<Frame> error_frames;  // `frames` when the last error was raised (unwinding empties `frames`)
    int nesting = 0;
    int file_index = -1;
    std::string_view text;                      // the whole file
    std::vector<Diagnostic> recovered;          // errors in statements the parse skipped and went on after
    std::vector<std::string> unparsed_names;    // `let NAME` of skipped statements
};

template <typename Input> SourceLocation location_of(const Input& in, int file_index) {
    const auto& it = in.iterator();
    return location_at(file_index, it.line, it.column, it.byte);
}

inline ParseContext* pick(ParseContext* /*found*/, ParseContext& candidate) { return &candidate; }
template <typename T> ParseContext* pick(ParseContext* found, T&) { return found; }
template <typename... States> ParseContext& context_of(States&... st) {
    ParseContext* found = nullptr;
    ((found = pick(found, st)), ...);
    return *found;
}

// Rules that can nest inside themselves; each level counts against max_nesting. They are all rules that make a
// node: parse_tree calls the control's start/success/failure only for those.
template <typename Rule>
constexpr bool counts_nesting = std::is_same_v<Rule, grammar::expr> || std::is_same_v<Rule, grammar::block> ||
                                Rule::kind == ast::Kind::unary || std::is_same_v<Rule, grammar::else_clause> ||
                                std::is_same_v<Rule, grammar::optional_type>;

template <typename Rule> constexpr bool nests = [] {
    if constexpr (requires { Rule::kind; }) return counts_nesting<Rule>;
    return false;
}();

template <typename Rule> struct control : pegtl::normal<Rule> {
    template <typename Input, typename... States> static void start(const Input& in, States&... st) {
        if constexpr (grammar::context_name<Rule> != nullptr || nests<Rule>) {
            ParseContext& ctx = context_of(st...);
            if constexpr (nests<Rule>) {
                if (++ctx.nesting > max_nesting) {
                    ctx.error_frames.clear();
                    throw pegtl::parse_error(fmt::format("nested too deeply (more than {} levels)", max_nesting), in);
                }
            }
            if constexpr (grammar::context_name<Rule> != nullptr) {
                ctx.frames.push_back({grammar::context_name<Rule>, location_of(in, ctx.file_index)});
            }
        }
    }
    template <typename Input, typename... States> static void leave(States&... st) {
        if constexpr (grammar::context_name<Rule> != nullptr || nests<Rule>) {
            ParseContext& ctx = context_of(st...);
            if constexpr (nests<Rule>) --ctx.nesting;
            if constexpr (grammar::context_name<Rule> != nullptr) ctx.frames.pop_back();
        }
    }
    template <typename Input, typename... States> static void success(const Input&, States&... st) {
        leave<Input>(st...);
    }
    template <typename Input, typename... States> static void failure(const Input&, States&... st) {
        leave<Input>(st...);
    }
    template <typename Input, typename... States> static void unwind(const Input&, States&... st) {
        leave<Input>(st...);
    }
    template <typename Input, typename... States> [[noreturn]] static void raise(const Input& in, States&... st) {
        static_assert(grammar::error_message<Rule> != nullptr, "a required rule has no entry in error_messages.hpp");
        ParseContext& ctx = context_of(st...);
        ctx.error_frames = ctx.frames;
        throw pegtl::parse_error(grammar::error_message<Rule>, in);
    }
};

template <typename Rule> struct selector : std::bool_constant<requires { Rule::kind; }> {};

std::string_view word_at(std::string_view text, std::size_t offset) {
    std::size_t end = offset;
    auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (end >= text.size() || !(std::isalpha(static_cast<unsigned char>(text[end])) || text[end] == '_')) return {};
    while (end < text.size() && is_word(text[end])) ++end;
    return text.substr(offset, end - offset);
}

// Where the error is: the block a missing '}' should close, else the innermost construct that is not a block.
std::string describe_context(const ParseContext& ctx, std::string_view message) {
    const bool block_end = message.ends_with(grammar::error_message<grammar::block_close>);
    for (auto frame = ctx.error_frames.rbegin(); frame != ctx.error_frames.rend(); ++frame) {
        const bool is_block = std::string_view(frame->what) == "block";
        if (block_end && is_block) {
            return fmt::format(" to close the block opened at {}:{}", frame->loc.line, frame->loc.column);
        }
        if (!block_end && !is_block) {
            return fmt::format(" (in the {} at {}:{})", frame->what, frame->loc.line, frame->loc.column);
        }
    }
    return {};
}

// Turns a parse error into a message that says what was expected, where, and what was probably meant.
Diagnostic syntax_error(std::string_view text, const pegtl::parse_error& e, const ParseContext& ctx) {
    const auto& pos = e.positions().front();
    Diagnostic d{Severity::error, location_at(ctx.file_index, pos.line, pos.column, pos.byte), std::string(e.message())};
    const std::string_view word = word_at(text, pos.byte);
    const bool at_end = text.find_first_not_of(" \t\r\n", pos.byte) == std::string_view::npos;
    if (d.message == grammar::error_message<grammar::declaration> && !word.empty()) {
        d.message = fmt::format("'{}' does not start a declaration: expected one of {}{}", word,
                                "import, game, option, enum, card, record, player, state, deck, zone, table, "
                                "board, die, setup, play, procedure, function, when, score, winners, end, stat, "
                                "strategy",
                                did_you_mean(word, declaration_keywords()));
        return d;
    }
    if (const std::string borrowed = grammar::foreign_syntax_hint(text, pos.byte); !borrowed.empty()) {
        d.message = borrowed;
        return d;
    }
    if (d.message == grammar::error_message<grammar::block_close> && !word.empty()) {
        const std::string hint = did_you_mean(word, statement_keywords());
        if (!hint.empty()) {
            d.message = fmt::format("'{}' does not start a statement{}", word, hint);
            return d;
        }
    }
    if (at_end) d.message = "unexpected end of file: " + d.message;
    d.message += describe_context(ctx, d.message);
    return d;
}

// The second word of a declaration: `procedure deal(...)` -> deal.
std::string_view declared_name(std::string_view text, std::size_t offset) {
    const std::string_view keyword = word_at(text, offset);
    std::size_t next = offset + keyword.size();
    while (next < text.size() && (text[next] == ' ' || text[next] == '\t')) ++next;
    return keyword.empty() ? std::string_view() : word_at(text, next);
}

bool starts_declaration(std::string_view text, std::size_t offset) {
    const std::string_view word = word_at(text, offset);
    const auto& keywords = declaration_keywords();
    return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}

// After an error, the parse resumes at the first line after `failed_line` that starts with a word in column 1:
// declarations are written flush left and statements indented, so that word starts a declaration, or is a misspelled
// declaration keyword worth its own message.
std::size_t resume_offset(std::string_view text, std::size_t failed_line_start) {
    std::size_t line_start = text.find('\n', failed_line_start);
    while (line_start != std::string_view::npos) {
        ++line_start;
        if (!word_at(text, line_start).empty()) return line_start;
        line_start = text.find('\n', line_start);
    }
    return text.size();
}

std::size_t start_of_line(std::string_view text, std::size_t offset) {
    const std::size_t newline = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    return offset == 0 || newline == std::string_view::npos ? 0 : newline + 1;
}


// Where parsing resumes after a broken statement that starts at `start`: after the end of its line, or after the
// '}' that closes a '{' opened on that line, whichever comes last; never past the '}' that closes the enclosing
// block, nor past a line that starts a declaration.
std::size_t statement_resume_offset(std::string_view text, std::size_t start) {
    int depth = 0;
    std::size_t i = start;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '"') {
            const std::size_t end = text.find_first_of("\"\n", i + 1);
            i = end == std::string_view::npos ? text.size() : (text[end] == '"' ? end + 1 : end);
            continue;
        }
        if (c == '#') {
            i = text.find('\n', i);
            if (i == std::string_view::npos) return text.size();
            continue;
        }
        if (c == '{') ++depth;
        if (c == '}' && --depth < 0) return i;
        ++i;
        if (c == '\n' && (depth <= 0 || starts_declaration(text, i))) return i;
    }
    return text.size();
}

bool at_block_end_or_declaration(std::string_view text, std::size_t offset) {
    if (offset >= text.size() || text[offset] == '}') return true;
    const std::size_t line_start = start_of_line(text, offset);
    return line_start == offset && starts_declaration(text, offset);
}


// A statement inside a block: when it is broken, report it, skip it and go on with the next statement, so one run
// reports every broken statement of a procedure.
template <> struct control<grammar::statement_in_block> : pegtl::normal<grammar::statement_in_block> {
    template <pegtl::apply_mode A, pegtl::rewind_mode M, template <typename...> class Action,
              template <typename...> class Control, typename Input, typename... States>
    static bool match(Input& in, States&&... st) {
        ParseContext& ctx = context_of(st...);
        const auto start = in.iterator();
        const std::size_t start_offset = start.byte;
        const std::size_t frames = ctx.frames.size();
        const int nesting = ctx.nesting;
        try {
            if (pegtl::normal<grammar::statement_in_block>::template match<A, M, Action, Control>(in, st...)) {
                return true;
            }
            if (at_block_end_or_declaration(ctx.text, start_offset) || ctx.recovered.size() >= max_syntax_errors) return false;
            // Not a statement at all: report it as the block would, then skip it.
            in.iterator() = start;
            ctx.error_frames = ctx.frames;
            const pegtl::parse_error e(grammar::error_message<grammar::block_close>, in);
            ctx.recovered.push_back(syntax_error(ctx.text, e, ctx));
        } catch (const pegtl::parse_error& e) {
            if (ctx.recovered.size() >= max_syntax_errors) throw;
            // A block left open until the next declaration or the end of the file: the declaration's own error
            // handling reports it once and resumes there.
            const std::size_t at = e.positions().front().byte;
            if (at >= ctx.text.size() || (start_of_line(ctx.text, at) == at && starts_declaration(ctx.text, at))) throw;
            ctx.recovered.push_back(syntax_error(ctx.text, e, ctx));
        }
        ctx.frames.resize(frames);
        ctx.nesting = nesting;
        if (word_at(ctx.text, start_offset) == "let") {
            if (auto name = declared_name(ctx.text, start_offset); !name.empty()) ctx.unparsed_names.emplace_back(name);
        }
        in.iterator() = start;
        in.bump(statement_resume_offset(ctx.text, start_offset) - start_offset);
        return true;
    }
};

struct Cursor {
    std::size_t byte = 0, line = 1, column = 1;
};

// The cursor moved forward from `from` to `byte`.
Cursor advance(std::string_view text, Cursor from, std::size_t byte) {
    Cursor c = from;
    c.byte = byte;
    for (std::size_t i = from.byte; i < byte; ++i) {
        if (text[i] == '\n') {
            ++c.line;
            c.column = 1;
        } else {
            ++c.column;
        }
    }
    return c;
}

}  // namespace

const std::vector<std::string_view>& declaration_keywords() {
    static const std::vector<std::string_view> words(std::begin(grammar::declaration_words),
                                                     std::end(grammar::declaration_words));
    return words;
}

const std::vector<std::string_view>& statement_keywords() {
    static const std::vector<std::string_view> words = {"let",    "if",     "for",   "while", "repeat", "simultaneously",
                                                        "choose", "move",   "shuffle", "return", "break", "end",
                                                        "record", "say",    "show",  "phase", "else"};
    return words;
}

ParseResult parse_expression(std::string_view text, const SourceLocation& origin) {
    ParseResult result;
    pegtl::memory_input in(text.data(), text.data() + text.size(), "", origin.offset, origin.line, origin.column);
    ParseContext ctx;
    ctx.file_index = origin.file;
    ctx.text = text;
    try {
        auto root = pegtl::parse_tree::parse<grammar::hole_expression, ParseNode, selector, pegtl::nothing, control>(in, ctx);
        if (root && !root->children.empty()) result.file = build_syntax_tree(*root->children.front(), origin.file);
    } catch (const pegtl::parse_error& e) {
        const auto& pos = e.positions().front();
        result.diagnostics.push_back({Severity::error, location_at(origin.file, pos.line, pos.column, pos.byte),
                                      std::string(e.message())});
    } catch (const TooDeep& deep) {
        result.diagnostics.push_back({Severity::error, deep.loc, "this expression is too long: compute it first"});
    }
    if (!result.file && result.diagnostics.empty())
        result.diagnostics.push_back({Severity::error, origin, "expected an expression in the text's hole"});
    return result;
}

ParseResult parse_rules(std::string_view text, int file_index) {
    ParseResult result;
    result.file = std::make_unique<ast::Node>();
    result.file->kind = ast::Kind::file;
    result.file->loc = {file_index, 1, 1, 0};
    if (auto problem = find_text_problem(text, file_index)) {
        result.diagnostics.push_back(*problem);
        return result;
    }
    Cursor cursor;
    if (text.starts_with("\xEF\xBB\xBF")) cursor.byte = 3;  // a UTF-8 byte-order mark is not part of the rules
    while (cursor.byte < text.size() || cursor.byte == 0) {
        pegtl::memory_input in(text.data() + cursor.byte, text.data() + text.size(), "", cursor.byte, cursor.line,
                               cursor.column);
        ParseContext ctx;
        ctx.file_index = file_index;
        ctx.text = text;
        auto keep_recovered = [&] {
            for (auto& d : ctx.recovered) result.diagnostics.push_back(std::move(d));
            for (auto& n : ctx.unparsed_names) result.unparsed_names.push_back(std::move(n));
            ctx.recovered.clear();
            ctx.unparsed_names.clear();
        };
        const std::size_t declaration_start = cursor.byte;
        try {
            auto root = pegtl::parse_tree::parse<grammar::next_declaration, ParseNode, selector, pegtl::nothing,
                                                 control>(in, ctx);
            keep_recovered();
            if (!root || root->children.empty()) break;  // end of file
            try {
                for (auto& child : root->children) result.file->children.push_back(build_syntax_tree(*child, file_index));
            } catch (const TooDeep& deep) {
                result.diagnostics.push_back({Severity::error, deep.loc,
                                              fmt::format("this expression chains more than {} operators or "
                                                          "suffixes: split it up", max_chain)});
            }
            cursor = {static_cast<std::size_t>(in.current() - text.data()), in.iterator().line, in.iterator().column};
        } catch (const pegtl::parse_error& e) {
            keep_recovered();
            result.diagnostics.push_back(syntax_error(text, e, ctx));
            const std::size_t blank_end = skip_blanks_and_comments(text, declaration_start);
            if (auto name = declared_name(text, blank_end); !name.empty()) result.unparsed_names.emplace_back(name);
            const std::size_t next = resume_offset(text, start_of_line(text, blank_end));
            if (next >= text.size()) break;
            cursor = advance(text, cursor, next);
            if (result.diagnostics.size() >= max_syntax_errors) {
                result.diagnostics.push_back({Severity::error, location_at(file_index, cursor.line, cursor.column, cursor.byte),
                                              fmt::format("too many syntax errors ({}): stopping here", max_syntax_errors)});
                break;
            }
        }
    }
    if (result.file->children.empty() && result.diagnostics.empty()) {
        result.diagnostics.push_back(
            {Severity::error, {file_index, 1, 1, 0}, "the file is empty: expected at least one declaration"});
    }
    return result;
}

}  // namespace rulesrun
