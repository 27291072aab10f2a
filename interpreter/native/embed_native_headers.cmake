# Writes OUTPUT, a C++ file with the text of each header in HEADERS (paths separated by '|'), for
# native_headers.hpp. Run at build time, so a changed header is in the next build.
string(REPLACE "|" ";" headers "${HEADERS}")
set(entries "")
foreach(path IN LISTS headers)
  file(READ ${path} content)
  if(content MATCHES "\\)RULESRUN_HEADER\"")
    message(FATAL_ERROR "${path} contains the text that ends the embedded string")
  endif()
  get_filename_component(name ${path} NAME)
  string(APPEND entries "        {\"${name}\", R\"RULESRUN_HEADER(${content})RULESRUN_HEADER\"},\n")
endforeach()
file(WRITE ${OUTPUT}.new "// Written by interpreter/native/embed_native_headers.cmake: do not edit.
#include \"native_headers.hpp\"

namespace rulesrun::runtime {

const std::vector<std::pair<std::string_view, std::string_view>>& native_headers() {
    static const std::vector<std::pair<std::string_view, std::string_view>> headers = {
${entries}    };
    return headers;
}

}  // namespace rulesrun::runtime
")
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
