#include "selfplay/uci_judge.h"

#include <chrono>
#include <cmath>

#include "data/game_replay.h"
#include "engine/core/movegen.h"
#include "engine/core/notation.h"
#include "engine/search/search.h"
#include "referee/game.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// The engine's start and handshake, and each new game, must answer within
// this; a search bound by nodes or depth, within the other. Both only catch
// a hung engine: a searching engine never comes near them.
constexpr std::chrono::seconds JUDGE_READY_TIMEOUT{30};
constexpr std::chrono::seconds JUDGE_SEARCH_TIMEOUT{300};
constexpr const char* JUDGE_NAME = "judge";

std::string go_line(const SearchLimits& limits) {
    match::SearchLimits bounds;
    bounds.nodes = int64_t(limits.nodes);
    bounds.depth = limits.depth;
    return "go" + bounds.go_bounds();
}

}  // namespace

bool parse_judge_engine(const std::string& spec, match::PlayerConfig& player, std::string* error) {
    player = {};
    player.name = JUDGE_NAME;
    if (!match::apply_player_spec(spec, player, error)) return false;
    if (player.limits.any()) {
        if (error) *error = "the judge's limits come from --nodes or --depth, not from its spec";
        return false;
    }
    return true;
}

int16_t judge_score(const match::Score& score, int percent) {
    if (score.mate) {
        const int moves = score.value;
        // A mate announced "in N moves" by the side to move is 2N-1 plies
        // away; being mated in N moves, 2N plies (as our UCI writes them).
        if (moves > 0) return data::clamp_score(search::mate_in(2 * moves - 1));
        return data::clamp_score(search::mated_in(-2 * moves));
    }
    const long scaled = std::lround(double(score.value) * percent / 100.0);
    const int bound = search::MATE_BOUND - 1;  // a scaled centipawn score is never a mate
    return data::clamp_score(int(scaled > bound ? bound : scaled < -bound ? -bound : scaled));
}

UciJudge::UciJudge(const match::PlayerConfig& player, const SearchLimits& limits, int score_percent)
    : engine_(player, match::self_executable(), "", std::string(Variant::name)),
      go_line_(go_line(limits)),
      score_percent_(score_percent) {}

bool UciJudge::new_game(const data::GameRecord& game, std::string* error) {
    const auto start = data::start_position(game, error);
    if (!start) return false;
    start_fen_ = start->fen();
    from_start_ = start_fen_ == Position::start().fen();
    moves_.clear();
    std::string why;
    if (engine_.new_game(JUDGE_READY_TIMEOUT, nullptr, &why) == match::ReplyStatus::Ok) return true;
    if (error) *error = "the judge engine did not start a new game: " + why;
    return false;
}

Judgement UciJudge::judge(const Position& pos, const data::GameRecord& game, int ply,
                          Verdict& verdict, std::string* error) {
    if (size_t(ply) < moves_.size()) {
        if (error)
            *error =
                "the judge was asked for ply " + std::to_string(ply + 1) + " after a later one";
        return Judgement::Failed;
    }
    while (moves_.size() < size_t(ply)) moves_.push_back(game.plies[moves_.size()].played);
    const std::string position = referee::uci_position_command(start_fen_, from_start_, moves_);
    const match::SearchReply reply =
        engine_.search(position, go_line_, match::Clock::now() + JUDGE_SEARCH_TIMEOUT, nullptr);
    if (reply.status != match::ReplyStatus::Ok) {
        if (error) *error = "the judge engine failed in " + pos.fen() + ": " + reply.detail;
        return Judgement::Failed;
    }
    std::string why;
    const std::optional<Move> best = parse_move(pos, reply.bestmove, &why);
    if (!best) {
        const auto shape = parse_move_text(reply.bestmove);
        if (shape && is_pawn_drop_mate(pos, *shape)) return Judgement::Declined;
        if (error)
            *error =
                "the judge engine's move '" + reply.bestmove + "' in " + pos.fen() + ": " + why;
        return Judgement::Failed;
    }
    if (!reply.score) {
        if (error) *error = "the judge engine gave no score in " + pos.fen();
        return Judgement::Failed;
    }
    verdict = {*best, judge_score(*reply.score, score_percent_)};
    return Judgement::Given;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
