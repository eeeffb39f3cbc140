#!/usr/bin/env python3
"""Mates our engine walked into: the lost games of a match PGN in which the
opponent announced a mate ("+M" in its move comment), with our engine's own
score at its last move before the announcement.

With --binary, each position after the announcing move is searched (up to
--nodes) and the nodes our engine needs to see the mate against it are
printed; comparing two builds shows which sees such attacks sooner
(docs/TUNING.md).

With --before, the position before our last move (the one the game says
was already lost) is searched instead, for exactly --nodes, by every
--judge given: our build with one net or another, with the hand-crafted
evaluation, or another UCI engine. Each judge's scores are counted as
ahead (+1.00 or more), level, or behind (-1.00 or less); a judge that
finds such positions lost where our engine thought itself ahead knows
something our search or evaluation does not (docs/LOOP.md). --control N
judges N positions of won games where our engine also thought itself
ahead, to show how often each judge calls a won position lost.

    scripts/missed_mates.py MATCH.pgn --player pantheon [--binary B --nodes N]
    scripts/missed_mates.py MATCH.pgn --player gen-7 --before --nodes 5000 \\
        --judge "net=build/release/pantheon uci | EvalFile=gen-7.nnue" \\
        --judge "hce=build/release/pantheon uci | Use NNUE=false" --control 60
"""
import argparse
import re
import shlex
import subprocess
import sys

from match_pgn import finished_games, points

AHEAD_CP = 100
MATE_CP = 100_000
CONTROL_PLIES_BEFORE_END = 8


def plies(tags, body):
    """(move, mover "w"/"b", score text) for each move of a game."""
    side = tags.get("FEN", "").split()[1] if "FEN" in tags else "w"
    other = "b" if side == "w" else "w"
    for i, (move, comment) in enumerate(re.findall(r"(\S+)\s*\{([^}]*)\}", body)):
        score = comment.strip().split()[0].split("/")[0] if comment.strip() else ""
        yield re.sub(r"^\d+\.+", "", move), side if i % 2 == 0 else other, score


def our_games(path, player, result):
    """(tags, body, our colour) of the games our player "won" or "lost"."""
    wanted = 1.0 if result == "won" else 0.0
    for tags, body in finished_games(path):
        name = tags["White"] if tags["White"].startswith(player) else tags["Black"]
        if points(tags, name) == wanted:
            yield tags, body, "w" if name == tags["White"] else "b"


def announced_mates(path, player):
    """(fen, moves up to the announcing one, our last score) per lost game."""
    for tags, body, ours in our_games(path, player, "lost"):
        moves, our_score = [], None
        for move, mover, score in plies(tags, body):
            moves.append(move)
            if mover == ours:
                our_score = score
            elif score.startswith("+M"):
                yield tags.get("FEN", "startpos"), list(moves), our_score
                break


def ahead_in_won_games(path, player, count):
    """(fen, moves before our move) from won games where we thought ourselves
    ahead, one a game: two thirds of the way through such moves, at least
    CONTROL_PLIES_BEFORE_END plies before the end."""
    rows = []
    for tags, body, ours in our_games(path, player, "won"):
        game = list(plies(tags, body))
        ahead = [i for i, (_, mover, score) in enumerate(game)
                 if mover == ours and thought_ahead(score)
                 and i < len(game) - CONTROL_PLIES_BEFORE_END]
        if ahead:
            ply = ahead[len(ahead) * 2 // 3]
            rows.append((tags.get("FEN", "startpos"), [move for move, _, _ in game[:ply]]))
        if len(rows) == count:
            break
    return rows


def thought_ahead(score):
    return bool(score) and not score.startswith(("-", "+M")) and float(score) >= 1


class Judge:
    """A UCI engine (its command line as a list) with its options."""

    def __init__(self, name, command, options=()):
        self.name, self.command, self.options = name, command, list(options)

    @classmethod
    def parse(cls, spec):
        """From "NAME=COMMAND [| OPTION=VALUE ...]" (--judge)."""
        name, _, rest = spec.partition("=")
        parts = [p.strip() for p in rest.split("|")]
        if not name or not parts[0]:
            raise SystemExit(f"--judge {spec!r}: expected NAME=COMMAND [| OPTION=VALUE ...]")
        return cls(name, shlex.split(parts[0]), [p.split("=", 1) for p in parts[1:] if p])

    def search(self, fen, moves, nodes):
        """Lines of `go nodes` from the position, up to bestmove."""
        position = "position startpos" if fen == "startpos" else f"position fen {fen}"
        setup = "".join(f"setoption name {k} value {v}\n" for k, v in self.options)
        engine = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        engine.stdin.write(f"uci\n{setup}setoption name Hash value 16\nucinewgame\nisready\n"
                           f"{position} moves {' '.join(moves)}\ngo nodes {nodes}\n")
        engine.stdin.flush()
        lines = []
        for line in engine.stdout:
            lines.append(line)
            if line.startswith("bestmove"):
                break
        engine.stdin.write("quit\n")
        engine.stdin.flush()
        engine.wait()
        return lines


def nodes_to_see_mate(judge, fen, moves, limit):
    for line in judge.search(fen, moves, limit):
        if " score mate -" in line:
            return int(re.search(r" nodes (\d+)", line).group(1))
    return None


def final_score_cp(judge, fen, moves, nodes):
    """The last reported score, a mate counted as +-MATE_CP."""
    score = None
    for line in judge.search(fen, moves, nodes):
        found = re.search(r" score (cp|mate) (-?\d+)", line)
        if found:
            value = int(found.group(2))
            score = value if found.group(1) == "cp" else (MATE_CP if value > 0 else -MATE_CP)
    return score


def report_mate_nodes(rows, binary, limit):
    judge = Judge("pantheon", [binary, "uci"])
    seen = [nodes_to_see_mate(judge, f, m, limit) for f, m, _ in rows]
    found = sorted(n for n in seen if n is not None)
    median = found[len(found) // 2] if found else None
    print(f"{binary}: sees the mate in {len(found)} of {len(rows)} within "
          f"{limit} nodes, median {median} nodes")
    print(" ".join("-" if n is None else str(n) for n in seen))


def report_verdicts(title, positions, judges, nodes):
    """Each judge's verdict on each (fen, moves) position."""
    print(f"{len(positions)} {title}, {nodes} nodes each")
    for judge in judges:
        scores = [final_score_cp(judge, f, m, nodes) for f, m in positions]
        ahead = sum(1 for s in scores if s is not None and s >= AHEAD_CP)
        behind = sum(1 for s in scores if s is not None and s <= -AHEAD_CP)
        print(f"{judge.name}: ahead {ahead}, level {len(scores) - ahead - behind}, "
              f"behind {behind} (mated {sum(1 for s in scores if s == -MATE_CP)})")
        print("  " + " ".join("?" if s is None else str(s) for s in scores))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--player", required=True, help="our engine's name (prefix)")
    parser.add_argument("--binary", help="search each position with this pantheon build")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--before", action="store_true",
                        help="judge the position before our last move (with --judge)")
    parser.add_argument("--all", action="store_true",
                        help="with --before: every lost game, not only those we thought ahead in")
    parser.add_argument("--control", type=int, default=0, metavar="N",
                        help="also judge N positions of won games where we thought ourselves ahead")
    parser.add_argument("--judge", action="append", default=[],
                        help='"NAME=COMMAND [| OPTION=VALUE ...]" (repeatable)')
    args = parser.parse_args()
    if (args.before or args.control) and not args.judge:
        parser.error("--before and --control need at least one --judge")
    judges = [Judge.parse(spec) for spec in args.judge]
    rows = list(announced_mates(args.pgn, args.player))
    if not rows:
        print("no lost game with an announced mate")
        return 0
    ahead = sum(1 for *_, s in rows if thought_ahead(s))
    print(f"{len(rows)} lost games with an announced mate; our engine thought itself "
          f"ahead (+1.00 or more) at its last move before it in {ahead}")
    if args.binary:
        report_mate_nodes(rows, args.binary, args.nodes)
    if args.before:
        chosen = rows if args.all else [r for r in rows if thought_ahead(r[2])]
        report_verdicts("positions before our last move", [(f, m[:-2]) for f, m, _ in chosen],
                        judges, args.nodes)
    if args.control:
        report_verdicts("positions of won games where we thought ourselves ahead (control)",
                        ahead_in_won_games(args.pgn, args.player, args.control), judges,
                        args.nodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
