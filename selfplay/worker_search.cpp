#include "selfplay/worker_search.h"

#include "data/game_record.h"
#include "engine/search/nnue_evaluator.h"
#include "nnue/builtin_net.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// Bounds of the transposition table option, MB.
constexpr int MAX_HASH_MB = 65536;

}  // namespace

bool load_evaluation(const std::string& net, RunEvaluation& out, std::string* error) {
    out = {};
    if (net.empty()) return true;
    // load_network reads the built-in net for an empty path.
    const auto loaded = nnue::load_network(net == NET_BUILTIN ? "" : net, error);
    if (!loaded) return false;
    out.factory = search::nnue_evaluator_factory(loaded);
    out.net_hash = nnue::network_hash(*loaded);
    return true;
}

std::string validate(const SearchLimits& l) {
    if (l.nodes == 0 && l.depth == 0) return "give a search limit: --nodes and/or --depth";
    if (l.depth < 0 || l.depth >= search::MAX_PLY)
        return "--depth must be in [0, " + std::to_string(search::MAX_PLY - 1) + "]";
    if (l.hash_mb < 1 || l.hash_mb > MAX_HASH_MB)
        return "--hash must be in [1, " + std::to_string(MAX_HASH_MB) + "] MB";
    return {};
}

search::Limits engine_limits(const SearchLimits& l, int multipv) {
    search::Limits limits;
    limits.nodes = l.nodes;
    limits.depth = l.depth;
    limits.multipv = multipv;
    return limits;
}

WorkerSearch::WorkerSearch(const SearchLimits& limits, const search::EvaluatorFactory& evaluation)
    : engine_({size_t(limits.hash_mb), 1}), limits_(limits) {
    if (evaluation) engine_.set_evaluator(evaluation);
}

void WorkerSearch::new_game() {
    engine_.new_game();
}

search::Result WorkerSearch::search(const Position& pos, int multipv) {
    return engine_.search(pos, engine_limits(limits_, multipv));
}

search::Result WorkerSearch::search_cheap(const Position& pos, uint64_t nodes) {
    SearchLimits cheap = limits_;
    cheap.nodes = nodes;
    return engine_.search(pos, engine_limits(cheap));
}

int16_t recorded_score(const search::Result& result) {
    return data::clamp_score(result.score);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
