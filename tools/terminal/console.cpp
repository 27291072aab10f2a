#include "console.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "action_entry.hpp"
#include "game_text.hpp"
#include "menu_layout.hpp"

namespace rulesrun::cli {

namespace {

// Menus are packed to the terminal's width, so that no entry breaks across lines ("cap/ture" at 80 columns): at most
// 96 columns, the width used too when the output is not a terminal (a pipe, a test's file).
constexpr std::size_t widest_menu = 96;

std::size_t menu_width() {
    winsize size{};
    if (isatty(STDOUT_FILENO) == 0 || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_col < 40) return widest_menu;
    return std::min<std::size_t>(size.ws_col - 1, widest_menu);  // the last column left free: some terminals wrap there
}

// The lines of the terminal's window, or 0 when the output is not a terminal (a pipe, a test's file: no limit).
std::size_t window_rows() {
    winsize size{};
    if (isatty(STDOUT_FILENO) == 0 || ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_row;
}

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::vector<std::string> action_names(const runtime::Game& game, int seat) {
    std::vector<std::string> names;
    for (int i = 0; i < game.action_count(seat); ++i) names.push_back(game.action_name(seat, i));
    return names;
}

// A choice of several elements with more sets than a screen holds (Hearts' pass: 286 sets of three cards) lists its
// elements instead, and the player types those he takes; `list` shows every set.
constexpr std::size_t longest_listed_selection = 40;

bool lists_elements_only(const runtime::Game& game, int seat, std::size_t actions) {
    return game.choice_is_subset(seat) && actions > longest_listed_selection;
}

// A choice among more places of a board than that (Go's 81 points) lists none: the board on the screen names them.
bool names_places_only(const runtime::Game& game, int seat, const std::vector<std::string>& names) {
    if (names.size() <= longest_listed_selection) return false;
    std::vector<std::string> places;
    const auto view = runtime::view_json(game, seat);
    for (const auto& board : view["boards"]) {
        for (const auto& cell : board["cells"]) places.push_back(cell["name"].get<std::string>());
    }
    return std::all_of(names.begin(), names.end(), [&](const std::string& n) {
        return n == "pass" || n == "nothing" || std::find(places.begin(), places.end(), n) != places.end();
    });
}

void print_places(std::ostream& out, const std::vector<std::string>& names) {
    const bool pass = std::find(names.begin(), names.end(), "pass") != names.end();
    const auto example = std::find_if(names.begin(), names.end(), [](const std::string& n) { return n != "pass"; });
    out << fmt::format("{} places: type one as the board names it (for instance '{}'){}, or 'list' to see them "
                       "numbered.\n", names.size() - (pass ? 1 : 0), *example, pass ? ", or 'pass'" : "");
}

// The elements the sets are made of ("3H + QH + 7H"), each as many times as the most any set holds, in the order
// they first appear.
std::vector<std::string> selection_elements(const std::vector<std::string>& names) {
    std::vector<std::string> elements;
    for (const auto& name : names) {
        std::vector<std::string> in_this;
        for (std::size_t start = 0; start <= name.size();) {
            const auto end = std::min(name.find(" + ", start), name.size());
            in_this.push_back(name.substr(start, end - start));
            start = end + 3;
        }
        for (const auto& e : in_this) {
            const auto wanted = std::count(in_this.begin(), in_this.end(), e);
            if (std::count(elements.begin(), elements.end(), e) < wanted) elements.push_back(e);
        }
    }
    std::erase_if(elements, [](const std::string& e) { return e == "nothing" || e == "pass"; });
    return elements;
}

void print_elements(std::ostream& out, const std::vector<std::string>& names) {
    const auto elements = selection_elements(names);
    std::string example = names.back();
    for (auto at = example.find(" + "); at != std::string::npos; at = example.find(" + ")) example.replace(at, 3, " ");
    out << fmt::format("{} possible sets: type the ones you take, in any order (for instance '{}'),\n"
                       "or 'list' to see every set with its number. From:\n", names.size(), example);
    std::string line;
    for (const auto& e : elements) {
        if (!line.empty() && line.size() + 2 + e.size() > menu_width()) {
            out << line << '\n';
            line.clear();
        }
        line += "  " + e;
    }
    out << line << '\n';
}

// The numbered actions (those of `shown`, else all), each with what it does when the rules say it (a menu option's
// description); a long menu is packed into rows (menu_layout), and kept within `height` lines when it is not 0.
// Whether every action was listed.
bool print_actions(std::ostream& out, const runtime::Game& game, int seat, const std::vector<std::string>& names,
                   std::size_t height = 0, const std::vector<std::size_t>& shown = {}) {
    std::vector<MenuEntry> entries;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!shown.empty() && std::find(shown.begin(), shown.end(), i) == shown.end()) continue;
        const int action = static_cast<int>(i);
        entries.push_back({names[i], game.action_description(seat, action), game.action_mark(seat, action), i + 1});
    }
    const auto lines = height == 0 ? menu_lines(entries, menu_width()) : fitted_menu_lines(entries, menu_width(), height);
    for (const auto& line : lines) out << line << '\n';
    return height == 0 || lines.size() == menu_lines(entries, menu_width()).size();
}

// The lines a menu may take under `used` lines in the window, keeping the board above on screen (and a line for what
// the player types); 0 when the window's size is unknown.
std::size_t menu_height(std::size_t used) {
    const std::size_t rows = window_rows();
    if (rows == 0) return 0;
    return rows > used + 4 ? rows - used - 2 : 2;
}

std::string help_text(std::size_t actions) {
    return fmt::format(
        "Type the number of an action (1 to {}) or its name: the start of a name is enough when no other begins the "
        "same way, in any case; moves also as coordinates (c3 c5), or a square alone (c3) to see on the board where its "
        "piece may go, then the square it goes to; sets of cards by their cards in any order.\n"
        "  list  every action with its number, where only a choice's elements are shown\n"
        "  undo  take back your last decision, when you play alone against bots and nothing hidden came to light "
        "since\n"
        "  quit  save the game and stop (go on later with rulesrun play --resume FILE)\n"
        "  help  this text\n",
        actions);
}

// Why an entry names no action: the actions it could mean, or what to type.
std::string wrong_entry(std::string_view word, const std::vector<std::string>& names) {
    const auto candidates = actions_starting_with(word, names);
    if (candidates.size() > 1) {
        std::string listed;
        for (std::size_t i = 0; i < candidates.size() && i < 6; ++i) listed += (i ? ", " : "") + names[candidates[i]];
        return fmt::format("'{}' could be {}{}: type more of the name, or its number", word, listed,
                           candidates.size() > 6 ? ", ..." : "");
    }
    return fmt::format("'{}' is not one of the actions: type a number from 1 to {}, an action's name, or help", word,
                       names.size());
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The moves of the piece on `square` ("c3"): the actions named "c3-TO", when there are at least two.
std::vector<std::size_t> moves_from(const std::string& square, const std::vector<std::string>& names) {
    std::vector<std::size_t> found;
    if (square.empty() || square.find('-') != std::string::npos) return found;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string& n = names[i];
        if (n.size() > square.size() + 1 && n.starts_with(square) && n[square.size()] == '-' &&
            n.find('-', square.size() + 1) == std::string::npos)
            found.push_back(i);
    }
    return found.size() >= 2 ? found : std::vector<std::size_t>{};
}

// The board again with the piece marked * and where it may go marked +, then those moves with their numbers.
void show_moves(std::ostream& out, const runtime::Game& game, int seat, const std::string& square,
                const std::vector<std::size_t>& moves, const std::vector<std::string>& names, const Style& style) {
    runtime::SpaceMarks marks{{square, '*'}};
    for (const std::size_t i : moves) marks.emplace_back(names[i].substr(square.size() + 1), '+');
    print_block(out, view_text(game, seat, marks, style.colour()));
    out << style.bold(fmt::format("{}* can go to the squares marked +:", square)) << '\n';
    std::string line;
    for (const std::size_t i : moves) {
        const auto mark = game.action_mark(seat, static_cast<int>(i));
        const auto item = fmt::format("{}. {}{}", i + 1, names[i].substr(square.size() + 1), mark.empty() ? "" : " " + mark);
        if (!line.empty() && line.size() + 2 + item.size() > menu_width()) {
            out << line << '\n';
            line.clear();
        }
        line += "  " + item;
    }
    out << line << '\n' << fmt::format("Type a square ({}) or a number.", names[moves.front()].substr(square.size() + 1)) << '\n';
}

// The screen of a question: the seat's view, the prompt and the menu, kept within the window. Whether the whole
// menu is on screen.
bool show_question(std::ostream& out, const runtime::Game& game, int seat, const std::vector<std::string>& names,
                   const Style& style) {
    out << '\n' << style.bold(fmt::format("== {} to play ==", game.seat_name(seat))) << '\n';
    const std::string view = view_text(game, seat, {}, style.colour());
    print_block(out, view);
    const auto prompt = game.prompt(seat);
    out << style.bold(prompt.empty() ? game.choice_name(seat) : prompt) << '\n';
    if (lists_elements_only(game, seat, names.size())) {
        print_elements(out, names);
        return true;
    }
    if (names_places_only(game, seat, names)) {
        print_places(out, names);
        return true;
    }
    return print_actions(out, game, seat, names, menu_height(line_count(view) + 3));
}

}  // namespace

Answer Console::ask_action(const runtime::Game& game, int seat) {
    const auto names = action_names(game, seat);
    const bool whole_menu = show_question(out_, game, seat, names, style_);
    std::string piece;  // a square typed alone: the next entry may name where its piece goes
    for (;;) {
        out_ << game.seat_name(seat) << "> " << std::flush;
        const auto line = read_line();
        const auto word = trim(line);
        if (!piece.empty()) {
            const auto to = std::find(names.begin(), names.end(), piece + "-" + lower(word));
            piece.clear();
            if (to != names.end()) return {static_cast<int>(to - names.begin()), std::nullopt};
        }
        if (const auto action = parse_action_entry(line, names)) return {*action, std::nullopt};
        if (const auto moves = moves_from(lower(word), names); !moves.empty()) {
            piece = lower(word);
            show_moves(out_, game, seat, piece, moves, names, style_);
        } else if (word == "list") {
            print_actions(out_, game, seat, names);
        } else if (word == "help" || word == "?") {
            out_ << help_text(names.size());
        } else if (word == "undo") {
            return {-1, TableRequest::undo};
        } else if (word == "quit") {
            return {-1, TableRequest::quit};
        } else if (const auto begun = actions_starting_with(word, names); !whole_menu && begun.size() > 1) {
            // A menu cut to the window: the start of a name lists the actions it begins, as many as fit.
            out_ << style_.bold(fmt::format("{} actions begin with '{}':", begun.size(), word)) << '\n';
            print_actions(out_, game, seat, names, menu_height(1), begun);
        } else {
            out_ << style_.red(wrong_entry(word, names)) << '\n';
        }
    }
}

void Console::pass_keyboard(const std::string& seat_name, bool hide_screen) {
    if (hide_screen) out_ << style_.clear_screen();
    wait_for_enter(fmt::format("Pass the keyboard to {}, then press Enter.", seat_name));
    if (hide_screen) out_ << style_.clear_screen();
}

void Console::wait_for_enter(const std::string& question) {
    out_ << style_.bold(question) << ' ' << std::flush;
    read_line();
}

Console Console::standard() { return {std::cin, std::cout, Style::for_stdout(), isatty(STDIN_FILENO) == 0}; }

std::string Console::read_line() {
    std::string line;
    if (!std::getline(in_, line)) {
        out_ << '\n' << std::flush;  // ends the line of the question that was not answered
        throw EndOfInput{};
    }
    if (echo_) out_ << line << '\n';
    return line;
}

}  // namespace rulesrun::cli
