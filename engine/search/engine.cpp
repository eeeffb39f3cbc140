// Engine: owns the table, the workers (one per thread) and the stop flag;
// runs a search on all workers and assembles the result from the main one.
#include <algorithm>
#include <chrono>
#include <thread>

#include "engine/core/rules.h"
#include "engine/search/move_check.h"
#include "engine/search/search.h"
#include "engine/search/worker.h"

namespace pantheon::search {
PANTHEON_VARIANT_BEGIN

struct Engine::Impl {
    EngineOptions options;
    EvaluatorFactory make_evaluator = make_classical_evaluator;
    TranspositionTable tt;
    std::atomic<bool> stop{false};
    std::atomic<bool> ponder_hit{false};
    std::vector<std::unique_ptr<Worker>> workers;

    void resize_workers(int n) {
        n = std::clamp(n, 1, 1024);
        options.threads = n;
        workers.clear();
        for (int i = 0; i < n; ++i)
            workers.push_back(std::make_unique<Worker>(i, make_evaluator()));
    }
};

Engine::Engine(const EngineOptions& options) : impl_(std::make_unique<Impl>()) {
    impl_->options = options;
    impl_->tt.resize(options.hash_mb);
    impl_->resize_workers(options.threads);
}

Engine::~Engine() = default;

void Engine::stop() {
    impl_->stop.store(true);
}
void Engine::clear_stop() {
    impl_->stop.store(false);
    impl_->ponder_hit.store(false);
}
void Engine::ponderhit() {
    impl_->ponder_hit.store(true);
}

void Engine::new_game() {
    impl_->tt.clear();
    for (auto& w : impl_->workers) w->clear_history();
}

bool Engine::set_hash(size_t mb) {
    mb = std::max<size_t>(mb, 1);
    if (!impl_->tt.resize(mb)) return false;
    impl_->options.hash_mb = mb;
    return true;
}

void Engine::set_threads(int n) {
    impl_->resize_workers(n);
}

void Engine::set_evaluator(EvaluatorFactory factory) {
    impl_->make_evaluator =
        factory ? std::move(factory) : EvaluatorFactory(make_classical_evaluator);
    impl_->resize_workers(impl_->options.threads);
}
void Engine::set_move_overhead(int64_t ms) {
    impl_->options.move_overhead_ms = std::max<int64_t>(0, ms);
}
const EngineOptions& Engine::options() const {
    return impl_->options;
}
int Engine::hashfull() const {
    return impl_->tt.hashfull();
}
std::optional<Engine::TableEntry> Engine::probe(const Position& pos) const {
    TTData data;
    if (!impl_->tt.probe(pos.key(), 0, data)) return std::nullopt;
    return TableEntry{data.score, data.depth, data.bound, data.move};
}

namespace {

// The game-legal root moves, restricted to searchmoves when that names any.
std::vector<Move> root_moves(const Position& pos, const Limits& limits) {
    MoveList legal;
    generate_game_moves(pos, legal);
    std::vector<Move> all(legal.begin(), legal.end()), chosen;
    for (Move m : limits.searchmoves)
        if (legal.contains(m) && std::find(chosen.begin(), chosen.end(), m) == chosen.end())
            chosen.push_back(m);
    return chosen.empty() ? all : chosen;
}

// The longest prefix of pv that is legal from pos (guards against any stale move).
std::vector<Move> legal_prefix(const Position& pos, const std::vector<Move>& pv) {
    Position p = pos;
    std::vector<Move> out;
    for (Move m : pv) {
        if (!is_valid_move(p, m)) break;
        out.push_back(m);
        p.do_move(m);
    }
    return out;
}

}  // namespace

Result Engine::search(const Position& pos, const Limits& limits, const InfoSink& info) {
    Impl& e = *impl_;
    SearchShared shared;
    shared.limits = limits;
    shared.limits.multipv = std::max(1, limits.multipv);
    shared.tt = &e.tt;
    shared.stop = &e.stop;
    shared.ponder_hit = &e.ponder_hit;
    shared.pondering = limits.ponder && !e.ponder_hit.load();
    shared.time.start(limits, pos.side_to_move(), e.options.move_overhead_ms, pos.game_ply());
    shared.info = info;
    e.tt.new_search();

    Result result;
    const std::vector<Move> moves = root_moves(pos, limits);
    if (moves.empty()) {
        // The game is over: the side to move has lost (campmate, checkmate;
        // Mansindam's stalemate and repetition), or Pandemonium's stalemate drew.
        result.score = Variant::draws && !pos.in_check() ? DRAW_SCORE : mated_in(0);
        while ((limits.infinite || (limits.ponder && !e.ponder_hit.load())) && !e.stop.load())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        e.stop.store(false);
        return result;
    }

    for (auto& w : e.workers) shared.workers.push_back(w.get());
    for (auto& w : e.workers) w->prepare(pos, moves, &shared);
    std::vector<std::thread> helpers;
    for (size_t i = 1; i < e.workers.size(); ++i)
        helpers.emplace_back([w = e.workers[i].get()] { w->run(); });
    Worker& main = *e.workers[0];
    main.run();
    // "go infinite" waits for stop, "go ponder" for stop or ponderhit, even
    // when the search itself has ended.
    while ((limits.infinite || shared.still_pondering()) && !e.stop.load())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    e.stop.store(true);
    for (auto& t : helpers) t.join();

    const std::vector<RootMove>& rms = main.root_moves();
    const int lines = std::clamp(shared.limits.multipv, 1, int(rms.size()));
    for (int i = 0; i < lines; ++i) {
        const RootMove& rm = rms[i];
        Line line;
        line.score = rm.score != -INFINITE_SCORE ? rm.score : rm.previous_score;
        if (line.score == -INFINITE_SCORE) line.score = 0;  // never searched to completion
        line.depth = main.completed_depth();
        line.pv = legal_prefix(pos, rm.pv);
        if (line.pv.empty()) line.pv.push_back(rm.move);
        result.lines.push_back(std::move(line));
    }
    result.best = result.lines[0].pv[0];
    result.ponder = result.lines[0].pv.size() > 1 ? result.lines[0].pv[1] : Move::none();
    result.score = result.lines[0].score;
    result.depth = main.completed_depth();
    result.seldepth = main.seldepth();
    result.nodes = shared.total_nodes();
    result.time_ms = shared.time.elapsed_ms();
    e.stop.store(false);
    return result;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::search
