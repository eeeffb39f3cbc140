// One finished (or interrupted) game as the runner saw it: who played, from
// which position, every move with the engine's own report, and why it ended.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pantheon::match {

enum class Outcome : uint8_t { WhiteWins, BlackWins, Draw, Unfinished };
std::string_view outcome_text(Outcome o);  // "1-0", "0-1", "1/2-1/2", "*"
std::optional<Outcome> parse_outcome(std::string_view text);

// The PGN Termination tag: how the game was decided (details go in `reason`).
enum class EndKind : uint8_t {
    Normal,             // by the rules: checkmate, stalemate, campmate, repetition
    Adjudication,       // resign rule or maximum game length
    TimeForfeit,        // no move within the clock (plus margin)
    IllegalMove,        // a well-formed move that is not legal, or none ("(none)", "0000")
    Disconnect,         // the engine crashed, exited or could not be started
    StalledConnection,  // no move within the untimed-search timeout, no uciok/readyok in time
    ProtocolError,      // garbage: a malformed bestmove, an overlong line, a refused option
    Unterminated,       // interrupted by Ctrl-C (never recorded as a result)
    // An illegal move of one kind, counted apart: a pawn drop that mates,
    // which Pandemonium forbids but outside engines may allow (their
    // rule covers shogi pawns only). Last, so older state files keep their codes.
    IllegalPawnDropMate,
};
std::string_view end_kind_text(EndKind k);
std::optional<EndKind> parse_end_kind(std::string_view text);

// An engine's score as reported with its move.
struct Score {
    bool mate = false;
    int value = 0;  // centipawns, or moves to mate (negative: being mated)
    // Centipawn-like value for thresholds: mate scores are beyond any threshold.
    int as_centipawns() const;
    std::string text() const;  // "+0.35", "-1.20", "+M5", "-M3"
};

struct MoveRecord {
    std::string move;  // UCI text as the engine sent it (checked legal)
    std::optional<Score> score;
    int depth = 0;
    int64_t time_ms = 0;
    // The PGN comment: "{+0.35/6 0.123s}", or "{0.123s}" without a score.
    std::string comment() const;
};

struct GameRecord {
    int64_t pair = 0;          // index of the game pair in the tournament schedule
    int slot = 0;              // 0: the pairing's first player has White; 1: colors swapped
    int white = 0, black = 0;  // player indices
    std::string white_name, black_name;
    std::string opening_fen;  // the position the game started from
    std::vector<MoveRecord> moves;
    Outcome outcome = Outcome::Unfinished;
    EndKind end = EndKind::Unterminated;
    std::string reason;  // human-readable detail: "checkmate", "illegal move e3e9 by White"
    std::string date;    // YYYY.MM.DD
    bool engine_failed_to_start = false;  // the loser never got ready for the game
};

}  // namespace pantheon::match
