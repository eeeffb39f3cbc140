#include "util/svg_chart.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "util/html_escape.h"
#include "util/text_hash.h"

namespace pantheon::util {
namespace {

std::vector<ChartSeries> elo_lines() {
    return {{"Elo <a>", {{0, 10, 5}, {1, -20, 8}, {2, 35.5, 0}}, false},
            {"best", {{0, 0, 0}, {1, 12, 0}, {2, 30, 0}}, false}};
}
std::vector<ChartSeries> position_bars() {
    return {{"positions", {{0, 500, 0}, {1, 1700, 0}}, true},
            {"other", {{0, 100, 0}, {1, 200, 0}}, true}};
}
std::vector<ChartSeries> long_loss_curve() {
    ChartSeries s{"gen 0", {}, false};
    for (int i = 1; i <= 100; ++i) s.points.push_back({double(i * 10), 1.0 / i, 0});
    return {s};
}

// The pipeline report's charts keep their bytes: these hashes are of the
// text the report's own chart code wrote before it moved here.
TEST(SvgChart, DrawsAsTheReportAlwaysDid) {
    const auto chart = [](const std::vector<ChartSeries>& s) {
        return svg_chart("T \"q\"", "x & y", "y", s);
    };
    EXPECT_EQ(text_hash(chart(elo_lines())), 0x22229B6022DE856Full);
    EXPECT_EQ(text_hash(chart(position_bars())), 0x45E9421DCA6F4032ull);
    EXPECT_EQ(text_hash(chart(long_loss_curve())), 0x2AD68728C290D8C4ull);
}

TEST(SvgChart, ShowsEveryPartAndEscapesText) {
    const std::string svg = svg_chart("T \"q\"", "x & y", "y", elo_lines());
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    EXPECT_NE(svg.find("T &quot;q&quot;"), std::string::npos);
    EXPECT_NE(svg.find("x &amp; y"), std::string::npos);
    EXPECT_NE(svg.find("Elo &lt;a&gt;"), std::string::npos);
    EXPECT_EQ(svg.find("<a>"), std::string::npos);
    EXPECT_NE(svg.find("± 5"), std::string::npos);  // an error bar's value
    const std::string bars = svg_chart("t", "x", "y", position_bars());
    EXPECT_NE(bars.find("<title>positions: 1700</title></rect>"), std::string::npos);
    // Many points: a line without a marker per point.
    EXPECT_EQ(svg_chart("t", "x", "y", long_loss_curve()).find("<circle"), std::string::npos);
}

TEST(SvgChart, WithoutDataSaysSo) {
    EXPECT_NE(svg_chart("t", "x", "y", {}).find("no data yet"), std::string::npos);
    EXPECT_NE(svg_chart("t", "x", "y", {{"empty", {}, false}}).find("no data yet"),
              std::string::npos);
}

TEST(HtmlEscape, EscapesMarkupCharacters) {
    EXPECT_EQ(html_escape("a<b>&\"c\"'"), "a&lt;b&gt;&amp;&quot;c&quot;'");
}

}  // namespace
}  // namespace pantheon::util
