// An outside UCI engine as the judge of rescored positions (`data rescore
// --engine SPEC`): Fairy-Stockfish, say, whose search sees the mating attacks
// our nets walk into (docs/LOOP.md). Each position is sent as the game's
// start and the moves played to it, so the engine sees the history its
// repetition rules need; the engine's centipawns are scaled into ours
// (percent), its mates become mate scores at the same distance.
#pragma once

#include <optional>
#include <string>

#include "match/player.h"
#include "match/uci_engine.h"
#include "referee/game.h"
#include "selfplay/position_judge.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

// The engine as a player spec ("cmd=... option.X=Y"; match/player.h). Its
// search limits come from the rescoring (--nodes, --depth), so a spec that
// sets any is refused. Variant-free.
bool parse_judge_engine(const std::string& spec, match::PlayerConfig& player, std::string* error);

// A UCI score in the data format's terms: centipawns times percent / 100,
// mates at their distance in plies; clamped as every recorded score is.
int16_t judge_score(const match::Score& score, int percent);

class UciJudge final : public PositionJudge {
  public:
    // `player` from parse_judge_engine; `limits`: nodes and depth of each search.
    UciJudge(const match::PlayerConfig& player, const SearchLimits& limits, int score_percent);

    bool new_game(const data::GameRecord& game, std::string* error) override;
    // Declined where the engine's move is a pawn drop that mates where our
    // rules forbid it (Fairy-Stockfish's Pandemonium forbids it for shogi
    // pawns only): its verdict rests on a move the game does not have.
    Judgement judge(const Position& pos, const data::GameRecord& game, int ply, Verdict& verdict,
                    std::string* error) override;

  private:
    match::UciEngine engine_;
    std::string go_line_;
    int score_percent_;
    // The game being judged, played forward to the last judged ply as the
    // plies come in order: the referee's checks (legality, the repetition
    // rule, the pawn-drop mate) are the ones matches apply to a move.
    std::optional<referee::Game> game_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
