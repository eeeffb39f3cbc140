// Who gives a rescored position its verdict (rescore_game.h): our own search
// (SearchJudge), or an outside UCI engine (UciJudge, uci_judge.h) whose
// verdicts bring knowledge from outside the nets' lineage. A judge serves one
// worker, one game at a time, in ply order.
#pragma once

#include <cstdint>
#include <string>

#include "data/game_record.h"
#include "selfplay/worker_search.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

struct Verdict {
    Move best{};
    int16_t score = 0;  // as a record keeps it: side to move's view, mates clamped
};

enum class Judgement {
    Given,     // the verdict is filled in
    Declined,  // no verdict, for a reason of the rules (the judge says which); the ply keeps its
               // own
    Failed,    // no verdict and the run stops: the message says why
};

class PositionJudge {
  public:
    virtual ~PositionJudge() = default;
    // Before every game, so that a game's verdicts depend on it alone.
    virtual bool new_game(const data::GameRecord& game, std::string* error) = 0;
    // The verdict on `pos`, the position before ply `ply` of `game` (it
    // carries the game's history); a message with Failed.
    virtual Judgement judge(const Position& pos, const data::GameRecord& game, int ply,
                            Verdict& verdict, std::string* error) = 0;
};

// The worker's own search with the run's evaluation and limits.
class SearchJudge final : public PositionJudge {
  public:
    SearchJudge(const SearchLimits& limits, const search::EvaluatorFactory& evaluation)
        : search_(limits, evaluation) {}

    bool new_game(const data::GameRecord&, std::string*) override {
        search_.new_game();
        return true;
    }
    Judgement judge(const Position& pos, const data::GameRecord&, int, Verdict& verdict,
                    std::string* error) override {
        const search::Result found = search_.search(pos);
        if (!found.best) {
            if (error)
                *error = "the search found no move in " + pos.fen() + ", where the game played one";
            return Judgement::Failed;
        }
        verdict = {found.best, recorded_score(found)};
        return Judgement::Given;
    }

  private:
    WorkerSearch search_;
};

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
