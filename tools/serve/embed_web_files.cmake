# Writes OUTPUT, a C++ file with the content of every file in WEB_DIR, for web_files.hpp. Run at build time, so a
# changed page is in the next build.
file(GLOB files RELATIVE ${WEB_DIR} ${WEB_DIR}/*)
list(SORT files)
set(entries "")
foreach(name IN LISTS files)
  file(READ ${WEB_DIR}/${name} content)
  if(content MATCHES "\\)RULESRUN_WEB\"")
    message(FATAL_ERROR "${name} contains the text that ends the embedded string")
  endif()
  get_filename_component(extension ${name} LAST_EXT)
  set(type "text/plain; charset=utf-8")
  if(extension STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(extension STREQUAL ".js")
    set(type "text/javascript; charset=utf-8")
  elseif(extension STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  elseif(extension STREQUAL ".svg")
    set(type "image/svg+xml")
  endif()
  string(APPEND entries "    {\"/${name}\", {R\"RULESRUN_WEB(${content})RULESRUN_WEB\", \"${type}\"}},\n")
endforeach()
file(WRITE ${OUTPUT}.new "// Written by tools/serve/embed_web_files.cmake from tools/web/: do not edit.
#include \"web_files.hpp\"

#include <map>
#include <string_view>

namespace rulesrun::serve {

std::optional<WebFile> web_file(std::string_view path) {
    static const std::map<std::string_view, WebFile> files = {
${entries}    };
    if (path == \"/\") path = \"/lobby.html\";
    if (path == \"/table\") path = \"/table.html\";
    if (path == \"/tables\") path = \"/tables.html\";
    const auto found = files.find(path);
    if (found == files.end()) return std::nullopt;
    return found->second;
}

}  // namespace rulesrun::serve
")
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
