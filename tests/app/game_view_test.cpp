// `pantheon view`'s page (app/game_view.h): the data it embeds reads back
// whole, markup in a player's name cannot end the script that holds it, and
// a game that starts with Black to move is numbered from its FEN.
#include "app/game_view.h"

#include <gtest/gtest.h>

#include "util/json.h"

namespace pantheon::app {
namespace {

BoardShape small_board() {
    return {"mansindam", 9, 9, 3, {{"P", "pawn"}, {"+P", "guard"}}};
}

GameView black_first() {
    GameView g;
    g.round = "1.1";
    g.white = "</script><b>x</b>";
    g.black = "b";
    g.result = "0-1";
    g.termination = "normal: Black wins by checkmate";
    g.start_fen = "4k4/9/9/9/9/9/9/9/4K4[Pp] b - - 0 12";
    g.moves = {"P@e5"};
    g.comments = {"+0.35/6 0.123s"};
    g.fens = {g.start_fen, "4k4/9/9/9/4p4/9/9/9/4K4[P] w - - 1 13"};
    return g;
}

TEST(GameView, EmbeddedDataReadsBackWhole) {
    const std::string json = game_views_json(small_board(), {black_first()}, "m.pgn", 2);
    EXPECT_EQ(json.find('<'), std::string::npos);  // "</script>" cannot close the element
    std::string error;
    const auto doc = util::parse_json(json, &error);
    ASSERT_TRUE(doc) << error;
    EXPECT_EQ((*doc)["files"], 9);
    EXPECT_EQ((*doc)["zone"], 3);
    EXPECT_EQ((*doc)["unfinished_games"], 2);
    EXPECT_EQ((*doc)["pieces"][1][0], "+P");
    const auto& g = (*doc)["games"][0];
    EXPECT_EQ(g["white"], "</script><b>x</b>");
    EXPECT_EQ(g["fens"].size(), 2u);
    EXPECT_EQ(g["fens"][1], "4k4/9/9/9/4p4/9/9/9/4K4[P] w - - 1 13");
    EXPECT_EQ(g["comments"][0], "+0.35/6 0.123s");
    // The move list starts at the FEN's move 12, Black's half.
    EXPECT_EQ(g["first_mover"], "Black");
    EXPECT_EQ(g["first_move_number"], 12);
}

TEST(GameView, PageIsSelfContained) {
    const std::string html = game_views_html(small_board(), {black_first()}, "<m>.pgn", 0);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_NE(html.find("<title>Games of &lt;m&gt;.pgn</title>"), std::string::npos);
    EXPECT_EQ(html.find("</script><b>"), std::string::npos);
    EXPECT_EQ(html.find(" src="), std::string::npos);
    EXPECT_EQ(html.find("http"), std::string::npos);
    EXPECT_NE(html.find("<script type=\"application/json\" id=\"data\">"), std::string::npos);
    // Without a finished game the page says so.
    EXPECT_NE(game_views_html(small_board(), {}, "m.pgn", 3).find("No finished game to show"),
              std::string::npos);
}

}  // namespace
}  // namespace pantheon::app
