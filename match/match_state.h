// The saved state of a (shard of a) tournament: which games are finished and
// how they ended, and how long the PGN file was after the last of them. It is
// rewritten atomically (util/atomic_file.h) after every finished game,
// so `--resume` and `pantheon match merge` always see a consistent picture;
// on resume the PGN is cut back to the recorded length, dropping a game that
// was written but not yet recorded.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/games.h"
#include "match/game_record.h"
#include "match/schedule.h"
#include "match/sprt.h"
#include "util/atomic_file.h"
#include "util/json.h"
#include "util/text_file.h"

namespace pantheon::match {

using util::Json;
using util::JsonError;

struct FinishedGame {
    int64_t pair = 0;
    int slot = 0;
    int white = 0, black = 0;
    Outcome outcome = Outcome::Draw;
    EndKind end = EndKind::Normal;
    int plies = 0;
};

// Where an SPRT first crossed a bound: the test is decided there. Games
// already running then still finish and are recorded, but cannot undo the
// decision, as in fishtest. Kept with the settings it was reached under: a
// resume with other bounds tests afresh.
struct SprtCrossing {
    SprtSettings settings;
    SprtDecision decision = SprtDecision::Continue;
    int64_t games = 0;  // finished games when it crossed
    double llr = 0;
};

struct MatchState {
    int64_t games_planned() const { return rounds * int64_t(pairings.size()) * games_per_round; }

    std::string fingerprint;
    // Files written before the choice existed: the first game (Mansindam).
    std::string variant{VARIANT_NAMES[0]};
    std::string format;
    std::vector<std::string> players;
    std::vector<Pairing> pairings;
    int64_t rounds = 0;
    int games_per_round = 2;  // 1 or 2 (MatchConfig::games_per_round)
    Shard shard;
    int64_t pgn_bytes = 0;
    std::string stop_reason;  // "", "completed", "sprt: H1 accepted", "interrupted" ...
    std::optional<SprtCrossing> sprt_crossing;
    std::vector<FinishedGame> games;
    // The build that wrote the file (util/build_info.h: build_identity_json()),
    // and the other builds that wrote it before (a state resumed by a different
    // binary), oldest first. Files of earlier versions have neither.
    Json build = Json::object();
    std::vector<Json> earlier_builds;

    Json to_json() const;
    static std::optional<MatchState> from_json(const Json& j, std::string* error);
    // Publishes the state atomically (util/atomic_file.h).
    bool save(const std::string& path, std::string* error) const;
    static std::optional<MatchState> load(const std::string& path, std::string* error);
};

using util::read_text_file;
using util::write_file_atomically;

}  // namespace pantheon::match
