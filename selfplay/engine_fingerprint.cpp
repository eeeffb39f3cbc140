#include "selfplay/engine_fingerprint.h"

#include "engine/core/random.h"
#include "engine/search/search.h"
#include "selfplay/random_streams.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr uint64_t FINGERPRINT_NODES = 3000;
constexpr size_t FINGERPRINT_HASH_MB = 1;

}  // namespace

uint64_t engine_fingerprint() {
    search::Engine engine({FINGERPRINT_HASH_MB, 1});
    search::Limits limits;
    limits.nodes = FINGERPRINT_NODES;
    uint64_t h = 0;
    for (std::string_view fen : Variant::fingerprint_fens) {
        engine.new_game();
        const search::Result r = engine.search(*Position::from_fen(fen), limits);
        h = mix64(h ^ r.best.raw());
        h = mix64(h ^ uint64_t(int64_t(r.score)));
        h = mix64(h ^ r.nodes);
        h = mix64(h ^ uint64_t(r.depth));
    }
    return h;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
