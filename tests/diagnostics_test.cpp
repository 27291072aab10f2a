// Data-driven diagnostics tests: every .rules file under tests/diagnostics/ (subfolders included) is checked with
// rulesrun::check_rules_file and must produce exactly the diagnostics it announces in comment lines:
//
//   # expect: LINE:COL: error: SUBSTRING          a diagnostic in this file
//   # expect: FILE:LINE:COL: warning: SUBSTRING   one in another file of the same folder (e.g. an import cycle)
//
// Every expected diagnostic must be reported (same file, line, column and severity; the message contains the
// substring) and no other error may be (unexpected warnings are allowed). A file without `# expect:` lines must
// check without error.
//
// Inputs that cannot live in a text fixture (an empty file, binary bytes, a 10 MB file) are made at run time below.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "check.hpp"

namespace {

namespace fs = std::filesystem;
using rulesrun::Diagnostic;
using rulesrun::Severity;

const fs::path fixtures_dir = fs::path(RULESRUN_SOURCE_DIR) / "tests" / "diagnostics";

struct Expectation {
    fs::path file;
    std::size_t line = 0, column = 0;
    Severity severity = Severity::error;
    std::string substring;
    std::string source_line;  // the `# expect:` line itself, for messages
};

struct Fixture {
    std::vector<Expectation> expectations;
};

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

fs::path resolved(const fs::path& p) { return fs::weakly_canonical(p); }

Fixture read_fixture(const fs::path& path) {
    static const std::regex expect_line(
        R"(^\s*#\s*expect:\s*(?:([^\s:]+):)?(\d+):(\d+):\s*(error|warning):\s*(.*?)\s*$)");
    Fixture f;
    std::istringstream lines(read_file(path));
    std::string line;
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        std::smatch m;
        if (std::regex_match(line, m, expect_line)) {
            Expectation e;
            e.file = resolved(m[1].matched ? path.parent_path() / m[1].str() : path);
            e.line = std::stoul(m[2].str());
            e.column = std::stoul(m[3].str());
            e.severity = m[4].str() == "error" ? Severity::error : Severity::warning;
            e.substring = m[5].str();
            e.source_line = line;
            f.expectations.push_back(std::move(e));
        }
    }
    return f;
}

struct Reported {
    fs::path file;  // empty when the diagnostic has no file
    Diagnostic d;
};

const char* severity_name(Severity s) { return s == Severity::error ? "error" : "warning"; }

std::string describe(const Reported& r) {
    return (r.file.empty() ? std::string("<no file>") : r.file.filename().string()) + ":" +
           std::to_string(r.d.loc.line) + ":" + std::to_string(r.d.loc.column) + ": " + severity_name(r.d.severity) +
           ": " + r.d.message;
}

std::vector<Reported> check(const fs::path& path) {
    rulesrun::SourceSet sources;
    const rulesrun::CheckReport report = rulesrun::check_rules_file(path.string(), sources);
    std::vector<Reported> out;
    for (const auto& d : report.diagnostics) {
        const bool known = d.loc.file >= 0 && static_cast<std::size_t>(d.loc.file) < sources.size();
        out.push_back({known ? resolved(sources.file(d.loc.file).path) : fs::path(), d});
    }
    return out;
}

bool matches(const Expectation& e, const Reported& r) {
    return r.file == e.file && r.d.loc.line == e.line && r.d.loc.column == e.column && r.d.severity == e.severity &&
           r.d.message.find(e.substring) != std::string::npos;
}

std::vector<fs::path> fixture_files() {
    std::vector<fs::path> files;
    if (!fs::is_directory(fixtures_dir)) return files;
    for (const auto& entry : fs::recursive_directory_iterator(fixtures_dir)) {
        if (entry.is_regular_file() && entry.path().extension() == ".rules") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

class DiagnosticsFixture : public testing::TestWithParam<fs::path> {};

TEST_P(DiagnosticsFixture, ProducesExactlyTheExpectedDiagnostics) {
    const fs::path path = GetParam();
    const Fixture fixture = read_fixture(path);
    const std::vector<Reported> reported = check(path);
    std::string all;
    for (const auto& r : reported) all += "  " + describe(r) + "\n";
    for (const auto& e : fixture.expectations) {
        const bool found = std::any_of(reported.begin(), reported.end(), [&](const Reported& r) { return matches(e, r); });
        EXPECT_TRUE(found) << "expected but not reported: " << e.source_line << "\nreported:\n" << all;
    }
    for (const auto& r : reported) {
        if (r.d.severity != Severity::error) continue;
        const bool expected = std::any_of(fixture.expectations.begin(), fixture.expectations.end(),
                                          [&](const Expectation& e) { return matches(e, r); });
        EXPECT_TRUE(expected) << "unexpected error: " << describe(r) << "\nreported:\n" << all;
    }
}

std::string fixture_name(const testing::TestParamInfo<fs::path>& info) {
    std::string name = fs::relative(info.param, fixtures_dir).replace_extension().string();
    for (char& c : name) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(Fixtures, DiagnosticsFixture, testing::ValuesIn(fixture_files()), fixture_name);

TEST(DiagnosticsFixtures, AreFoundAndWellFormed) {
    const auto files = fixture_files();
    EXPECT_GE(files.size(), 45U) << "fixtures are read from " << fixtures_dir;
    for (const auto& f : files) {
        const std::string text = read_file(f);
        // A line that looks like an expectation but does not parse would silently test nothing.
        std::istringstream lines(text);
        std::string line;
        std::size_t announced = 0;
        while (std::getline(lines, line)) {
            if (line.find("# expect:") != std::string::npos) ++announced;
        }
        EXPECT_EQ(read_fixture(f).expectations.size(), announced) << "malformed '# expect:' line in " << f;
    }
}

// ---- Inputs made at run time ----------------------------------------------------------------------------------

class GeneratedInput : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() /
               ("rulesrun_diagnostics_" + std::to_string(::getpid()) + "_" +
                testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    fs::path write(const std::string& name, const std::string& bytes) {
        const fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << bytes;
        return p;
    }

    // The only error, with its location.
    static Reported only_error(const std::vector<Reported>& reported) {
        std::vector<Reported> errors;
        for (const auto& r : reported) {
            if (r.d.severity == Severity::error) errors.push_back(r);
        }
        EXPECT_EQ(errors.size(), 1U);
        return errors.empty() ? Reported{} : errors.front();
    }

    fs::path dir_;
};

TEST_F(GeneratedInput, EmptyFile) {
    const auto p = write("empty.rules", "");
    const Reported e = only_error(check(p));
    EXPECT_EQ(e.file, resolved(p));
    EXPECT_EQ(e.d.loc.line, 1U);
    EXPECT_EQ(e.d.loc.column, 1U);
    EXPECT_NE(e.d.message.find("the file is empty"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, BinaryGarbage) {
    std::string bytes;
    unsigned state = 2024;
    for (int i = 0; i < 65536; ++i) {
        state = state * 1664525U + 1013904223U;
        bytes += static_cast<char>(state >> 24);
    }
    const Reported e = only_error(check(write("garbage.rules", bytes)));
    EXPECT_NE(e.d.message.find("this is not a text file"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, NulBytes) {
    const Reported e = only_error(check(write("nul.rules", std::string("game \"T\" {\n  players 2\0\0\n}\n", 27))));
    EXPECT_EQ(e.d.loc.line, 2U);
    EXPECT_EQ(e.d.loc.column, 12U);
    EXPECT_NE(e.d.message.find("byte 0x00 is a control character"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, InvalidUtf8) {
    const Reported e = only_error(check(write("latin1.rules", "# R\xE8gles\ngame \"T\" { players 2 }\n")));
    EXPECT_EQ(e.d.loc.line, 1U);
    EXPECT_EQ(e.d.loc.column, 4U);
    EXPECT_NE(e.d.message.find("byte 0xE8 is not valid UTF-8"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, TenMegabyteFileIsRefusedQuickly) {
    std::string big;
    big.reserve(10 * 1024 * 1024 + 100);
    big += "game \"Big\" {\n  players 2\n}\n";
    while (big.size() < 10 * 1024 * 1024) big += "# padding padding padding padding padding padding padding padding\n";
    const auto p = write("big.rules", big);
    const auto start = std::chrono::steady_clock::now();
    const auto reported = check(p);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    const Reported e = only_error(reported);
    EXPECT_NE(e.d.message.find("too large"), std::string::npos) << e.d.message;
    EXPECT_LT(elapsed, std::chrono::seconds(1));
}

TEST_F(GeneratedInput, MissingFile) {
    const Reported e = only_error(check(dir_ / "does_not_exist.rules"));
    EXPECT_NE(e.d.message.find("no such file"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, DirectoryInsteadOfFile) {
    fs::create_directories(dir_ / "folder.rules");
    const Reported e = only_error(check(dir_ / "folder.rules"));
    EXPECT_NE(e.d.message.find("not a regular file"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, ImportOfAFileThatIsNotText) {
    write("blob.rules", std::string("\x7f" "ELF\x02\x01\x01\0\0\0", 10));
    const auto p = write("main.rules", "import \"blob.rules\"\ngame \"T\" {\n  players 2\n}\nplay {\n  end game\n}\n");
    const Reported e = only_error(check(p));
    EXPECT_EQ(e.file, resolved(dir_ / "blob.rules"));
    EXPECT_NE(e.d.message.find("this is not a text file"), std::string::npos) << e.d.message;
}

TEST_F(GeneratedInput, ImportOfATooLargeFile) {
    write("huge.rules", std::string(2 * 1024 * 1024, '#'));
    const auto p = write("main.rules", "import \"huge.rules\"\ngame \"T\" {\n  players 2\n}\nplay {\n  end game\n}\n");
    const Reported e = only_error(check(p));
    EXPECT_EQ(e.file, resolved(p));  // reported at the import
    EXPECT_EQ(e.d.loc.line, 1U);
    EXPECT_EQ(e.d.loc.column, 8U);
    EXPECT_NE(e.d.message.find("too large"), std::string::npos) << e.d.message;
}

// One long line of unknown names: the errors stop after the cap, and each quotes a window of its line, not the line.
TEST_F(GeneratedInput, ManyErrorsOnALongLineAreCappedAndQuotedAroundTheColumn) {
    std::string line = "  let x = [nothing0";
    for (int i = 1; i < 20000; ++i) line += ", nothing" + std::to_string(i);
    line += "]";
    const auto p = write("long_line.rules", "game \"T\" {\n  players 2\n}\nplay {\n" + line + "\n  end game\n}\n");
    rulesrun::SourceSet sources;
    const auto report = rulesrun::check_rules_file(p.string(), sources);
    std::size_t errors = 0, rendered_bytes = 0;
    for (const auto& d : report.diagnostics) {
        if (d.severity == Severity::error) ++errors;
        rendered_bytes += rulesrun::render_diagnostic(sources, d, false).size();
    }
    EXPECT_EQ(errors, rulesrun::max_reported_errors + 1);
    EXPECT_NE(report.diagnostics.back().message.find("more error(s) not shown"), std::string::npos);
    EXPECT_LT(rendered_bytes, 400 * errors) << "each error should quote a window of its line";
    // The caret still points at the name: the window holds it, at the caret's column.
    const auto ninth = std::find_if(report.diagnostics.begin(), report.diagnostics.end(),
                                    [](const Diagnostic& d) { return d.message.find("'nothing9'") != std::string::npos; });
    ASSERT_NE(ninth, report.diagnostics.end());
    const std::string rendered = rulesrun::render_diagnostic(sources, *ninth, false);
    std::istringstream lines(rendered);
    std::string header, quoted, caret;
    std::getline(lines, header);
    std::getline(lines, quoted);
    std::getline(lines, caret);
    ASSERT_EQ(quoted.substr(0, 5), "  ...");
    EXPECT_EQ(quoted.substr(caret.size() - 1, 9), "nothing9,") << rendered;
}

TEST_F(GeneratedInput, LongMessagesAreShortened) {
    const std::string name(5000, 'q');
    const auto p = write("long_name.rules", "game \"T\" {\n  players 2\n}\nplay {\n  say " + name + "\n  end game\n}\n");
    rulesrun::SourceSet sources;
    const auto report = rulesrun::check_rules_file(p.string(), sources);
    ASSERT_FALSE(report.diagnostics.empty());
    for (const auto& d : report.diagnostics) EXPECT_LT(rulesrun::render_diagnostic(sources, d, false).size(), 700U);
}

TEST_F(GeneratedInput, EveryPrefixOfAValidGameChecksWithoutCrashing) {
    const std::string game = read_file(fixtures_dir / "valid_high_roll.rules");
    ASSERT_FALSE(game.empty());
    for (std::size_t n = 0; n < game.size(); n += 3) {
        const auto reported = check(write("cut.rules", game.substr(0, n)));
        for (const auto& r : reported) EXPECT_FALSE(r.d.message.empty());
    }
}

}  // namespace
