// `rulesrun lsp`: the language server for editors (tools/lsp/), on standard input and output.
#include <iostream>

#include "commands.hpp"
#include "language_server.hpp"

namespace rulesrun::cli {

int run_lsp(const LspOptions& /*options*/) {
    std::ios::sync_with_stdio(false);
    return lsp::LanguageServer(std::cin, std::cout).run();
}

}  // namespace rulesrun::cli
