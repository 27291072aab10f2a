// Who learns what: the readers of `say ... to`, and `show ... to`, which tells some seats (or everyone) a value and
// makes them know where the cards shown are, so that a determinization keeps those cards in place for them.
#include <algorithm>

#include <fmt/format.h>

#include "machine.hpp"

namespace rulesrun::runtime {

// The seats named after `to` (in.e2: a player, or a list of players when in.b is 1), in seat order. False when the
// list is empty: nobody is told (an empty list of readers must never turn into "everyone").
bool Machine::audience(const Instr& in, std::vector<int>& seats) {
    seats.clear();
    auto add = [&](Value seat) {
        if (seat < 0 || seat >= in_.players) fail(in.loc, "cannot tell 'none' anything: no player given after 'to'");
        seats.push_back(seat);
        return true;
    };
    if (in.b == 0) {
        add(eval(in.e2));
    } else {
        each_value(in.e2, add);
    }
    std::sort(seats.begin(), seats.end());
    seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
    return !seats.empty();
}

void Machine::say_statement(const Instr& in) {
    if (!s_.keep_messages) return;
    std::vector<int> seats;
    std::string text = text_of(eval(in.e1));
    if (in.e2 >= 0 && !audience(in, seats)) return;
    s_.messages.push_back({std::move(text), std::move(seats), false, where(in.loc)});
}

// The cards a shown value stands for: a card, the cards of a list, or every card of a zone.
template <typename Visit>
void Machine::each_card_shown(Value what, const ValueType& type, Visit&& visit) {
    if (what == none_value) return;
    if (type.kind == ValueKind::card) {
        visit(what);
    } else if (type.kind == ValueKind::zone) {
        const auto z = static_cast<std::size_t>(what);
        for (Value i = 0; i < s_.zone_size[z]; ++i) visit(s_.zone_cards[s_.zone_top(z) + static_cast<std::size_t>(i)]);
    } else if (type.kind == ValueKind::list && type.element >= 0 && p_.type(type.element).kind == ValueKind::card) {
        const auto length = static_cast<std::size_t>(s_.heap[static_cast<std::size_t>(what)]);
        for (std::size_t i = 0; i < length; ++i) {
            const Value card = s_.heap[static_cast<std::size_t>(what) + 1 + i];
            if (card != none_value) visit(card);
        }
    }
}

void Machine::show_statement(const Instr& in) {
    const Value what = eval(in.e1);
    const ValueType& type = p_.type(in.a);
    const bool everyone = in.e2 < 0;
    std::vector<int> seats;
    if (!everyone && !audience(in, seats)) return;
    SeatMask seers = everyone ? in_.all_seats : 0;
    for (const int seat : seats) seers |= seat_bit(seat);
    if (type.kind == ValueKind::zone && what == none_value) fail(in.loc, "cannot show 'none': no zone given");
    each_card_shown(what, type, [&](Value card) { learn_card(card, seers); });
    if (everyone && type.kind == ValueKind::zone) s_.zone_face_up[static_cast<std::size_t>(what)] = 1;
    if (s_.keep_messages) {
        const std::string shown = shown_text(what, in.a, in.loc);
        s_.messages.push_back({everyone ? fmt::format("Shown to everyone: {}", shown) : fmt::format("You see {}", shown),
                               std::move(seats), true, where(in.loc)});
    }
}

// `tell PLAYERS whether CONDITION for CARD in CARDS`: for each card told about, the condition is read of it and of
// every card of its type; the audience learns that the card is one of those that give the same answer. The
// condition is read of the told cards even when no knowledge is kept, so that its errors do not depend on that.
void Machine::tell_statement(const Instr& in) {
    const bool everyone = in.e2 < 0;
    std::vector<int> seats;
    if (!everyone && !audience(in, seats)) return;
    SeatMask told = everyone ? in_.all_seats : 0;
    for (const int seat : seats) told |= seat_bit(seat);
    thread_local std::vector<Value> cards;
    cards.clear();
    each_card_shown(eval(in.e1), p_.type(in.c), [&](Value card) { cards.push_back(card); });
    const bool learning = in_.tracks_knowledge && s_.knowledge_kept && told != 0;
    const auto count = static_cast<std::int32_t>(s_.card_zone.size());
    thread_local std::vector<std::uint64_t> may_be;
    for (const Value card : cards) {
        frame_[in.a] = card;
        const Value answer = eval(in.e3);
        if (!learning) continue;
        may_be.assign(static_cast<std::size_t>((count + 63) / 64), 0);
        const std::int32_t type = in_.card_type[static_cast<std::size_t>(card)];
        charge(count, in.loc);
        for (std::int32_t other = 0; other < count; ++other) {
            if (in_.card_type[static_cast<std::size_t>(other)] != type) continue;
            frame_[in.a] = other;
            if (eval(in.e3) == answer) may_be[static_cast<std::size_t>(other / 64)] |= std::uint64_t{1} << (other % 64);
        }
        s_.told.learn(card, told, may_be.data(), count, in_.players);
    }
}

// `seers` now know where `card` is (and its place in a pile): no longer a guess in their determinizations.
void Machine::learn_card(Value card, SeatMask seers) {
    if (!in_.tracks_knowledge || !s_.knowledge_kept) return;
    const auto c = static_cast<std::size_t>(card);
    s_.card_known[c] |= seers;
    CardWindow& window = s_.card_window[c];
    window.seats &= ~seers;
    if (window.seats == 0) window = {};
}

// A zone as its name and cards ("player 2's hand: [Guard, Priest]"); anything else as the view shows it.
std::string Machine::shown_text(Value what, std::int32_t type, const SourceLocation& loc) {
    const ValueType& t = p_.type(type);
    if (t.kind != ValueKind::zone) return show(what, type, loc);
    std::string cards;
    each_card_shown(what, t, [&](Value card) { cards += (cards.empty() ? "" : ", ") + card_name(card); });
    return fmt::format("{}: [{}]", show(what, type, loc), cards);
}

}  // namespace rulesrun::runtime
