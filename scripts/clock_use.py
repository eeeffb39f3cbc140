#!/usr/bin/env python3
"""How much of its clock each player of a match used, and the depth it bought.

    clock_use.py MATCH.pgn [BASE_SECONDS INCREMENT_SECONDS]

Reads the comments `pantheon match` writes after each move ({score/depth
TIMEs}) and, per player: games, wins, moves, the mean time a move, the
median share of its budget (base plus increment times its moves) a game
used, and the median and quartiles of the depth it reported on moves
without a mate score (a mate's depth is the engine's own convention, not
a measure of its search). The time control defaults to the games'
TimeControl tag; a match at fixed nodes has none, and its share is "-". An
engine that ends its games with much of its clock left has time to spend;
docs/NETS.md reads these figures beside the matches against
Fairy-Stockfish.
"""
import re
import statistics
import sys

from match_pgn import finished_games, first_mover, points

# {+0.29/11 0.061s}, {-M4/19 0.084s}: the score, the depth, the time; a move
# the engine gave no score for has the time alone ({0.061s}), and still counts
# as a move, so the players' moves keep alternating.
MOVE_COMMENT = re.compile(r'\{(?:[+-]?(M?)[0-9.]+/([0-9]+) )?([0-9]+(?:\.[0-9]+)?)s\}')


def move_times(movetext):
    """One (seconds, depth or None: a mate score or none) per move."""
    return [(float(t), int(depth) if depth and not mate else None)
            for mate, depth, t in MOVE_COMMENT.findall(movetext)]


def time_control(tags, argv):
    """(base, increment) in seconds, or None for a match without a clock."""
    if len(argv) == 4:
        return float(argv[2]), float(argv[3])
    control = tags.get('TimeControl', '')
    if control in ('', '-'):
        return None
    base, _, inc = control.partition('+')
    try:
        return float(base), float(inc or 0)
    except ValueError:
        sys.exit(f'error: TimeControl "{control}" is not BASE+INCREMENT; give them')


def quartiles(values):
    if len(values) < 2:
        return (values[0],) * 3 if values else None
    low, mid, high = statistics.quantiles(values, n=4)
    return low, mid, high


def main(argv):
    if len(argv) not in (2, 4):
        sys.exit(__doc__)
    players = {}
    for tags, movetext in finished_games(argv[1]):
        moves = move_times(movetext)
        clock = time_control(tags, argv)
        white, black = tags['White'], tags['Black']
        first = first_mover(tags)
        second = black if first == white else white
        for name, own in ((first, moves[0::2]), (second, moves[1::2])):
            p = players.setdefault(name, {'games': 0, 'wins': 0, 'moves': 0, 'time': 0.0,
                                          'shares': [], 'depths': []})
            spent = sum(t for t, _ in own)
            p['games'] += 1
            p['wins'] += points(tags, name) == 1.0
            p['moves'] += len(own)
            p['time'] += spent
            p['depths'] += [d for _, d in own if d is not None]
            if clock:
                budget = clock[0] + clock[1] * len(own)
                p['shares'].append(spent / budget if budget else 0)
    if not players:
        sys.exit('error: no finished game with thinking times in ' + argv[1])
    print('player\tgames\twins\tmoves\tseconds_a_move\tmedian_share_of_clock\t'
          'median_depth\tdepth_quartiles')
    for name, p in sorted(players.items()):
        per_move = p['time'] / p['moves'] if p['moves'] else 0
        share = f"{statistics.median(p['shares']):.2f}" if p['shares'] else '-'
        q = quartiles(p['depths'])
        depth = f'{q[1]:g}\t{q[0]:g}-{q[2]:g}' if q else '-\t-'
        print(f"{name}\t{p['games']}\t{p['wins']}\t{p['moves']}\t{per_move:.3f}\t{share}\t{depth}")


if __name__ == '__main__':
    main(sys.argv)
