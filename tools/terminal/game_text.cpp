#include "game_text.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::cli {

namespace {

std::vector<std::string> winner_names(const runtime::Game& game, const runtime::Results& results) {
    std::vector<std::string> names;
    for (int seat = 0; seat < game.players(); ++seat)
        if (results.winners[seat]) names.push_back(game.seat_name(seat));
    return names;
}

std::string verdict(const runtime::Game& game, const runtime::Results& results) {
    if (results.draw) return "A draw.";
    if (results.cooperative && game.players() > 1) {
        return results.everybody_loses ? "The players lose together." : "The players win together.";
    }
    if (results.everybody_loses) return game.players() > 1 ? "Everybody loses." : "You lose.";
    const auto names = winner_names(game, results);
    if (results.shared_win) return fmt::format("{} share the win.", join_names(names));
    return fmt::format("{} wins.", join_names(names));
}

void print_results_table(std::ostream& out, const runtime::Game& game, const runtime::Results& results,
                         const Style& style) {
    std::size_t width = 4;
    for (int seat = 0; seat < game.players(); ++seat) width = std::max(width, game.seat_name(seat).size());
    const bool scores = game.definition().has_scores();
    // Ranks only where they say something: not when everybody loses, draws, or plays together.
    const bool ranked = !results.everybody_loses && !results.draw && !results.cooperative && game.players() > 1;
    const bool any_winner = std::find(results.winners.begin(), results.winners.end(), true) != results.winners.end();
    if (!scores && !ranked && !any_winner) return;  // a table of names alone: the verdict below says it all
    out << style.bold(fmt::format("  {:<{}}{}{}", "seat", width, scores ? "  score" : "", ranked ? "  rank" : ""))
        << '\n';
    for (int seat = 0; seat < game.players(); ++seat) {
        std::string line = fmt::format("  {:<{}}", game.seat_name(seat), width);
        if (scores) line += fmt::format("  {:>5}", results.scores[seat]);
        if (ranked) line += fmt::format("  {:>4}", results.ranks[seat]);
        if (results.winners[seat]) line += "  " + style.green("winner");
        out << line << '\n';
    }
}

}  // namespace

std::string join_names(const std::vector<std::string>& names) {
    if (names.empty()) return "nobody";
    std::string out = names.front();
    for (std::size_t i = 1; i < names.size(); ++i) out += (i + 1 == names.size() ? " and " : ", ") + names[i];
    return out;
}

void print_messages(std::ostream& out, runtime::Game& game, const Style& style, int viewer) {
    for (const auto& message : messages_for(game.take_messages(), viewer)) out << style.cyan(message) << '\n';
}

void print_choice(std::ostream& out, const runtime::Game& game, int seat, const std::string& action_name,
                  const Style& style) {
    out << fmt::format("{} chooses {}", style.bold(game.seat_name(seat)), style.yellow(action_name)) << '\n';
}

void print_secret_choice(std::ostream& out, const runtime::Game& game, int seat, const Style& style) {
    out << style.bold(runtime::secret_choice_text(game, seat)) << '\n';
}

void print_block(std::ostream& out, const std::string& text) {
    if (text.empty()) return;
    out << text;
    if (text.back() != '\n') out << '\n';
}

std::string settings_line(const runtime::Game& game) {
    return fmt::format("{}, {} players", game.definition().title(), game.settings().players);
}

std::string option_lines(const runtime::Game& game) {
    const auto& infos = game.definition().options();
    const bool all = infos.size() <= 3;  // a few options are all shown
    std::string out;
    std::size_t changed = 0;
    for (const auto& [name, value] : game.settings().options) {
        for (const auto& info : infos) {
            if (info.name != name || (info.default_value == value && !all)) continue;
            ++changed;
            out += fmt::format("  {} = {}{}{}\n", name, value, info.description.empty() ? "" : ": " + info.description,
                               info.default_value == value ? "" : fmt::format(" (default {})", info.default_value));
        }
    }
    if (changed < infos.size()) {
        out += fmt::format("  {} at {} default{} (rulesrun info {} lists them)\n",
                           changed == 0 ? "Every option" : "The other options", changed == 0 ? "its" : "their",
                           changed == 0 ? "" : "s", game.definition().path());
    }
    return out;
}

void print_final(std::ostream& out, const runtime::Game& game, const Style& style) {
    const auto results = game.results();
    out << style.bold("== Game over ==") << '\n';
    print_block(out, view_text(game, -1, {}, style.colour()));
    print_results_table(out, game, results, style);
    out << style.bold(verdict(game, results)) << '\n';
    // Only once the game is over: with the seed, anyone at the table could replay the game elsewhere and read every
    // hidden card and every roll to come.
    out << fmt::format("Play this game again with --seed {}\n", game.settings().seed);
}

}  // namespace rulesrun::cli
