#!/usr/bin/env python3
"""Checks the documentation against the binary.

    doc_commands.py PANTHEON ROOT

1. Runs `PANTHEON --help` and the --help of every subcommand it lists, down to
   the leaves: each must exit 0 and list --config (options can come from a
   TOML file on every command); and each with an option it does not have,
   which must exit with status 2 (README "Exit status").
2. Checks that every repository path the documents name in inline code
   (`data/x.tsv`: a path under one of ROOT's top-level folders) exists.
3. Checks that README.md names every document of ROOT/docs.
4. Finds every `pantheon ...` command line in ROOT/README.md and
   ROOT/docs/*.md (code blocks and inline code) and checks that the
   subcommands it names exist and that each --option it uses is in the help
   of that subcommand. A documented option the binary does not have fails.

Prints one line per problem and `N passed, N failed` (command lines checked);
exits 1 on any problem.
"""
import os
import re
import shlex
import subprocess
import sys

# Options every command has (CLI11 adds --help; main() adds --version).
UNIVERSAL = {"--help", "-h", "--config", "--version"}
# An option no command has.
UNKNOWN_OPTION = "--no-such-option-anywhere"
# A token that stands for "more options here" in prose.
ELLIPSIS = {"...", "…"}


class Help:
    """The parsed --help of one command path."""

    def __init__(self, text):
        self.text = text
        self.options = set(re.findall(r"(?<![\w-])(--[A-Za-z0-9][\w-]*)", text))
        self.subcommands = set()
        in_subs = False
        for line in text.splitlines():
            if line.strip() == "SUBCOMMANDS:" or line.strip().startswith("Subcommands:"):
                in_subs = True
                continue
            if in_subs:
                m = re.match(r"^\s{2,}([a-z][\w-]*)\s", line + " ")
                if m:
                    self.subcommands.add(m.group(1))
                elif line.strip() and not line.startswith(" "):
                    in_subs = False


class Binary:
    def __init__(self, path):
        self.path = path
        self.cache = {}
        self.problems = []

    def help(self, path):
        key = tuple(path)
        if key not in self.cache:
            proc = subprocess.run([self.path, *path, "--help"], capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=60)
            if proc.returncode != 0:
                self.problems.append(f"`pantheon {' '.join(path)} --help` exited with "
                                     f"{proc.returncode}")
            self.cache[key] = Help(proc.stdout)
        return self.cache[key]

    def unknown_option_status(self, path):
        proc = subprocess.run([self.path, *path, UNKNOWN_OPTION], capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=60)
        return proc.returncode

    def walk(self, path=()):
        """Every command path, depth first."""
        yield list(path)
        for sub in sorted(self.help(list(path)).subcommands):
            yield from self.walk((*path, sub))


def command_lines(root):
    """(file, line number, text) of each documented pantheon command line."""
    files = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        in_fence = False
        i = 0
        while i < len(lines):
            line = lines[i]
            number = i + 1
            if line.lstrip().startswith("```"):
                in_fence = not in_fence
                i += 1
                continue
            block = in_fence or line.startswith("    ")
            if block:
                text = line.strip()
                # a command continued over lines with trailing backslashes
                while text.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    text = text[:-1] + " " + lines[i].strip()
                m = re.search(r"(?:^|[\s$(])(?:\S*/)?pantheon(\s.*)?$", text)
                if m and not text.startswith("#"):
                    yield path, number, "pantheon" + (m.group(1) or "")
            else:
                for span in re.findall(r"`([^`]+)`", line):
                    m = re.match(r"^(?:\S*/)?pantheon(\s.*)?$", span.strip())
                    if m:
                        yield path, number, "pantheon" + (m.group(1) or "")
            i += 1


def missing_paths(root):
    """(file, line number, path) of each named repository path that does not exist."""
    tops = {d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))
            and not d.startswith(".") and d not in ("build", "runs")}
    files = [os.path.join(root, "README.md")]
    docs = os.path.join(root, "docs")
    files += sorted(os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md"))
    for path in files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for span in re.findall(r"`([^`\s]+)`", line):
                    span = span.rstrip(".,:;")
                    head = span.split("/", 1)[0]
                    # placeholders (RUN, gen-N, <name>, *) are not paths
                    if head not in tops or re.search(r"[<>*{}$]|[A-Z]{2,}|-N\b", span):
                        continue
                    if not os.path.exists(os.path.join(root, span)):
                        yield path, number, span


def tokens(text):
    text = text.split(" #", 1)[0]  # a trailing shell comment
    try:
        words = shlex.split(text, posix=True)
    except ValueError:
        words = text.split()
    out = []
    for w in words[1:]:
        if w in ("|", "||", "&&", ";") or w.startswith((">", "2>", "<", "|")):
            break
        out.append(w)
    return out


def check_line(binary, words):
    """Problems with one command line (empty when it matches the binary)."""
    path = []
    i = 0
    # `pantheon --config FILE SUB ...`: options of the top level come first.
    while i < len(words) and words[i].startswith("-"):
        if words[i] == "--config":
            i += 1
        i += 1
    while i < len(words):
        w = words[i].strip("[]")
        subs = binary.help(path).subcommands
        if w in subs:
            path.append(w)
            i += 1
            continue
        if re.fullmatch(r"[a-z][a-z0-9-]*", w) and subs and not path and w not in ELLIPSIS:
            return path, [f"no subcommand '{w}'"]
        break
    helptext = binary.help(path)
    problems = []
    for w in words[i:]:
        for option in re.findall(r"(?<![\w-])(--[A-Za-z0-9][\w-]*)", w):
            if option in UNIVERSAL or option in helptext.options:
                continue
            problems.append(f"no option {option} in `pantheon {' '.join(path)} --help`")
    return path, problems


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    binary = Binary(sys.argv[1])
    root = sys.argv[2]
    failed = 0
    passed = 0
    for path in binary.walk():
        text = binary.help(path).text
        if "--config" not in text:
            binary.problems.append(f"`pantheon {' '.join(path)} --help` does not list --config")
        status = binary.unknown_option_status(path)
        if status != 2:
            binary.problems.append(f"`pantheon {' '.join(path)} {UNKNOWN_OPTION}` exited with "
                                   f"{status}, not 2")
    for problem in binary.problems:
        print("FAIL:", problem)
        failed += 1
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    for doc in sorted(os.listdir(os.path.join(root, "docs"))):
        if doc.endswith(".md") and f"docs/{doc}" not in readme:
            print(f"FAIL: README.md does not name docs/{doc}")
            failed += 1
    for file, number, span in missing_paths(root):
        print(f"FAIL: {os.path.relpath(file, root)}:{number}: `{span}` does not exist")
        failed += 1
    for file, number, text in command_lines(root):
        path, problems = check_line(binary, tokens(text))
        rel = os.path.relpath(file, root)
        if problems:
            failed += 1
            for p in problems:
                print(f"FAIL: {rel}:{number}: `{text}`: {p}")
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
