// Reads and runs position fixtures (docs/fixtures.md). The script is read top to bottom: settings first, then forced
// chance results and steps. The game starts at the first step, with the chance results forced so far; each later
// `roll` or `shuffle` line adds to the queue consumed by the next actions.
#include "position_fixture.hpp"

#include "spoken_names.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "game.hpp"
#include "seat_view.hpp"

namespace rulesrun::testing_support {

namespace {

using runtime::ForcedChance;
using runtime::Game;

const std::set<std::string> settings_keywords = {"players", "option", "seed"};
const std::set<std::string> chance_keywords = {"roll", "shuffle"};
const std::set<std::string> step_keywords = {"apply",        "expect actions",  "expect to act", "expect view",
                                             "expect no view", "expect finished", "expect winners", "expect draw",
                                             "expect error"};
const std::set<std::string> seat_keywords = {"apply", "expect actions", "expect view", "expect no view"};

std::string trim(const std::string& s) {
    const auto begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos) return "";
    return s.substr(begin, s.find_last_not_of(" \t") - begin + 1);
}

// "a, b ,c" -> {"a", "b", "c"}; an empty text gives no item.
std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> items;
    std::istringstream in(text);
    std::string item;
    while (std::getline(in, item, ',')) {
        if (!trim(item).empty()) items.push_back(trim(item));
    }
    return items;
}

class FixtureRun {
public:
    explicit FixtureRun(std::string path) : path_(std::move(path)) {}

    std::vector<std::string> run() {
        directives_ = read_fixture_directives(path_, failures_);
        if (!failures_.empty()) return failures_;
        const bool has_expectation = std::any_of(directives_.begin(), directives_.end(), [](const FixtureDirective& d) {
            return d.keyword.rfind("expect", 0) == 0;
        });
        if (!has_expectation) fail_at(1, 1, "a fixture must expect something: no '#> expect ...' line");
        const runtime::LoadedGame loaded = runtime::load_game(path_);
        for (const auto& d : loaded.diagnostics) {
            if (d.severity == Severity::error) failures_.push_back(render_diagnostic(loaded.sources, d, false));
        }
        if (!loaded.game || !failures_.empty()) return failures_;
        definition_ = loaded.game;
        for (index_ = 0; index_ < directives_.size() && failures_.empty(); ++index_) step(directives_[index_]);
        if (failures_.empty() && !started_) start();
        if (failures_.empty() && !game_error_.empty()) fail_at(1, 1, "the game failed: " + game_error_);
        if (failures_.empty() && game_) {
            for (const ForcedChance& f : game_->forced_chance_left()) {
                failures_.push_back(f.origin + ": this forced chance result was never used by the rules");
            }
        }
        return failures_;
    }

private:
    void fail_at(std::size_t line, std::size_t column, const std::string& message) {
        failures_.push_back(fmt::format("{}:{}:{}: {}", path_, line, column, message));
    }
    void fail(const FixtureDirective& d, const std::string& message) { fail_at(d.line, d.value_column, message); }

    void step(const FixtureDirective& d) {
        if (settings_keywords.count(d.keyword)) return setting(d);
        if (chance_keywords.count(d.keyword)) return chance(d);
        if (!started_ && !start()) return;
        if (d.keyword == "expect error") return expect_error(d);
        if (!game_error_.empty()) return fail_at(d.line, d.column, "the game failed before this line: " + game_error_);
        if (d.keyword == "expect finished") return expect_finished(d);
        if (d.keyword == "expect winners") return expect_winners(d);
        if (d.keyword == "expect draw") return expect_draw(d);
        if (d.keyword == "expect view" || d.keyword == "expect no view") return expect_view(d);
        if (game_->finished()) return fail(d, "the game is already over");
        if (d.keyword == "expect to act") return expect_to_act(d);
        if (d.keyword == "expect actions") return expect_actions(d);
        if (d.keyword == "apply") return apply(d);
    }

    // ---- settings and chance, before and during the game
    void setting(const FixtureDirective& d) {
        if (game_) return fail(d, "settings come before the first step (apply or expect)");
        if (d.keyword == "option") {
            const auto equals = d.value.find('=');
            if (equals == std::string::npos) return fail(d, "write an option as NAME=VALUE");
            settings_.options.emplace_back(trim(d.value.substr(0, equals)), trim(d.value.substr(equals + 1)));
            return;
        }
        const std::optional<long long> n = number(d, d.value);
        if (!n) return;
        if (d.keyword == "players") settings_.players = static_cast<int>(*n);
        if (d.keyword == "seed") settings_.seed = static_cast<std::uint64_t>(*n);
    }

    std::optional<long long> number(const FixtureDirective& d, const std::string& text) {
        static const std::regex integer(R"(-?\d{1,10})");
        if (!std::regex_match(text, integer)) {
            fail(d, fmt::format("'{}' is not a whole number", text));
            return std::nullopt;
        }
        return std::stoll(text);
    }

    void chance(const FixtureDirective& d) {
        const std::string origin = fmt::format("{}:{}:{}", path_, d.line, d.value_column);
        std::vector<ForcedChance> results;
        if (d.keyword == "roll") {
            std::string text = d.value;
            std::replace(text.begin(), text.end(), ',', ' ');
            std::istringstream in(text);
            std::string word;
            while (in >> word) {
                const std::optional<long long> n = number(d, word);
                if (!n) return;
                results.push_back({ForcedChance::Kind::number, static_cast<std::int32_t>(*n), {}, origin});
            }
        } else {
            results.push_back({ForcedChance::Kind::order, 0, comma_list(d.value), origin});
        }
        if (results.empty() || (d.keyword == "shuffle" && results.front().order.empty())) {
            return fail(d, "no result given");
        }
        if (game_) {
            game_->force_chance(results);
        } else {
            forced_.insert(forced_.end(), results.begin(), results.end());
        }
    }

    bool start() {
        FixtureDirective here;  // the step that starts the game, for messages
        here.line = here.value_column = 1;
        if (!directives_.empty()) here = directives_[std::min(index_, directives_.size() - 1)];
        runtime::ResolvedSettings resolved;
        try {
            resolved = runtime::resolve_settings(*definition_, settings_);
        } catch (const runtime::SettingsError& e) {
            fail(here, std::string("wrong settings: ") + e.what());
            return false;
        }
        started_ = true;
        // The game is made, then started again with the forced results (the first start uses none).
        run_guarded([&] {
            game_.emplace(definition_, resolved, true);
            game_->restart(resolved.seed, forced_);
        });
        return true;
    }

    template <class F>
    void run_guarded(F&& f) {
        try {
            f();
        } catch (const runtime::RuleError& e) {
            game_error_ = e.what();
        } catch (const runtime::UsageError& e) {
            game_error_ = e.what();
        }
    }

    // ---- seats and actions
    std::optional<int> seat_of(const FixtureDirective& d, const std::string& name) {
        for (int seat = 0; seat < game_->players(); ++seat) {
            if (game_->seat_name(seat) == name || std::to_string(seat + 1) == name) return seat;
        }
        std::vector<std::string> names;
        for (int seat = 0; seat < game_->players(); ++seat) names.push_back(game_->seat_name(seat));
        fail(d, fmt::format("no seat '{}' (the seats: {})", name, fmt::join(names, ", ")));
        return std::nullopt;
    }

    // The seat a step is about: the one after `for`, else the only seat to act.
    std::optional<int> deciding_seat(const FixtureDirective& d) {
        const std::vector<int> acting = game_->to_act();
        if (!d.seat.empty()) {
            const std::optional<int> seat = seat_of(d, d.seat);
            if (seat && std::find(acting.begin(), acting.end(), *seat) == acting.end()) {
                fail(d, fmt::format("{} has nothing to decide now", d.seat));
                return std::nullopt;
            }
            return seat;
        }
        if (acting.size() != 1) {
            fail(d, fmt::format("{} seats decide now: say which one with '{} for SEAT:'", acting.size(), d.keyword));
            return std::nullopt;
        }
        return acting.front();
    }

    std::vector<std::string> action_names(int seat) const {
        std::vector<std::string> names;
        for (int a = 0; a < game_->action_count(seat); ++a) names.push_back(game_->action_name(seat, a));
        return names;
    }

    void expect_to_act(const FixtureDirective& d) {
        std::vector<std::string> acting;
        for (int seat : game_->to_act()) acting.push_back(game_->seat_name(seat));
        std::vector<std::string> wanted = comma_list(d.value);
        std::sort(wanted.begin(), wanted.end());
        std::sort(acting.begin(), acting.end());
        if (acting != wanted) fail(d, fmt::format("to act: {}, not {}", fmt::join(acting, ", "), d.value));
    }

    void expect_actions(const FixtureDirective& d) {
        const std::optional<int> seat = deciding_seat(d);
        if (!seat) return;
        std::vector<std::string> legal = action_names(*seat);
        std::vector<std::string> wanted = comma_list(d.value);
        for (auto& w : wanted) w = spoken_name(w);
        for (auto& l : legal) l = spoken_name(l);
        std::sort(legal.begin(), legal.end());
        std::sort(wanted.begin(), wanted.end());
        if (legal == wanted) return;
        std::vector<std::string> missing, unexpected;
        std::set_difference(wanted.begin(), wanted.end(), legal.begin(), legal.end(), std::back_inserter(missing));
        std::set_difference(legal.begin(), legal.end(), wanted.begin(), wanted.end(), std::back_inserter(unexpected));
        fail(d, fmt::format("{} may do {} actions: {}\n  expected but not legal: {}\n  legal but not expected: {}",
                            game_->seat_name(*seat), legal.size(), fmt::join(action_names(*seat), ", "),
                            fmt::join(missing, ", "), fmt::join(unexpected, ", ")));
    }

    void apply(const FixtureDirective& d) {
        const std::optional<int> seat = deciding_seat(d);
        if (!seat) return;
        const std::vector<std::string> legal = action_names(*seat);
        const auto count = std::count_if(legal.begin(), legal.end(), [&](const std::string& n) { return same_spoken_name(n, d.value); });
        if (count != 1) {
            return fail(d, fmt::format("'{}' is {} of {}'s actions: {}", d.value, count == 0 ? "none" : "several",
                                       game_->seat_name(*seat), fmt::join(legal, ", ")));
        }
        const auto action = static_cast<int>(std::find_if(legal.begin(), legal.end(), [&](const std::string& n) {
                                                 return same_spoken_name(n, d.value);
                                             }) - legal.begin());
        run_guarded([&] { game_->apply(*seat, action); });
    }

    // ---- facts and the end
    void expect_view(const FixtureDirective& d) {
        std::optional<int> viewer = -1;
        if (!d.seat.empty()) viewer = seat_of(d, d.seat);
        if (!viewer) return;
        const std::vector<std::string> facts = view_facts(*game_, *viewer);
        const bool present = std::find(facts.begin(), facts.end(), d.value) != facts.end();
        if (present == (d.keyword == "expect view")) return;
        if (present) return fail(d, "this fact is in the view");
        // The facts about the same thing (the text before " = " or ": ") help to see what differs.
        const std::string subject = d.value.substr(0, std::min(d.value.find(" = "), d.value.find(": ")));
        std::vector<std::string> near;
        for (const auto& f : facts) {
            if (f.rfind(subject, 0) == 0) near.push_back(f);
        }
        fail(d, fmt::format("this fact is not in the view; {}", near.empty() ? "nothing is said about " + subject
                                                                              : "it says: " + fmt::format("{}", fmt::join(near, " | "))));
    }

    void expect_finished(const FixtureDirective& d) {
        if (!game_->finished()) fail(d, "the game is not over");
    }

    void expect_winners(const FixtureDirective& d) {
        if (!game_->finished()) return fail(d, "the game is not over");
        const runtime::Results results = game_->results();
        std::vector<std::string> winners;
        for (int seat = 0; seat < game_->players(); ++seat) {
            if (results.winners[static_cast<std::size_t>(seat)]) winners.push_back(game_->seat_name(seat));
        }
        if (results.draw) return fail(d, "the game is a draw: nobody won or lost");
        std::vector<std::string> wanted = d.value == "nobody" ? std::vector<std::string>{} : comma_list(d.value);
        std::sort(wanted.begin(), wanted.end());
        std::sort(winners.begin(), winners.end());
        if (winners != wanted) fail(d, fmt::format("the winners are {}", winners.empty() ? "nobody" : fmt::format("{}", fmt::join(winners, ", "))));
    }

    void expect_draw(const FixtureDirective& d) {
        if (!game_->finished()) return fail(d, "the game is not over");
        if (!game_->results().draw) fail(d, "the game is not a draw");
    }

    // The last step (the start or an action) must have failed with this message, and nothing may follow.
    void expect_error(const FixtureDirective& d) {
        if (game_error_.empty()) return fail(d, "no error happened");
        if (game_error_.find(d.value) == std::string::npos) return fail(d, "the error was: " + game_error_);
        if (index_ + 1 < directives_.size()) return fail(directives_[index_ + 1], "nothing can follow an expected error");
        game_error_.clear();
        game_.reset();  // the failed game is not checked further (forced results left included)
    }

    std::string path_;
    std::vector<FixtureDirective> directives_;
    std::vector<std::string> failures_;
    std::shared_ptr<const runtime::GameDefinition> definition_;
    runtime::Settings settings_;
    std::vector<ForcedChance> forced_;
    std::optional<Game> game_;
    std::string game_error_;
    std::size_t index_ = 0;
    bool started_ = false;
};

}  // namespace

std::vector<FixtureDirective> read_fixture_directives(const std::string& path, std::vector<std::string>& errors) {
    static const std::regex directive(R"(^(\s*#>\s*)([a-z]+(?: [a-z]+)*?)(?: for ([A-Za-z0-9_]+))?\s*(?::\s*(.*?))?\s*$)");
    std::vector<FixtureDirective> out;
    std::ifstream in(path);
    if (!in) {
        errors.push_back(path + ": cannot read this file");
        return out;
    }
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto marker = line.find("#>");
        if (marker == std::string::npos || line.find_first_not_of(" \t") != marker) continue;
        std::smatch m;
        const bool parsed = std::regex_match(line, m, directive);
        FixtureDirective d;
        d.line = number;
        d.column = marker + 1;
        if (parsed) {
            d.column = static_cast<std::size_t>(m.position(2)) + 1;
            d.keyword = m[2].str();
            d.seat = m[3].str();
            d.value = m[4].str();
            d.value_column = m[4].matched ? static_cast<std::size_t>(m.position(4)) + 1 : line.size() + 1;
        }
        const bool known = parsed && (settings_keywords.count(d.keyword) || chance_keywords.count(d.keyword) ||
                                      step_keywords.count(d.keyword));
        if (!known) {
            errors.push_back(fmt::format("{}:{}:{}: not a fixture line: write '#> KEYWORD: VALUE' with one of players, "
                                         "option, seed, roll, shuffle, apply, expect actions, expect to act, expect "
                                         "view, expect no view, expect finished, expect winners, expect draw, expect error",
                                         path, number, d.column));
            continue;
        }
        const bool needs_value = d.keyword != "expect finished" && d.keyword != "expect draw";
        if (needs_value && d.value.empty()) {
            errors.push_back(fmt::format("{}:{}:{}: '{}' needs a value after ':'", path, number, d.value_column, d.keyword));
        }
        if (!d.seat.empty() && !seat_keywords.count(d.keyword)) {
            errors.push_back(fmt::format("{}:{}:{}: '{}' is not about one seat: no 'for {}'", path, number, d.column,
                                         d.keyword, d.seat));
        }
        out.push_back(std::move(d));
    }
    return out;
}

std::vector<std::string> run_position_fixture(const std::string& path) { return FixtureRun(path).run(); }

}  // namespace rulesrun::testing_support
