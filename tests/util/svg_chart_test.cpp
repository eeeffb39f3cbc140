#include "util/svg_chart.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
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

// The charts keep their bytes: a change to how they draw shows here, to be
// looked at in a browser (scripts/report_check.sh) before the hashes move.
TEST(SvgChart, DrawsTheSameBytes) {
    const auto chart = [](const std::vector<ChartSeries>& s) {
        return svg_chart("T \"q\"", "x & y", "y", s);
    };
    EXPECT_EQ(text_hash(chart(elo_lines())), 0x81B99483D5D6EBA8ull);
    EXPECT_EQ(text_hash(chart(position_bars())), 0x1F4AD2174D31B92Bull);
    EXPECT_EQ(text_hash(chart(long_loss_curve())), 0xCFC98400E533D68Bull);
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

// The texts anchored at their end (the value axis' tick labels) or middle
// (the x axis' tick labels, then the two axis labels), in order.
std::vector<std::string> anchored_texts(const std::string& svg, const std::string& anchor) {
    std::vector<std::string> out;
    const std::string open = "text-anchor=\"" + anchor + "\">";
    for (size_t p = svg.find(open); p != std::string::npos; p = svg.find(open, p + 1)) {
        const size_t from = p + open.size();
        out.push_back(svg.substr(from, svg.find('<', from) - from));
    }
    return out;
}

size_t count(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}

std::vector<std::string> y_ticks(const std::string& svg) {
    return anchored_texts(svg, "end");
}
std::vector<std::string> x_ticks(const std::string& svg) {
    auto texts = anchored_texts(svg, "middle");
    texts.resize(texts.size() - 2);
    return texts;
}

// One generation's bar: the x axis shows generation 0, not "-0", and no
// generation -1 or 1.
TEST(SvgChart, OneBarIsLabelledByItsGeneration) {
    const std::string svg =
        svg_chart("t", "generation", "positions", {{"p", {{0, 1000, 0}}, true}});
    EXPECT_EQ(x_ticks(svg), std::vector<std::string>{"0"});
    EXPECT_EQ(svg.find(">-0<"), std::string::npos);
    // The value axis from zero, whole ticks.
    const auto values = y_ticks(svg);
    ASSERT_GE(values.size(), 3u);
    EXPECT_EQ(values.front(), "0");
    EXPECT_EQ(values.back(), "1200");
}

// One point: an axis around its value, on round ticks, not -1..1 and not a
// 1.5-wide span on 2927.
TEST(SvgChart, OnePointGetsAnAxisAroundItsValue) {
    const std::string svg =
        svg_chart("t", "generation", "positions/s", {{"rate", {{0, 2927.4, 0}}, false}});
    EXPECT_EQ(y_ticks(svg), (std::vector<std::string>{"2600", "2800", "3000", "3200", "3400"}));
    EXPECT_EQ(x_ticks(svg), std::vector<std::string>{"0"});
    // A lone Elo of 0 at 0.01 CPU-hours: a unit-wide span, round ticks.
    const std::string zero = svg_chart("t", "CPU-hours", "Elo", {{"e", {{0.01, 0, 0}}, false}});
    const auto y = y_ticks(zero);
    EXPECT_EQ(y.front(), "-1.5");
    EXPECT_EQ(y.back(), "1.5");
    EXPECT_NE(std::find(y.begin(), y.end(), "0"), y.end());
    // CPU time from nothing: the x axis starts at 0.
    EXPECT_EQ(x_ticks(zero),
              (std::vector<std::string>{"0", "0.002", "0.004", "0.006", "0.008", "0.010"}));
}

// Ticks around zero read "0", with the decimals their step needs, and large
// values in thousands or millions.
TEST(SvgChart, TickLabelsAreRound) {
    const std::string svg =
        svg_chart("t", "x", "y", {{"s", {{0, -0.3, 0}, {1, 0.7, 0}, {2, 0.1, 0}}, false}});
    const auto y = y_ticks(svg);
    EXPECT_NE(std::find(y.begin(), y.end(), "0"), y.end());
    EXPECT_NE(std::find(y.begin(), y.end(), "0.2"), y.end());
    for (const auto& l : y) EXPECT_NE(l, "-0.0");
    const std::string big = svg_chart("t", "generation", "positions/s",
                                      {{"s", {{0, 1.2e6, 0}, {1, 2233342, 0}}, false}});
    const auto b = y_ticks(big);
    EXPECT_NE(std::find(b.begin(), b.end(), "2.0M"), b.end()) << big;
    EXPECT_NE(big.find("s: 2233342</title>"), std::string::npos);  // hover: the whole value
}

// A point without a value breaks the line there instead of bridging it, and
// draws no marker; the axis still reaches its x.
TEST(SvgChart, AGapBreaksTheLine) {
    const double gap = std::numeric_limits<double>::quiet_NaN();
    const std::string svg = svg_chart(
        "t", "generation", "positions/s",
        {{"rate", {{0, 3000, 0}, {1, 3100, 0}, {2, gap, 0}, {3, 2900, 0}, {4, gap, 0}}, false}});
    EXPECT_EQ(count(svg, "<polyline"), 2u);
    EXPECT_EQ(count(svg, "<circle"), 3u);
    EXPECT_EQ(svg.find("nan"), std::string::npos);
    EXPECT_EQ(x_ticks(svg), (std::vector<std::string>{"0", "1", "2", "3", "4"}));
    // Only gaps: nothing to draw.
    EXPECT_NE(svg_chart("t", "x", "y", {{"rate", {{0, gap, 0}}, false}}).find("no data yet"),
              std::string::npos);
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
