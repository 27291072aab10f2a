# Writes OUTPUT, a C++ file holding the text of INPUT (docs/language.md): hover shows its lines about built-ins.
file(READ ${INPUT} content)
file(WRITE ${OUTPUT} "// Written by embed_language_docs.cmake from docs/language.md.\n"
                     "namespace rulesrun::lsp {\n"
                     "extern const char* const language_docs;\n"
                     "const char* const language_docs = R\"rulesrun_docs(${content})rulesrun_docs\";\n"
                     "}  // namespace rulesrun::lsp\n")
