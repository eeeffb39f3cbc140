// One chart as a self-contained SVG element (no scripts, no external files):
// lines through points, with vertical error bars where a point has an error,
// or bars. The pipeline's report (Elo by generation, loss curves, data and
// throughput) and the trainer's loss plot beside each net draw with it.
#pragma once

#include <string>
#include <vector>

namespace pantheon::util {

// A point whose y is not a number (NaN) is a gap: nothing is drawn there
// and a line breaks (a generation whose rate was not measured).
struct ChartPoint {
    double x = 0, y = 0, err = 0;
};
struct ChartSeries {
    std::string name;
    std::vector<ChartPoint> points;
    bool bars = false;
};

// A 640 x 300 chart with a title, axis labels, ticks and a legend (series
// colours in order); "no data yet" when no series has a point. The value axis
// runs between round ticks (from zero with bars); an x axis without negative
// values starts at zero, with whole-number ticks when every x is whole; a
// lone value gets an axis around it (a tenth of its size either side).
std::string svg_chart(const std::string& title, const std::string& x_label,
                      const std::string& y_label, const std::vector<ChartSeries>& series);

}  // namespace pantheon::util
