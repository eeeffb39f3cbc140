#include "selfplay/engine_fingerprint.h"

#include "engine/search/search.h"
#include "engine/core/random.h"
#include "selfplay/random_streams.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

// The start position and an opening position of the game.
#if defined(PANTHEON_VARIANT_PANDEMONIUM)
constexpr const char* FINGERPRINT_FENS[] = {
    "rnbqkmcbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBQKMCBNR[] w KQkq - 0 1",
    "rnb1kmc1nr/2pqpp1p1p/p6b2/1p4p3/3P5b/10/10/3P1PP3/PPP1P2PPP/RN1QKMCBNR[P] w KQkq - 1 9",
};
#else
constexpr const char* FINGERPRINT_FENS[] = {
    "rnbakqcnm/9/ppppppppp/9/9/9/PPPPPPPPP/9/MNCQKABNR[] w - - 0 1",
    "rnbak1cnm/6q2/ppppppppp/9/9/3PP3C/PPP2PPPP/5B3/MN1QKA1NR[] b - - 9 5",
};
#endif
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

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
