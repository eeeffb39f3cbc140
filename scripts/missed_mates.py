#!/usr/bin/env python3
"""Mates our engine walked into: the lost games of a match PGN in which the
opponent announced a mate ("+M" in its move comment), with our engine's own
score at its last move before the announcement. With --binary, each position
after the announcing move is searched (up to --nodes) and the nodes our
engine needs to see the mate against it are printed; comparing two builds
shows which sees such attacks sooner (docs/TUNING.md).

    scripts/missed_mates.py MATCH.pgn --player pantheon [--binary B --nodes N]
"""
import argparse
import re
import subprocess
import sys


def games(path):
    text = open(path, encoding="utf-8").read()
    for game in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        if "Result" in tags and "\n\n" in game:
            yield tags, game.split("\n\n", 1)[1]


def announced_mates(path, player):
    """(fen, moves up to the announcing one, our last score) per lost game."""
    for tags, body in games(path):
        ours_white = tags["White"].startswith(player)
        lost = tags["Result"] == ("0-1" if ours_white else "1-0")
        if not lost:
            continue
        side = tags.get("FEN", "").split()[1] if "FEN" in tags else "w"
        their = "b" if ours_white else "w"
        moves, ours = [], None
        for i, (move, comment) in enumerate(re.findall(r"(\S+)\s*\{([^}]*)\}", body)):
            move = re.sub(r"^\d+\.+", "", move)
            moves.append(move)
            mover = side if i % 2 == 0 else ("b" if side == "w" else "w")
            score = comment.strip().split()[0].split("/")[0] if comment.strip() else ""
            if mover != their:
                ours = score
            elif score.startswith("+M"):
                yield tags.get("FEN", "startpos"), list(moves), ours
                break


def nodes_to_see_mate(binary, fen, moves, limit):
    position = ("position startpos" if fen == "startpos" else f"position fen {fen}")
    commands = (f"uci\nsetoption name Hash value 16\nucinewgame\nisready\n"
                f"{position} moves {' '.join(moves)}\ngo nodes {limit}\n")
    engine = subprocess.Popen([binary, "uci"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    engine.stdin.write(commands)
    engine.stdin.flush()
    seen = None
    for line in engine.stdout:
        if seen is None and " score mate -" in line:
            seen = int(re.search(r" nodes (\d+)", line).group(1))
        if line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--player", required=True, help="our engine's name (prefix)")
    parser.add_argument("--binary", help="search each position with this pantheon build")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    args = parser.parse_args()
    rows = list(announced_mates(args.pgn, args.player))
    if not rows:
        print("no lost game with an announced mate")
        return 0
    ahead = sum(1 for *_, s in rows if s and not s.startswith(("-", "+M")) and float(s) >= 1)
    print(f"{len(rows)} lost games with an announced mate; our engine thought itself "
          f"ahead (+1.00 or more) at its last move before it in {ahead}")
    if args.binary:
        seen = [nodes_to_see_mate(args.binary, f, m, args.nodes) for f, m, _ in rows]
        found = sorted(n for n in seen if n is not None)
        median = found[len(found) // 2] if found else None
        print(f"{args.binary}: sees the mate in {len(found)} of {len(rows)} within "
              f"{args.nodes} nodes, median {median} nodes")
        print(" ".join("-" if n is None else str(n) for n in seen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
