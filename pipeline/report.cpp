#include "pipeline/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "pipeline/step_commands.h"
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

std::string headline_html(const std::vector<GenerationView>& gens) {
    const auto e = elo_per_cpu_hour(gens);
    if (!e) return "<p class=\"headline\">Elo per CPU-hour: no promotion step or CPU record yet</p>\n";
    return "<p class=\"headline\"><b>Elo per CPU-hour: " + fmt("%+.1f", e->per_hour()) +
           "</b> (best player " + fmt("%+.1f", e->elo) + " &plusmn; " + fmt("%.1f", e->elo_error) +
           " Elo over the first player, " + fmt("%.2f", e->cpu_hours) +
           " CPU-hours of self-play, training and gating)</p>\n";
}

}  // namespace

double GenerationView::cpu_hours() const {
    double seconds = 0;
    for (double s : cpu) seconds += s;
    return seconds / 3600;
}

double GenerationView::cpu_hours(Step s) const {
    for (size_t i = 0; i < std::size(ALL_STEPS); ++i)
        if (ALL_STEPS[i] == s) return cpu[i] / 3600;
    return 0;
}

std::optional<EloPerCpuHour> elo_per_cpu_hour(const std::vector<GenerationView>& gens) {
    EloPerCpuHour e;
    bool promoted_step = false;
    for (const auto& g : gens) {
        e.cpu_hours += g.cpu_hours();
        if (g.promote) {
            promoted_step = true;
            e.elo = num(g.promote, "best_elo");
            e.elo_error = std::stod(get(g.promote, "best_error", "0"));
        }
    }
    if (!promoted_step || e.cpu_hours <= 0) return std::nullopt;
    return e;
}

std::vector<GenerationView> collect_generations(const RunDir& run, int generations) {
    const auto cpu = read_cpu_ledger(run);
    std::vector<GenerationView> gens;
    for (int g = 0; g < generations; ++g) {
        GenerationView v;
        v.gen = g;
        v.selfplay = run.record(g, Step::SelfPlay);
        v.train = run.record(g, Step::Train);
        v.gate = run.record(g, Step::Gate);
        v.promote = run.record(g, Step::Promote);
        if (!v.selfplay) break;
        if (const auto it = cpu.find(g); it != cpu.end()) v.cpu = it->second;
        v.loss = read_loss_curve(train_log_csv(run, g));
        gens.push_back(std::move(v));
    }
    return gens;
}

std::string elo_table(const std::vector<GenerationView>& gens) {
    std::string out =
        "generation\tcandidate_elo\terror95\tgate_elo\tgate_error95\tscore\tpromoted\tbest\t"
        "cpu_hours\ttotal_cpu_hours\n";
    double total_hours = 0;
    for (const auto& g : gens) {
        total_hours += g.cpu_hours();
        if (!g.promote) continue;
        out += std::to_string(g.gen) + "\t" + get(g.promote, "candidate_elo") + "\t" +
               get(g.promote, "candidate_error") + "\t" + get(g.gate, "elo") + "\t" +
               get(g.gate, "elo_error") + "\t" + get(g.gate, "score") + "\t" +
               get(g.promote, "promoted") + "\t" + get(g.promote, "best") + "\t" +
               fmt("%.3f", g.cpu_hours()) + "\t" + fmt("%.3f", total_hours) + "\n";
    }
    return out;
}

std::string report_html(const std::vector<GenerationView>& gens, const std::string& settings,
                        const std::string& status) {
    ChartSeries elo{"candidate Elo vs the first player", {}, false};
    ChartSeries best{"best player's Elo", {}, false};
    ChartSeries positions{"positions", {}, true};
    ChartSeries throughput{"self-play positions/s", {}, false};
    ChartSeries by_cpu{"best player's Elo", {}, false};
    double hours = 0;
    std::vector<ChartSeries> losses;
    for (const auto& g : gens) {
        hours += g.cpu_hours();
        if (g.promote && hours > 0)
            by_cpu.points.push_back(
                {hours, num(g.promote, "best_elo"), std::stod(get(g.promote, "best_error", "0"))});
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
        html_escape(status) + "</p>\n" + headline_html(gens) + "<h2>Elo by generation</h2>\n" +
        svg_chart("Elo against the first player (95% error bars)", "generation", "Elo",
                  {elo, best}) +
        svg_chart("Elo against the first player by CPU-hours spent", "CPU-hours", "Elo",
                  {by_cpu}) +
        "<h2>Training loss</h2>\n" + svg_chart("Loss by training step", "step", "loss", losses) +
        "<h2>Data and throughput</h2>\n" +
        svg_chart("Positions generated per generation", "generation", "positions", {positions}) +
        svg_chart("Self-play throughput", "generation", "positions/s", {throughput}) +
        "<h2>Generations</h2>\n<table><tr><th>gen</th><th>games</th><th>positions</th>"
        "<th>data MB</th><th>pos/s</th><th>final loss</th><th>gate W-L-D</th><th>gate Elo</th>"
        "<th>SPRT</th><th>promoted</th><th>best after</th><th>CPU h: self-play / rescore / train / gate"
        "</th></tr>\n";
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
            html_escape(get(g.promote, "best", "-")) + "</td><td>" +
            fmt("%.2f", g.cpu_hours(Step::SelfPlay)) + " / " +
            fmt("%.2f", g.cpu_hours(Step::Rescore)) + " / " + fmt("%.2f", g.cpu_hours(Step::Train)) +
            " / " + fmt("%.2f", g.cpu_hours(Step::Gate)) + "</td></tr>\n";
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
