#include "selfplay/engine_fingerprint.h"

#include "engine/search/search.h"
#include "engine/core/random.h"
#include "selfplay/random_streams.h"

namespace pantheon::selfplay {

namespace {

// The start position and an opening position of the shared book.
constexpr const char* FINGERPRINT_FENS[] = {
    "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
    "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5",
};
constexpr uint64_t FINGERPRINT_NODES = 3000;
constexpr size_t FINGERPRINT_HASH_MB = 1;

}  // namespace

uint64_t engine_fingerprint() {
    search::Engine engine({FINGERPRINT_HASH_MB, 1});
    search::Limits limits;
    limits.nodes = FINGERPRINT_NODES;
    uint64_t h = 0;
    for (const char* fen : FINGERPRINT_FENS) {
        engine.new_game();
        const search::Result r = engine.search(*Position::from_fen(fen), limits);
        h = mix64(h ^ r.best.raw());
        h = mix64(h ^ uint64_t(int64_t(r.score)));
        h = mix64(h ^ r.nodes);
        h = mix64(h ^ uint64_t(r.depth));
    }
    return h;
}

}  // namespace pantheon::selfplay
