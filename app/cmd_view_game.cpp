// `pantheon view`'s half for one game: every finished game of a match PGN
// replayed under this game's rules (app/pgn_import.h checks each move), the
// FEN after every ply kept, and the page written (app/game_view.h).
#include <iostream>

#include "app/game_half.h"
#include "app/game_view.h"
#include "app/pgn_import.h"
#include "engine/core/position.h"
#include "util/atomic_file.h"

namespace pantheon::app {
PANTHEON_VARIANT_BEGIN

namespace {

// Exit status of a game the rules refuse or a page that cannot be written.
constexpr int EXIT_VIEW_FAILED = 1;

int fail(const std::string& message) {
    std::cerr << "error: " << message << "\n";
    return EXIT_VIEW_FAILED;
}

BoardShape board_shape() {
    BoardShape b;
    b.variant = std::string(Variant::name);
    b.files = Variant::files;
    b.ranks = Variant::ranks;
    b.promotion_zone_depth = Variant::promotion_zone_depth;
    for (int t = 0; t < PIECE_TYPE_NB; ++t) {
        // Unpromoted types print their letter, promoted ones "+" and their base's.
        std::string letter;
        if (t >= int(PIECE_LETTERS.size())) {
            letter = "+";
            letter += PIECE_LETTERS[size_t(t - PROMOTION_OFFSET)];
        } else {
            letter = PIECE_LETTERS[size_t(t)];
        }
        b.piece_names.emplace_back(letter, std::string(PIECE_NAMES[size_t(t)]));
    }
    return b;
}

std::string tag_or(const match::PgnGame& game, const std::string& name,
                   const std::string& fallback) {
    const std::string* value = game.tag(name);
    return value ? *value : fallback;
}

// The game's positions, replayed from its record (already checked move by move).
GameView view_of(const match::PgnGame& game, const data::GameRecord& record) {
    GameView v;
    v.round = tag_or(game, "Round", "?");
    v.white = tag_or(game, "White", "?");
    v.black = tag_or(game, "Black", "?");
    v.result = game.result;
    v.termination = tag_or(game, "Termination", "");
    // The writer's last comment says why the game ended ("checkmate").
    if (!game.other_comments.empty())
        v.termination += (v.termination.empty() ? "" : ": ") + game.other_comments.back();
    v.date = tag_or(game, "Date", "");
    v.start_fen = record.start_fen;
    v.moves = game.moves;
    v.comments = game.move_comments;
    Position pos =
        record.start_fen.empty() ? Position::start() : *Position::from_fen(record.start_fen);
    v.fens.push_back(pos.fen());
    for (const data::PlyRecord& ply : record.plies) {
        pos.do_move(ply.played);
        v.fens.push_back(pos.fen());
    }
    return v;
}

}  // namespace

int half(const ViewRequest& request, HalfOfThisGame) {
    std::vector<GameView> views;
    int unfinished = 0;
    for (size_t i = 0; i < request.games.size(); ++i) {
        const match::PgnGame& game = request.games[i];
        bool skipped = false;
        std::string error;
        const auto record = record_from_pgn(game, &skipped, &error);
        if (skipped) {
            ++unfinished;
            continue;
        }
        if (!record) return fail(request.game_files[i] + ": " + error);
        views.push_back(view_of(game, *record));
    }
    std::string error;
    if (!util::write_file_atomically(
            request.out, game_views_html(board_shape(), views, request.title, unfinished), &error))
        return fail(error);
    std::cout << "wrote " << request.out << ": " << views.size() << " " << Variant::name
              << " games";
    if (unfinished > 0) std::cout << " (" << unfinished << " unfinished, not shown)";
    std::cout << "\n";
    return 0;
}

// The command reaches the half through run (app/game_half.h).
template int run(const ViewRequest&);

PANTHEON_VARIANT_END
}  // namespace pantheon::app
