#!/usr/bin/env python3
"""The layout's rules (docs/architecture.md), checked on the sources and on the build.

From the sources: every quoted include of interpreter/STAGE/ names a header of its own stage or of an earlier one; the
front ends in tools/ include the interpreter only through its public header (interpreter/rulesrun.hpp) and the
shared basics; no include climbs folders with '..'; header names are unique (they are found by name); every folder of
interpreter/ is a known stage.

From the build (with --compiler and one --stage NAME=DIRS per stage, DIRS the include folders the build gives that
stage, joined by ':'): a header of the stage itself compiles with those folders, and a header of the next stage is
not found, so an include against the flow cannot build.

Usage: layering_test.py SOURCE_DIR [--compiler CXX --stage NAME=DIR:DIR... ...]
Prints every broken rule with its file and line; exit 1 when there is one.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# The interpreter's stages in the order a rules file goes through them; the grammar comes before all of them.
STAGES = ["basics", "check", "compile", "machine", "engine", "view", "agents", "simulation", "audit", "native"]
# Front-end folders and the front-end folders each may use besides the public API.
FRONT_ENDS = {
    "tools/terminal": [],
    "tools/reports": [],
    "tools/serve": [],
    "tools/lsp": [],
    "tools/rulesrun": ["tools/terminal", "tools/reports", "tools/serve", "tools/lsp"],
    "tools/bench": ["tools/serve"],
    "python/bindings": ["tools/terminal", "tools/reports", "tools/serve", "tools/rulesrun"],
}
PUBLIC_HEADER = "rulesrun.hpp"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources_in(folder):
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith((".cpp", ".hpp")))


def includes_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for match in INCLUDE.finditer(text):
        yield text.count("\n", 0, match.start()) + 1, match.group(1)


class Layout:
    def __init__(self, root):
        self.root = root
        self.errors = []
        self.owner = {}  # header name -> the folder (relative to root) that holds it
        for folder in ["grammar", "interpreter"] + [f"interpreter/{s}" for s in STAGES] + list(FRONT_ENDS):
            for path in sources_in(os.path.join(root, folder)):
                name = os.path.basename(path)
                if not name.endswith(".hpp"):
                    continue
                if name in self.owner:
                    self.fail(path, 1, f"header name {name} is also used in {self.owner[name]}/: headers are found "
                                       f"by name, so each name must be unique")
                self.owner[name] = folder

    def fail(self, path, line, message):
        self.errors.append(f"{os.path.relpath(path, self.root)}:{line}: {message}")

    def check_stages(self):
        interpreter = os.path.join(self.root, "interpreter")
        for entry in sorted(os.listdir(interpreter)):
            if os.path.isdir(os.path.join(interpreter, entry)) and entry not in STAGES:
                self.fail(os.path.join(interpreter, entry), 1, "a folder that is not a known stage: add it to the "
                          "stage order in interpreter/CMakeLists.txt, tests/layering_test.py and docs/architecture.md")
        for index, stage in enumerate(STAGES):
            allowed = {"grammar"} | {f"interpreter/{s}" for s in STAGES[: index + 1]}
            for path in sources_in(os.path.join(interpreter, stage)):
                for line, name in includes_of(path):
                    self.check_one(path, line, name, allowed,
                                   f"the {stage} stage may include only its own headers and those of earlier stages "
                                   f"({', '.join(['grammar'] + STAGES[:index + 1])})")

    def check_front_ends(self):
        for folder, uses in FRONT_ENDS.items():
            allowed = {folder, "interpreter", "interpreter/basics", *uses}
            for path in sources_in(os.path.join(self.root, folder)):
                for line, name in includes_of(path):
                    self.check_one(path, line, name, allowed,
                                   f"{folder}/ is a front end: it uses the interpreter only through {PUBLIC_HEADER} "
                                   f"and basics/" + (f", besides {', '.join(uses)}/" if uses else ""))

    def check_one(self, path, line, name, allowed, rule):
        if "/" in name or "\\" in name:
            self.fail(path, line, f'#include "{name}": headers are included by name, without folders')
            return
        owner = self.owner.get(name)
        if owner is None:
            self.fail(path, line, f'#include "{name}": no such header in the project')
        elif owner not in allowed:
            self.fail(path, line, f'#include "{name}" (in {owner}/): {rule}')

    def check_build(self, compiler, stage_dirs):
        """A header of each stage compiles with the stage's include folders; one of the next stage is not found."""
        for index, stage in enumerate(STAGES):
            if stage not in stage_dirs:
                self.errors.append(f"--stage {stage}=... is missing: the build's include folders of every stage are "
                                   f"needed")
                continue
            own = self.first_header(stage)
            self.probe(compiler, stage, stage_dirs[stage], own, expect_found=True)
            if index + 1 < len(STAGES):
                self.probe(compiler, stage, stage_dirs[stage], self.first_header(STAGES[index + 1]),
                           expect_found=False)

    def first_header(self, stage):
        return min(name for name, folder in self.owner.items() if folder == f"interpreter/{stage}")

    def probe(self, compiler, stage, dirs, header, expect_found):
        with tempfile.TemporaryDirectory() as scratch:
            probe = os.path.join(scratch, f"{stage}_probe.cpp")
            with open(probe, "w", encoding="utf-8") as f:
                f.write(f'#include "{header}"\n')
            flags = [f"-I{d}" for d in dirs.split(":") if d]
            run = subprocess.run([compiler, "-std=c++20", "-fsyntax-only", *flags, probe],
                                 capture_output=True, text=True, check=False)
        missing = f"{header}: No such file or directory" in run.stderr
        if expect_found and run.returncode != 0:
            self.errors.append(f"build: {header} of the {stage} stage does not compile with that stage's include "
                               f"folders:\n{run.stderr}")
        elif not expect_found and not missing:
            self.errors.append(f"build: the {stage} stage can include {header} of a later stage: its include folders "
                               f"must hold only its own and earlier stages' headers ({dirs})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source_dir")
    parser.add_argument("--compiler")
    parser.add_argument("--stage", action="append", default=[], metavar="NAME=DIRS")
    args = parser.parse_args()
    layout = Layout(os.path.abspath(args.source_dir))
    layout.check_stages()
    layout.check_front_ends()
    if args.compiler:
        layout.check_build(args.compiler, dict(s.split("=", 1) for s in args.stage))
    for error in layout.errors:
        print(error)
    if layout.errors:
        return 1
    print(f"layering: {len(layout.owner)} headers, {len(STAGES)} stages, front ends {', '.join(FRONT_ENDS)}: all "
          f"includes follow the flow" + (" (build checked)" if args.compiler else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
