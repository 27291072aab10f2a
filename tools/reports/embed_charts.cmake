# Writes OUTPUT, a C++ file with the charting library of the HTML reports (Vega and Vega-Lite, from the npm packages
# tools/reports/charts/package-lock.json pins, installed by tools/setup.sh), for chart_library.hpp. Run at build
# time: a report holds the library itself and fetches nothing when it is opened.
set(library "")
foreach(file IN ITEMS vega/build/vega.min.js vega-lite/build/vega-lite.min.js)
  if(NOT EXISTS ${MODULES}/${file})
    message(FATAL_ERROR "${MODULES}/${file} is missing: the reports' charting library is installed by tools/setup.sh "
                        "(cd tools/reports/charts && npm ci)")
  endif()
  file(READ ${MODULES}/${file} content)
  if(content MATCHES "\\)RULESRUN_CHARTS\"" OR content MATCHES "</script")
    message(FATAL_ERROR "${file} contains a text that would end the embedded string or the page's script")
  endif()
  string(APPEND library "${content}\n")
endforeach()
# A string literal is split in pieces: compilers limit the length of one.
string(LENGTH "${library}" size)
set(pieces "")
set(start 0)
while(start LESS size)
  string(SUBSTRING "${library}" ${start} 60000 piece)
  string(APPEND pieces "    R\"RULESRUN_CHARTS(${piece})RULESRUN_CHARTS\",\n")
  math(EXPR start "${start} + 60000")
endwhile()
file(WRITE ${OUTPUT}.new "// Written by tools/reports/embed_charts.cmake from the npm packages vega and vega-lite: do not edit.
#include \"chart_library.hpp\"

#include <string>

namespace rulesrun::cli {

const std::string& chart_library() {
    static const char* const pieces[] = {
${pieces}    };
    static const std::string library = [] {
        std::string all;
        for (const char* piece : pieces) all += piece;
        return all;
    }();
    return library;
}

}  // namespace rulesrun::cli
")
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
