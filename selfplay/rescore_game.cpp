#include "selfplay/rescore_game.h"

#include "data/game_replay.h"
#include "engine/search/king_danger.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// The label terms added to a verdict's score, clamped as every score is. A
// mate score keeps its distance: a static term means nothing beside it.
int16_t with_label_terms(const RescoreLabels& labels, const Position& pos, int16_t score) {
    if (labels.king_danger_percent == 0 || search::is_mate_score(score)) return score;
    const int term = labels.king_danger_percent * search::king_danger_balance(pos) / 100;
    return data::clamp_score(score + term);
}

}  // namespace

bool rescore_game(PositionJudge* judge, const RescoreLabels& labels, const data::GameRecord& in,
                  data::GameRecord& out, RescoreCounts& counts, std::string* error) {
    out = in;
    if (labels.search && !judge->new_game(in, error)) return false;
    std::string failure;
    const bool replayed = data::replay_game(
        in,
        [&](const Position& pos, const data::PlyRecord& ply, int i) {
            if (ply.excluded || !failure.empty()) return;
            data::PlyRecord& verdict = out.plies[size_t(i)];
            if (labels.keep_mates && search::is_mate_score(ply.score)) {
                ++counts.mates_kept;
                return;
            }
            if (labels.search) {
                Verdict judged;
                std::string why;
                switch (judge->judge(pos, in, i, judged, &why)) {
                    case Judgement::Failed:
                        failure = "ply " + std::to_string(i + 1) + ": " + why;
                        return;
                    case Judgement::Declined:  // the recorded verdict stays
                        ++counts.declined;
                        break;
                    case Judgement::Given:
                        verdict.best = judged.best;
                        verdict.score = judged.score;
                        break;
                }
            }
            verdict.score = with_label_terms(labels, pos, verdict.score);
            ++counts.searched;
            counts.scores_changed += verdict.score != ply.score;
            counts.best_changed += verdict.best != ply.best;
        },
        error);
    if (replayed && !failure.empty() && error) *error = failure;
    return replayed && failure.empty();
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
