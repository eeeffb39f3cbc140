#!/usr/bin/env python3
"""How much of its clock each player of a timed match used.

    clock_use.py MATCH.pgn [BASE_SECONDS INCREMENT_SECONDS]

Reads the thinking times `pantheon match` writes after each move
({score/depth TIMEs}) and, per player: games, wins, moves, the mean time a
move, and the median share of its budget (base plus increment times its
moves) a game used. The time control defaults to the games' TimeControl
tag. An engine that ends its games with much of its clock left has time to
spend; docs/NETS.md reads these figures beside the matches against
Fairy-Stockfish.
"""
import re
import statistics
import sys

TAG = re.compile(r'\[(\w+) "([^"]*)"\]')
MOVE_TIME = re.compile(r'([0-9]+(?:\.[0-9]+)?)s\}')


def games(text):
    for chunk in text.split('[Event ')[1:]:
        tags = dict(TAG.findall(chunk))
        if tags.get('Result', '*') == '*':
            continue
        moves = chunk.split('\n\n', 1)[1] if '\n\n' in chunk else ''
        yield tags, [float(t) for t in MOVE_TIME.findall(moves)]


def time_control(tags, argv):
    if len(argv) == 4:
        return float(argv[2]), float(argv[3])
    base, _, inc = tags.get('TimeControl', '').partition('+')
    try:
        return float(base), float(inc or 0)
    except ValueError:
        sys.exit('error: no TimeControl tag; give BASE_SECONDS INCREMENT_SECONDS')


def main(argv):
    if len(argv) not in (2, 4):
        sys.exit(__doc__)
    try:
        text = open(argv[1], encoding='utf-8').read()
    except OSError as e:
        sys.exit(f'error: {e}')
    players = {}
    for tags, times in games(text):
        base, inc = time_control(tags, argv)
        white, black = tags['White'], tags['Black']
        fen_fields = tags.get('FEN', '').split()
        first = black if len(fen_fields) > 1 and fen_fields[1] == 'b' else white
        second = black if first == white else white
        winner = {'1-0': white, '0-1': black}.get(tags['Result'])
        for name, own in ((first, times[0::2]), (second, times[1::2])):
            p = players.setdefault(name, {'games': 0, 'wins': 0, 'moves': 0, 'time': 0.0,
                                          'shares': []})
            p['games'] += 1
            p['wins'] += winner == name
            p['moves'] += len(own)
            p['time'] += sum(own)
            p['shares'].append(sum(own) / (base + inc * len(own)) if base + inc * len(own) else 0)
    if not players:
        sys.exit('error: no finished game with thinking times in ' + argv[1])
    print('player\tgames\twins\tmoves\tseconds_a_move\tmedian_share_of_clock')
    for name, p in sorted(players.items()):
        per_move = p['time'] / p['moves'] if p['moves'] else 0
        print(f"{name}\t{p['games']}\t{p['wins']}\t{p['moves']}\t{per_move:.3f}\t"
              f"{statistics.median(p['shares']):.2f}")


if __name__ == '__main__':
    main(sys.argv)
