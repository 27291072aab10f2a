// The page's files (tools/web/), built into the program so that `rulesrun serve` needs nothing beside itself and
// nothing is fetched from elsewhere: tools/CMakeLists.txt writes web_files.cpp from them.
#pragma once

#include <optional>
#include <string_view>

namespace rulesrun::serve {

struct WebFile {
    std::string_view content;
    std::string_view type;  // Content-Type
};

// The file served at `path` ("/" is the lobby, "/table" a table's page, "/tables" the list of this browser's tables), or nothing.
std::optional<WebFile> web_file(std::string_view path);

}  // namespace rulesrun::serve
