// Names as players read them. The rules name things with identifiers (`take_sum`, `to_hand`); screens, logs and
// messages show them with spaces ("take sum"). Typing and saved games accept either spelling.
#pragma once

#include <string>
#include <string_view>

namespace rulesrun {

// "take_sum" -> "take sum".
inline std::string spoken_name(std::string_view identifier) {
    std::string spoken(identifier);
    for (char& c : spoken) c = c == '_' ? ' ' : c;
    return spoken;
}

// Whether two names are the same once read aloud ("take_sum" and "take sum").
inline bool same_spoken_name(std::string_view a, std::string_view b) { return spoken_name(a) == spoken_name(b); }

}  // namespace rulesrun
