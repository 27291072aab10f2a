// What each seat may see: public fields and zones, its own private ones, and only the sizes of the others.
#include "seat_view.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ring_drawing.hpp"
#include "spoken_names.hpp"
#include "state_inspection.hpp"

namespace rulesrun::runtime {

namespace {

// Why a seat does not see a zone's cards, as screens and messages say it.
const char* unseen_word(Visibility visibility) {
    switch (visibility) {
        case Visibility::hidden: return "face down";
        case Visibility::others_: return "seen by the others";
        default: return "secret";
    }
}

// The colours a `coloured by` function may name, and how a terminal draws each (ANSI SGR parameters; the browser's
// style.css has a class for each name).
struct NamedColour {
    std::string_view name;
    std::string_view ansi;
};
constexpr NamedColour palette[] = {
    {"red", "31"},          {"orange", "38;5;208"}, {"yellow", "33"},       {"green", "32"},
    {"blue", "34"},         {"purple", "35"},       {"pink", "38;5;205"},   {"brown", "38;5;130"},
    {"cyan", "36"},         {"grey", "37"},         {"white", "1;97"},      {"black", "30;47"}};

const NamedColour* find_colour(std::string_view name) {
    for (const auto& c : palette) {
        if (c.name == name) return &c;
    }
    return nullptr;
}

// What players call a field or zone: its label, else its name with spaces for '_'.
std::string display_name(const std::string& label, const std::string& name) {
    return label.empty() ? spoken_name(name) : label;
}

struct ViewBuilder {
    Machine& m;
    const Program& p;
    const StateData& s;
    const Instance& in;
    int viewer;
    std::vector<std::string> facts;
    const SpaceMarks* marks = nullptr;  // grid spaces marked on screen (a piece and where it may go)
    bool colour = false;                // screens in colour (a terminal that wants it)

    void state_fields() {
        for (std::size_t i = 0; i < p.state_fields.size(); ++i) {
            const auto slot = static_cast<std::size_t>(p.state_field_base) + i;
            facts.push_back(fmt::format("{} = {}", p.state_fields[i].name, m.show(s.slots[slot], p.state_fields[i].type)));
        }
    }

    void player_fields() {
        for (int seat = 0; seat < in.players; ++seat) {
            for (std::size_t i = 0; i < p.player_fields.size(); ++i) {
                const FieldInfo& f = p.player_fields[i];
                const auto slot = static_cast<std::size_t>(in.player_base + seat * in.player_stride) + i;
                const bool secret = f.is_private && seat != viewer;
                facts.push_back(fmt::format("{}.{} = {}", m.seat_name(seat), f.name,
                                            secret ? std::string("(secret)") : m.show(s.slots[slot], f.type)));
            }
        }
    }

    // A card's `state` fields, which change during the game: " (gems 3)" in facts, " (gems: 3)" on screens (by
    // label; bookkeeping, numbers at 0 and `none` left out, as a card with nothing on it looks on the table).
    std::string state_of(Value card, const CardType& t, bool on_screen) {
        std::string out;
        for (std::size_t i = 0; i < t.fields.size(); ++i) {
            const FieldInfo& f = t.fields[i];
            if (!f.is_state || (on_screen && !this->on_screen(f))) continue;
            const Value v = s.slots[static_cast<std::size_t>(in.card_base[static_cast<std::size_t>(card)]) + i];
            if (on_screen && (v == none_value || (v == 0 && p.type(f.type).kind == ValueKind::integer))) continue;
            out += out.empty() ? "" : ", ";
            out += on_screen ? fmt::format("{}: {}", display_name(f.label, f.name), shown_value(v, f.type))
                             : fmt::format("{} {}", f.name, m.show(v, f.type));
        }
        return out.empty() ? out : " (" + out + ")";
    }

    // A zone's cards from its top. On a screen, a zone `sorted by` a function is in the order of its numbers (ties in
    // the order of the deck); else a hand or market (unordered) is in the order of its deck, as a player sorts a hand
    // (Hearts by suit and rank), whatever order the cards came in; facts keep the zone's own order.
    std::vector<Value> zone_cards(std::size_t zone, bool on_screen) const {
        const auto top = s.zone_cards.begin() + static_cast<std::ptrdiff_t>(s.zone_top(zone));
        std::vector<Value> cards(top, top + s.zone_size[zone]);
        const ZoneDecl& d = zone_declaration(zone);
        if (on_screen && d.sorted_by >= 0) {
            std::vector<std::pair<Value, Value>> keyed;
            for (const Value card : cards) keyed.emplace_back(m.call_value(d.sorted_by, -1, card), card);
            std::sort(keyed.begin(), keyed.end());
            for (std::size_t i = 0; i < cards.size(); ++i) cards[i] = keyed[i].second;
        } else if (on_screen && !d.ordered) {
            std::sort(cards.begin(), cards.end());
        }
        return cards;
    }

    // The name of a colour a `coloured by` function gives for `value`, "" for none; a name outside the palette is the
    // rules' mistake, said as such.
    std::string colour_name(std::int32_t coloured_by, Value value) const {
        if (coloured_by < 0) return "";
        std::string name = m.text_of(m.call_value(coloured_by, -1, value));
        if (name.empty() || find_colour(name)) return name;
        std::string known;
        for (const auto& c : palette) known += fmt::format("{}{}", known.empty() ? "" : ", ", c.name);
        throw RuleError(fmt::format("'coloured by' gave \"{}\", which is not a colour: the colours are {}", name, known));
    }

    // `text` in its colour on a terminal that shows colours, else as it is.
    std::string painted(const std::string& text, const std::string& colour_name) const {
        if (!colour || colour_name.empty()) return text;
        return fmt::format("\x1b[{}m{}\x1b[0m", find_colour(colour_name)->ansi, text);
    }

    const CardType& card_type_of(Value card) const {
        return p.card_types[static_cast<std::size_t>(in.card_type[static_cast<std::size_t>(card)])];
    }

    // A card as its `shown as` writes it, else its type and number.
    std::string card_text(Value card) {
        const CardType& t = card_type_of(card);
        return t.shown_as >= 0 ? m.show_with_self(t.shown_as, card) : fmt::format("{} {}", t.name, card + 1);
    }

    // "[5 blue, 10 brown]" in facts, "5 blue, 10 brown" on screens.
    std::string cards_of(std::size_t zone, bool on_screen) {
        std::string out;
        for (const Value card : zone_cards(zone, on_screen)) {
            const CardType& t = card_type_of(card);
            if (!out.empty()) out += ", ";
            out += on_screen ? painted(card_text(card), colour_name(t.coloured_by, card)) : card_text(card);
            out += state_of(card, t, on_screen);
        }
        return on_screen ? out : "[" + out + "]";
    }

    // Whether a zone is drawn as its top card and its count (a `pile` of two cards or more that the viewer sees).
    bool drawn_as_pile(std::size_t z) const { return zone_declaration(z).pile && s.zone_size[z] > 1; }

    void zones() {
        for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
            const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[z])];
            const int owner = in.zone_owner[z];
            const std::string name = owner >= 0 ? fmt::format("{}.{}", m.seat_name(owner), d.name) : d.name;
            if (zone_visible(z)) {
                facts.push_back(fmt::format("{} = {}", name, cards_of(z, false)));
            } else {
                facts.push_back(fmt::format("{} = {} card{} ({})", name, s.zone_size[z], s.zone_size[z] == 1 ? "" : "s",
                                            unseen_word(d.visibility)));
            }
        }
    }

    // The screen: the table (the game's fields, shared zones, boards), then each player's fields and zones. Fields
    // marked `bookkeeping` are left out; each field and zone goes by its label, else its name with spaces.
    std::string layout() {
        std::string out;
        const std::string table = fields_line(p.state_fields, static_cast<std::size_t>(p.state_field_base), true);
        if (!table.empty()) out += "  " + table + "\n";
        for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
            if (in.zone_owner[z] < 0 && zone_on_screen(z)) out += "  " + zone_line(z) + "\n";
        }
        for (std::size_t b = 0; b < p.boards.size(); ++b) out += board(b);
        for (int seat = 0; seat < in.players; ++seat) {
            const auto base = static_cast<std::size_t>(in.player_base + seat * in.player_stride);
            const std::string fields = fields_line(p.player_fields, base, seat == viewer);
            out += fmt::format("  {}{}{}{}\n", m.seat_name(seat), seat == viewer ? " (you)" : "",
                               fields.empty() ? "" : ": ", fields);
            for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
                if (in.zone_owner[z] == seat && zone_on_screen(z)) out += "    " + zone_line(z) + "\n";
            }
        }
        return out + score_line();
    }

    // "  score: player 1 12, player 2 7" during play, when the score reads nothing secret (the end shows them all).
    std::string score_line() {
        if (p.score < 0 || !p.score_is_public || s.finished) return "";
        std::string line;
        for (int seat = 0; seat < in.players; ++seat) {
            line += fmt::format("{}{} {}", seat ? ", " : "", m.seat_name(seat), m.call_value(p.score, -1, seat));
        }
        return "  score: " + line + "\n";
    }

    // "round: 2, chips: 5": the fields players may read (another seat's private ones read "secret").
    std::string fields_line(const std::vector<FieldInfo>& fields, std::size_t base, bool sees_private) {
        std::string line;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const FieldInfo& f = fields[i];
            if (!on_screen(f)) continue;
            const std::string value = f.is_private && !sees_private ? "secret" : shown_value(s.slots[base + i], f.type);
            line += fmt::format("{}{}: {}", line.empty() ? "" : ", ", display_name(f.label, f.name), value);
        }
        return line;
    }

    // Whether a zone is drawn: not bookkeeping, and its `shown when` holds.
    bool zone_on_screen(std::size_t z) {
        const ZoneDecl& d = zone_declaration(z);
        return !d.bookkeeping && (d.shown_when < 0 || m.eval(d.shown_when) != 0);
    }

    // Whether a field is drawn: not bookkeeping, and its `shown when` holds.
    bool on_screen(const FieldInfo& f) { return !f.bookkeeping && (f.shown_when < 0 || m.eval(f.shown_when) != 0); }

    // A value as players read it: truths as yes and no, lists as words ("3 and 2", "1, 4 and 5"; "none" when empty).
    std::string shown_value(Value v, std::int32_t type) {
        if (type >= 0 && p.type(type).kind == ValueKind::boolean) return v ? "yes" : "no";
        if (type < 0 || p.type(type).kind != ValueKind::list || v < 0) return m.show(v, type);
        const auto at = static_cast<std::size_t>(v);
        const Value n = s.heap[at];
        if (n == 0) return "none";
        std::string out;
        for (Value i = 0; i < n; ++i) {
            out += i == 0 ? "" : (i + 1 == n ? " and " : ", ");
            out += shown_value(s.heap[at + 1 + static_cast<std::size_t>(i)], p.type(type).element);
        }
        return out;
    }

    // "market: 5 blue, 10 brown", "deck: 45 cards, face down", "hand: 3 cards, secret", "discard: empty".
    std::string zone_line(std::size_t z) {
        const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[z])];
        const std::string name = display_name(d.label, d.name);
        const Value size = s.zone_size[z];
        if (size == 0) return name + ": empty";
        if (zone_visible(z) && drawn_as_pile(z)) {
            const Value top = zone_cards(z, true).front();
            const CardType& t = card_type_of(top);
            return fmt::format("{}: {}{} on top, {} cards", name, painted(card_text(top), colour_name(t.coloured_by, top)),
                               state_of(top, t, true), size);
        }
        if (zone_visible(z)) return fmt::format("{}: {}", name, cards_of(z, true));
        return fmt::format("{}: {} card{}, {}", name, size, size == 1 ? "" : "s",
                           unseen_word(d.visibility));
    }

    const ZoneDecl& zone_declaration(std::size_t z) const { return p.zones[static_cast<std::size_t>(in.zone_decl[z])]; }

    bool zone_visible(std::size_t z) const {
        const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[z])];
        // Spectators are not credited with what only the players see: a player could open the spectators' page.
        return d.visibility == Visibility::public_ || (d.visibility == Visibility::private_ && in.zone_owner[z] == viewer) ||
               (d.visibility == Visibility::others_ && viewer >= 0 && in.zone_owner[z] != viewer) || s.zone_face_up[z] != 0;
    }

    // A space in a few characters: the text of the board's `shown as` function, else the values of its fields that
    // are not 0 or none.
    std::string cell(Value space) {
        const auto sp = static_cast<std::size_t>(space);
        const BoardDecl& b = p.boards[static_cast<std::size_t>(in.space_board[sp])];
        if (s.slots[static_cast<std::size_t>(in.space_base[sp]) + b.fields.size()] == 0) return "x";
        if (b.shown_as >= 0) return m.text_of(m.call_value(b.shown_as, -1, space));
        std::string out;
        for (std::size_t i = 0; i < b.fields.size(); ++i) {
            const Value v = s.slots[static_cast<std::size_t>(in.space_base[sp]) + i];
            const ValueKind kind = p.type(b.fields[i].type).kind;
            const bool counts = kind == ValueKind::integer || kind == ValueKind::boolean;
            if (v == none_value || (counts && v == 0)) continue;
            out += (out.empty() ? "" : " ") + m.show(v, b.fields[i].type);
        }
        return out.empty() ? "." : out;
    }

    // The colour of a live space, by its board's `coloured by` function ("" for none).
    std::string cell_colour(Value space) {
        const auto sp = static_cast<std::size_t>(space);
        const BoardDecl& b = p.boards[static_cast<std::size_t>(in.space_board[sp])];
        if (s.slots[static_cast<std::size_t>(in.space_base[sp]) + b.fields.size()] == 0) return "";
        return colour_name(b.coloured_by, space);
    }

    std::string board(std::size_t b) {
        const Value first = in.board_first[b], rows = in.board_rows[b], columns = in.board_columns[b];
        std::vector<std::string> cells, colours;
        std::size_t width = 1;
        for (Value i = 0; i < rows * columns; ++i) {
            cells.push_back(cell(first + i));
            colours.push_back(cell_colour(first + i));
            width = std::max(width, display_width(cells.back()));
        }
        std::string out = fmt::format("  {}:\n", display_name(p.boards[b].label, p.boards[b].name));
        if (!p.boards[b].grid) {
            for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = painted(cells[i], colours[i]);
            return out + ring(b, cells);
        }
        // Row 1 at the bottom, as on a chess board; columns lettered from a. A single row is a track (Backgammon's
        // points): its spaces are numbered from 1, as the rules number them, and it has no row number.
        const bool track = rows == 1;
        if (track) width = std::max(width, fmt::format("{}", columns).size());
        out += "       ";
        for (Value c = 0; c < columns; ++c) {
            out += fmt::format("{:<{}} ", track ? fmt::format("{}", c + 1) : std::string(1, static_cast<char>('a' + c % 26)), width);
        }
        out += "\n";
        for (Value r = rows - 1; r >= 0; --r) {
            out += track ? std::string(7, ' ') : fmt::format("    {:>2} ", r + 1);
            for (Value c = 0; c < columns; ++c) {
                const Value space = first + r * columns + c;
                const auto i = static_cast<std::size_t>(r * columns + c);
                out += painted(cells[i], colours[i]) + std::string(width - display_width(cells[i]), ' ') + mark_of(space);
            }
            out += "\n";
        }
        return out;
    }

    // The character after a grid space: its mark, else a blank.
    char mark_of(Value space) {
        if (!marks) return ' ';
        const std::string name = m.space_name(space);
        for (const auto& [marked, mark] : *marks) {
            if (marked == name) return mark;
        }
        return ' ';
    }

    // A ring's spaces around an ellipse: "5: 5 1 <player 2" is space 5, its fields, and the players whose fields
    // (a pawn) point to it.
    std::string ring(std::size_t b, std::vector<std::string> labels) {
        for (std::size_t i = 0; i < labels.size(); ++i) labels[i] = fmt::format("{}: {}", i + 1, labels[i]);
        for (int seat = 0; seat < in.players; ++seat) {
            for (std::size_t f = 0; f < p.player_fields.size(); ++f) {
                if (p.type(p.player_fields[f].type).kind != ValueKind::space || (p.player_fields[f].is_private && seat != viewer)) continue;
                const Value v = s.slots[static_cast<std::size_t>(in.player_base + seat * in.player_stride) + f];
                if (v == none_value || static_cast<std::size_t>(in.space_board[static_cast<std::size_t>(v)]) != b) continue;
                labels[static_cast<std::size_t>(v - in.board_first[b])] += " <" + m.seat_name(seat);
            }
        }
        return draw_ring(labels, 4);
    }

    // The screen as data, for the browser and programs (docs/protocol.md): the same fields, zones, boards and
    // players as layout(), by the same rules of what is shown.
    nlohmann::json scene() {
        nlohmann::json out{{"fields", fields_json(p.state_fields, static_cast<std::size_t>(p.state_field_base), true)},
                           {"zones", nlohmann::json::array()},
                           {"boards", nlohmann::json::array()},
                           {"players", nlohmann::json::array()},
                           {"score", nullptr}};
        for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
            if (in.zone_owner[z] < 0 && zone_on_screen(z)) out["zones"].push_back(zone_json(z));
        }
        for (std::size_t b = 0; b < p.boards.size(); ++b) out["boards"].push_back(board_json(b));
        for (int seat = 0; seat < in.players; ++seat) {
            const auto base = static_cast<std::size_t>(in.player_base + seat * in.player_stride);
            nlohmann::json player{{"seat", seat},
                                  {"name", m.seat_name(seat)},
                                  {"you", seat == viewer},
                                  {"fields", fields_json(p.player_fields, base, seat == viewer)},
                                  {"zones", nlohmann::json::array()}};
            for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
                if (in.zone_owner[z] == seat && zone_on_screen(z)) player["zones"].push_back(zone_json(z));
            }
            out["players"].push_back(std::move(player));
        }
        // The end shows the score too, as the results do: the page keeps its score line.
        if (p.score >= 0 && (p.score_is_public || s.finished)) {
            out["score"] = nlohmann::json::array();
            for (int seat = 0; seat < in.players; ++seat) out["score"].push_back(m.call_value(p.score, -1, seat));
        }
        return out;
    }

    // A field `shown as dice`: its numbers, one per die.
    nlohmann::json dice_json(Value v, std::int32_t type) {
        auto out = nlohmann::json::array();
        if (p.type(type).kind != ValueKind::list) {
            out.push_back(v);
            return out;
        }
        if (v < 0) return out;
        const auto at = static_cast<std::size_t>(v);
        for (Value i = 0; i < s.heap[at]; ++i) out.push_back(s.heap[at + 1 + static_cast<std::size_t>(i)]);
        return out;
    }

    nlohmann::json fields_json(const std::vector<FieldInfo>& fields, std::size_t base, bool sees_private) {
        auto out = nlohmann::json::array();
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const FieldInfo& f = fields[i];
            if (!on_screen(f)) continue;
            const bool secret = f.is_private && !sees_private;
            out.push_back({{"label", display_name(f.label, f.name)},
                           {"value", secret ? "secret" : shown_value(s.slots[base + i], f.type)},
                           {"secret", secret}});
            if (f.dice && !secret) out.back()["dice"] = dice_json(s.slots[base + i], f.type);
        }
        return out;
    }

    // A zone: its cards when the viewer sees them, else only how many and why not.
    nlohmann::json zone_json(std::size_t z) {
        const ZoneDecl& d = zone_declaration(z);
        const bool visible = zone_visible(z);
        nlohmann::json out{{"label", display_name(d.label, d.name)},
                           {"count", s.zone_size[z]},
                           {"seen", visible ? "open" : unseen_word(d.visibility)}};
        if (!visible) return out;
        auto cards = nlohmann::json::array();
        for (const Value card : zone_cards(z, true)) {
            const CardType& t = card_type_of(card);
            std::string state = state_of(card, t, true);
            if (!state.empty()) state = state.substr(2, state.size() - 3);  // " (gems: 3)" -> "gems: 3"
            cards.push_back({{"text", card_text(card)}, {"state", state}, {"colour", colour_name(t.coloured_by, card)}});
            if (drawn_as_pile(z)) break;  // its top card only
        }
        out["cards"] = std::move(cards);
        out["layout"] = drawn_as_pile(z) ? "pile" : "row";
        return out;
    }

    // A grid's cells row by row from row 1 (the bottom row on screen) and column a; a ring's spaces in order, each
    // with the players whose space fields point to it.
    nlohmann::json board_json(std::size_t b) {
        const Value first = in.board_first[b], rows = in.board_rows[b], columns = in.board_columns[b];
        nlohmann::json out{{"label", display_name(p.boards[b].label, p.boards[b].name)},
                           {"kind", p.boards[b].grid ? "grid" : "ring"},
                           {"rows", rows},
                           {"columns", columns},
                           {"cells", nlohmann::json::array()}};
        for (Value i = 0; i < rows * columns; ++i) {
            const auto sp = static_cast<std::size_t>(first + i);
            const bool alive = s.slots[static_cast<std::size_t>(in.space_base[sp]) + p.boards[b].fields.size()] != 0;
            out["cells"].push_back({{"name", m.space_name(first + i)}, {"text", cell(first + i)}, {"alive", alive},
                                    {"colour", cell_colour(first + i)}, {"pawns", nlohmann::json::array()}});
        }
        if (p.boards[b].grid) return out;
        for (int seat = 0; seat < in.players; ++seat) {
            for (std::size_t f = 0; f < p.player_fields.size(); ++f) {
                if (p.type(p.player_fields[f].type).kind != ValueKind::space || (p.player_fields[f].is_private && seat != viewer)) continue;
                const Value v = s.slots[static_cast<std::size_t>(in.player_base + seat * in.player_stride) + f];
                if (v == none_value || static_cast<std::size_t>(in.space_board[static_cast<std::size_t>(v)]) != b) continue;
                out["cells"][static_cast<std::size_t>(v - first)]["pawns"].push_back(m.seat_name(seat));
            }
        }
        return out;
    }

    void spaces() {
        for (std::size_t sp = 0; sp < in.space_base.size(); ++sp) {
            const BoardDecl& b = p.boards[static_cast<std::size_t>(in.space_board[sp])];
            std::string fields;
            for (std::size_t i = 0; i < b.fields.size(); ++i) {
                if (!fields.empty()) fields += ", ";
                fields += fmt::format("{} = {}", b.fields[i].name,
                                      m.show(s.slots[static_cast<std::size_t>(in.space_base[sp]) + i], b.fields[i].type));
            }
            const bool alive = s.slots[static_cast<std::size_t>(in.space_base[sp]) + b.fields.size()] != 0;
            facts.push_back(fmt::format("{}: {}{}", m.space_name(static_cast<Value>(sp)), fields, alive ? "" : " (gone)"));
        }
    }
};

}  // namespace

std::vector<std::string> view_facts(const Game& game, int viewer) {
    const StateData& state = game.state();
    return inspect(state, [&](Machine& m) {
        ViewBuilder v{m, game.definition().program(), state, *state.instance, viewer, {}};
        v.state_fields();
        v.player_fields();
        v.zones();
        v.spaces();
        return v.facts;
    });
}

nlohmann::json view_json(const Game& game, int viewer) {
    const StateData& state = game.state();
    return inspect(state, [&](Machine& m) {
        ViewBuilder v{m, game.definition().program(), state, *state.instance, viewer, {}};
        return v.scene();
    });
}

std::string view_text(const Game& game, int viewer, const SpaceMarks& marks, bool colour) {
    const StateData& state = game.state();
    return inspect(state, [&](Machine& m) {
        ViewBuilder v{m, game.definition().program(), state, *state.instance, viewer, {}, &marks, colour};
        return v.layout();
    });
}

std::vector<std::string> messages_for(const std::vector<Message>& messages, int viewer) {
    std::vector<std::string> texts;
    for (const Message& m : messages) {
        if (m.readable_by(viewer)) texts.push_back(m.text);
    }
    return texts;
}

bool has_secrets(const Game& game, int viewer) {
    const Program& p = game.definition().program();
    for (const auto& f : p.player_fields) {
        if (f.is_private) return true;
    }
    const Instance& in = *game.state().instance;
    for (std::size_t z = 0; z < in.zone_decl.size(); ++z) {
        const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[z])];
        if (d.visibility == Visibility::private_ && in.zone_owner[z] == viewer) return true;
        if (d.visibility == Visibility::others_ && in.zone_owner[z] != viewer) return true;  // a hand its owner must not see
    }
    return false;
}

}  // namespace rulesrun::runtime
