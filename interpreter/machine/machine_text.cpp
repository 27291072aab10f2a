// Values as text: `say`, prompts, action names and views. Texts made while running live on the heap, one character
// per value, so that a state stays a set of flat vectors.
#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

Value Machine::make_text(const std::string& text, const SourceLocation& loc) {
    if (text.size() > max_text_bytes) text_too_long(loc);
    const std::int32_t at = allocate(static_cast<std::int32_t>(text.size()), loc);
    for (std::size_t i = 0; i < text.size(); ++i) {
        s_.heap[static_cast<std::size_t>(at) + 1 + i] = static_cast<unsigned char>(text[i]);
    }
    return -(at + 2);
}

// A text's letters where they are: `none` reads "none", a text of the rules file is in the program, a made one on
// the heap (a letter per value). Texts are compared and joined through these, without copying them first.
std::size_t Machine::text_length(Value v) const {
    if (v == none_value) return 4;
    if (v >= 0) return p_.texts[static_cast<std::size_t>(v)].size();
    return static_cast<std::size_t>(s_.heap[static_cast<std::size_t>(-(v + 2))]);
}

unsigned char Machine::text_letter(Value v, std::size_t i) const {
    if (v == none_value) return static_cast<unsigned char>("none"[i]);
    if (v >= 0) return static_cast<unsigned char>(p_.texts[static_cast<std::size_t>(v)][i]);
    return static_cast<unsigned char>(s_.heap[static_cast<std::size_t>(-(v + 2)) + 1 + i]);
}

bool Machine::texts_equal(Value a, Value b) const {
    const std::size_t n = text_length(a);
    if (text_length(b) != n) return false;
    for (std::size_t i = 0; i < n; ++i) {
        if (text_letter(a, i) != text_letter(b, i)) return false;
    }
    return true;
}

// a + b of texts (a game that builds a position's key square by square joins many).
Value Machine::join_texts(Value a, Value b, const SourceLocation& loc) {
    const std::size_t left = text_length(a), n = left + text_length(b);
    if (n > max_text_bytes) text_too_long(loc);
    const auto at = static_cast<std::size_t>(allocate(static_cast<std::int32_t>(n), loc));
    for (std::size_t i = 0; i < left; ++i) s_.heap[at + 1 + i] = text_letter(a, i);
    for (std::size_t i = left; i < n; ++i) s_.heap[at + 1 + i] = text_letter(b, i - left);
    return -static_cast<Value>(at + 2);
}

void Machine::text_too_long(const SourceLocation& loc) const {
    fail(loc, fmt::format("a text longer than {} bytes", max_text_bytes));
}

std::string Machine::text_of(Value v) const {
    if (v == none_value) return "none";
    if (v >= 0) return p_.texts[static_cast<std::size_t>(v)];
    const auto at = static_cast<std::size_t>(-(v + 2));
    std::string text(static_cast<std::size_t>(s_.heap[at]), ' ');
    for (std::size_t i = 0; i < text.size(); ++i) text[i] = static_cast<char>(s_.heap[at + 1 + i]);
    return text;
}

std::string Machine::seat_name(Value seat) const {
    if (seat < 0 || seat >= in_.players) return "nobody";
    if (static_cast<std::size_t>(seat) < p_.seat_names.size()) return p_.seat_names[static_cast<std::size_t>(seat)];
    return fmt::format("player {}", seat + 1);
}

std::string Machine::card_name(Value card) {
    const CardType& ct = p_.card_types[static_cast<std::size_t>(in_.card_type[static_cast<std::size_t>(card)])];
    if (ct.shown_as < 0) return fmt::format("{} {}", ct.name, card + 1);
    return show_with_self(ct.shown_as, card);
}

// Grid spaces are named like chess squares (column letter, row number: c3); ring spaces by position (sky 5).

std::string Machine::space_name(Value space) const {
    const auto s = static_cast<std::size_t>(space);
    const auto b = static_cast<std::size_t>(in_.space_board[s]);
    const Value offset = space - in_.board_first[b];
    if (!p_.boards[b].grid) return fmt::format("{} {}", p_.boards[b].name, offset + 1);
    const Value columns = in_.board_columns[b];
    const Value column = offset % columns;
    const std::string letters = column < 26 ? std::string(1, static_cast<char>('a' + column)) : fmt::format("c{}-", column + 1);
    return fmt::format("{}{}", letters, offset / columns + 1);
}

std::string Machine::fill_template(std::int32_t index) {
    const Template& t = p_.templates[static_cast<std::size_t>(index)];
    std::string out = t.pieces[0];
    for (std::size_t i = 0; i < t.holes.size(); ++i) {
        const std::int32_t hole = t.holes[i];
        const Value v = eval(hole);
        out += show(v, p_.expr(hole).type, p_.expr(hole).loc);
        if (!t.singular[i].empty()) out += ' ' + (v == 1 || v == -1 ? t.singular[i] : t.plural[i]);
        out += t.pieces[i + 1];
    }
    return out;
}

std::string Machine::show(Value v, std::int32_t type, const SourceLocation& loc) {
    if (type < 0) return std::to_string(v);
    const ValueType& t = p_.type(type);
    if (v == none_value && t.kind != ValueKind::text) return "none";
    switch (t.kind) {
        case ValueKind::integer: return std::to_string(v);
        case ValueKind::boolean: return v ? "true" : "false";
        case ValueKind::text: return text_of(v);
        case ValueKind::player: return seat_name(v);
        case ValueKind::enum_value: {
            const auto& values = p_.enums[static_cast<std::size_t>(t.id)].values;
            return v >= 0 && static_cast<std::size_t>(v) < values.size() ? values[static_cast<std::size_t>(v)] : std::to_string(v);
        }
        case ValueKind::card: return card_name(v);
        case ValueKind::record: {
            const RecordType& rt = p_.record_types[static_cast<std::size_t>(t.id)];
            if (rt.shown_as >= 0) return show_with_self(rt.shown_as, v);
            std::string out = "(";
            for (std::size_t i = 0; i < rt.fields.size(); ++i) {
                if (i) out += ", ";
                out += show(s_.heap[static_cast<std::size_t>(v) + 1 + i], rt.fields[i].type);
            }
            return out + ")";
        }
        case ValueKind::space: return space_name(v);
        case ValueKind::die: return p_.dice[static_cast<std::size_t>(v)].name;
        case ValueKind::zone: {
            const auto z = static_cast<std::size_t>(v);
            const std::string& name = p_.zones[static_cast<std::size_t>(in_.zone_decl[z])].name;
            return in_.zone_owner[z] >= 0 ? fmt::format("{}'s {}", seat_name(in_.zone_owner[z]), name) : name;
        }
        case ValueKind::list: {
            std::string out = "[";
            const auto at = static_cast<std::size_t>(v);
            for (Value i = 0; i < s_.heap[at]; ++i) {
                if (i) out += ", ";
                out += show(s_.heap[at + 1 + static_cast<std::size_t>(i)], t.element, loc);
                if (out.size() > max_text_bytes) fail(loc, fmt::format("a text longer than {} bytes", max_text_bytes));
            }
            return out + "]";
        }
        case ValueKind::board: return p_.boards[static_cast<std::size_t>(v)].name;
        case ValueKind::table: return p_.tables[static_cast<std::size_t>(v)].name;
        case ValueKind::none: return "none";
        case ValueKind::nothing: return std::to_string(v);
    }
    return std::to_string(v);
}

// A `shown as` text: its holes read the card's or record's fields from local slot 0.
std::string Machine::show_with_self(std::int32_t template_index, Value self) {
    const std::int32_t saved = base_;
    const std::int32_t base = s_.locals.push(1);
    s_.locals[static_cast<std::size_t>(base)] = self;
    set_frame(base);
    std::string out = fill_template(template_index);
    s_.locals.pop_to(static_cast<std::size_t>(base));
    set_frame(saved);
    return out;
}

}  // namespace rulesrun::runtime
