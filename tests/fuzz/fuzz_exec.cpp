// An `exec:` bot's replies (exec_bot.hpp): each line of the input is what the program answers to the next decision of
// its seat, in Pig for two or in Diamant for three (simultaneous decisions), the first byte's lowest bit picks. Its
// second bit picks how the lines arrive: read in this process by read_exec_answer, as ExecBot reads each line it
// receives (thousands of inputs a second), or written by a real program (`cat` of the input, through /bin/sh) to an
// ExecBot that takes seat 1, which also fuzzes how lines are cut from the pipe (line ends, NUL bytes, a last line
// without its end, the program's exit). Every seat's state is sent as the bot would send it, with the log it may
// read; the other seats choose from the input's hash. A refused answer is an answer: the game stops there, as it does
// when a program breaks the protocol.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "exec_bot.hpp"
#include "fuzz_support.hpp"
#include "seat_message.hpp"
#include "table_log.hpp"

namespace {

using namespace rulesrun;

std::shared_ptr<const runtime::GameDefinition> game(const char* name) {
    return runtime::load_game(fuzz::project_file(std::string("rules/") + name + ".rules")).game;
}

// A game of at most this many actions: each of the program's lines answers one, and a game left there is enough.
constexpr std::size_t longest_game = 400;

runtime::Game started(const std::shared_ptr<const runtime::GameDefinition>& definition, int players) {
    runtime::Game g(definition, runtime::resolve_settings(*definition, runtime::Settings{players, {}, 7}), true);
    return g;
}

// The lines read in this process: every seat of the game answers from the input, in turn.
void answer_in_process(runtime::Game& g, std::string_view lines) {
    runtime::TableLog log(g.players());
    log.add_messages(g.take_messages());
    std::vector<std::size_t> sent(static_cast<std::size_t>(g.players()), 0);
    std::size_t start = 0;
    while (!g.finished() && g.history().size() < longest_game && start < lines.size()) {
        for (const int seat : g.to_act()) {
            std::size_t end = lines.find('\n', start);
            if (end == std::string_view::npos) end = lines.size();
            const std::string line(lines.substr(start, end - start));
            start = end + 1;
            const auto readable = log.readable(seat, sent[static_cast<std::size_t>(seat)]);
            (void)runtime::state_message(g, seat, readable, sent[static_cast<std::size_t>(seat)])
                .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            sent[static_cast<std::size_t>(seat)] += readable.size();
            int action = 0;
            try {
                action = read_exec_answer(line, g, seat);
            } catch (const ExecAnswerError&) {
                return;  // the game stops with the error
            }
            const std::string name = g.action_name(seat, action);
            const bool secret = g.choice_is_secret(seat);
            g.apply(seat, action);
            log.add_choice(g, seat, name, secret);
            log.add_messages(g.take_messages());
            if (g.finished() || start > lines.size()) return;
        }
    }
}

// The lines written by a program: `cat` of a file holding them takes seat 1 through ExecBot.
void answer_from_program(runtime::Game& g, std::string_view lines, std::uint64_t hash) {
    const std::string path = fuzz::as_file(reinterpret_cast<const std::uint8_t*>(lines.data()), lines.size(), ".lines");
    ExecBot bot("cat " + path, 5.0);
    runtime::TableLog log(g.players());
    log.add_messages(g.take_messages());
    bot.follow(&log);
    bot.start_game(7, 0);
    fuzz::Choices others{hash};
    try {
        while (!g.finished() && g.history().size() < longest_game) {
            for (const int seat : g.to_act()) {
                const int action = seat == 0 ? bot.choose(g, seat) : others.below(g.action_count(seat));
                const std::string name = g.action_name(seat, action);
                const bool secret = g.choice_is_secret(seat);
                g.apply(seat, action);
                log.add_choice(g, seat, name, secret);
                log.add_messages(g.take_messages());
                if (g.finished()) break;
            }
        }
        if (g.finished()) bot.game_over(g, 0);
    } catch (const BotError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto pig = game("pig");
    static const auto diamant = game("diamant");
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const unsigned mode = input.empty() ? 0 : static_cast<unsigned char>(input.front());
    runtime::Game g = (mode & 1) ? started(diamant, 3) : started(pig, 2);
    const std::string_view lines = input.empty() ? input : input.substr(1);
    if (mode & 2) {
        answer_from_program(g, lines, fuzz::input_hash(data, size));
    } else {
        answer_in_process(g, lines);
    }
    return 0;
}
