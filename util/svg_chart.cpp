#include "util/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "util/html_escape.h"

namespace pantheon::util {

namespace {

constexpr int WIDTH = 640, HEIGHT = 300;
constexpr int LEFT = 70, RIGHT = 20, TOP = 36, BOTTOM = 44;
constexpr const char* COLORS[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                  "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

// Ticks an axis aims at: a round step is the first of 1, 2, 5 (times a power
// of ten) at least a sixth of the span, giving four to seven ticks.
constexpr double TARGET_TICKS = 6;

// A round step for axis ticks covering `span`.
double tick_step(double span) {
    if (span <= 0) return 1;
    const double raw = span / TARGET_TICKS, mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * mag) return m * mag;
    return 10 * mag;
}

// The plot area and the data ranges it shows. The value axis runs between
// whole ticks (bars from zero); the x axis spans the data.
struct Frame {
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    double x_step = 1, y_step = 1;  // tick spacing
    bool bars = false;
    static constexpr double PW = WIDTH - LEFT - RIGHT, PH = HEIGHT - TOP - BOTTOM;

    double X(double x) const { return LEFT + (x - x0) / (x1 - x0) * PW; }
    double Y(double y) const { return TOP + (y1 - y) / (y1 - y0) * PH; }
    bool empty() const { return !std::isfinite(x0) || !std::isfinite(y0); }
};

// Room left above and below the data on the value axis, as a share of its span.
constexpr double VALUE_PADDING = 0.05;
// A range of values that are all equal (one point) is shown this far either
// side of them, as a share of their size: 2927 positions/s on 2600..3400,
// not on 2926..2928.
constexpr double FLAT_RANGE_SHARE = 0.1;

// Half the width to show around `v` when every value is `v`.
double flat_half_width(double v) {
    return v == 0 ? 1 : std::abs(v) * FLAT_RANGE_SHARE;
}

bool whole_x(const std::vector<ChartSeries>& series) {
    for (const auto& s : series)
        for (const auto& p : s.points)
            if (p.x != std::floor(p.x)) return false;
    return true;
}

Frame frame_of(const std::vector<ChartSeries>& series) {
    Frame f;
    for (const auto& s : series) {
        f.bars |= s.bars;
        for (const auto& p : s.points) {
            f.x0 = std::min(f.x0, p.x), f.x1 = std::max(f.x1, p.x);
            if (!std::isfinite(p.y)) continue;  // a gap: its x is on the axis
            f.y0 = std::min(f.y0, p.y - p.err), f.y1 = std::max(f.y1, p.y + p.err);
        }
    }
    if (f.empty()) return f;
    // An x axis without negative values starts at zero: generations, steps
    // and CPU time grow from nothing, and a run's first small step should
    // not fill the width.
    f.x0 = std::min(f.x0, 0.0);
    // Whole-number x (generations): one tick per number at most, and a bar
    // or a lone point half a step from each edge.
    const bool whole = whole_x(series), lone = f.x1 == f.x0;
    if (f.bars || (whole && lone)) f.x0 -= 0.5, f.x1 += 0.5;
    if (f.x1 == f.x0) {
        const double h = flat_half_width(f.x0);
        f.x0 -= h, f.x1 += h;
    }
    f.x_step = std::max(tick_step(f.x1 - f.x0), whole ? 1.0 : 0.0);
    // Lines end on a tick (the last point off the frame's edge); bars and a
    // lone point stay centred.
    if (!f.bars && !lone) f.x1 = std::ceil(f.x1 / f.x_step - 1e-9) * f.x_step;
    if (f.bars) f.y0 = std::min(f.y0, 0.0), f.y1 = std::max(f.y1, 0.0);
    if (f.y1 == f.y0) {
        const double h = flat_half_width(f.y0);
        f.y0 -= h, f.y1 += h;
    }
    const double pad = (f.y1 - f.y0) * VALUE_PADDING;
    if (f.y0 != 0) f.y0 -= pad;
    if (f.y1 != 0) f.y1 += pad;
    f.y_step = tick_step(f.y1 - f.y0);
    f.y0 = std::floor(f.y0 / f.y_step) * f.y_step;
    f.y1 = std::ceil(f.y1 / f.y_step) * f.y_step;
    return f;
}

// The text of a tick at `t` on an axis with ticks `step` apart reaching
// `extent` (its largest absolute value): as many decimals as the step needs,
// in thousands ("k") or millions ("M") when the axis reaches them (so a label
// fits left of the plot), never "-0".
std::string tick_label(double t, double step, double extent) {
    if (std::abs(t) < step * 1e-6) return "0";
    double scale = 1;
    const char* suffix = "";
    if (extent >= 1e6 && step >= 1e4)
        scale = 1e6, suffix = "M";
    else if (extent >= 1e4 && step >= 10)
        scale = 1e3, suffix = "k";
    const int decimals = std::max(0, int(-std::floor(std::log10(step / scale) + 1e-9)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f%s", decimals, t / scale, suffix);
    return buf;
}

// A point's value in its hover text: whole numbers in full, others to four
// significant digits.
std::string value_text(double v) {
    if (v == std::floor(v) && std::abs(v) < 1e15) return fmt("%.0f", v);
    return fmt("%.4g", v);
}

// The values of the ticks from `lo` to `hi` (inclusive), `step` apart.
std::vector<double> ticks(double lo, double hi, double step) {
    std::vector<double> out;
    const double first = std::ceil(lo / step - 1e-9), last = std::floor(hi / step + 1e-9);
    for (double k = first; k <= last; ++k) out.push_back(k * step);
    return out;
}

// The frame, grid lines with value ticks, x ticks and the axis labels.
std::string axes_svg(const Frame& f, const std::string& x_label, const std::string& y_label) {
    const double pw = Frame::PW, ph = Frame::PH;
    std::string svg = "<rect x=\"" + std::to_string(LEFT) + "\" y=\"" + std::to_string(TOP) +
                      "\" width=\"" + fmt("%.0f", pw) + "\" height=\"" + fmt("%.0f", ph) +
                      "\" fill=\"none\" stroke=\"#888\"/>\n";
    for (double t : ticks(f.y0, f.y1, f.y_step))
        svg += "<line x1=\"" + std::to_string(LEFT) + "\" x2=\"" + fmt("%.1f", LEFT + pw) +
               "\" y1=\"" + fmt("%.1f", f.Y(t)) + "\" y2=\"" + fmt("%.1f", f.Y(t)) +
               "\" stroke=\"#eee\"/><text x=\"" + std::to_string(LEFT - 4) + "\" y=\"" +
               fmt("%.1f", f.Y(t) + 4) + "\" text-anchor=\"end\">" +
               tick_label(t, f.y_step, std::max(std::abs(f.y0), std::abs(f.y1))) + "</text>\n";
    for (double t : ticks(f.x0, f.x1, f.x_step))
        svg += "<text x=\"" + fmt("%.1f", f.X(t)) + "\" y=\"" + fmt("%.1f", TOP + ph + 14) +
               "\" text-anchor=\"middle\">" +
               tick_label(t, f.x_step, std::max(std::abs(f.x0), std::abs(f.x1))) + "</text>\n";
    svg += "<text x=\"" + fmt("%.1f", LEFT + pw / 2) + "\" y=\"" + std::to_string(HEIGHT - 6) +
           "\" text-anchor=\"middle\">" + html_escape(x_label) + "</text>\n";
    svg += "<text transform=\"translate(14," + fmt("%.1f", TOP + ph / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">" + html_escape(y_label) + "</text>\n";
    return svg;
}

// Series i as bars, side by side with the other series' bars at each x.
std::string bars_svg(const Frame& f, const std::vector<ChartSeries>& series, size_t i,
                     const std::string& color) {
    const auto& s = series[i];
    const double bar_w =
        Frame::PW / std::max(1.0, (f.x1 - f.x0)) * 0.7 / std::max<size_t>(1, series.size());
    std::string svg;
    for (const auto& p : s.points)
        if (std::isfinite(p.y))
            svg += "<rect x=\"" + fmt("%.1f", f.X(p.x) - bar_w * (series.size() / 2.0 - i)) +
                   "\" y=\"" + fmt("%.1f", std::min(f.Y(p.y), f.Y(0))) + "\" width=\"" +
                   fmt("%.1f", bar_w) + "\" height=\"" + fmt("%.1f", std::abs(f.Y(0) - f.Y(p.y))) +
                   "\" fill=\"" + color + "\"><title>" + html_escape(s.name) + ": " +
                   value_text(p.y) + "</title></rect>\n";
    return svg;
}

// A line through the points, error bars, and marked points while few.
std::string line_svg(const Frame& f, const ChartSeries& s, const std::string& color) {
    // One polyline per run of points with values: a gap breaks the line
    // rather than bridging what was not measured.
    std::string svg, pts;
    const auto end_line = [&] {
        if (!pts.empty())
            svg += "<polyline fill=\"none\" stroke=\"" + color +
                   "\" stroke-width=\"1.5\" points=\"" + pts + "\"/>\n";
        pts.clear();
    };
    for (const auto& p : s.points) {
        if (!std::isfinite(p.y)) {
            end_line();
            continue;
        }
        pts += fmt("%.1f", f.X(p.x)) + "," + fmt("%.1f", f.Y(p.y)) + " ";
    }
    end_line();
    for (const auto& p : s.points) {
        if (!std::isfinite(p.y)) continue;
        if (p.err > 0)
            svg += "<line x1=\"" + fmt("%.1f", f.X(p.x)) + "\" x2=\"" + fmt("%.1f", f.X(p.x)) +
                   "\" y1=\"" + fmt("%.1f", f.Y(p.y - p.err)) + "\" y2=\"" +
                   fmt("%.1f", f.Y(p.y + p.err)) + "\" stroke=\"" + color + "\"/>\n";
        if (s.points.size() <= 60)
            svg += "<circle cx=\"" + fmt("%.1f", f.X(p.x)) + "\" cy=\"" + fmt("%.1f", f.Y(p.y)) +
                   "\" r=\"3\" fill=\"" + color + "\"><title>" + html_escape(s.name) + ": " +
                   value_text(p.y) + (p.err > 0 ? " ± " + value_text(p.err) : "") +
                   "</title></circle>\n";
    }
    return svg;
}

}  // namespace

std::string svg_chart(const std::string& title, const std::string& x_label,
                      const std::string& y_label, const std::vector<ChartSeries>& series) {
    std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(WIDTH) +
                      "\" height=\"" + std::to_string(HEIGHT) + "\" viewBox=\"0 0 " +
                      std::to_string(WIDTH) + " " + std::to_string(HEIGHT) +
                      "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    svg += "<text x=\"" + std::to_string(WIDTH / 2) +
           "\" y=\"18\" text-anchor=\"middle\" font-size=\"14\">" + html_escape(title) +
           "</text>\n";
    const Frame f = frame_of(series);
    if (f.empty())
        return svg + "<text x=\"" + std::to_string(WIDTH / 2) +
               "\" y=\"150\" text-anchor=\"middle\">no data yet</text></svg>\n";
    svg += axes_svg(f, x_label, y_label);
    double legend_x = 0, legend_y = 0;
    for (size_t i = 0; i < series.size(); ++i) {
        const auto& s = series[i];
        const std::string color = COLORS[i % std::size(COLORS)];
        svg += s.bars ? bars_svg(f, series, i, color) : line_svg(f, s, color);
        // Legend entries side by side (about 6.5 px a character), wrapping.
        const double width = 6.5 * double(s.name.size()) + 16;
        if (legend_x + width > Frame::PW && legend_x > 0) legend_x = 0, legend_y += 13;
        svg += "<text x=\"" + fmt("%.1f", LEFT + 8 + legend_x) + "\" y=\"" +
               fmt("%.1f", TOP + 14 + legend_y) + "\" fill=\"" + color + "\">" +
               html_escape(s.name) + "</text>\n";
        legend_x += width;
    }
    return svg + "</svg>\n";
}

}  // namespace pantheon::util
