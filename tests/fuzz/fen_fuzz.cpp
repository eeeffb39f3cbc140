// libFuzzer target for the FEN parser: any input must be refused with a
// message or give a consistent position whose printed FEN parses back to the
// same position, and on which move generation and make/unmake work.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/core/movegen.h"
#include "engine/core/perft.h"
#include "engine/core/position.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fen_fuzz: %s: %s\n", what, detail.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace pantheon;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::string error;
    auto pos = Position::from_fen(input, &error);
    if (!pos) {
        if (error.rfind("invalid FEN: ", 0) != 0) fail("refused without a message", error);
        return 0;
    }
    std::string why;
    if (!pos->is_consistent(&why)) fail("inconsistent position", why);

    const std::string fen = pos->fen();
    auto again = Position::from_fen(fen, &error);
    if (!again) fail("printed FEN refused", fen + ": " + error);
    if (again->fen() != fen) fail("FEN round trip differs", fen + " vs " + again->fen());
    if (again->key() != pos->key()) fail("key differs after round trip", fen);

    // Every legal move must make and unmake cleanly; count the replies too.
    MoveList list;
    generate_legal(*pos, list);
    uint64_t replies = 0;
    for (Move m : list) {
        const Key predicted = pos->key_after(m);
        pos->do_move(m);
        if (pos->key() != predicted || !pos->is_consistent(&why)) fail("bad state after move", fen);
        MoveList next;
        generate_legal(*pos, next);
        replies += uint64_t(next.size());
        pos->undo_move();
    }
    if (pos->fen() != fen || pos->key() != again->key()) fail("undo did not restore", fen);

    if (perft(*pos, 2) != replies) fail("perft(2) differs from the replies counted", fen);
    return 0;
}
