#include "table_log.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace rulesrun::runtime {

std::string choice_text(const Game& game, int seat, const std::string& action_name) {
    return fmt::format("{} chooses {}", game.seat_name(seat), action_name);
}

std::string secret_choice_text(const Game& game, int seat) { return fmt::format("{} chooses in secret", game.seat_name(seat)); }

bool TableLog::Line::readable_by(int seat) const {
    return readers.empty() || std::find(readers.begin(), readers.end(), seat) != readers.end();
}

void TableLog::add(std::string text, std::vector<int> readers) {
    lines_.push_back({std::move(text), std::move(readers)});
    const int spectator = static_cast<int>(readable_.size()) - 1;
    for (int seat = 0; seat <= spectator; ++seat) {
        if (lines_.back().readable_by(seat == spectator ? -1 : seat)) readable_[static_cast<std::size_t>(seat)].push_back(lines_.size() - 1);
    }
}

// The spectator's list is the last one.
const std::vector<std::size_t>& TableLog::lines_of(int seat) const {
    return readable_[seat < 0 ? readable_.size() - 1 : static_cast<std::size_t>(seat)];
}

std::size_t TableLog::readable_count(int seat) const { return lines_of(seat).size(); }

void TableLog::add_messages(std::vector<Message> messages) {
    for (Message& m : messages) add(std::move(m.text), std::move(m.seats));
}

void TableLog::add_choice(const Game& game, int seat, const std::string& action_name, bool secret) {
    if (!secret) {
        add(choice_text(game, seat, action_name), {});
        return;
    }
    add(choice_text(game, seat, action_name), {seat});
    std::vector<int> others;
    for (int other = 0; other < game.players(); ++other) {
        if (other != seat) others.push_back(other);
    }
    add(secret_choice_text(game, seat), std::move(others));
}

void TableLog::hold_choice(int seat, std::string action_name, bool secret) {
    held_.push_back({seat, std::move(action_name), secret});
}

void TableLog::tell_held_choices(const Game& game) {
    for (const auto& [seat, name, secret] : held_) add_choice(game, seat, name, secret);
    held_.clear();
}

std::vector<std::string> TableLog::recap(int seat, bool with_public) {
    std::vector<std::string> texts;
    std::size_t& upto = read_upto_.at(static_cast<std::size_t>(seat));
    for (; upto < lines_.size(); ++upto) {
        const Line& line = lines_[upto];
        if (line.readers.empty() ? with_public : line.readable_by(seat)) texts.push_back(line.text);
    }
    return texts;
}

std::vector<std::string> TableLog::readable(int seat, std::size_t from) const {
    const auto& indices = lines_of(seat);
    std::vector<std::string> texts;
    for (std::size_t i = from; i < indices.size(); ++i) texts.push_back(lines_[indices[i]].text);
    return texts;
}

}  // namespace rulesrun::runtime
