#!/usr/bin/env python3
"""The check behind the test build.game_names: a game is its own header plus
its rules, so no source outside the game's own files names a game.

Everything that differs by game is declared in engine/core/games/<game>.h
(or derived from the game's name by the build); code elsewhere reads it
through Variant and the registry (engine/core/games.h), never by writing a
game's name. This check reads the games from the registry and looks for their
names, in any case, in the code and string literals of the product's sources
and build files. Comments may name games. Allowed to: the registry, the
games' headers, the hand-crafted weights files they name
(engine/search/eval_weights*.h), and everything under tests/ but the test
engines (game-specific suites, expected outputs).

    check_game_names.py SOURCE_DIR
"""
import os
import re
import sys

SCANNED_DIRS = ["engine", "app", "match", "selfplay", "trainer", "pipeline", "data", "nnue",
                "tuner", "util", "referee", "cmake", "tests/tools"]
SCANNED_FILES = ["CMakeLists.txt"]
ALLOWED = [re.compile(p) for p in (r"engine/core/games\.h$", r"engine/core/games/[^/]+\.h$",
                                   r"engine/search/eval_weights[^/]*\.h$")]
CPP_SUFFIXES = (".h", ".hpp", ".cpp", ".cc")


def games(source_dir):
    """The games of engine/core/games.h (PANTHEON_FOR_EACH_GAME)."""
    with open(os.path.join(source_dir, "engine/core/games.h"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#define PANTHEON_FOR_EACH_GAME(X)"):
                return re.findall(r"X\(([a-z0-9_]+)\)", line)
    sys.exit("check_game_names: no PANTHEON_FOR_EACH_GAME(X) line in engine/core/games.h")


def past(text, token, start):
    """The index just past the first `token` from `start` (the end: none)."""
    end = text.find(token, start)
    return len(text) if end < 0 else end + len(token)


def line_end(text, start):
    """The index of the line break that ends the line of `start`."""
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def literal_end(text, start, one_line):
    """The index just past the quoted literal that opens at `start`."""
    quote, i = text[start], start + 1
    while i < len(text) and text[i] != quote and not (one_line and text[i] == "\n"):
        i += 2 if text[i] == "\\" else 1
    return i + 1


def cpp_token(text, i):
    """What starts at text[i] in C++: ("comment" or "literal", its end), or None."""
    if text.startswith("//", i):
        return "comment", line_end(text, i)
    if text.startswith("/*", i):
        return "comment", past(text, "*/", i + 2)
    if text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
        open_paren = text.find("(", i + 2)
        return "literal", past(text, ")" + text[i + 2:open_paren] + '"', open_paren)
    # A ' after a letter or digit separates digits (1'000) or ends a prefix.
    if text[i] == '"' or (text[i] == "'" and not (i > 0 and text[i - 1].isalnum())):
        return "literal", literal_end(text, i, one_line=True)
    return None


def cmake_token(text, i):
    """What starts at text[i] in CMake: ("comment" or "literal", its end), or None."""
    if text[i] == "#":
        bracket = re.match(r"#\[(=*)\[", text[i:i + 16])
        if bracket:
            return "comment", past(text, "]" + bracket.group(1) + "]", i)
        return "comment", line_end(text, i)
    if text[i] == '"':
        return "literal", literal_end(text, i, one_line=False)
    return None


LANGUAGES = {"cpp": (cpp_token, re.compile(r"[/\"'R]")),
             "cmake": (cmake_token, re.compile(r"[#\"]"))}


def code(text, language):
    """`text` with its comments blanked (line breaks kept). String literals stay:
    a name in a literal is what the check looks for."""
    token_at, may_start = LANGUAGES[language]
    out, i = [], 0
    while i < len(text):
        found = may_start.search(text, i)
        if not found:
            out.append(text[i:])
            break
        out.append(text[i:found.start()])
        i = found.start()
        token = token_at(text, i)
        if token is None:
            out.append(text[i])
            i += 1
            continue
        kind, end = token
        out.append("\n" * text.count("\n", i, end) if kind == "comment" else text[i:end])
        i = end
    return "".join(out)


def code_of(path):
    """The code of a scanned file (comments blanked), or None for a file that is
    not a source or build file."""
    name = os.path.basename(path)
    if name.endswith(CPP_SUFFIXES):
        language = "cpp"
    elif name == "CMakeLists.txt" or name.endswith(".cmake"):
        language = "cmake"
    else:
        return None
    with open(path, encoding="utf-8") as f:
        return code(f.read(), language)


def scanned_files(source_dir):
    for relative in SCANNED_FILES:
        yield relative
    for top in SCANNED_DIRS:
        for root, dirs, files in os.walk(os.path.join(source_dir, top)):
            dirs.sort()
            for name in sorted(files):
                yield os.path.relpath(os.path.join(root, name), source_dir)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_game_names.py SOURCE_DIR")
    source_dir = sys.argv[1]
    names = games(source_dir)
    pattern = re.compile("|".join(map(re.escape, names)), re.IGNORECASE)
    offences = []
    checked = 0
    for relative in scanned_files(source_dir):
        if any(p.search(relative) for p in ALLOWED):
            continue
        code = code_of(os.path.join(source_dir, relative))
        if code is None:
            continue
        checked += 1
        for number, line in enumerate(code.split("\n"), 1):
            if pattern.search(line):
                offences.append(f"{relative}:{number}: {line.strip()}")
    if offences:
        print(f"{len(offences)} lines outside the games' own files name a game "
              f"({', '.join(names)}); declare what differs by game in "
              "engine/core/games/<game>.h and read it through Variant, or list the games "
              "from engine/core/games.h (docs/ARCHITECTURE.md, \"Adding a game\"):")
        for offence in offences:
            print("  " + offence)
        return 1
    print(f"{checked} source and build files: no game named outside its own files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
