// The native engines' cache kept within its size (interpreter/native/native_cache.cpp): the least recently used
// libraries go first, never one in use or used lately; leftovers of old runs go after a day; the limit is read from
// $RULESRUN_CACHE_MAX_MB. Then, with a compiler, a build that makes room.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "native_cache.hpp"
#include "native_library.hpp"
#include "native_source.hpp"
#include "test_games.hpp"

namespace rulesrun {
namespace {

namespace fs = std::filesystem;
using namespace runtime;
using std::chrono::hours;
using std::chrono::minutes;

// An environment variable set for one test, as it was afterwards.
class ScopedVariable {
public:
    ScopedVariable(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value) ::setenv(name, value, 1);
        else ::unsetenv(name);
    }
    ~ScopedVariable() {
        if (old_) ::setenv(name_, old_->c_str(), 1);
        else ::unsetenv(name_);
    }
    ScopedVariable(const ScopedVariable&) = delete;
    ScopedVariable& operator=(const ScopedVariable&) = delete;

private:
    const char* name_;
    std::optional<std::string> old_;
};

// A cache folder of its own, removed at the end.
class NativeCache : public testing::Test {
protected:
    void SetUp() override {
        folder_ = fs::temp_directory_path() / ("rulesrun_cache_test_" + std::to_string(::getpid()));
        fs::remove_all(folder_);
        fs::create_directories(folder_);
    }
    void TearDown() override { fs::remove_all(folder_); }

    // A file of `bytes` bytes last written `age` ago.
    fs::path file(const std::string& name, std::size_t bytes, fs::file_time_type::duration age) const {
        const fs::path path = folder_ / name;
        std::ofstream(path, std::ios::binary) << std::string(bytes, 'x');
        fs::last_write_time(path, fs::file_time_type::clock::now() - age);
        return path;
    }
    // A library and its source, 1000 and 500 bytes, used `age` ago.
    fs::path library(const std::string& name, fs::file_time_type::duration age) const {
        file(name + ".cpp", 500, age);
        return file(name + ".so", 1000, age);
    }
    [[nodiscard]] bool has(const std::string& name) const { return fs::exists(folder_ / name); }

    fs::path folder_;
};

TEST_F(NativeCache, TheLeastRecentlyUsedLibrariesGoFirstUntilTheRestFits) {
    library("oldest", hours(3));
    library("older", hours(2));
    const fs::path newest = library("newest", hours(1));
    trim_native_cache(folder_, 3000, {newest, folder_ / "include-current"});  // 4500 bytes: one library goes
    EXPECT_FALSE(has("oldest.so"));
    EXPECT_FALSE(has("oldest.cpp"));
    EXPECT_TRUE(has("older.so") && has("older.cpp") && has("newest.so") && has("newest.cpp"));

    trim_native_cache(folder_, 1500, {newest, folder_ / "include-current"});
    EXPECT_FALSE(has("older.so"));
    EXPECT_TRUE(has("newest.so"));
}

TEST_F(NativeCache, ALibraryInUseOrUsedLatelyStays) {
    const fs::path in_use = library("in_use", hours(5));
    library("lately", minutes(2));
    library("unused", hours(1));
    trim_native_cache(folder_, 0, {in_use, folder_ / "include-current"});
    EXPECT_TRUE(has("in_use.so"));
    EXPECT_TRUE(has("lately.so"));  // another process may be about to load it
    EXPECT_FALSE(has("unused.so"));
}

TEST_F(NativeCache, WhatOldRunsLeftGoesAfterADay) {
    const fs::path kept = library("kept", hours(50));
    file("kept.so.123.tmp", 10, hours(30));           // a build that did not finish
    file("kept.123.log", 10, hours(30));              // a compiler's output
    file("failed.cpp", 10, hours(30));                // a source whose build failed
    file("recent.456.log", 10, hours(2));             // a failure the user may still read
    fs::create_directories(folder_ / "include-current");
    fs::create_directories(folder_ / "include-other");
    fs::create_directories(folder_ / "include-other.789");
    for (const char* headers : {"include-current", "include-other", "include-other.789"})
        fs::last_write_time(folder_ / headers, fs::file_time_type::clock::now() - hours(30));
    trim_native_cache(folder_, 1u << 30, {kept, folder_ / "include-current"});
    EXPECT_FALSE(has("kept.so.123.tmp"));
    EXPECT_FALSE(has("kept.123.log"));
    EXPECT_FALSE(has("failed.cpp"));
    EXPECT_FALSE(has("include-other"));
    EXPECT_FALSE(has("include-other.789"));
    EXPECT_TRUE(has("recent.456.log"));
    EXPECT_TRUE(has("include-current"));
    EXPECT_TRUE(has("kept.so") && has("kept.cpp"));
}

TEST_F(NativeCache, AFolderThatIsNotThereIsLeftAlone) {
    EXPECT_NO_THROW(trim_native_cache(folder_ / "absent", 0, {}));
}

TEST(NativeCacheLimit, IsReadInMegabytesFromTheEnvironment) {
    {
        const ScopedVariable unset("RULESRUN_CACHE_MAX_MB", nullptr);
        EXPECT_EQ(native_cache_limit(), 256u * 1024 * 1024);
    }
    {
        const ScopedVariable three("RULESRUN_CACHE_MAX_MB", "3");
        EXPECT_EQ(native_cache_limit(), 3u * 1024 * 1024);
    }
    for (const char* wrong : {"abc", "-1", "3MB", "1.5", "99999999999999999999"}) {
        SCOPED_TRACE(wrong);
        const ScopedVariable bad("RULESRUN_CACHE_MAX_MB", wrong);
        try {
            (void)native_cache_limit();
            ADD_FAILURE() << "accepted";
        } catch (const NativeBuildError& e) {
            EXPECT_NE(std::string(e.what()).find("RULESRUN_CACHE_MAX_MB must be a whole number of megabytes"),
                      std::string::npos)
                << e.what();
            EXPECT_NE(std::string(e.what()).find(std::string("'") + wrong + "'"), std::string::npos) << e.what();
        }
    }
}

// A build over the limit removes the library least recently used; finding a library in the cache counts as a use.
TEST_F(NativeCache, ABuildMakesRoomByRemovingTheLibraryLeastRecentlyUsed) {
    const auto compiler = find_native_compiler();
    if (!compiler) GTEST_SKIP() << "no C++ compiler on this machine";
    const ScopedVariable cache("RULESRUN_CACHE_DIR", folder_.c_str());
    const ScopedVariable limit("RULESRUN_CACHE_MAX_MB", "0");
    const auto one = testing_support::load_text("trim_one", "game \"One\" { players 1 }\nplay { say \"one\" }\n");
    const auto two = testing_support::load_text("trim_two", "game \"Two\" { players 1 }\nplay { let n = 2\n say \"{n}\" }\n");
    ASSERT_TRUE(one && two);
    const BuiltLibrary first = build_native_library(native_source(one->program()), *compiler);
    ASSERT_TRUE(first.built_now);
    fs::last_write_time(first.path, fs::file_time_type::clock::now() - hours(1));
    EXPECT_FALSE(build_native_library(native_source(one->program()), *compiler).built_now);  // found: used now
    EXPECT_GT(fs::last_write_time(first.path), fs::file_time_type::clock::now() - minutes(1));

    fs::last_write_time(first.path, fs::file_time_type::clock::now() - hours(1));
    const BuiltLibrary second = build_native_library(native_source(two->program()), *compiler);
    EXPECT_TRUE(fs::exists(second.path));
    EXPECT_FALSE(fs::exists(first.path));
    EXPECT_FALSE(fs::exists(fs::path(first.path).replace_extension(".cpp")));
    EXPECT_TRUE(build_native_library(native_source(one->program()), *compiler).built_now);  // built again
}

}  // namespace
}  // namespace rulesrun
