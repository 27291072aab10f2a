// `rulesrun fmt`'s layout (grammar/formatter.hpp): what it fixes, what it keeps, and that it never changes what a
// file means: every rules file of the project, its layout scrambled and formatted again, parses to the same tree and
// plays the same seeded games, move for move.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "parser.hpp"
#include "rulesrun.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

namespace fs = std::filesystem;

std::string formatted(std::string_view text) {
    const FormatResult result = format_rules(text);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.diagnostics.front().message);
    return result.text;
}

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(Lexer, SplitsTokensWithTheirPlaces) {
    const std::string text = "let s = \"a \\\" # b\" # c\n  x..-3 >= y.z\n\"open";
    std::vector<std::string> seen;
    for (const Token& t : lex_rules(text)) {
        seen.push_back(std::to_string(t.line) + ":" + std::to_string(t.column) + " " + std::string(t.text(text)));
    }
    EXPECT_EQ(seen, (std::vector<std::string>{"0:0 let", "0:4 s", "0:6 =", "0:8 \"a \\\" # b\"", "0:19 # c", "1:2 x",
                                              "1:3 ..", "1:5 -", "1:6 3", "1:8 >=", "1:11 y", "1:12 .", "1:13 z",
                                              "2:0 \"open"}));
}

// The words the lexer calls keywords are exactly those of the grammar.
TEST(Lexer, KeywordsAreTheGrammars) {
    std::ifstream grammar(std::string(RULESRUN_SOURCE_DIR) + "/grammar/rules_grammar.hpp");
    std::ostringstream text;
    text << grammar.rdbuf();
    std::set<std::string> in_grammar;
    const std::regex keyword(R"re(KW\("([a-z_]+)"\))re");
    const std::string source = text.str();
    for (std::sregex_iterator it(source.begin(), source.end(), keyword), end; it != end; ++it) {
        in_grammar.insert((*it)[1]);
    }
    const std::set<std::string> listed(keyword_words().begin(), keyword_words().end());
    EXPECT_EQ(listed, in_grammar);
}

TEST(Formatter, IndentsByBracesAndSpacesTokens) {
    const std::string messy = "procedure deal(p:player){\n"
                              "      let n=size( p.hand )+1\n"
                              "  if n>2 and not(n==4){\n"
                              "return\n"
                              "        }\n"
                              "move top(deck)to p.hand at position random(1,-n)\n"
                              "}\n";
    EXPECT_EQ(formatted(messy), "procedure deal(p: player) {\n"
                                "  let n = size(p.hand) + 1\n"
                                "  if n > 2 and not(n == 4) {\n"
                                "    return\n"
                                "  }\n"
                                "  move top(deck) to p.hand at position random(1, -n)\n"
                                "}\n");
}

TEST(Formatter, KeepsCommentsWhereTheyStandAndContinuationsAligned) {
    const std::string text = "# The deck.\n"
                             "\n"
                             "\n"
                             "\n"
                             "function qualities(cards: list of Card): list of int =\n"
                             "  [c.quality for c in cards\n"
                             "               where c.quality > 0]   # only diamonds\n"
                             "card Card {\n"
                             "    quality: int = 0        # 1 to 10\n"
                             "    # the colour goes with the quality\n"
                             "    colour: int = 0         # none for specials\n"
                             "                            # (three of them)\n"
                             "}   \n"
                             "\n\n";
    EXPECT_EQ(formatted(text), "# The deck.\n"
                               "\n"
                               "\n"
                               "function qualities(cards: list of Card): list of int =\n"
                               "  [c.quality for c in cards\n"
                               "               where c.quality > 0]   # only diamonds\n"
                               "card Card {\n"
                               "  quality: int = 0          # 1 to 10\n"
                               "  # the colour goes with the quality\n"
                               "  colour: int = 0           # none for specials\n"
                               "                            # (three of them)\n"
                               "}\n");
}

TEST(Formatter, MovesAContinuationWithItsStatement) {
    const std::string text = "procedure p() {\n"
                             "      let taken = choose one of players\n"
                             "          by first_player() \"who?\"\n"
                             "  say \"{taken}\"\n"
                             "}\n";
    EXPECT_EQ(formatted(text), "procedure p() {\n"
                               "  let taken = choose one of players\n"
                               "      by first_player() \"who?\"\n"
                               "  say \"{taken}\"\n"
                               "}\n");
}

TEST(Formatter, RefusesAFileWithSyntaxErrorsAndSaysWhere) {
    const FormatResult result = format_rules("procedure p() {\n  let = 3\n}\n");
    ASSERT_FALSE(result.ok());
    EXPECT_TRUE(result.text.empty());
    EXPECT_EQ(result.diagnostics.front().loc.line, 2u);
}

TEST(Formatter, WritesLinesEndingInNewlinesOnly) {
    EXPECT_EQ(formatted("procedure p() {\r\n  return   # done\r\n}"), "procedure p() {\n  return   # done\n}\n");
}

TEST(Formatter, RefusesAnEmptyFileAsTheParserDoes) {
    const FormatResult result = format_rules("\n\n  \n");
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.diagnostics.front().message.find("the file is empty"), std::string::npos);
}

// The project's rules files, as found under these folders of the source tree.
std::vector<fs::path> project_rules_files() {
    std::vector<fs::path> files;
    for (const char* folder : {"rules", "rules/classics", "stdlib", "tests/games"}) {
        for (const auto& entry : fs::directory_iterator(fs::path(RULESRUN_SOURCE_DIR) / folder)) {
            if (entry.path().extension() == ".rules") files.push_back(entry.path());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

// Another layout of the same file: every token one space from the next (none before `?`, which the grammar wants
// glued to its type), every indentation doubled, blanks at the ends of lines and of the file.
std::string scrambled(std::string_view text) {
    std::string out;
    std::uint32_t line = 0;
    const Token* previous = nullptr;
    const std::vector<Token> tokens = lex_rules(text);
    for (const Token& t : tokens) {
        while (line < t.line) {
            out += "  \n";
            ++line;
            previous = nullptr;
        }
        if (previous == nullptr) out.append(t.column * 2, ' ');
        else if (t.text(text) != "?") out += ' ';
        out += t.text(text);
        previous = &t;
    }
    return out + "\n\n\n\n";
}

TEST(Formatter, EveryProjectFileIsFormattedAndFormatsBackFromAnotherLayoutToTheSameTree) {
    const auto files = project_rules_files();
    ASSERT_GE(files.size(), 30u);
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        const std::string text = read_file(path);
        EXPECT_EQ(formatted(text), text) << "run rulesrun fmt on it";
        const std::string scrambled_text = scrambled(text);
        ASSERT_NE(scrambled_text, text);
        const std::string again = formatted(scrambled_text);
        EXPECT_EQ(formatted(again), again) << "formatting is not idempotent";
        const ParseResult original = parse_rules(text, 0), reformatted = parse_rules(again, 0);
        ASSERT_TRUE(reformatted.diagnostics.empty());
        EXPECT_EQ(ast::dump(*reformatted.file), ast::dump(*original.file));
    }
}

// The moves and results of a game between random seats, seeded.
std::string seeded_game(const std::shared_ptr<const runtime::GameDefinition>& definition, std::uint64_t seed) {
    runtime::Game game = testing_support::start_game(definition, 0, seed);
    Rng choices(seed);
    std::string moves;
    for (int step = 0; step < 3000 && !game.finished(); ++step) {
        const int seat = game.to_act().front();
        const int action = static_cast<int>(choices.below(static_cast<std::uint32_t>(game.action_count(seat))));
        moves += game.action_name(seat, action) + ";";
        game.apply(seat, action);
    }
    if (game.finished()) {
        for (int rank : game.results().ranks) moves += " rank " + std::to_string(rank);
        for (int score : game.results().scores) moves += " score " + std::to_string(score);
    }
    return moves;
}

// Each folder's rules files and the standard library copied in the other layout, formatted: the games play alike.
TEST(Formatter, EveryGamePlaysTheSameSeededGamesOnceItsScrambledLayoutIsFormatted) {
    const fs::path root = testing_support::process_folder() / "formatted";
    for (const auto& path : project_rules_files()) {
        const fs::path relative = fs::relative(path, RULESRUN_SOURCE_DIR);
        fs::create_directories((root / relative).parent_path());
        std::ofstream(root / relative, std::ios::binary) << formatted(scrambled(read_file(path)));
    }
    int games = 0;
    for (const auto& path : project_rules_files()) {
        if (read_file(path).find("\nplay {") == std::string::npos) continue;
        SCOPED_TRACE(path.string());
        const auto original = runtime::load_game(path.string());
        if (!original.game) continue;  // the files written to fail (none today) say so in their own tests
        ::setenv("RULESRUN_STDLIB", (root / "stdlib").c_str(), 1);
        const auto reformatted = testing_support::expect_game(
            runtime::load_game((root / fs::relative(path, RULESRUN_SOURCE_DIR)).string()));
        ::unsetenv("RULESRUN_STDLIB");
        ASSERT_TRUE(reformatted);
        for (std::uint64_t seed : {1u, 2u}) {
            const std::string moves = seeded_game(original.game, seed);
            EXPECT_NE(moves.find(';'), std::string::npos) << "no move was played";
            EXPECT_EQ(seeded_game(reformatted, seed), moves);
        }
        ++games;
    }
    EXPECT_GE(games, 20);
}

}  // namespace
}  // namespace rulesrun
