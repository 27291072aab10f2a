#include "types.hpp"

namespace rulesrun {

Type Type::list_of(const Type& element) {
    Type t = of(Base::list);
    t.element = std::make_shared<const Type>(element);
    return t;
}

Type Type::zone_of(const Type& card) {
    Type t = of(Base::zone);
    t.element = std::make_shared<const Type>(card);
    return t;
}

Type Type::as_optional() const {
    Type t = *this;
    t.optional = true;
    return t;
}

Type Type::as_required() const {
    Type t = *this;
    t.optional = false;
    return t;
}

Type Type::element_type() const {
    if (element) return *element;
    if (base == Base::zone) return of(Base::card);
    return of(Base::unknown);
}

bool same_type(const Type& a, const Type& b) {
    if (a.base != b.base || a.id != b.id) return false;
    if (a.base == Type::Base::list) return same_type(a.element_type(), b.element_type());
    return true;
}

bool assignable(const Type& from, const Type& to) {
    using B = Type::Base;
    if (!from.known() || !to.known()) return true;
    if (from.is(B::none)) return to.optional || to.is(B::list);
    if (to.is(B::list)) {
        if (!from.is_sequence()) return false;
        return assignable(from.element_type(), to.element_type());
    }
    if (from.base != to.base) return false;
    switch (to.base) {
        case B::card:
        case B::space:
        case B::zone:
            return to.id < 0 || from.id < 0 || from.id == to.id;
        case B::enum_:
        case B::record:
        case B::board:
            return from.id == to.id;
        default:
            return true;
    }
}

}  // namespace rulesrun
