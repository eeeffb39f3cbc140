// FEN text for one game (fuzz_checks.h): any input must be refused with a
// message or give a consistent position whose printed FEN parses back to the
// same position, on which move generation and make/unmake work, and which
// the built-in net evaluates (a position from outside goes straight to it).
#include <memory>

#include "engine/core/movegen.h"
#include "engine/core/perft.h"
#include "engine/core/position.h"
#include "nnue/builtin_net.h"
#include "nnue/evaluate.h"
#include "tests/fuzz/fuzz_support.h"

namespace pantheon::fuzz {

namespace {

constexpr std::string_view TARGET = "fen_fuzz";

// Loaded once per process; null when the build has no built-in net.
const nnue::Network* builtin_net() {
    static const std::shared_ptr<const nnue::Network> net = nnue::load_network({}, nullptr);
    return net.get();
}

}  // namespace

// This game's checks (declared for the targets in fuzz_checks.h).
PANTHEON_VARIANT_BEGIN

void check_fen(std::string_view text) {
    std::string error;
    auto pos = Position::from_fen(text, &error);
    if (!pos) {
        if (error.rfind("invalid FEN: ", 0) != 0) fail(TARGET, "refused without a message", error);
        return;
    }
    std::string why;
    if (!pos->is_consistent(&why)) fail(TARGET, "inconsistent position", why);

    const std::string fen = pos->fen();
    auto again = Position::from_fen(fen, &error);
    if (!again) fail(TARGET, "printed FEN refused", fen + ": " + error);
    if (again->fen() != fen) fail(TARGET, "FEN round trip differs", fen + " vs " + again->fen());
    if (again->key() != pos->key()) fail(TARGET, "key differs after round trip", fen);

    // Every legal move must make and unmake cleanly; count the replies too.
    MoveList list;
    generate_legal(*pos, list);
    uint64_t replies = 0;
    for (Move m : list) {
        const Key predicted = pos->key_after(m);
        pos->do_move(m);
        if (pos->key() != predicted || !pos->is_consistent(&why))
            fail(TARGET, "bad state after move", fen);
        MoveList next;
        generate_legal(*pos, next);
        replies += uint64_t(next.size());
        pos->undo_move();
    }
    if (pos->fen() != fen || pos->key() != again->key()) fail(TARGET, "undo did not restore", fen);
    if (perft(*pos, 2) != replies) fail(TARGET, "perft(2) differs from the replies counted", fen);

    if (const nnue::Network* net = builtin_net()) (void)nnue::evaluate_reference(*net, *pos);
}

PANTHEON_VARIANT_END
}  // namespace pantheon::fuzz
