// A UCI session of any game behind one variant-free interface, so that the
// front (uci::run) can change games when UCI_Variant is set. Each game's copy
// of uci_session.cpp defines its factory, pantheon::uci::<game>::make_session;
// make_game_session finds it by the game's name (game_sessions.cpp).
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace pantheon::uci {

class AnySession {
  public:
    virtual ~AnySession() = default;
    // Handles one command line; returns false after "quit".
    virtual bool handle(std::string_view line) = 0;
    // Blocks until no search runs (a search waiting for "stop" is not waited for).
    virtual void wait_for_search() = 0;
    // End of input: lets finite searches finish, stops those that wait.
    virtual void finish() = 0;
    // "setoption ..." lines that give a session of another game the same
    // search settings (called when no search runs).
    virtual std::vector<std::string> carried_settings() const = 0;
};

// A session of the game named `game` (engine/core/games.h); nullptr for a
// name no game has. Its "uci" reply shows default_variant as UCI_Variant's
// default (the game the front started with).
std::unique_ptr<AnySession> make_game_session(std::string_view game, std::ostream& out,
                                              std::string_view default_variant);

// Runs a session over streams until "quit" or end of input, starting with the
// game first_variant names (one of VARIANT_NAMES; another name is answered
// with an error line and exit status 2, case is ignored).
// "setoption name UCI_Variant value V" with another game's name
// ends the current session (after its search) and starts one of that game
// with the same search settings (Hash, Threads, MultiPV, Move Overhead; the
// evaluation starts at the new game's default). At end of input a
// finite search still running is allowed to finish; an infinite one is
// stopped.
int run(std::istream& in, std::ostream& out, std::string_view first_variant);

}  // namespace pantheon::uci
