#!/usr/bin/env python3
"""The documentation's examples, run: README.md and docs/*.md cannot drift from what rulesrun does.

Usage: docs_examples_test.py RULESRUN SOURCE_DIR [PAGE...]

Every fenced block of a page is taken in order:
- ```rules: a whole rules file (it declares `game`) must pass `rulesrun check`; a part of one must appear, line
  after line in the same order, in a rules file of the project (rules/, stdlib/, tests/, docs/examples/), so that a
  snippet cannot say what no game does.
- ```sh: every command is run, in order, in a sandbox of its own per page (a folder with copies of rules/, stdlib/,
  docs/ and tools/, whose tests/, python/ and build/ lead to the project's, and HOME inside it), so files a page
  writes stay there and a later command of the page finds them. `--games N` is cut to a few games; `play` and `replay --step` may end with code 3
  (standard input is empty). A command must exit with 0.
  Game counts (`--games`, or a few games where the command plays many by default), search and solver iterations
  and `--sample` are cut down, so that every command runs in seconds.
- a block after `<!-- docs-test: output -->` is what the command just before it prints: each of its lines must be
  among that command's output lines (times such as "2.02 us" aside), and that command is run as written, with all its
  games. After `<!-- docs-test: output-prefix -->` each line must begin one of them (a wide table cut short).

A comment just before a block changes what is done with it: `<!-- docs-test: skip (why) -->` leaves it out (a
server, a long benchmark); `<!-- docs-test: write PATH -->` also writes a rules block to PATH in the sandbox;
`<!-- docs-test: copy FILE PATH -->` copies a project file into the sandbox before the block; `<!-- docs-test: fails
-->` means every command of the block must exit with 1; `<!-- docs-test: syntax -->` before a rules block that is an
illustration (the language reference's) only asks that it parse, as declarations or as statements. Pages with their own test (docs/house-rules.md,
docs/python.md) are left to it.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

PAGES_WITH_THEIR_OWN_TEST = {"docs/house-rules.md", "docs/python.md"}
# Commands that install or build, or take minutes: what the README's set-up commands and CI already run (the
# benchmarks run briefly in tools/bench/bench_smoke_test.sh).
NOT_RUN_PREFIXES = ("tools/setup.sh", "ctest", "tools/fuzz.sh", "tools/sanitize.sh", "tools/docs_pictures.sh",
                    "build/tools/bench/", "pip ", "python3 -m pip", "sudo ", "apt", "git ")
GAMES_CAP = 10
LADDER_GAMES = 24  # a ladder's games are split between its seatings: a multiple of 2, 4, 6 and 8
COMMAND_TIMEOUT = 300
SANDBOX_COPIES = ("rules", "stdlib", "docs", "tools")  # copied: a command may write there (`rulesrun fmt rules/`)
SANDBOX_LINKS = ("tests", "python")


class Block:
    def __init__(self, page, line, language, text, marker):
        self.page, self.line, self.language, self.text, self.marker = page, line, language, text, marker

    def where(self):
        return f"{self.page}:{self.line}"


def read_blocks(page, text):
    """The fenced blocks of a page, each with the docs-test comment just before it."""
    blocks, lines, i = [], text.split("\n"), 0
    marker = ""
    while i < len(lines):
        line = lines[i]
        found = re.match(r"\s*<!-- docs-test: (.*?) -->\s*$", line)
        if found:
            marker = found.group(1)
        elif line.startswith("```"):
            language, start, body = line[3:].strip(), i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append(Block(page, start, language, "\n".join(body) + "\n", marker))
            marker = ""
        elif line.strip():
            marker = ""
        i += 1
    return blocks


def commands_of(block):
    """The commands of a shell block: continued lines joined, comments and blank lines left out."""
    commands, pending = [], ""
    for line in block.text.split("\n"):
        if block.language != "sh":
            if not line.startswith("$ "):
                continue
            line = line[2:]
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            commands.append(command)
    return commands


def shortened(command):
    """The command with few games: game counts, search iterations and solver iterations cut down."""
    cap = lambda pattern, limit: lambda text: re.sub(pattern, lambda m: m.group(1) + str(min(int(m.group(2)), limit)),
                                                     text)
    games = LADDER_GAMES if command.startswith("build/rulesrun ladder") else GAMES_CAP
    for shorten in (cap(r"(--games )(\d+)", games), cap(r"(--iterations )(\d+)", 100),
                    cap(r"(mcts:iterations=)(\d+)", 50), cap(r"(--sample )(\d+)", 8)):
        command = shorten(command)
    many_games = re.match(r"build/rulesrun (simulate|sweep|tune|ladder|audit)\b", command)
    if many_games and "--games" not in command:
        count = {"audit": 2, "ladder": LADDER_GAMES}.get(many_games.group(1), GAMES_CAP)
        command = re.sub(r"^(build/rulesrun \w+)", r"\1 --games " + str(count), command)
    return command


def project_rules_files(source):
    found = []
    for folder in ("rules", "stdlib", "tests", "docs/examples"):
        for root, _, files in os.walk(os.path.join(source, folder)):
            found += [os.path.join(root, f) for f in files if f.endswith(".rules")]
    return found


def is_part_of(fragment_lines, text):
    """Whether the fragment's lines appear in the text, in order, each as a whole line (indentation kept)."""
    lines = [line.rstrip() for line in text.split("\n")]
    position = 0
    for wanted in fragment_lines:
        while position < len(lines) and lines[position] != wanted:
            position += 1
        if position == len(lines):
            return False
        position += 1
    return True


class PageRun:
    def __init__(self, rulesrun, source, page):
        self.rulesrun, self.source, self.page = rulesrun, source, page
        self.problems, self.ran, self.skipped = [], 0, 0
        self.sandbox = tempfile.mkdtemp(prefix="rulesrun-docs-")
        self.home = os.path.join(self.sandbox, "home")
        os.makedirs(self.home)
        for name in SANDBOX_COPIES:
            shutil.copytree(os.path.join(source, name), os.path.join(self.sandbox, name))
        for name in SANDBOX_LINKS:
            os.symlink(os.path.join(source, name), os.path.join(self.sandbox, name))
        os.symlink(os.path.dirname(os.path.abspath(rulesrun)), os.path.join(self.sandbox, "build"))
        # The native engine's compiled games are kept with the build, so that each is compiled once, not per page.
        native_cache = os.path.join(os.path.dirname(os.path.abspath(rulesrun)), "docs-native-cache")
        self.environment = dict(os.environ, HOME=self.home, NO_COLOR="1", TERM="dumb",
                                RULESRUN_CACHE_DIR=native_cache)
        self.last_output = None

    def fail(self, block, text):
        self.problems.append(f"{block.where()}: {text}")

    def sandbox_path(self, path):
        return os.path.join(self.home, path[2:]) if path.startswith("~/") else os.path.join(self.sandbox, path)

    def check_rules(self, block, rules_files):
        body = block.text
        if block.marker.startswith("syntax"):
            self.check_syntax(block)
        elif re.search(r"^game\s+\"", body, re.M):
            path = os.path.join(self.sandbox, f"block-{block.line}.rules")
            with open(path, "w") as out:
                out.write(body)
            result = subprocess.run([self.rulesrun, "check", path], capture_output=True, text=True, timeout=60)
            if result.returncode != 0:
                self.fail(block, "this rules file does not pass check:\n" + result.stderr)
        else:
            wanted = [line.rstrip() for line in body.split("\n") if line.strip()]
            if not any(is_part_of(wanted, text) for text in rules_files.values()):
                self.fail(block, "this part of a rules file is in no rules file of the project (rules/, stdlib/, "
                                 "tests/, docs/examples/):\n" + body)
        if block.marker.startswith("write "):
            path = self.sandbox_path(block.marker.split(" ", 1)[1].strip())
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as out:
                out.write(body)

    def check_syntax(self, block):
        """An illustration of the reference: it must parse, as declarations or as the statements of a block; `{ ... }`
        stands for a block left out."""
        body = block.text.replace("{ ... }", "{ }")
        errors = ""
        for text in (body, "play {\n" + body + "}\n"):
            result = subprocess.run([self.rulesrun, "fmt", "-"], input=text, capture_output=True, text=True, timeout=60)
            if result.returncode == 0:
                return
            errors = errors or result.stderr
        self.fail(block, "this example does not parse, as declarations or as statements:\n" + errors)

    def run_command(self, block, command, full):
        if re.sub(r"^(\w+=\S*\s+|nice (-n ?-?\d+ )?)*", "", command).startswith(NOT_RUN_PREFIXES):
            self.skipped += 1
            return
        run = command if full else shortened(command)
        started = time.time()
        try:
            result = subprocess.run(["bash", "-c", run], cwd=self.sandbox, env=self.environment, capture_output=True,
                                    text=True, stdin=subprocess.DEVNULL, timeout=COMMAND_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.fail(block, f"'{run}' took over {COMMAND_TIMEOUT} s")
            return
        self.ran += 1
        self.last_output = result.stdout + result.stderr
        if time.time() - started > 5:
            print(f"  {time.time() - started:.0f} s: {run}")
        expected = {1} if block.marker.startswith("fails") else {0}
        if re.search(r"rulesrun (play|replay --step)\b", command):
            expected.add(3)
        if result.returncode not in expected:
            self.fail(block, f"'{run}' exited with {result.returncode} ({time.time() - started:.1f} s):\n"
                             f"{result.stdout[-2000:]}{result.stderr[-2000:]}")

    def check_output(self, block):
        if self.last_output is None:
            self.fail(block, "an output block with no command before it")
            return
        times = re.compile(r"\s*\d+(\.\d+)? ?(us|ms|s)\b")  # with the blanks that align them in a column
        printed = {times.sub(" TIME", line.rstrip()) for line in self.last_output.split("\n")}
        by_prefix = block.marker.startswith("output-prefix")
        for line in block.text.split("\n"):
            wanted = times.sub(" TIME", line.rstrip())
            found = any(p.startswith(wanted) for p in printed) if by_prefix else wanted in printed
            if line.strip() and not found:
                self.fail(block, f"the command before does not print this line:\n{line}\n"
                                 f"it printed:\n{self.last_output[-3000:]}")
                return

    def run(self, blocks, rules_files):
        for index, block in enumerate(blocks):
            if block.marker.startswith("skip"):
                self.skipped += 1
                continue
            if block.marker.startswith("copy "):
                source, target = block.marker.split()[1:3]
                target = self.sandbox_path(target)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(os.path.join(self.source, source), target)
            if block.marker.startswith("output"):
                self.check_output(block)
            elif block.language == "rules":
                self.check_rules(block, rules_files)
            elif block.language == "sh" or block.language in ("", "console"):
                commands = commands_of(block)
                following = blocks[index + 1] if index + 1 < len(blocks) else None
                shows_output = following is not None and following.marker.startswith("output")
                for n, command in enumerate(commands):
                    self.run_command(block, command, full=shows_output and n == len(commands) - 1)

    def close(self):
        shutil.rmtree(self.sandbox, ignore_errors=True)


def main():
    if len(sys.argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    rulesrun, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    pages = sys.argv[3:] or (["README.md"] + sorted(
        os.path.relpath(os.path.join(root, f), source)
        for root, _, files in os.walk(os.path.join(source, "docs")) for f in files if f.endswith(".md")))
    rules_files = {}
    for path in project_rules_files(source):
        with open(path, encoding="utf-8") as f:
            rules_files[path] = f.read()
    problems, started = [], time.time()
    for page in pages:
        if page in PAGES_WITH_THEIR_OWN_TEST:
            continue
        with open(os.path.join(source, page), encoding="utf-8") as f:
            blocks = read_blocks(page, f.read())
        page_started = time.time()
        run = PageRun(rulesrun, source, page)
        try:
            run.run(blocks, rules_files)
        finally:
            run.close()
        print(f"{page}: {len(blocks)} blocks, {run.ran} commands run, {run.skipped} left out, "
              f"{len(run.problems)} problem(s), {time.time() - page_started:.1f} s")
        problems += run.problems
    for problem in problems:
        print("FAIL: " + problem)
    print(f"documentation examples: {len(problems)} problem(s) in {time.time() - started:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
