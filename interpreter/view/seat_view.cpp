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

    // A zone's cards from its top. On a screen, a hand or market (unordered) is in the order of its deck, as a player
    // sorts a hand (Hearts by suit and rank), whatever order the cards came in; facts keep the zone's own order.
    std::vector<Value> zone_cards(std::size_t zone, bool on_screen) const {
        const auto top = s.zone_cards.begin() + static_cast<std::ptrdiff_t>(s.zone_top(zone));
        std::vector<Value> cards(top, top + s.zone_size[zone]);
        if (on_screen && !zone_declaration(zone).ordered) std::sort(cards.begin(), cards.end());
        return cards;
    }

    // "[5 blue, 10 brown]" in facts, "5 blue, 10 brown" on screens.
    std::string cards_of(std::size_t zone, bool on_screen) {
        std::string out;
        for (const Value card : zone_cards(zone, on_screen)) {
            const CardType& t = p.card_types[static_cast<std::size_t>(in.card_type[static_cast<std::size_t>(card)])];
            if (!out.empty()) out += ", ";
            out += t.shown_as >= 0 ? m.show_with_self(t.shown_as, card) : fmt::format("{} {}", t.name, card + 1);
            out += state_of(card, t, on_screen);
        }
        return on_screen ? out : "[" + out + "]";
    }

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

    // A value as players read it: truths as yes and no.
    std::string shown_value(Value v, std::int32_t type) {
        if (type >= 0 && p.type(type).kind == ValueKind::boolean) return v ? "yes" : "no";
        return m.show(v, type);
    }

    // "market: 5 blue, 10 brown", "deck: 45 cards, face down", "hand: 3 cards, secret", "discard: empty".
    std::string zone_line(std::size_t z) {
        const ZoneDecl& d = p.zones[static_cast<std::size_t>(in.zone_decl[z])];
        const std::string name = display_name(d.label, d.name);
        const Value size = s.zone_size[z];
        if (size == 0) return name + ": empty";
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

    std::string board(std::size_t b) {
        const Value first = in.board_first[b], rows = in.board_rows[b], columns = in.board_columns[b];
        std::vector<std::string> cells;
        std::size_t width = 1;
        for (Value i = 0; i < rows * columns; ++i) {
            cells.push_back(cell(first + i));
            width = std::max(width, cells.back().size());
        }
        std::string out = fmt::format("  {}:\n", display_name(p.boards[b].label, p.boards[b].name));
        if (!p.boards[b].grid) return out + ring(b, cells);
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
                out += fmt::format("{:<{}}{}", cells[static_cast<std::size_t>(r * columns + c)], width, mark_of(space));
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

    nlohmann::json fields_json(const std::vector<FieldInfo>& fields, std::size_t base, bool sees_private) {
        auto out = nlohmann::json::array();
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const FieldInfo& f = fields[i];
            if (!on_screen(f)) continue;
            const bool secret = f.is_private && !sees_private;
            out.push_back({{"label", display_name(f.label, f.name)},
                           {"value", secret ? "secret" : shown_value(s.slots[base + i], f.type)},
                           {"secret", secret}});
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
            const CardType& t = p.card_types[static_cast<std::size_t>(in.card_type[static_cast<std::size_t>(card)])];
            std::string state = state_of(card, t, true);
            if (!state.empty()) state = state.substr(2, state.size() - 3);  // " (gems: 3)" -> "gems: 3"
            cards.push_back({{"text", t.shown_as >= 0 ? m.show_with_self(t.shown_as, card) : fmt::format("{} {}", t.name, card + 1)},
                             {"state", state}});
        }
        out["cards"] = std::move(cards);
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
                                    {"pawns", nlohmann::json::array()}});
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

std::string view_text(const Game& game, int viewer, const SpaceMarks& marks) {
    const StateData& state = game.state();
    return inspect(state, [&](Machine& m) {
        ViewBuilder v{m, game.definition().program(), state, *state.instance, viewer, {}, &marks};
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
