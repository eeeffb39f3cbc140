#include "trainer/train_log.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

std::string csv_text(const std::vector<LogRow>& rows) {
    std::string s = "step,positions,epoch,train_loss,val_loss,lr,lambda,seconds,positions_per_s\n";
    char line[256];
    for (const LogRow& r : rows) {
        char val[32] = "";
        if (r.val_loss >= 0) std::snprintf(val, sizeof val, "%.8f", r.val_loss);
        std::snprintf(line, sizeof line, "%llu,%llu,%llu,%.8f,%s,%.6g,%.4f,%.1f,%.0f\n",
                      (unsigned long long)r.step, (unsigned long long)r.positions,
                      (unsigned long long)r.epoch, r.train_loss, val, r.lr, r.lambda, r.seconds,
                      r.rate);
        s += line;
    }
    return s;
}

std::string svg_plot(const std::vector<LogRow>& rows, const std::string& title) {
    constexpr double W = 800, H = 480, left = 70, right = 20, top = 40, bottom = 50;
    double max_step = 1, lo = 1e300, hi = -1e300;
    for (const LogRow& r : rows) {
        max_step = std::max(max_step, double(r.step));
        lo = std::min(lo, r.train_loss);
        hi = std::max(hi, r.train_loss);
        if (r.val_loss >= 0) {
            lo = std::min(lo, r.val_loss);
            hi = std::max(hi, r.val_loss);
        }
    }
    if (rows.empty()) lo = 0, hi = 1;
    if (hi - lo < 1e-9) hi = lo + 1e-3;
    const double pad = 0.05 * (hi - lo);
    lo = std::max(0.0, lo - pad);
    hi += pad;
    auto X = [&](double step) { return left + (W - left - right) * step / max_step; };
    auto Y = [&](double loss) { return top + (H - top - bottom) * (hi - loss) / (hi - lo); };
    std::string s;
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                  "font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" "
                  "height=\"100%%\" fill=\"white\"/>\n<text x=\"%.0f\" y=\"24\" "
                  "font-size=\"15\">%s</text>\n",
                  W, H, left, title.c_str());
    s += buf;
    for (int i = 0; i <= 5; ++i) {
        const double v = lo + (hi - lo) * i / 5.0;
        std::snprintf(buf, sizeof buf,
                      "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                      "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.4f</text>\n",
                      left, W - right, Y(v), Y(v), left - 6, Y(v) + 4, v);
        s += buf;
        const double st = max_step * i / 5.0;
        std::snprintf(buf, sizeof buf,
                      "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", X(st),
                      H - bottom + 18, st);
        s += buf;
    }
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">step</text>\n"
                  "<text x=\"16\" y=\"%.1f\" transform=\"rotate(-90 16 %.1f)\" "
                  "text-anchor=\"middle\">loss</text>\n",
                  (left + W - right) / 2, H - 12, (top + H - bottom) / 2, (top + H - bottom) / 2);
    s += buf;
    auto polyline = [&](bool validation, const char* colour) {
        std::string pts;
        for (const LogRow& r : rows) {
            const double v = validation ? r.val_loss : r.train_loss;
            if (validation && v < 0) continue;
            std::snprintf(buf, sizeof buf, "%.1f,%.1f ", X(double(r.step)), Y(v));
            pts += buf;
        }
        s += "<polyline fill=\"none\" stroke=\"" + std::string(colour) +
             "\" stroke-width=\"1.5\" points=\"" + pts + "\"/>\n";
    };
    polyline(false, "#1f77b4");
    polyline(true, "#d62728");
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%.1f\" y=\"%.1f\" fill=\"#1f77b4\">training</text>"
                  "<text x=\"%.1f\" y=\"%.1f\" fill=\"#d62728\">validation</text>\n</svg>\n",
                  W - right - 150, top + 14, W - right - 70, top + 14);
    s += buf;
    return s;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
