// PGN for the games of a match: the usual seven tags plus Variant, FEN/SetUp
// for a non-standard start, TimeControl, Termination, PlyCount and Generator
// (the build that played it, util/build_info.h); moves in
// the UCI notation of SPEC.md, each followed by a {score/depth time} comment,
// and the reason the game ended as a last comment. A reader gets them back.
// Variant-free: the moves are the texts the referee already checked, and the
// start's side to move and move number are read from the FEN's fields.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/games.h"
#include "match/game_record.h"

namespace pantheon::match {

struct PgnContext {
    std::string event = "Pantheon match";
    std::string site = "?";
    std::string round = "?";
    std::string variant{VARIANT_NAMES[0]};  // the Variant tag
    std::string standard_start_fen;         // the variant's start: no FEN tag for it
    std::string white_time_control = "-";
    std::string black_time_control = "-";
    std::string generator;  // the Generator tag (the build's identity); empty: none
};

std::string format_pgn(const GameRecord& game, const PgnContext& context);

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::vector<std::string> moves;
    std::vector<std::string> move_comments;   // the comment after each move ("" if none)
    std::vector<std::string> other_comments;  // comments not directly after a move
    std::string result;                       // the game termination marker
    const std::string* tag(const std::string& name) const;
};

// Reads every game of a PGN stream; on malformed input returns nullopt and
// says where (the line and the game's number, from 1).
std::optional<std::vector<PgnGame>> read_pgn(std::istream& in, std::string* error);

}  // namespace pantheon::match
