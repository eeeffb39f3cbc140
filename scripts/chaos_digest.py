#!/usr/bin/env python3
"""Prints what of a pipeline run must not depend on how often it was killed.

    chaos_digest.py PANTHEON RUN_DIR

One line per artifact, sorted, so that two runs compare with `diff`:
- every data file (self-play and rescored chunks): its SHA-256;
- every net: the hash of its parameters (`pantheon net info --json`), since
  the file's lineage names the build and the date;
- every gate's PGN (or its shards' PGNs): the set of its games, order-free (a
  resumed match may write its games in another order), each without its Date and Generator tags and
  without the moves' thinking times, which are wall-clock figures;
- elo.tsv without its CPU columns (a killed try's CPU is counted on purpose).
"""
import hashlib
import json
import pathlib
import re
import subprocess
import sys


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def pgn_games(text: str):
    # A game is its tag section and its movetext: two paragraphs.
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    games, current = [], []
    for p in paragraphs:
        if p.lstrip().startswith("[") and current:
            games.append("\n".join(current))
            current = []
        current.append(p)
    if current:
        games.append("\n".join(current))
    cleaned = []
    for g in games:
        g = re.sub(r"^\[(Date|Generator) [^\n]*\n?", "", g, flags=re.M)
        g = re.sub(r" [0-9.]+s\}", "}", g)
        cleaned.append(g)
    return sorted(sha(g.encode()) for g in cleaned)


def main() -> None:
    pantheon, run = sys.argv[1], pathlib.Path(sys.argv[2])
    lines = []
    for f in sorted(run.glob("data/*/*.pgd")):
        lines.append(f"data {f.relative_to(run)} {sha(f.read_bytes())}")
    for f in sorted(run.glob("nets/*.nnue")):
        info = json.loads(subprocess.run([pantheon, "net", "info", "--json", str(f)],
                                         check=True, capture_output=True, text=True).stdout)
        lines.append(f"net {f.relative_to(run)} parameters {info['parameters_hash']}")
    # A gate run as an array leaves one PGN per shard (gen-N.pgn.shard-K):
    # its games are the gate's as much as a local gate's one file.
    gates = {}
    for f in sorted(run.glob("matches/*.pgn*")):
        name = re.sub(r"\.shard-[0-9]+$", "", f.name)
        if name.endswith(".pgn"):
            gates.setdefault(name, []).extend(pgn_games(f.read_text()))
    for name, games in sorted(gates.items()):
        lines.append(f"pgn matches/{name} {len(games)} games {' '.join(sorted(games))}")
    elo = run / "elo.tsv"
    if elo.exists():
        rows = elo.read_text().splitlines()
        header = rows[0].split("\t")
        keep = [i for i, name in enumerate(header) if "cpu" not in name]
        for row in rows:
            cells = row.split("\t")
            lines.append("elo " + "\t".join(cells[i] for i in keep if i < len(cells)))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
