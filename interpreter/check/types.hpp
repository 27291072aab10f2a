// The types of the rules language as the checker sees them.
#pragma once

#include <memory>
#include <string>

namespace rulesrun {

struct Type {
    enum class Base {
        unknown,  // after an error, or not yet known: compatible with everything, so one mistake gives one message
        int_, bool_, text, player,
        enum_,    // id: the enum (options with named values and choice menus get an enum too)
        card,     // id: the card type, or -1 for "any card"
        record,   // id: the record type
        space,    // id: the board, or -1 for "any space"
        board,    // id: the board itself (spaces(board))
        die, zone, list, table, none, nothing  // nothing: the "result" of a procedure call
    };
    Base base = Base::unknown;
    int id = -1;
    bool optional = false;
    std::shared_ptr<const Type> element;  // list: the element type; zone and table: the card or value type

    static Type of(Base b, int id = -1) { return Type{b, id, false, nullptr}; }
    static Type list_of(const Type& element);
    static Type zone_of(const Type& card);
    [[nodiscard]] Type as_optional() const;
    [[nodiscard]] Type as_required() const;
    [[nodiscard]] bool is(Base b) const { return base == b; }
    [[nodiscard]] bool known() const { return base != Base::unknown; }
    // Lists and zones can be iterated; an element of a zone is a card of its card type.
    [[nodiscard]] bool is_sequence() const { return base == Base::list || base == Base::zone; }
    [[nodiscard]] Type element_type() const;
};

// Whether a value of type `from` may be used where `to` is expected. Generous on purpose with unknown types,
// optionals (checked when the game runs) and the general types card, space and zone of the library.
bool assignable(const Type& from, const Type& to);
bool same_type(const Type& a, const Type& b);

}  // namespace rulesrun
