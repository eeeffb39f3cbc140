"""The games of a PGN `pantheon match` writes, for the scripts that read
matches (clock_use.py, missed_mates.py, paired_anchor.py): one reader, so
that they split games and score results the same way.

Each game is (tags, movetext): the tag pairs as a dict and the text after
the header's blank line ("" for a game with no moves yet).
"""
import re
import sys

TAG = re.compile(r'\[(\w+) "([^"]*)"\]')
POINTS_FOR_WHITE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def read_games(path):
    """Every game of the file, finished or not; an unreadable file exits
    with an error."""
    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"error: {path}: {e}")
    games = []
    for chunk in re.split(r"(?:^|\n)(?=\[Event )", text):
        if not chunk.startswith("[Event "):
            continue
        header, _, movetext = chunk.partition("\n\n")
        games.append((dict(TAG.findall(header)), movetext))
    return games


def finished_games(path):
    """The games with a result (not "*")."""
    return [(tags, moves) for tags, moves in read_games(path) if points(tags) is not None]


def points(tags, player=None):
    """White's points, or `player`'s; None while the game is unfinished."""
    white = POINTS_FOR_WHITE.get(tags.get("Result", "*"))
    if white is None or player is None or tags.get("White") == player:
        return white
    return 1.0 - white


def first_mover(tags):
    """The name of the player who made the game's first move."""
    fen_fields = tags.get("FEN", "").split()
    black_first = len(fen_fields) > 1 and fen_fields[1] == "b"
    return tags["Black"] if black_first else tags["White"]
