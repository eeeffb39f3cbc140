#!/usr/bin/env python3
"""Two players' matches against the same opponent from the same openings,
compared pair by pair: the score difference per game pair (both colours of
one opening) with its 95% interval, which is much tighter than the
difference of the two matches' own intervals.

    scripts/paired_anchor.py A.pgn PLAYER_A B.pgn PLAYER_B

Games are paired by their Round tag ("R.G": opening pair R, game G), as
`pantheon match` writes them; only rounds both matches finished count.
"""
import math
import sys

from match_pgn import finished_games, points


def round_scores(path, player):
    """Round -> `player`'s mean points over that round's two games."""
    rounds = {}
    for tags, _ in finished_games(path):
        if "Round" not in tags:
            continue
        if player not in (tags.get("White"), tags.get("Black")):
            sys.exit(f"{path}: {player} plays no game of round {tags['Round']}")
        rounds.setdefault(tags["Round"].split(".")[0], []).append(points(tags, player))
    return {r: sum(p) / len(p) for r, p in rounds.items() if len(p) == 2}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    a = round_scores(sys.argv[1], sys.argv[2])
    b = round_scores(sys.argv[3], sys.argv[4])
    common = sorted(set(a) & set(b), key=int)
    if len(common) < 2:
        sys.exit("fewer than two rounds in common")
    diffs = [a[r] - b[r] for r in common]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    sa = sum(a[r] for r in common) / n
    sb = sum(b[r] for r in common) / n
    print(f"{n} game pairs in common: {sys.argv[2]} {100 * sa:.1f}%, {sys.argv[4]} {100 * sb:.1f}%; "
          f"paired difference {mean:+.3f} +- {half:.3f} in score")


if __name__ == "__main__":
    main()
