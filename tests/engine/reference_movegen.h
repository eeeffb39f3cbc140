// A deliberately plain move generator written from SPEC.md alone, to check the
// core's generator against the rules rather than against the reference files.
// It reads the position from FEN text into a mailbox board, moves pieces by
// the Betza strings of the SPEC piece table, and decides legality by making the
// move and testing every enemy piece's moves against the king. It shares no
// code or tables with engine/core. Slow by design.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pantheon::test::reference {

// Legal moves and drops (perft convention: no game history; a position with a
// king on its campmate rank has none) as sorted move text (e3e4, e6e7+, P@e5).
// Throws std::invalid_argument if the FEN is not in the form fen() prints.
std::vector<std::string> legal_moves(std::string_view fen);

}  // namespace pantheon::test::reference
