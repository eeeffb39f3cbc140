#include "pipeline/summary.h"

#include <cstdio>
#include <string>

#include "pipeline/report.h"
#include "pipeline/step_results.h"

namespace pantheon::pipeline {

void print_summary(const PipelineConfig& c, const RunDir& dir, const Player& best,
                   std::ostream& out) {
    const auto gens = collect_run(dir, c.generations).generations;
    double positions = 0;
    std::string final_loss = "n/a";
    for (const auto& g : gens) {
        if (g.selfplay) positions += record_number(*g.selfplay, "positions");
        if (g.outside) positions += record_number(*g.outside, "positions");
        if (g.train && g.train->count("final_loss"))
            final_loss = g.train->at("final_loss") + " (gen " + std::to_string(g.gen) + ")";
    }
    if (gens.empty()) return;
    const GenerationView& last = gens.back();
    // The run's own copy: the file the settings name may have changed since.
    const std::string first = c.initial_net.empty()
                                  ? "the hand-crafted eval"
                                  : "the initial net (" + dir.initial_net_copy().string() +
                                        ", the run's copy of " + c.initial_net + ")";
    out << "pipeline finished: " << c.generations << " generations in " << dir.root().string()
        << "\n"
        << "  positions generated: " << format_number(positions) << "\n"
        << "  final training loss: " << final_loss << "\n";
    if (last.promote) {
        char elo[96];
        std::snprintf(elo, sizeof elo, "%+.1f ± %.1f",
                      record_number(*last.promote, "candidate_elo"),
                      record_number(*last.promote, "candidate_error"));
        out << "  Elo of the newest net (gen-" << last.gen << ") against " << first << ": " << elo
            << " (" << (last.promote->at("promoted") == "yes" ? "promoted" : "not promoted")
            << ")\n";
    }
    out << "  best player: " << best.name << (best.net.empty() ? "" : " (" + best.net + ")") << "\n"
        << "  report: " << dir.report().string() << "\n";
}

}  // namespace pantheon::pipeline
