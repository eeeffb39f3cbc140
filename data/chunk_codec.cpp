#include "data/chunk_codec.h"

#include "data/game_replay.h"
#include "engine/core/notation.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace {

using namespace codec;

std::string ply_context(size_t i, const Position& pos) {
    return "ply " + std::to_string(i + 1) + " (" + pos.fen() + ")";
}

// One game's bytes, a scratch stream for each of the chunk's streams.
struct GameStreams {
    std::vector<uint8_t> bytes[STREAM_NB];
    ByteWriter header{bytes[GAMES]}, sources{bytes[SOURCES]}, flags{bytes[PLY_FLAGS]},
        bests{bytes[BEST_MOVES]}, scores_low{bytes[SCORES_LOW]}, scores_high{bytes[SCORES_HIGH]};
    ByteWriter board_targets{bytes[BOARD_TARGETS]}, drop_targets{bytes[DROP_TARGETS]};
    int prev_score = 0;  // the last ply's score, which predicts the next one's
};

// Why the recorded result cannot be written ("" if it can).
std::string impossible_result(const GameRecord& game) {
    if (game.termination != Termination::None && game.adjudicated)
        return "a game cannot both end by the rules and be adjudicated";
    if (uint8_t(game.termination) > termination_max(WRITTEN_VERSION)) return "unknown termination";
    if (!result_possible(game.termination, game.winner))
        return std::string(game.winner ? "a win" : "a draw") +
               (game.termination == Termination::None
                    ? std::string()
                    : " by " + std::string(termination_name(game.termination))) +
               " is impossible in " + std::string(Variant::name);
    return "";
}

// The game's flags, its ply count and, unless it is the standard one, its
// start position `start`.
std::string encode_game_header(const GameRecord& game, const Position& start, ByteWriter& header) {
    const bool standard = is_standard_start(game.start_fen);
    uint8_t game_flags = uint8_t(game.termination);
    if (game.adjudicated) game_flags |= GAME_ADJUDICATED;
    if (!game.winner) game_flags |= GAME_DRAWN;
    if (game.winner == BLACK) game_flags |= GAME_BLACK_WON;
    if (!standard) game_flags |= GAME_CUSTOM_START;
    header.u8(game_flags);
    header.varint(game.plies.size());
    if (standard) return "";
    // The compact form must give back exactly this position (FEN, so also
    // castling rights and en passant squares).
    std::vector<uint8_t> compact;
    ByteWriter start_out(compact);
    write_compact_position(start, start_out);
    ByteReader start_in(compact);
    std::string why;
    const auto back = read_compact_position(start_in, &why);
    if (!back || back->fen() != start.fen())
        return "start position " + start.fen() + " has no exact compact form" +
               (back ? "" : ": " + why);
    header.bytes(compact);
    return "";
}

// Ply `i` of a game, played from `pos` (whose legal moves are put in
// `legal`): its moves' codes, flags and score.
std::string encode_ply(const PlyRecord& ply, size_t i, const Position& pos, MoveList& legal,
                       GameStreams& out) {
    legal.clear();
    generate_legal(pos, legal);
    if (!legal.contains(ply.played))
        return ply_context(i, pos) + ": played move " + move_to_string(ply.played) +
               " is not legal";
    if (const char* broken = repetition_violation(pos, ply.played))
        return ply_context(i, pos) + ": played move " + move_to_string(ply.played) + " " + broken;
    const MoveCode code = encode_move(pos, ply.played);
    // The code must name the move again; a mismatch would mean the coding's
    // promotion rule and the core disagree.
    if (decode_move(pos, code.source, code.target, code.promotes_by_choice) != ply.played)
        return ply_context(i, pos) + ": move " + move_to_string(ply.played) +
               " has no code in this format version";
    out.sources.u8(code.source);
    (code.drop ? out.drop_targets : out.board_targets).u8(code.target);
    uint8_t f = ply.excluded ? PLY_EXCLUDED : 0;
    if (code.promotes_by_choice) f |= PLY_PLAYED_PROMOTES;
    if (!ply.best) {
        f |= PLY_BEST_NONE;
    } else if (ply.best != ply.played) {
        if (!legal.contains(ply.best))
            return ply_context(i, pos) + ": best move " + move_to_string(ply.best) +
                   " is not legal";
        const MoveCode best = encode_move(pos, ply.best);
        f |= PLY_BEST_DIFFERS;
        if (best.promotes_by_choice) f |= PLY_BEST_PROMOTES;
        out.bests.u8(best.source);
        out.bests.u8(best.target);
    }
    out.flags.u8(f);
    if (ply.score < -SCORE_LIMIT || ply.score > SCORE_LIMIT)
        return ply_context(i, pos) + ": score " + std::to_string(ply.score) + " outside +-" +
               std::to_string(SCORE_LIMIT);
    // Scores alternate views, so the next one is predicted as minus the last.
    // Low byte and the rest apart: the rest is nearly always 0.
    const uint64_t residual = zigzag_encode(int64_t(ply.score) + out.prev_score);
    out.scores_low.u8(uint8_t(residual));
    out.scores_high.varint(residual >> 8);
    out.prev_score = ply.score;
    return "";
}

// Why the recorded end does not fit the game's final position ("" if it does).
std::string contradicted_end(const GameRecord& game, const Position& final_position) {
    const GameResult end = game_result(final_position);
    if (game.termination != Termination::None &&
        (end.termination != game.termination || end.winner != game.winner))
        return "recorded end (" + std::string(termination_name(game.termination)) +
               ") does not match the final position " + final_position.fen();
    if (game.adjudicated && end.over())
        return "adjudicated game is already over by the rules at " + final_position.fen();
    return "";
}

}  // namespace

bool ChunkEncoder::add(const GameRecord& game, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    std::string why = impossible_result(game);
    if (!why.empty()) return fail(why);
    auto pos = start_position(game, &why);
    if (!pos) return fail(why);

    // Encoded into scratch streams first so a refused game leaves no trace.
    GameStreams scratch;
    if (why = encode_game_header(game, *pos, scratch.header); !why.empty()) return fail(why);
    MoveList legal;
    for (size_t i = 0; i < game.plies.size(); ++i) {
        if (why = encode_ply(game.plies[i], i, *pos, legal, scratch); !why.empty())
            return fail(why);
        pos->do_move(game.plies[i].played);
    }
    if (why = contradicted_end(game, *pos); !why.empty()) return fail(why);

    for (int s = 0; s < STREAM_NB; ++s)
        streams_[s].insert(streams_[s].end(), scratch.bytes[s].begin(), scratch.bytes[s].end());
    ++games_count_;
    plies_count_ += uint32_t(game.plies.size());
    return true;
}

size_t ChunkEncoder::raw_size() const {
    size_t n = 32;
    for (const auto& s : streams_) n += s.size();
    return n;
}

std::vector<uint8_t> ChunkEncoder::finish() {
    std::vector<uint8_t> out;
    out.reserve(raw_size());
    ByteWriter w(out);
    w.varint(games_count_);
    w.varint(plies_count_);
    for (const auto& s : streams_) w.varint(s.size());
    for (auto& s : streams_) {
        w.bytes(s);
        s.clear();
    }
    games_count_ = plies_count_ = 0;
    return out;
}

bool ChunkDecoder::open(std::span<const uint8_t> payload, uint16_t version, std::string* error) {
    version_ = version;
    ByteReader in(payload);
    games_ = in.varint();
    plies_ = in.varint();
    uint64_t sizes[codec::STREAM_NB];
    for (uint64_t& s : sizes) s = in.varint();
    int taken = 0;
    for (; taken < codec::STREAM_NB && !in.failed() && sizes[taken] <= in.remaining(); ++taken)
        streams_[taken] = ByteReader(in.take(sizes[taken]));
    // Every ply takes exactly one byte of the source, flag and low-score
    // streams, and every game at least two of the game stream: counts beyond
    // them are corrupt (and would have readers reserve room for them).
    using namespace codec;
    const bool counts_fit = sizes[SOURCES] == plies_ && sizes[PLY_FLAGS] == plies_ &&
                            sizes[SCORES_LOW] == plies_ && games_ <= sizes[GAMES] / 2;
    if (in.failed() || taken != STREAM_NB || !in.at_end() || !counts_fit) {
        if (error) *error = "malformed chunk layout";
        return false;
    }
    return true;
}

bool ChunkDecoder::read_game_header(GameHeader& header, std::optional<Position>& start,
                                    std::string* error) {
    ByteReader& in = streams_[codec::GAMES];
    const uint8_t f = in.u8();
    const uint64_t plies = in.varint();
    if (in.failed()) {
        *error = "game stream ends early";
        return false;
    }
    if ((f & ~codec::game_known_bits(version_)) ||
        (f & codec::GAME_TERMINATION_MASK) > codec::termination_max(version_) ||
        (f & codec::GAME_DRAWN && f & codec::GAME_BLACK_WON)) {
        *error = "bad game flags";
        return false;
    }
    header.termination = Termination(f & codec::GAME_TERMINATION_MASK);
    header.adjudicated = f & codec::GAME_ADJUDICATED;
    header.winner = f & codec::GAME_DRAWN       ? std::nullopt
                    : f & codec::GAME_BLACK_WON ? std::optional<Color>(BLACK)
                                                : std::optional<Color>(WHITE);
    header.standard_start = !(f & codec::GAME_CUSTOM_START);
    if (header.termination != Termination::None && header.adjudicated) {
        *error = "bad game flags";
        return false;
    }
    if (!result_possible(header.termination, header.winner)) {
        *error = "game result impossible in " + std::string(Variant::name);
        return false;
    }
    if (plies > plies_) {
        *error = "more plies than announced";
        return false;
    }
    header.plies = uint32_t(plies);
    if (header.standard_start)
        start = Position::start();
    else
        start = read_compact_position(in, error);
    return start.has_value();
}

bool ChunkDecoder::check_ply(const Position& pos, const PlyRecord& rec, std::string* error) const {
    if (!is_legal(pos, rec.played)) {
        *error = "played move " + move_to_string(rec.played) + " is not legal in " + pos.fen();
        return false;
    }
    if (rec.best && rec.best != rec.played && !is_legal(pos, rec.best)) {
        *error = "best move " + move_to_string(rec.best) + " is not legal in " + pos.fen();
        return false;
    }
    if (const char* broken = repetition_violation(pos, rec.played)) {
        *error = "played move " + move_to_string(rec.played) + " " + broken;
        return false;
    }
    return true;
}

bool ChunkDecoder::check_end(const GameHeader& header, const Position& pos,
                             std::string* error) const {
    const GameResult end = game_result(pos);
    if (header.termination != Termination::None &&
        (end.termination != header.termination || end.winner != header.winner)) {
        *error = "recorded end (" + std::string(termination_name(header.termination)) +
                 ") does not match the final position " + pos.fen();
        return false;
    }
    if (header.adjudicated && end.over()) {
        *error = "adjudicated game is already over by the rules at " + pos.fen();
        return false;
    }
    return true;
}

bool ChunkDecoder::fail(std::string* error, uint64_t game, const std::string& what) const {
    if (error) *error = "game " + std::to_string(game + 1) + " of the chunk: " + what;
    return false;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
