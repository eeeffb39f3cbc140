#include "app/pgn_import.h"

#include "engine/core/position.h"
#include "engine/core/rules.h"
#include "match/game_record.h"
#include "referee/move_replay.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

namespace {

std::string describe(const match::PgnGame& game) {
    const std::string* round = game.tag("Round");
    return "game of round " + (round ? *round : std::string("?"));
}

std::nullopt_t refuse(const match::PgnGame& game, const std::string& why, std::string* error) {
    *error = describe(game) + ": " + why;
    return std::nullopt;
}

}  // namespace

std::optional<data::GameRecord> record_from_pgn(const match::PgnGame& game, bool* skipped,
                                                std::string* error) {
    *skipped = false;
    const std::string* variant = game.tag("Variant");
    if (!variant || *variant != Variant::name)
        return refuse(game,
                      "Variant tag is '" + (variant ? *variant : std::string("(none)")) +
                          "', not " + std::string(Variant::name),
                      error);
    const std::string* result_tag = game.tag("Result");
    const std::string result = result_tag ? *result_tag : game.result;
    if (result == "*" && game.result == "*") {
        *skipped = true;
        return std::nullopt;
    }
    const std::optional<match::Outcome> outcome = match::parse_outcome(result);
    if (!outcome || *outcome == match::Outcome::Unfinished || result != game.result)
        return refuse(game, "result '" + result + "' (marker '" + game.result + "')", error);
    const std::optional<Color> winner =
        *outcome == match::Outcome::Draw
            ? std::nullopt
            : std::optional<Color>(*outcome == match::Outcome::WhiteWins ? WHITE : BLACK);
    if (!winner && !Variant::draws) return refuse(game, "a draw, which this game has not", error);

    data::GameRecord record;
    const std::string* fen = game.tag("FEN");
    std::string why;
    const auto replayed = referee::replay_moves(fen, game.moves, game.moves.size(), &why);
    if (!replayed) return refuse(game, why, error);
    if (fen && !data::is_standard_start(replayed->start.fen()))
        record.start_fen = replayed->start.fen();
    for (const Move move : replayed->moves) record.plies.push_back(data::PlyRecord{move, move, 0});
    const Position* pos = &replayed->end;

    // A game the rules ended is stored as played out; any other finished
    // game as adjudicated with the PGN's result.
    const GameResult end = game_result(*pos);
    record.winner = winner;
    if (end.over()) {
        if (end.winner != winner)
            return refuse(game, "result '" + result + "' contradicts the final position's", error);
        record.termination = end.termination;
    } else {
        record.adjudicated = true;
    }
    if (!data::result_possible(record.termination, record.winner))
        return refuse(game, "result '" + result + "' is impossible in this game", error);
    return record;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::app
