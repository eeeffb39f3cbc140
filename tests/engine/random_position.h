// Random but valid-looking Mansindam positions for cross-checks: the whole
// material spread over board and hands at random (so hands are often large),
// pieces promoted at random, kings anywhere. Written as FEN text directly so
// the generator does not depend on the core's FEN printer.
#pragma once

#include <random>
#include <string>

namespace pantheon::test {

// A FEN the core may still refuse (e.g. the side not to move is in check).
std::string random_position_fen(std::mt19937_64& rng);

// A random position the core accepts (retries random_position_fen).
std::string random_valid_fen(std::mt19937_64& rng);

}  // namespace pantheon::test
