#include "audit.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "bots.hpp"
#include "seat_message.hpp"
#include "seat_view.hpp"
#include "seeds.hpp"

namespace rulesrun {

namespace {

using runtime::Game;
using runtime::Message;

// What a seat read of a step's log: the lines `show` made (part of what it may know) and the others.
struct StepLog {
    std::vector<std::string> shown;
    std::vector<const Message*> said;
};

StepLog log_for(const std::vector<Message>& messages, int seat) {
    StepLog log;
    for (const Message& m : messages) {
        if (!m.readable_by(seat)) continue;
        if (m.shown) {
            log.shown.push_back(m.text);
        } else {
            log.said.push_back(&m);
        }
    }
    return log;
}

// The menu as the seat sees it: each action's name and its mark (`marked by`).
std::string action_names(const Game& game, int seat) {
    std::string names;
    for (int a = 0; a < game.action_count(seat); ++a) {
        names += (a ? "\n" : "") + game.action_name(seat, a);
        if (const auto mark = game.action_mark(seat, a); !mark.empty()) names += " [" + mark + "]";
    }
    return names;
}

int action_named(const Game& game, int seat, const std::string& name) {
    for (int a = 0; a < game.action_count(seat); ++a) {
        if (game.action_name(seat, a) == name) return a;
    }
    return -1;
}

bool to_act(const Game& game, int seat) {
    const auto seats = game.to_act();
    return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// The bots of game `index`: random in even games; in odd ones the rules' strategies, a different one for each seat.
std::vector<BotSpec> bots_for(const runtime::GameDefinition& game, int players, int index) {
    std::vector<BotSpec> bots;
    const auto& strategies = game.strategies();
    for (int seat = 0; seat < players; ++seat) {
        if (index % 2 == 0 || strategies.empty()) {
            bots.push_back(BotSpec{BotKind::random, "random", -1, {}});
        } else {
            const auto s = static_cast<std::size_t>(index / 2 + seat) % strategies.size();
            bots.push_back(BotSpec{BotKind::strategy, strategies[s].name, static_cast<int>(s), {}});
        }
    }
    return bots;
}

// A seat's answer to a decision.
struct Answer {
    int seat;
    int action;
};

// One decision (one seat's answer, or every answer to a simultaneous decision), audited for every seat: the true
// game against states the seat cannot tell apart from it.
class DecisionAudit {
public:
    DecisionAudit(const Game& game, std::vector<Answer> answers, AuditReport& report, std::set<std::string>& known,
                  std::string reproduction)
        : game_(game), answers_(std::move(answers)), report_(report), known_(known),
          reproduction_(std::move(reproduction)) {}

    void compare(int seat, std::uint64_t seed) {
        Game truth = game_;
        Game other = game_.determinized(seat, seed);
        other.vary_private_fields(seat, derive_seed(seed, 1));
        other.draw_chance_as(truth);  // a die rolled next shows the same face in both: only the hidden state differs
        if (!same("view", seat, "what the seat may know (determinization)", view_facts(truth, seat),
                  view_facts(other, seat)))
            return;
        same("screen", seat, "the view's layout", runtime::view_text(truth, seat), runtime::view_text(other, seat));
        same("network message", seat, "the seat's state message (docs/protocol.md)", wire(truth, seat), wire(other, seat));
        if (answers(seat) && !same("actions", seat, truth.choice_origin(seat), action_names(truth, seat),
                                   action_names(other, seat)))
            return;
        if (!give_the_same_answers(truth, other, seat)) return;
        const auto truth_log = truth.take_messages(), other_log = other.take_messages();
        const StepLog seen = log_for(truth_log, seat), instead = log_for(other_log, seat);
        // The seat learned something (a card drawn, a card shown): the two states are no longer alike for it.
        if (view_facts(truth, seat) != view_facts(other, seat) || seen.shown != instead.shown) {
            ++report_.not_comparable;
            return;
        }
        ++report_.comparisons;
        compare_logs(seat, seen.said, instead.said);
        same("screen", seat, "the view's layout", runtime::view_text(truth, seat), runtime::view_text(other, seat));
        same("network message", seat, "the seat's state message (docs/protocol.md)", wire(truth, seat), wire(other, seat));
        if (truth.finished() || other.finished() || !to_act(truth, seat) || !to_act(other, seat)) return;
        const std::string choice = truth.choice_origin(seat);
        same("prompt", seat, choice, truth.prompt(seat), other.prompt(seat));
        same("actions", seat, choice, action_names(truth, seat), action_names(other, seat));
    }

private:
    static std::vector<std::string> view_facts(const Game& game, int seat) { return runtime::view_facts(game, seat); }

    // What the server sends the seat (its log is compared line by line above). Without the step count: a guessed
    // state has no history, and the count is public anyway; nor the results, which the end of the game makes public.
    static nlohmann::json wire(const Game& game, int seat) {
        auto message = runtime::state_message(game, seat, {}, 0);
        message.erase("step");
        message.erase("results");
        return message;  // compared as a value, written out only for a leak's report
    }

    bool answers(int seat) const {
        return std::any_of(answers_.begin(), answers_.end(), [&](const Answer& a) { return a.seat == seat; });
    }

    // The true answers, and the answers of the same names in the other state; but another seat's secret answer, which
    // `seat` never learns, becomes another one there.
    bool give_the_same_answers(Game& truth, Game& other, int seat) {
        truth.take_messages();
        other.take_messages();
        for (const Answer& answer : answers_) {
            int same_action = to_act(other, answer.seat)
                                  ? action_named(other, answer.seat, truth.action_name(answer.seat, answer.action))
                                  : -1;
            if (answer.seat != seat && same_action >= 0 && truth.choice_is_secret(answer.seat))
                same_action = (same_action + 1) % other.action_count(answer.seat);
            if (same_action < 0) {
                ++report_.not_comparable;  // another seat's hand, dealt again, does not allow that action
                return false;
            }
            truth.apply(answer.seat, answer.action);
            try {
                other.apply(answer.seat, same_action);
            } catch (const runtime::RuleError&) {
                ++report_.not_comparable;  // the changed private fields led the rules astray: nothing to compare
                return false;
            }
        }
        return true;
    }

    void compare_logs(int seat, const std::vector<const Message*>& seen, const std::vector<const Message*>& instead) {
        const std::size_t n = std::max(seen.size(), instead.size());
        for (std::size_t i = 0; i < n; ++i) {
            const Message* a = i < seen.size() ? seen[i] : nullptr;
            const Message* b = i < instead.size() ? instead[i] : nullptr;
            if (a && b && a->text == b->text) continue;
            same("log", seat, (a ? a : b)->origin, a ? a->text : "(nothing)", b ? b->text : "(nothing)");
            return;
        }
    }

    // Records a leak when the two renderings differ (once per channel and origin); true when they are the same.
    template <typename T>
    bool same(const std::string& channel, int seat, const std::string& origin, const T& seen, const T& instead) {
        if (seen == instead) return true;
        if (known_.insert(channel + "\n" + origin).second) {
            report_.leaks.push_back({seat, game_.seat_name(seat), channel, origin, rendered(seen), rendered(instead),
                                     reproduction_});
        }
        return false;
    }

    static std::string rendered(const std::string& text) { return text; }
    static std::string rendered(const nlohmann::json& message) { return message.dump(1); }
    static std::string rendered(const std::vector<std::string>& lines) {
        std::string text;
        for (const auto& line : lines) text += (text.empty() ? "" : "\n") + line;
        return text;
    }

    const Game& game_;
    std::vector<Answer> answers_;
    AuditReport& report_;
    std::set<std::string>& known_;
    std::string reproduction_;
};

std::string bot_list(const std::vector<BotSpec>& bots) {
    std::string list;
    for (const auto& bot : bots) list += (list.empty() ? "" : ",") + bot.text();
    return list;
}

void audit_one_game(const std::shared_ptr<const runtime::GameDefinition>& definition, int players, int index,
                    const AuditSettings& settings, AuditReport& report, std::set<std::string>& known) {
    const std::uint64_t game_seed = derive_seed(settings.seed, static_cast<std::uint64_t>(index));
    const auto resolved = runtime::resolve_settings(*definition, runtime::Settings{players, {}, game_seed});
    const auto specs = bots_for(*definition, players, index);
    std::vector<std::unique_ptr<Bot>> bots;
    for (int seat = 0; seat < players; ++seat) bots.push_back(make_bot(specs[seat], game_seed, seat));
    Game game(definition, resolved, true);
    game.take_messages();
    ++report.games;
    for (int actions = 0; !game.finished() && actions < settings.max_actions;) {
        // The bots answer one after the other, as in play (a simultaneous decision's answers stay secret until all
        // are in); the audit then compares the states before the decision.
        Game decided = game;
        std::vector<Answer> answers;
        std::string chosen;
        for (const int seat : game.to_act()) {
            const int action = bots[seat]->choose(decided, seat);
            chosen += fmt::format("{}{} chooses '{}'", chosen.empty() ? "" : ", ", decided.seat_name(seat),
                                  decided.action_name(seat, action));
            decided.apply(seat, action);
            answers.push_back({seat, action});
        }
        const std::string where =
            fmt::format("rulesrun play {} --players {} --seed {} --bots {}: before action {} ({})", definition->path(),
                        players, game_seed, bot_list(specs), actions + 1, chosen);
        DecisionAudit audit(game, answers, report, known, where);
        for (int seat = 0; seat < players; ++seat) {
            for (int variant = 0; variant < settings.variants; ++variant)
                audit.compare(seat, derive_seed(game_seed, static_cast<std::uint64_t>(actions * 1000 + variant)));
        }
        ++report.decisions;
        game = std::move(decided);
        game.take_messages();
        actions += static_cast<int>(answers.size());
    }
}

// Each game audited with a report of its own, the games shared out among the cores. Throws what the first failing
// game threw, as one thread auditing them in order would.
std::vector<AuditReport> audit_on_every_core(const std::shared_ptr<const runtime::GameDefinition>& game,
                                             const AuditSettings& settings,
                                             const std::vector<std::pair<int, int>>& games) {
    std::vector<AuditReport> reports(games.size());
    std::vector<std::exception_ptr> failures(games.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t g = next++; g < games.size(); g = next++) {
            try {
                std::set<std::string> known;
                audit_one_game(game, games[g].first, games[g].second, settings, reports[g], known);
            } catch (...) {
                failures[g] = std::current_exception();
            }
        }
    };
    const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < std::min(cores, games.size()); ++t) workers.emplace_back(work);
    work();
    for (auto& worker : workers) worker.join();
    for (const auto& failure : failures) {
        if (failure) std::rethrow_exception(failure);
    }
    return reports;
}

}  // namespace

// The games' reports are joined in game order, keeping the first leak of each channel and origin: the report is
// the one a single thread would make.
AuditReport audit_game(const std::shared_ptr<const runtime::GameDefinition>& game, const AuditSettings& settings) {
    std::vector<int> counts = settings.players;
    if (counts.empty()) {
        counts.push_back(game->min_players());
        if (game->max_players() > game->min_players()) counts.push_back(game->min_players() + 1);
    }
    std::vector<std::pair<int, int>> games;  // players, index
    for (const int players : counts) {
        for (int index = 0; index < settings.games; ++index) games.emplace_back(players, index);
    }
    AuditReport report;
    std::set<std::string> known;
    for (auto& one : audit_on_every_core(game, settings, games)) {
        report.games += one.games;
        report.decisions += one.decisions;
        report.comparisons += one.comparisons;
        report.not_comparable += one.not_comparable;
        for (auto& leak : one.leaks) {
            if (known.insert(leak.channel + "\n" + leak.origin).second) report.leaks.push_back(std::move(leak));
        }
    }
    return report;
}

}  // namespace rulesrun
