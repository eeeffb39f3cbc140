#include "match/game_runner.h"

#include <algorithm>
#include <optional>

#include "engine/core/notation.h"
#include "referee/game.h"

namespace pantheon::match {
PANTHEON_VARIANT_BEGIN

namespace {

const char* color_name(Color c) {
    return c == WHITE ? "White" : "Black";
}

// The go command for the side to move: its own limits, and both clocks.
std::string go_command(const SearchLimits& own, const SearchLimits& other, Color us,
                       const int64_t clock[COLOR_NB]) {
    std::string go = "go";
    if (own.tc.enabled()) {
        const Color them = ~us;
        const int64_t their_clock = other.tc.enabled() ? clock[them] : clock[us];
        const int64_t their_inc = other.tc.enabled() ? other.tc.increment_ms : own.tc.increment_ms;
        const int64_t wtime = us == WHITE ? clock[us] : their_clock;
        const int64_t btime = us == WHITE ? their_clock : clock[us];
        const int64_t winc = us == WHITE ? own.tc.increment_ms : their_inc;
        const int64_t binc = us == WHITE ? their_inc : own.tc.increment_ms;
        go += " wtime " + std::to_string(wtime) + " btime " + std::to_string(btime) + " winc " +
              std::to_string(winc) + " binc " + std::to_string(binc);
    }
    return go + own.go_bounds();
}

// How long the runner waits for a bestmove before scoring a loss.
int64_t search_budget_ms(const SearchLimits& limits, int64_t clock, const GameSettings& s) {
    if (!limits.timed()) return s.untimed_timeout_ms;
    int64_t budget = INT64_MAX;
    if (limits.tc.enabled()) budget = clock + s.time_margin_ms;
    if (limits.movetime_ms > 0) budget = std::min(budget, limits.movetime_ms + s.time_margin_ms);
    return budget;
}

// How an engine failure ends the game: a timeout is a time forfeit for an
// engine bound by the clock, else a stalled connection.
EndKind failure_end(ReplyStatus how, bool timed) {
    switch (how) {
        case ReplyStatus::Timeout:
            return timed ? EndKind::TimeForfeit : EndKind::StalledConnection;
        case ReplyStatus::Garbage:
            return EndKind::ProtocolError;
        default:
            return EndKind::Disconnect;
    }
}

// The PGN's last comment for a game the rules ended: "White wins by
// checkmate", "Draw by stalemate", "Black loses by perpetual check".
std::string rules_ending_text(const referee::Ending& end) {
    const std::string how(termination_name(end.termination));
    if (!end.winner) return "Draw by " + how;
    if (end.termination == Termination::PerpetualCheck)
        return std::string(color_name(~*end.winner)) + " loses by " + how;
    return std::string(color_name(*end.winner)) + " wins by " + how;
}

}  // namespace

referee::AdjudicationRules adjudication_rules(const AdjudicationSettings& s) {
    referee::AdjudicationRules rules;
    rules.resign_cp = s.resign_cp;
    rules.resign_plies = 2 * std::max(s.resign_moves, 0);
    rules.draw_after_plies = 2 * std::max(s.draw_move_number, 0);
    rules.draw_plies = 2 * std::max(s.draw_moves, 0);
    rules.draw_cp = s.draw_cp;
    rules.max_plies = std::max(s.max_plies, 0);
    rules.cap_scoring = referee::AdjudicationRules::CapScoring::LastOfEachSide;
    rules.tie_loses_side_to_move = false;
    return rules;
}

namespace {

// How a game ended: its outcome, its kind and the PGN's last comment.
struct Finish {
    Outcome outcome;
    EndKind kind;
    std::string reason;
};

Finish loss_of(Color loser, EndKind kind, const std::string& why) {
    return {loser == WHITE ? Outcome::BlackWins : Outcome::WhiteWins, kind,
            std::string(color_name(loser)) + " " + why};
}

// The finish of a game the referee ended: by the rules or by adjudication.
Finish referee_finish(const referee::Ending& end, const referee::Game& game,
                      const GameSettings& settings) {
    const Outcome outcome = !end.winner            ? Outcome::Draw
                            : *end.winner == WHITE ? Outcome::WhiteWins
                                                   : Outcome::BlackWins;
    switch (end.kind) {
        case referee::Ending::Kind::Rules:
            return {outcome, EndKind::Normal, rules_ending_text(end)};
        case referee::Ending::Kind::Resignation:
            return {outcome, EndKind::Adjudication,
                    std::string(color_name(~*end.winner)) + " resigns (both engines' scores)"};
        case referee::Ending::Kind::DrawAdjudication:
            return {outcome, EndKind::Adjudication,
                    "Draw by adjudication: both engines' scores within +-" +
                        std::to_string(settings.adjudication.draw_cp) + " cp for " +
                        std::to_string(settings.adjudication.draw_moves) + " moves each"};
        case referee::Ending::Kind::LengthCap:
            break;
    }
    return {
        outcome, EndKind::Adjudication,
        "maximum length of " + std::to_string(game.plies()) + " plies, scored by the last scores"};
}

// The loss of the side that sent `reply` when the reply itself loses (no
// bestmove in time, a crash, garbage, over its clock or movetime); nullopt
// for a reply in time (and for an aborted search, which loses nothing).
std::optional<Finish> failed_reply(const SearchReply& reply, const SearchLimits& limits,
                                   int64_t clock, Color us, const GameSettings& settings) {
    switch (reply.status) {
        case ReplyStatus::Aborted:
            return std::nullopt;
        case ReplyStatus::Timeout:
            return loss_of(us, failure_end(reply.status, limits.timed()),
                           (limits.timed() ? "loses on time: " : "stalled: ") + reply.detail);
        case ReplyStatus::Crashed:
            return loss_of(us, failure_end(reply.status, true), "disconnected: " + reply.detail);
        case ReplyStatus::Garbage:
            return loss_of(us, failure_end(reply.status, true), "protocol error: " + reply.detail);
        case ReplyStatus::Ok:
            break;
    }
    const bool over_clock =
        limits.tc.enabled() && reply.elapsed_ms > clock + settings.time_margin_ms;
    const bool over_movetime =
        limits.movetime_ms > 0 && reply.elapsed_ms > limits.movetime_ms + settings.time_margin_ms;
    if (over_clock || over_movetime)
        return loss_of(us, EndKind::TimeForfeit,
                       "loses on time: took " + std::to_string(reply.elapsed_ms) + " ms");
    return std::nullopt;
}

// The loss of the side whose move the referee refuses; nullopt for a legal one.
std::optional<Finish> refused_move(const referee::Game::Verdict& verdict,
                                   const std::string& bestmove, Color us) {
    if (verdict.malformed)
        return loss_of(us, EndKind::ProtocolError, "protocol error: " + verdict.error);
    if (verdict.pawn_drop_mate)
        return loss_of(us, EndKind::IllegalPawnDropMate,
                       "illegal move: " + bestmove + " is a pawn-drop mate");
    if (!verdict.legal) return loss_of(us, EndKind::IllegalMove, "illegal move: " + verdict.error);
    return std::nullopt;
}

}  // namespace

GameRecord play_game(UciEngine& white, UciEngine& black, const std::string& opening_fen,
                     const GameSettings& settings, const std::atomic<bool>* abort) {
    GameRecord rec;
    rec.opening_fen = opening_fen;
    rec.white_name = white.player().name;
    rec.black_name = black.player().name;
    UciEngine* engines[COLOR_NB] = {&white, &black};
    const auto finish = [&](Finish f) {
        rec.outcome = f.outcome;
        rec.end = f.kind;
        rec.reason = std::move(f.reason);
        return rec;
    };
    const auto lose = [&](Color loser, Finish f) {
        engines[loser]->kill();  // restarted fresh before its next game
        return finish(std::move(f));
    };
    const auto aborted = [&] {
        return finish({Outcome::Unfinished, EndKind::Unterminated, "interrupted"});
    };

    std::string error;
    auto start = Position::from_fen(opening_fen, &error);
    if (!start)
        return finish({Outcome::Unfinished, EndKind::Unterminated, "bad opening: " + error});

    const std::chrono::milliseconds startup(settings.startup_timeout_ms);
    for (Color c : {WHITE, BLACK}) {
        const ReplyStatus ready = engines[c]->new_game(startup, abort, &error);
        if (ready == ReplyStatus::Ok) continue;
        if (ready == ReplyStatus::Aborted || (abort && abort->load())) return aborted();
        rec.engine_failed_to_start = true;
        return lose(c, loss_of(c, failure_end(ready, false), "engine failed to start: " + error));
    }

    referee::Game game(std::move(*start), adjudication_rules(settings.adjudication));
    int64_t clock[COLOR_NB];
    for (Color c : {WHITE, BLACK}) clock[c] = engines[c]->player().limits.tc.base_ms;

    for (;;) {
        if (abort && abort->load()) return aborted();
        if (const auto end = game.ending()) return finish(referee_finish(*end, game, settings));

        const Color us = game.position().side_to_move();
        UciEngine& engine = *engines[us];
        const SearchLimits& limits = engine.player().limits;
        const std::string go = go_command(limits, engines[~us]->player().limits, us, clock);
        const auto deadline =
            Clock::now() + std::chrono::milliseconds(search_budget_ms(limits, clock[us], settings));
        const SearchReply reply = engine.search(game.position_command(), go, deadline, abort);
        if (reply.status == ReplyStatus::Aborted) return aborted();
        if (auto loss = failed_reply(reply, limits, clock[us], us, settings))
            return lose(us, std::move(*loss));
        const referee::Game::Verdict verdict = game.judge(reply.bestmove);
        if (auto loss = refused_move(verdict, reply.bestmove, us))
            return lose(us, std::move(*loss));

        game.play(verdict.move,
                  reply.score ? std::optional<int>(reply.score->as_centipawns()) : std::nullopt);
        rec.moves.push_back(
            {move_to_string(verdict.move), reply.score, reply.depth, reply.elapsed_ms});
        if (limits.tc.enabled())
            clock[us] = std::max<int64_t>(clock[us] - reply.elapsed_ms, 0) + limits.tc.increment_ms;
    }
}

PANTHEON_VARIANT_END
}  // namespace pantheon::match
