#include "selfplay/uci_judge.h"

#include <chrono>
#include <cmath>

#include "data/game_replay.h"
#include "engine/search/search.h"

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
    game_.emplace(*start, referee::AdjudicationRules{});
    std::string why;
    if (engine_.new_game(JUDGE_READY_TIMEOUT, nullptr, &why) == match::ReplyStatus::Ok) return true;
    if (error) *error = "the judge engine did not start a new game: " + why;
    return false;
}

Judgement UciJudge::judge(const Position& pos, const data::GameRecord& game, int ply,
                          Verdict& verdict, std::string* error) {
    if (!game_ || ply < game_->plies()) {
        if (error)
            *error =
                "the judge was asked for ply " + std::to_string(ply + 1) + " after a later one";
        return Judgement::Failed;
    }
    while (game_->plies() < ply) game_->play(game.plies[size_t(game_->plies())].played);
    if (game_->position().key() != pos.key()) {
        if (error) *error = "the judge's game does not reach " + pos.fen();
        return Judgement::Failed;
    }
    const match::SearchReply reply = engine_.search(
        game_->position_command(), go_line_, match::Clock::now() + JUDGE_SEARCH_TIMEOUT, nullptr);
    if (reply.status != match::ReplyStatus::Ok) {
        if (error) *error = "the judge engine failed in " + pos.fen() + ": " + reply.detail;
        return Judgement::Failed;
    }
    const referee::Game::Verdict move = game_->judge(reply.bestmove);
    if (!move.legal) {
        if (move.pawn_drop_mate) return Judgement::Declined;
        if (error)
            *error = "the judge engine's move '" + reply.bestmove + "' in " + pos.fen() + ": " +
                     move.error;
        return Judgement::Failed;
    }
    if (!reply.score) {
        if (error) *error = "the judge engine gave no score in " + pos.fen();
        return Judgement::Failed;
    }
    verdict = {move.move, judge_score(*reply.score, score_percent_)};
    return Judgement::Given;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
