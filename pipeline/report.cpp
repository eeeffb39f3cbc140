#include "pipeline/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>

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

// CPU time in words: seconds under a minute, minutes while under
// MINUTES_BELOW_HOURS CPU-hours, so a short run does not read "0.00
// CPU-hours" or "0.0 CPU-minutes".
constexpr double MINUTES_BELOW_HOURS = 0.1;
std::string cpu_text(double hours) {
    if (hours * 60 < 1) return fmt("%.1f CPU-seconds", hours * 3600);
    return hours < MINUTES_BELOW_HOURS ? fmt("%.1f CPU-minutes", hours * 60)
                                       : fmt("%.2f CPU-hours", hours);
}

// Where the CPU went: the initial net's making (when recorded) and the loop.
std::string cost_text(const EloPerCpuHour& e, bool anchor_matches) {
    std::string t = cpu_text(e.cpu_hours) + " of ";
    if (e.initial_net_cpu_hours > 0)
        t += "making the initial net (" + cpu_text(e.initial_net_cpu_hours) + ") and ";
    return t + (anchor_matches ? "self-play, training, gating and anchor matches"
                               : "self-play, training and gating");
}

std::string pm(double elo, double error) {
    return fmt("%+.1f", elo) + " &plusmn; " + fmt("%.1f", error);
}

// The run's headline when it has an anchor: its gain against an engine it
// never trained against, per CPU-hour.
std::string anchor_headline_html(const AnchorGain& a) {
    const std::string figures =
        "best player " + a.best_player + " " + pm(a.best_elo, a.best_error) +
        " Elo against the anchor, the first player " + pm(a.start_elo, a.start_error) +
        ": a gain of " + pm(a.gain(), a.gain_error());
    EloPerCpuHour cost;
    cost.cpu_hours = a.cpu_hours;
    cost.initial_net_cpu_hours = a.initial_net_cpu_hours;
    if (!a.rated())
        return "<p class=\"headline\"><b>Against the anchor: not rated</b> (the run is too "
               "short: " +
               cost_text(cost, true) + ", under the " + fmt("%g", MIN_RATED_CPU_HOURS) +
               " CPU-hour a rate needs); " + figures + "</p>\n";
    return "<p class=\"headline\"><b>Against the anchor: " + pm(a.per_hour(), a.per_hour_error()) +
           " Elo per CPU-hour</b> (95%; " + figures + " after " + cost_text(cost, true) + ")</p>\n";
}

std::string gates_headline_html(const RunView& run);

std::string headline_html(const RunView& run) {
    std::string anchor;
    if (const auto a = anchor_gain(run))
        anchor = anchor_headline_html(*a) + "<p>By its gates (against its own lineage):</p>\n";
    return anchor + gates_headline_html(run);
}

std::string gates_headline_html(const RunView& run) {
    const auto e = elo_per_cpu_hour(run);
    if (!e)
        return "<p class=\"headline\">Elo per CPU-hour: no promotion step or CPU record yet</p>\n";
    const std::string best = "best player " + fmt("%+.1f", e->elo) + " &plusmn; " +
                             fmt("%.1f", e->elo_error) + " Elo over the first player";
    if (!e->rated())
        return "<p class=\"headline\"><b>Elo per CPU-hour: not rated</b> (the run is too short: " +
               cost_text(*e, anchor_gain(run).has_value()) + ", under the " +
               fmt("%g", MIN_RATED_CPU_HOURS) + " CPU-hour a rate needs); " + best + "</p>\n";
    return "<p class=\"headline\"><b>Elo per CPU-hour: " + fmt("%+.1f", e->per_hour()) +
           " &plusmn; " + fmt("%.1f", e->per_hour_error()) + "</b> (95%; " + best + " after " +
           cost_text(*e, anchor_gain(run).has_value()) + ")</p>\n";
}

// A self-play step's positions per second in the generations table; none for
// a step whose chunks were all found complete (it played nothing).
std::string throughput_cell(const std::optional<StepRecord>& selfplay) {
    if (!selfplay) return "-";
    if (!measured_throughput(*selfplay)) return "- (found complete)";
    return fmt("%.0f", num(selfplay, "positions_per_second"));
}

// The gate's W-L-D, a link to the page of its games where there is one.
std::string gate_games_cell(const GenerationView& g) {
    if (!g.gate) return "-";
    const std::string wld =
        get(g.gate, "wins") + "-" + get(g.gate, "losses") + "-" + get(g.gate, "draws");
    if (g.games_page.empty()) return wld;
    return "<a href=\"" + html_escape(g.games_page) + "\" title=\"the games on a board\">" + wld +
           "</a>";
}

// A generation's best player against the anchor: measured, or standing
// from before (not promoted).
std::string anchor_cell(const GenerationView& g) {
    if (!g.anchor) return "-";
    const std::string figure = pm(num(g.anchor, "elo"), num(g.anchor, "elo_error"));
    return get(g.anchor, "measured") == "yes" ? figure : "(" + figure + ")";
}

// The charts of a run with an anchor: its gain over the first player by the
// gates and against the anchor, by generation and by CPU-hour; nothing
// without anchor steps.
std::string anchor_charts(const RunView& run) {
    const auto a = anchor_gain(run);
    if (!a) return "";
    ChartSeries gates{"by the gates (against its own lineage)", {}, false};
    ChartSeries anchor{"against the anchor", {}, false};
    ChartSeries gates_cpu = gates, anchor_cpu = anchor;
    double hours = run.initial_net_cpu_hours;
    gates_cpu.points.push_back({hours, 0, 0});
    anchor_cpu.points.push_back({hours, 0, a->start_error});
    for (const auto& g : run.generations) {
        hours += g.cpu_hours();
        if (!g.promote || !g.anchor) continue;
        const double gate_elo = num(g.promote, "best_elo");
        const double gain = num(g.anchor, "elo") - a->start_elo;
        const double error = std::hypot(num(g.anchor, "elo_error"), a->start_error);
        gates.points.push_back({double(g.gen), gate_elo, 0});
        anchor.points.push_back({double(g.gen), gain, error});
        gates_cpu.points.push_back({hours, gate_elo, 0});
        anchor_cpu.points.push_back({hours, gain, error});
    }
    return "<h2>Against the anchor</h2>\n" +
           svg_chart("Best player's Elo over the first player: gates and anchor (95%)",
                     "generation", "Elo", {gates, anchor}) +
           svg_chart("Best player's Elo over the first player by CPU-hours spent", "CPU-hours",
                     "Elo", {gates_cpu, anchor_cpu});
}

// Why a curve may rise: the target blends the search's score and the game's
// result by lambda, which train-lambda-end moves during each training.
constexpr const char* LOSS_NOTE =
    "<p>The loss is measured against a target that blends the search's score with the game's "
    "result by lambda; with <code>train-lambda-end</code> below <code>train-lambda</code> the "
    "blend moves toward the result during each training, so a curve can rise while the net "
    "improves. Compare generations at the same step, and the gates and anchor for strength.</p>\n";

// The loss curves drawn: the newest generations' only, each in its own
// colour (more would repeat colours and bury the plot under its legend).
constexpr int MAX_LOSS_CURVES = 8;

}  // namespace

double GenerationView::cpu_hours() const {
    double seconds = 0;
    for (double s : cpu) seconds += s;
    return seconds / 3600;
}

double GenerationView::cpu_hours(Step s) const {
    return cpu[step_index(s)] / 3600;
}

double RunView::cpu_hours() const {
    double hours = initial_net_cpu_hours;
    for (const auto& g : generations) hours += g.cpu_hours();
    return hours;
}

double AnchorGain::gain_error() const {
    return std::hypot(start_error, best_error);
}

std::optional<AnchorGain> anchor_gain(const RunView& run) {
    if (run.generations.empty() || !run.generations.front().anchor) return std::nullopt;
    const StepRecord& first = *run.generations.front().anchor;
    AnchorGain a;
    a.start_elo = record_number(first, "start_elo");
    a.start_error = record_number(first, "start_elo_error");
    for (const auto& g : run.generations)
        if (g.anchor) {
            a.best_elo = num(g.anchor, "elo");
            a.best_error = num(g.anchor, "elo_error");
            a.best_player = get(g.anchor, "player");
            a.generation = g.gen;
        }
    a.cpu_hours = run.cpu_hours();
    a.initial_net_cpu_hours = run.initial_net_cpu_hours;
    return a;
}

std::optional<EloPerCpuHour> elo_per_cpu_hour(const RunView& run) {
    EloPerCpuHour e;
    bool promoted_step = false;
    for (const auto& g : run.generations)
        if (g.promote) {
            promoted_step = true;
            e.elo = num(g.promote, "best_elo");
            e.elo_error = std::stod(get(g.promote, "best_error", "0"));
        }
    e.cpu_hours = run.cpu_hours();
    e.initial_net_cpu_hours = run.initial_net_cpu_hours;
    if (!promoted_step || e.cpu_hours <= 0) return std::nullopt;
    return e;
}

bool measured_throughput(const StepRecord& data_step) {
    return record_number(data_step, "positions_per_second") > 0;
}

RunView collect_run(const RunDir& run, int generations) {
    const CpuLedger cpu = read_cpu_ledger(run);
    RunView view;
    view.initial_net_cpu_hours = cpu.initial_net_seconds / 3600;
    for (const auto& [machine, seconds] : cpu.seconds_by_machine)
        view.cpu_hours_by_machine[machine] = seconds / 3600;
    for (int g = 0; g < generations; ++g) {
        GenerationView v;
        v.gen = g;
        v.selfplay = run.record(g, Step::SelfPlay);
        v.outside = run.record(g, Step::Outside);
        v.train = run.record(g, Step::Train);
        v.gate = run.record(g, Step::Gate);
        v.promote = run.record(g, Step::Promote);
        v.anchor = run.record(g, Step::Anchor);
        if (!v.selfplay) break;
        if (const auto it = cpu.generations.find(g); it != cpu.generations.end())
            v.cpu = it->second;
        v.loss = read_loss_curve(train_log_csv(run, g));
        if (std::filesystem::exists(run.games_page_path(g)))
            v.games_page = run.games_page_path(g).lexically_relative(run.root()).string();
        view.generations.push_back(std::move(v));
    }
    return view;
}

std::string machines_html(const RunView& run) {
    const auto& by_machine = run.cpu_hours_by_machine;
    const bool named = std::any_of(by_machine.begin(), by_machine.end(),
                                   [](const auto& m) { return !m.first.empty(); });
    if (!named) return "";
    if (by_machine.size() == 1)
        return "<p>CPU counted on " + html_escape(by_machine.begin()->first) + ".</p>\n";
    std::string parts;
    for (const auto& [machine, hours] : by_machine)
        parts +=
            (parts.empty() ? "" : "; ") +
            (machine.empty() ? std::string("lines that name no machine") : html_escape(machine)) +
            ": " + cpu_text(hours);
    return "<p>CPU counted on " + std::to_string(by_machine.size()) +
           " machines, whose CPU-seconds are not the same work, so the rates per CPU-hour mix "
           "them: " +
           parts + ".</p>\n";
}

std::string elo_table(const RunView& run) {
    std::string out =
        "generation\tcandidate_elo\terror95\tgate_elo\tgate_error95\tscore\tpromoted\tbest\t"
        "cpu_hours\ttotal_cpu_hours\tanchor_elo\tanchor_error95\n";
    double total_hours = run.initial_net_cpu_hours;
    for (const auto& g : run.generations) {
        total_hours += g.cpu_hours();
        if (!g.promote) continue;
        out += std::to_string(g.gen) + "\t" + get(g.promote, "candidate_elo") + "\t" +
               get(g.promote, "candidate_error") + "\t" + get(g.gate, "elo") + "\t" +
               get(g.gate, "elo_error") + "\t" + get(g.gate, "score") + "\t" +
               get(g.promote, "promoted") + "\t" + get(g.promote, "best") + "\t" +
               fmt("%.3f", g.cpu_hours()) + "\t" + fmt("%.3f", total_hours) + "\t" +
               get(g.anchor, "elo", "-") + "\t" + get(g.anchor, "elo_error", "-") + "\n";
    }
    return out;
}

std::string report_html(const RunView& run, const std::string& settings,
                        const std::string& status) {
    const auto& gens = run.generations;
    ChartSeries elo{"candidate Elo vs the first player", {}, false};
    ChartSeries best{"best player's Elo", {}, false};
    ChartSeries positions{"positions", {}, true};
    ChartSeries throughput{"self-play positions/s", {}, false};
    ChartSeries by_cpu{"best player's Elo", {}, false};
    // The first player stands at 0 Elo for what making it cost.
    double hours = run.initial_net_cpu_hours;
    by_cpu.points.push_back({hours, 0, 0});
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
            // A generation that played nothing is a gap in the line.
            throughput.points.push_back({double(g.gen),
                                         measured_throughput(*g.selfplay)
                                             ? num(g.selfplay, "positions_per_second")
                                             : std::numeric_limits<double>::quiet_NaN(),
                                         0});
        }
        if (!g.loss.empty() && g.gen + MAX_LOSS_CURVES >= gens.back().gen + 1) {
            ChartSeries s{"gen " + std::to_string(g.gen), {}, false};
            for (const auto& [step, loss] : g.loss) s.points.push_back({step, loss, 0});
            losses.push_back(std::move(s));
        }
    }
    if (by_cpu.points.size() == 1) by_cpu.points.clear();  // no promotion step yet
    // The games against the anchor get a CPU column where the run plays them.
    const bool any_outside =
        std::any_of(gens.begin(), gens.end(), [](const GenerationView& g) { return g.outside; });
    const std::string loss_title = gens.size() > size_t(MAX_LOSS_CURVES)
                                       ? "Loss by training step (the newest " +
                                             std::to_string(MAX_LOSS_CURVES) + " generations)"
                                       : std::string("Loss by training step");
    std::string h =
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Pantheon pipeline "
        "report</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:1000px}"
        "table{border-collapse:collapse;font-size:.85em;display:block;overflow-x:auto}td,th{border:"
        "1px solid #ccc;"
        "padding:3px "
        "6px;text-align:right}td{white-space:nowrap}pre{background:#f6f6f6;padding:8px}</style></"
        "head><body>\n"
        "<h1>Pantheon pipeline report</h1>\n<p>" +
        html_escape(status) + "</p>\n" + headline_html(run) + machines_html(run) +
        "<h2>Elo by generation</h2>\n" +
        svg_chart("Elo against the first player (95% error bars)", "generation", "Elo",
                  {elo, best}) +
        svg_chart("Elo against the first player by CPU-hours spent", "CPU-hours", "Elo", {by_cpu}) +
        anchor_charts(run) + "<h2>Training loss</h2>\n" + LOSS_NOTE +
        svg_chart(loss_title, "step", "loss", losses) + "<h2>Data and throughput</h2>\n" +
        svg_chart("Positions generated per generation", "generation", "positions", {positions}) +
        svg_chart("Self-play throughput", "generation", "positions/s", {throughput}) +
        "<h2>Generations</h2>\n<table><tr><th>gen</th><th>games</th><th>positions</th>"
        "<th>data MB</th><th>pos/s</th><th>final loss</th><th>gate W-L-D</th><th>gate Elo</th>"
        "<th>SPRT</th><th>promoted</th><th>best after</th><th>anchor Elo</th><th>CPU-minutes: "
        "self-play / " +
        std::string(any_outside ? "games against the anchor / " : "") +
        "rescore / train / gate / anchor</th></tr>\n";
    for (const auto& g : gens) {
        // Games against the anchor for training, where the run plays them.
        const std::string outside_games =
            g.outside ? " + " + get(g.outside, "games", "0") + " against the anchor" : "";
        const std::string outside_positions =
            g.outside ? " + " + get(g.outside, "positions", "0") : "";
        h += "<tr><td>" + std::to_string(g.gen) + "</td><td>" + get(g.selfplay, "games", "-") +
             outside_games + "</td><td>" + get(g.selfplay, "positions", "-") + outside_positions +
             "</td><td>" + (g.selfplay ? fmt("%.2f", num(g.selfplay, "bytes") / 1e6) : "-") +
             "</td><td>" + throughput_cell(g.selfplay) + "</td><td>" +
             get(g.train, "final_loss", "-") + "</td><td>" + gate_games_cell(g) + "</td><td>" +
             (g.gate
                  ? fmt("%+.1f", num(g.gate, "elo")) + " ± " + fmt("%.1f", num(g.gate, "elo_error"))
                  : "-") +
             "</td><td>" + html_escape(get(g.gate, "sprt", "-")) + "</td><td>" +
             get(g.promote, "promoted", "-") + "</td><td>" +
             html_escape(get(g.promote, "best", "-")) + "</td><td>" + anchor_cell(g) + "</td><td>" +
             fmt("%.1f", g.cpu_hours(Step::SelfPlay) * 60) + " / " +
             (any_outside ? fmt("%.1f", g.cpu_hours(Step::Outside) * 60) + " / " : "") +
             fmt("%.1f", g.cpu_hours(Step::Rescore) * 60) + " / " +
             fmt("%.1f", g.cpu_hours(Step::Train) * 60) + " / " +
             fmt("%.1f", g.cpu_hours(Step::Gate) * 60) + " / " +
             fmt("%.1f", g.cpu_hours(Step::Anchor) * 60) + "</td></tr>\n";
    }
    h += "</table>\n<h2>Settings</h2>\n<pre>" + html_escape(settings) + "</pre>\n</body></html>\n";
    return h;
}

void write_report(const RunDir& dir, const RunView& run, const std::string& settings,
                  const std::string& status) {
    write_file_atomically(dir.elo_table(), elo_table(run));
    write_file_atomically(dir.report(), report_html(run, settings, status));
}

}  // namespace pantheon::pipeline
