#include "audit.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "bots.hpp"
#include "history_audit.hpp"
#include "leak_record.hpp"
#include "seat_message.hpp"
#include "seat_view.hpp"
#include "seeds.hpp"
#include "table_log.hpp"
#include "tensor_layout.hpp"

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

// A seat's answer to a decision, with what the true game called it when it was asked.
struct Answer {
    int seat;
    int action;
    std::string name;
    bool secret;        // the seat chose secretly: the others never learn the answer
    std::uint64_t key;  // Game::action_key: what the Python module numbers it by (its id in the information state)
};

// The lines a seat may read of a step at the table (table_log.hpp): the answers as told (another seat's secret one
// as "chooses in secret"), then the rules' messages. The Python module's information_state_string is made of them.
std::vector<std::string> table_lines(const Game& after, const std::vector<Answer>& answers,
                                     const std::vector<Message>& step, int seat) {
    runtime::TableLog log(after.players());
    for (const Answer& answer : answers) log.hold_choice(answer.seat, answer.name, answer.secret);
    log.tell_held_choices(after);
    log.add_messages(step);
    return log.readable(seat);
}

// The ids of the answers the seat is told (its own, and the others' that are not secret), as the information state
// tensor remembers them; 0 for an answer it is not told.
std::vector<std::uint64_t> told_keys(const std::vector<Answer>& answers, int seat) {
    std::vector<std::uint64_t> keys;
    for (const Answer& answer : answers) keys.push_back(answer.seat == seat || !answer.secret ? answer.key : 0);
    return keys;
}

// The observation tensors of two views (the Python module's, tensor_layout.hpp), on a layout made from both: the
// same facts give the same arrays, and any fact that differs shows.
std::pair<std::vector<float>, std::vector<float>> tensors_of(const std::vector<runtime::ViewFact>& a,
                                                             const std::vector<runtime::ViewFact>& b) {
    runtime::TensorLayoutBuilder builder;
    builder.add(a);
    builder.add(b);
    const runtime::TensorLayout layout = builder.finish();
    std::pair<std::vector<float>, std::vector<float>> tensors{std::vector<float>(layout.size()),
                                                              std::vector<float>(layout.size())};
    layout.encode(a, tensors.first.data());
    layout.encode(b, tensors.second.data());
    return tensors;
}

// What one seat is shown of the true game: the same for every state compared with it, so made once.
struct Shown {
    std::vector<std::string> facts;  // what the seat may know
    std::vector<runtime::ViewFact> tensor_facts;  // what its observation tensor is made of
    std::string screen;
    nlohmann::json message;          // the network message
    std::string prompt, actions;     // when the seat is to act
    StepLog log;                     // after the decision: what it read of the step
};

// One decision (one seat's answer, or every answer to a simultaneous decision), audited for every seat: the true
// game against states the seat cannot tell apart from it.
class DecisionAudit {
public:
    // `before` is the true game before the decision, `after` the same game once it is answered, and `step` the
    // messages the answers made.
    DecisionAudit(const Game& before, const Game& after, const std::vector<Message>& step, std::vector<Answer> answers,
                  AuditReport& report, std::set<std::string>& known, std::string reproduction)
        : before_(before), after_(after), step_(step), before_shown_(static_cast<std::size_t>(before.players())),
          after_shown_(before_shown_.size()), answers_(std::move(answers)), report_(report), leaks_(report, known),
          reproduction_(std::move(reproduction)) {}

    void compare(int seat, std::uint64_t seed) {
        const Shown& truth = shown(seat);
        Game other = before_.determinized(seat, seed);
        other.vary_private_fields(seat, derive_seed(seed, 1));
        other.draw_chance_as(before_);  // a die rolled next shows the same face in both: only the hidden state differs
        if (!same("view", seat, "what the seat may know (determinization)", truth.facts, view_facts(other, seat)))
            return;
        same("screen", seat, "the view's layout", truth.screen, runtime::view_text(other, seat));
        const nlohmann::json message = wire_message(other, seat);
        same("network message", seat, "the seat's state message (docs/protocol.md)", truth.message, message);
        same_tensor(seat, truth.tensor_facts, facts_of(other, seat, message));
        if (answers(seat) &&
            !same("actions", seat, before_.choice_origin(seat), truth.actions, action_names(other, seat)))
            return;
        std::vector<Answer> other_answers;
        if (!give_the_same_answers(other, seat, other_answers)) return;
        const auto other_log = other.take_messages();
        const Shown& then = shown_after(seat);
        const StepLog instead = log_for(other_log, seat);
        // The seat learned something (a card drawn, a card shown): the two states are no longer alike for it.
        if (then.facts != view_facts(other, seat) || then.log.shown != instead.shown) {
            ++report_.not_comparable;
            return;
        }
        ++report_.comparisons;
        compare_logs(seat, then.log.said, instead.said);
        same("screen", seat, "the view's layout", then.screen, runtime::view_text(other, seat));
        const nlohmann::json message_after = wire_message(other, seat);
        same("network message", seat, "the seat's state message (docs/protocol.md)", then.message, message_after);
        same_tensor(seat, then.tensor_facts, facts_of(other, seat, message_after));
        same("information state", seat, "the lines told at the table (docs/python.md, information_state_string)",
             table_lines(after_, answers_, step_, seat), table_lines(other, other_answers, other_log, seat));
        same("action ids", seat, "the ids of the answers told (docs/python.md, information_state_tensor)",
             told_keys(answers_, seat), told_keys(other_answers, seat));
        if (after_.finished() || other.finished() || !to_act(after_, seat) || !to_act(other, seat)) return;
        const std::string choice = after_.choice_origin(seat);
        same("prompt", seat, choice, then.prompt, other.prompt(seat));
        same("actions", seat, choice, then.actions, action_names(other, seat));
    }

private:
    static std::vector<std::string> view_facts(const Game& game, int seat) { return runtime::view_facts(game, seat); }

    // The prompt only after the decision: before it, the seat's answer is what is compared (its actions).
    static Shown shown_in(const Game& game, int seat, bool with_prompt) {
        nlohmann::json message = wire_message(game, seat);
        auto facts = facts_of(game, seat, message);
        Shown s{view_facts(game, seat), std::move(facts), runtime::view_text(game, seat), std::move(message), {}, {}, {}};
        if (!game.finished() && to_act(game, seat)) {
            if (with_prompt) s.prompt = game.prompt(seat);
            s.actions = action_names(game, seat);
        }
        return s;
    }

    const Shown& shown(int seat) {
        auto& made = before_shown_[static_cast<std::size_t>(seat)];
        if (!made) made = shown_in(before_, seat, false);
        return *made;
    }

    const Shown& shown_after(int seat) {
        auto& made = after_shown_[static_cast<std::size_t>(seat)];
        if (!made) {
            made = shown_in(after_, seat, true);
            made->log = log_for(step_, seat);
        }
        return *made;
    }

    bool answers(int seat) const {
        return std::any_of(answers_.begin(), answers_.end(), [&](const Answer& a) { return a.seat == seat; });
    }

    // The tensor's facts, from the seat's view in its state message (a finished game's message has a spectator's).
    static std::vector<runtime::ViewFact> facts_of(const Game& game, int seat, const nlohmann::json& message) {
        return game.finished() ? runtime::tensor_facts(game, seat) : runtime::tensor_facts(game, seat, message["view"]);
    }

    static bool same_facts(const runtime::ViewFact& a, const runtime::ViewFact& b) {
        return a.kind == b.kind && a.name == b.name && a.value == b.value && a.items == b.items;
    }

    // The observation tensor (the Python module's), the same facts encoded on the layout made from both (the same
    // facts give the same tensor: only facts that differ are encoded, to see whether the tensor shows it).
    void same_tensor(int seat, const std::vector<runtime::ViewFact>& seen, const std::vector<runtime::ViewFact>& instead) {
        if (std::equal(seen.begin(), seen.end(), instead.begin(), instead.end(), same_facts)) return;
        const auto [a, b] = tensors_of(seen, instead);
        if (a == b) return;
        std::string segment = "?";  // the first fact that differs names the leak
        for (std::size_t i = 0; i < std::max(seen.size(), instead.size()); ++i) {
            if (i >= seen.size() || i >= instead.size() || seen[i].name != instead[i].name ||
                seen[i].value != instead[i].value || seen[i].items != instead[i].items) {
                segment = i < seen.size() ? seen[i].name : instead[i].name;
                break;
            }
        }
        same("observation tensor", seat, fmt::format("the tensor's segment '{}'", segment), tensor_text(seen),
             tensor_text(instead));
    }

    static std::vector<std::string> tensor_text(const std::vector<runtime::ViewFact>& facts) {
        std::vector<std::string> lines;
        for (const auto& fact : facts) {
            std::string line = fact.name + ": " + fact.value;
            for (const auto& item : fact.items) line += " [" + item + "]";
            lines.push_back(std::move(line));
        }
        return lines;
    }

    // The true answers' names, answered in the other state; but another seat's secret answer, which `seat` never
    // learns, becomes another one there. `given`: the answers as given there.
    bool give_the_same_answers(Game& other, int seat, std::vector<Answer>& given) {
        other.take_messages();
        for (const Answer& answer : answers_) {
            int same_action = to_act(other, answer.seat) ? action_named(other, answer.seat, answer.name) : -1;
            if (answer.seat != seat && same_action >= 0 && answer.secret)
                same_action = (same_action + 1) % other.action_count(answer.seat);
            if (same_action < 0) {
                ++report_.not_comparable;  // another seat's hand, dealt again, does not allow that action
                return false;
            }
            given.push_back({answer.seat, same_action, other.action_name(answer.seat, same_action), answer.secret,
                             other.action_key(answer.seat, same_action)});
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

    template <typename T>
    bool same(const std::string& channel, int seat, const std::string& origin, const T& seen, const T& instead) {
        return leaks_.same(before_, channel, seat, origin, seen, instead, reproduction_);
    }

    const Game& before_;
    const Game& after_;
    const std::vector<Message>& step_;
    std::vector<std::optional<Shown>> before_shown_, after_shown_;  // by seat, made when first needed
    std::vector<Answer> answers_;
    AuditReport& report_;
    LeakRecorder leaks_;
    std::string reproduction_;
};

std::string bot_list(const std::vector<BotSpec>& bots) {
    std::string list;
    for (const auto& bot : bots) list += (list.empty() ? "" : ",") + bot.text();
    return list;
}

std::string option_flags(const std::vector<std::pair<std::string, std::string>>& options) {
    std::string flags;
    for (const auto& [name, value] : options) flags += fmt::format(" --option {}={}", name, value);
    return flags;
}

void audit_one_game(const std::shared_ptr<const runtime::GameDefinition>& definition, int players, int index,
                    const AuditSettings& settings, AuditReport& report, std::set<std::string>& known) {
    const std::uint64_t game_seed = derive_seed(settings.seed, static_cast<std::uint64_t>(index));
    const auto resolved = runtime::resolve_settings(*definition, runtime::Settings{players, settings.options, game_seed});
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
            answers.push_back({seat, action, decided.action_name(seat, action), decided.choice_is_secret(seat),
                               decided.action_key(seat, action)});
            chosen += fmt::format("{}{} chooses '{}'", chosen.empty() ? "" : ", ", decided.seat_name(seat),
                                  answers.back().name);
            decided.apply(seat, action);
        }
        const std::vector<Message> step = decided.take_messages();
        const std::string where =
            fmt::format("rulesrun play {} --players {}{} --seed {} --bots {}: before action {} ({})",
                        definition->path(), players, option_flags(settings.options), game_seed, bot_list(specs),
                        actions + 1, chosen);
        DecisionAudit audit(game, decided, step, answers, report, known, where);
        for (int seat = 0; seat < players; ++seat) {
            for (int variant = 0; variant < settings.variants; ++variant)
                audit.compare(seat, derive_seed(game_seed, static_cast<std::uint64_t>(actions * 1000 + variant)));
        }
        ++report.decisions;
        game = std::move(decided);
        actions += static_cast<int>(answers.size());
    }
    if (!game.finished()) ++report.unfinished;
    // Then the whole game again, from its first line, for each seat: what only the past holds (the start's lines,
    // numbers kept in locals) drawn again (history_audit.hpp).
    LeakRecorder leaks(report, known);
    const std::string game_played = fmt::format("rulesrun play {} --players {}{} --seed {} --bots {}",
                                                definition->path(), players, option_flags(settings.options), game_seed,
                                                bot_list(specs));
    for (int seat = 0; seat < players; ++seat) {
        for (int variant = 0; variant < settings.variants; ++variant) {
            const auto replay = static_cast<std::uint64_t>(seat * 1000 + variant);
            audit_history(game, seat, derive_seed(game_seed, 1'000'000'000ULL + replay), leaks, game_played);
        }
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
        report.unfinished += one.unfinished;
        for (auto& leak : one.leaks) {
            if (known.insert(leak.channel + "\n" + leak.origin).second) report.leaks.push_back(std::move(leak));
        }
    }
    return report;
}

}  // namespace rulesrun
