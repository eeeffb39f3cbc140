// The uncompressed contents of one chunk (docs/DATA_FORMAT.md, "Chunk
// payload"): games as chains of moves (move_code.h) with their labels, split
// into separate byte streams so that zstd sees homogeneous data.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "data/byte_io.h"
#include "data/compact_position.h"
#include "data/disk_codes.h"
#include "data/file_format.h"
#include "data/game_record.h"
#include "data/move_code.h"
#include "engine/core/movegen.h"
#include "engine/core/rules.h"

namespace pantheon::data {
PANTHEON_VARIANT_BEGIN

namespace codec {

// The format version this variant's files are written in: the oldest that
// holds its games (file_format.h). Mansindam stays at version 1.
constexpr uint16_t WRITTEN_VERSION =
    Variant::draws || Variant::castling || Variant::promotion_optional ? format::VERSION_DRAWS
                                                                       : format::VERSION_NO_DRAWS;

// Per-game flags byte.
constexpr uint8_t GAME_TERMINATION_MASK = 0x07;
constexpr uint8_t GAME_ADJUDICATED = 0x08;
constexpr uint8_t GAME_BLACK_WON = 0x10;
constexpr uint8_t GAME_CUSTOM_START = 0x20;
constexpr uint8_t GAME_DRAWN = 0x40;  // version 2: no winner (never with GAME_BLACK_WON)
constexpr uint8_t game_known_bits(uint16_t version) {
    return version >= format::VERSION_DRAWS ? 0x7F : 0x3F;
}
constexpr uint8_t termination_max(uint16_t version) {
    return uint8_t(version >= format::VERSION_DRAWS ? Termination::PerpetualCheck
                                                    : Termination::Repetition);
}

// Per-ply flags byte. The promotion bits are set only where promotion is the
// mover's choice (promotion_is_choice, move_code.h), so never in Mansindam.
constexpr uint8_t PLY_BEST_DIFFERS = 0x01;  // best move's index follows in the best stream
constexpr uint8_t PLY_BEST_NONE = 0x02;     // no best move recorded
constexpr uint8_t PLY_EXCLUDED = 0x04;
constexpr uint8_t PLY_PLAYED_PROMOTES = 0x08;  // the played move takes an optional promotion
constexpr uint8_t PLY_BEST_PROMOTES = 0x10;    // so does the best move (with PLY_BEST_DIFFERS)
// Bits a ply may carry: the promotion bits only where promotion is optional.
constexpr uint8_t PLY_KNOWN_BITS = Variant::promotion_optional ? 0x1F : 0x07;

// The streams of a chunk payload, in storage order.
enum Stream : int {
    GAMES,          // per game: flags, ply count, start position if not standard
    SOURCES,        // per ply: source code of the played move
    BOARD_TARGETS,  // per board move played: target code
    DROP_TARGETS,   // per drop played: target code
    PLY_FLAGS,      // per ply: flags byte
    BEST_MOVES,     // per ply whose best move differs: source and target codes
    SCORES_LOW,     // per ply: low byte of zigzag(score + previous score)
    SCORES_HIGH,    // per ply: varint of zigzag(score + previous score) >> 8
    STREAM_NB
};
static_assert(STREAM_NB == format::PAYLOAD_STREAMS);

}  // namespace codec

// Builds one chunk payload from games. add() replays the game with the rules
// core, so a game with an illegal move (played or best), a repetition-rule violation, an
// out-of-range score or a recorded end the final position contradicts is
// refused (the chunk is left unchanged).
class ChunkEncoder {
  public:
    bool add(const GameRecord& game, std::string* error);
    uint32_t games() const { return games_count_; }
    uint32_t plies() const { return plies_count_; }
    size_t raw_size() const;
    // The payload of the games added so far; the encoder is then empty again.
    std::vector<uint8_t> finish();

  private:
    std::vector<uint8_t> streams_[codec::STREAM_NB];
    uint32_t games_count_ = 0;
    uint32_t plies_count_ = 0;
};

// What a chunk says about one game before its plies.
struct GameHeader {
    Termination termination = Termination::None;
    bool adjudicated = false;
    std::optional<Color> winner = WHITE;  // none: a draw
    bool standard_start = true;
    uint32_t plies = 0;
};

// Decodes a chunk payload, calling the visitor for every game and ply:
//   begin_game(const GameHeader&, const Position& start)
//   ply(const Position& before, const PlyRecord&, int index)
//   end_game(const Position& final_position)
// With check_rules, also verifies what a reader normally trusts the writer
// for: every move legal (the codes only guarantee pseudo-legal moves), the
// repetition rule, and each game's recorded end.
class ChunkDecoder {
  public:
    // Splits the payload into its streams; false if the layout is malformed.
    // `version` is the file's format version (what its game flags may hold).
    bool open(std::span<const uint8_t> payload, uint16_t version, std::string* error);
    uint64_t games() const { return games_; }
    uint64_t plies() const { return plies_; }

    template <class Visitor>
    bool decode(Visitor& visitor, bool check_rules, std::string* error);

  private:
    bool read_game_header(GameHeader& header, std::optional<Position>& start, std::string* error);
    bool check_ply(const Position& pos, const PlyRecord& rec, std::string* error) const;
    bool check_end(const GameHeader& header, const Position& pos, std::string* error) const;
    bool fail(std::string* error, uint64_t game, const std::string& what) const;

    ByteReader streams_[codec::STREAM_NB];
    uint64_t games_ = 0;
    uint64_t plies_ = 0;
    uint16_t version_ = format::VERSION_NO_DRAWS;
};

// ---------------------------------------------------------------------------

template <class Visitor>
bool ChunkDecoder::decode(Visitor& visitor, bool check_rules, std::string* error) {
    using namespace codec;
    ByteReader& sources = streams_[SOURCES];
    ByteReader& flags = streams_[PLY_FLAGS];
    ByteReader& bests = streams_[BEST_MOVES];
    ByteReader& scores_low = streams_[SCORES_LOW];
    ByteReader& scores_high = streams_[SCORES_HIGH];
    uint64_t plies_seen = 0;
    for (uint64_t g = 0; g < games_; ++g) {
        GameHeader header;
        std::optional<Position> pos;
        std::string why;
        if (!read_game_header(header, pos, &why)) return fail(error, g, why);
        if (plies_seen + header.plies > plies_) return fail(error, g, "more plies than announced");
        plies_seen += header.plies;
        visitor.begin_game(header, static_cast<const Position&>(*pos));
        int prev_score = 0;
        for (uint32_t i = 0; i < header.plies; ++i) {
            const auto at_ply = [&](const char* what) {
                return "ply " + std::to_string(i + 1) + ": " + what;
            };
            const uint8_t source = sources.u8();
            ByteReader& targets =
                streams_[source_is_drop(*pos, source) ? DROP_TARGETS : BOARD_TARGETS];
            const uint8_t target = targets.u8();
            const uint8_t f = flags.u8();
            PlyRecord rec;
            rec.played = decode_move(*pos, source, target, f & PLY_PLAYED_PROMOTES);
            rec.best = rec.played;
            if (f & PLY_BEST_DIFFERS) {
                const uint8_t best_source = bests.u8();
                rec.best = decode_move(*pos, best_source, bests.u8(), f & PLY_BEST_PROMOTES);
                if (!rec.best) return fail(error, g, at_ply("bad best-move code"));
            } else if (f & PLY_BEST_NONE) {
                rec.best = Move::none();
            }
            rec.excluded = f & PLY_EXCLUDED;
            const uint8_t low = scores_low.u8();
            // Stored: score + previous score, each within +-SCORE_LIMIT; a
            // wider sum is corrupt (and subtracting from it could overflow).
            const int64_t sum = zigzag_decode(scores_high.varint() << 8 | low);
            if (sources.failed() || targets.failed() || flags.failed() || bests.failed() ||
                scores_low.failed() || scores_high.failed())
                return fail(error, g, at_ply("streams end early"));
            if (!rec.played) return fail(error, g, at_ply("bad move code"));
            if ((f & ~PLY_KNOWN_BITS) || (f & PLY_BEST_DIFFERS && f & PLY_BEST_NONE))
                return fail(error, g, at_ply("bad ply flags"));
            if constexpr (Variant::promotion_optional) {
                if ((f & PLY_PLAYED_PROMOTES && !promotion_is_choice(*pos, rec.played)) ||
                    (f & PLY_BEST_PROMOTES &&
                     !(f & PLY_BEST_DIFFERS && promotion_is_choice(*pos, rec.best))))
                    return fail(error, g, at_ply("bad ply flags"));
            }
            if (sum < -2 * SCORE_LIMIT || sum > 2 * SCORE_LIMIT)
                return fail(error, g, at_ply("score out of range"));
            const int64_t score = sum - prev_score;
            if (score < -SCORE_LIMIT || score > SCORE_LIMIT)
                return fail(error, g, at_ply("score out of range"));
            rec.score = int16_t(score);
            prev_score = int(score);
            if (check_rules && !check_ply(*pos, rec, &why))
                return fail(error, g, "ply " + std::to_string(i + 1) + ": " + why);
            visitor.ply(static_cast<const Position&>(*pos), rec, int(i));
            pos->do_move(rec.played);
        }
        if (check_rules && !check_end(header, *pos, &why)) return fail(error, g, why);
        visitor.end_game(static_cast<const Position&>(*pos));
    }
    if (plies_seen != plies_) return fail(error, games_, "fewer plies than announced");
    for (const ByteReader& s : streams_)
        if (!s.at_end()) return fail(error, games_, "unread bytes at the end of a stream");
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::data
