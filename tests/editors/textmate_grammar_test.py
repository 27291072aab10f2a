#!/usr/bin/env python3
"""The VS Code extension's TextMate grammar (tools/editors/vscode/syntaxes/rulesrun.tmLanguage.json) on every rules
file of the project: a small TextMate tokenizer (match rules, one begin/end rule, the earliest match wins, then the
first rule in order) scopes each line, and each comment, text, number and word must get its scope: no token of a seed
game is left uncoloured, and no comment or text is coloured as code.

Usage: textmate_grammar_test.py SOURCE_DIR. Prints each wrong token with its file, line and column; exit 1 if any.
"""
import glob
import json
import os
import re
import sys

TOKEN = re.compile(r'#.*|"(?:\\.|[^"\\\n])*"?|[0-9]+|[A-Za-z_][A-Za-z0-9_]*|==|!=|<=|>=|\+=|-=|\.\.|\S')
PUNCTUATION = set("()[]{},:.")
# Words that are never names (rules_grammar.hpp, `reserved`): always coloured as keywords or constants.
RESERVED = set("and or not in if then else for each while repeat let choose simultaneously move shuffle return break "
               "end say show phase record true false none nobody where".split())


def flatten(grammar, patterns):
    """The rules of a pattern list, includes expanded, in order."""
    rules = []
    for pattern in patterns:
        if "include" in pattern:
            rules += flatten(grammar, [grammar["repository"][pattern["include"][1:]]])
        elif "patterns" in pattern and "match" not in pattern and "begin" not in pattern:
            rules += flatten(grammar, pattern["patterns"])
        else:
            rules.append(pattern)
    return rules


def scope_line(grammar, rules, line):
    """The scope of each character of a line ('' where no rule applies)."""
    scopes = [""] * len(line)
    position = 0
    while position < len(line):
        best = None
        for rule in rules:
            match = re.compile(rule.get("match") or rule["begin"]).search(line, position)
            if match and match.end() > match.start() and (best is None or match.start() < best[1].start()):
                best = (rule, match)
        if best is None:
            break
        rule, match = best
        if "begin" in rule:
            end = re.compile(rule["end"]).search(line, match.end())
            stop = end.end() if end else len(line)
            for i in range(match.start(), stop):
                scopes[i] = rule["name"]
            inner = flatten(grammar, rule.get("patterns", []))
            for sub in inner:
                for m in re.finditer(sub["match"], line[match.end():stop]):
                    for i in range(match.end() + m.start(), match.end() + m.end()):
                        scopes[i] = rule["name"] + " " + sub["name"]
            position = max(stop, match.end())
            continue
        for i in range(match.start(), match.end()):
            scopes[i] = rule.get("name", "")
        for group, capture in rule.get("captures", {}).items():
            for i in range(match.start(int(group)), match.end(int(group))):
                scopes[i] = capture["name"]
        position = match.end()
    return scopes


def expected_scope(token):
    if token.startswith("#"):
        return "comment"
    if token.startswith('"'):
        return "string"
    if token[0].isdigit():
        return "constant.numeric"
    return None


def check_file(grammar, rules, path):
    problems = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().split("\n"), 1):
            scopes = scope_line(grammar, rules, line)
            for token in TOKEN.finditer(line):
                text, start = token.group(), token.start()
                if text in PUNCTUATION:
                    continue
                scope = scopes[start]
                wanted = expected_scope(text)
                whole = all(s.split(" ")[0] == scope.split(" ")[0] for s in scopes[start:token.end()])
                if not scope or not whole or (wanted and not scope.startswith(wanted)) or \
                        (not wanted and scope.startswith(("comment", "string"))) or \
                        (text in RESERVED and not scope.startswith(("keyword", "constant"))):
                    problems.append(f"{path}:{number}:{start + 1}: '{text}' scoped '{scope}'")
    return problems


def check_extension(vscode):
    """The extension's manifest names the grammar and the language configuration that are there."""
    with open(os.path.join(vscode, "package.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    language = manifest["contributes"]["languages"][0]
    contributed = manifest["contributes"]["grammars"][0]
    with open(os.path.join(vscode, language["configuration"]), encoding="utf-8") as f:
        json.load(f)
    with open(os.path.join(vscode, contributed["path"]), encoding="utf-8") as f:
        grammar = json.load(f)
    problems = []
    if language["extensions"] != [".rules"] or contributed["language"] != language["id"]:
        problems.append("package.json: the language must be .rules files, and the grammar's")
    if contributed["scopeName"] != grammar["scopeName"]:
        problems.append("package.json: the grammar's scopeName differs from the grammar file's")
    if not os.path.exists(os.path.join(vscode, manifest["main"])):
        problems.append("package.json: main names no file")
    return grammar, problems


def main():
    source = sys.argv[1]
    grammar, problems = check_extension(os.path.join(source, "tools/editors/vscode"))
    rules = flatten(grammar, grammar["patterns"])
    files = sorted(glob.glob(os.path.join(source, "rules", "**", "*.rules"), recursive=True) +
                   glob.glob(os.path.join(source, "stdlib", "*.rules")) +
                   glob.glob(os.path.join(source, "tests", "games", "*.rules")))
    problems += [p for path in files for p in check_file(grammar, rules, path)]
    for problem in problems[:50]:
        print(problem)
    if problems:
        print(f"{len(problems)} token(s) wrongly coloured")
        return 1
    print(f"TextMate grammar: every token of {len(files)} rules files coloured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
