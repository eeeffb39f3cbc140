#include "pipeline/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "pipeline/step_results.h"
#include "util/html_escape.h"
#include "util/svg_chart.h"

namespace pantheon::pipeline {

using util::ChartSeries;
using util::html_escape;
using util::svg_chart;

namespace {

std::string fmt(const char* f, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, f, v);
    return buf;
}

std::string get(const std::optional<StepRecord>& r, const std::string& key,
                const std::string& fallback = "") {
    if (!r) return fallback;
    const auto it = r->find(key);
    return it == r->end() ? fallback : it->second;
}

double num(const std::optional<StepRecord>& r, const std::string& key) {
    return r ? record_number(*r, key) : 0.0;
}

}  // namespace

std::vector<GenerationView> collect_generations(const RunDir& run, int generations) {
    std::vector<GenerationView> gens;
    for (int g = 0; g < generations; ++g) {
        GenerationView v;
        v.gen = g;
        v.selfplay = run.record(g, Step::SelfPlay);
        v.train = run.record(g, Step::Train);
        v.gate = run.record(g, Step::Gate);
        v.promote = run.record(g, Step::Promote);
        if (!v.selfplay) break;
        if (std::filesystem::exists(run.log_path(g, Step::Train)))
            v.loss = loss_curve(read_file(run.log_path(g, Step::Train)));
        gens.push_back(std::move(v));
    }
    return gens;
}

std::string elo_table(const std::vector<GenerationView>& gens) {
    std::string out =
        "generation\tcandidate_elo\terror95\tgate_elo\tgate_error95\tscore\tpromoted\tbest\n";
    for (const auto& g : gens) {
        if (!g.promote) continue;
        out += std::to_string(g.gen) + "\t" + get(g.promote, "candidate_elo") + "\t" +
               get(g.promote, "candidate_error") + "\t" + get(g.gate, "elo") + "\t" +
               get(g.gate, "elo_error") + "\t" + get(g.gate, "score") + "\t" +
               get(g.promote, "promoted") + "\t" + get(g.promote, "best") + "\n";
    }
    return out;
}

std::string report_html(const std::vector<GenerationView>& gens, const std::string& settings,
                        const std::string& status) {
    ChartSeries elo{"candidate Elo vs the first player", {}, false};
    ChartSeries best{"best player's Elo", {}, false};
    ChartSeries positions{"positions", {}, true};
    ChartSeries throughput{"self-play positions/s", {}, false};
    std::vector<ChartSeries> losses;
    for (const auto& g : gens) {
        if (g.promote) {
            elo.points.push_back({double(g.gen), num(g.promote, "candidate_elo"),
                                  num(g.promote, "candidate_error")});
            best.points.push_back({double(g.gen), num(g.promote, "best_elo"), 0});
        }
        if (g.selfplay) {
            positions.points.push_back({double(g.gen), num(g.selfplay, "positions"), 0});
            throughput.points.push_back(
                {double(g.gen), num(g.selfplay, "positions_per_second"), 0});
        }
        if (!g.loss.empty()) {
            ChartSeries s{"gen " + std::to_string(g.gen), {}, false};
            for (const auto& [step, loss] : g.loss) s.points.push_back({step, loss, 0});
            losses.push_back(std::move(s));
        }
    }
    std::string h =
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Pantheon pipeline "
        "report</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:1000px}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;"
        "text-align:right}pre{background:#f6f6f6;padding:8px}</style></head><body>\n"
        "<h1>Pantheon pipeline report</h1>\n<p>" +
        html_escape(status) + "</p>\n<h2>Elo by generation</h2>\n" +
        svg_chart("Elo against the first player (95% error bars)", "generation", "Elo",
                  {elo, best}) +
        "<h2>Training loss</h2>\n" + svg_chart("Loss by training step", "step", "loss", losses) +
        "<h2>Data and throughput</h2>\n" +
        svg_chart("Positions generated per generation", "generation", "positions", {positions}) +
        svg_chart("Self-play throughput", "generation", "positions/s", {throughput}) +
        "<h2>Generations</h2>\n<table><tr><th>gen</th><th>games</th><th>positions</th>"
        "<th>data MB</th><th>pos/s</th><th>final loss</th><th>gate W-L-D</th><th>gate Elo</th>"
        "<th>SPRT</th><th>promoted</th><th>best after</th></tr>\n";
    for (const auto& g : gens) {
        h +=
            "<tr><td>" + std::to_string(g.gen) + "</td><td>" + get(g.selfplay, "games", "-") +
            "</td><td>" + get(g.selfplay, "positions", "-") + "</td><td>" +
            (g.selfplay ? fmt("%.2f", num(g.selfplay, "bytes") / 1e6) : "-") + "</td><td>" +
            (g.selfplay ? fmt("%.0f", num(g.selfplay, "positions_per_second")) : "-") +
            "</td><td>" + get(g.train, "final_loss", "-") + "</td><td>" +
            (g.gate ? get(g.gate, "wins") + "-" + get(g.gate, "losses") + "-" + get(g.gate, "draws")
                    : "-") +
            "</td><td>" +
            (g.gate
                 ? fmt("%+.1f", num(g.gate, "elo")) + " ± " + fmt("%.1f", num(g.gate, "elo_error"))
                 : "-") +
            "</td><td>" + html_escape(get(g.gate, "sprt", "-")) + "</td><td>" +
            get(g.promote, "promoted", "-") + "</td><td>" +
            html_escape(get(g.promote, "best", "-")) + "</td></tr>\n";
    }
    h += "</table>\n<h2>Settings</h2>\n<pre>" + html_escape(settings) + "</pre>\n</body></html>\n";
    return h;
}

void write_report(const RunDir& run, const std::vector<GenerationView>& gens,
                  const std::string& settings, const std::string& status) {
    write_file_atomically(run.elo_table(), elo_table(gens));
    write_file_atomically(run.report(), report_html(gens, settings, status));
}

}  // namespace pantheon::pipeline
