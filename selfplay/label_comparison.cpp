#include "selfplay/label_comparison.h"

#include <cmath>
#include <cstdio>

#include "data/game_replay.h"
#include "data/game_source.h"
#include "engine/search/search.h"
#include "util/percent.h"

namespace pantheon::selfplay {
PANTHEON_VARIANT_BEGIN

namespace {

using util::percent;

void print_outcomes(std::ostream& out, const char* name, const VerdictOutcomes& o) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "  %s: ahead by %d or more: won %.1f%% of %llu; behind: lost %.1f%% of %llu; "
                  "its mates for the side to move: won %.1f%% of %llu\n",
                  name, CONFIDENT_VERDICT, percent(o.ahead_won, o.ahead),
                  static_cast<unsigned long long>(o.ahead), percent(o.behind_lost, o.behind),
                  static_cast<unsigned long long>(o.behind), percent(o.mates_for_won, o.mates_for),
                  static_cast<unsigned long long>(o.mates_for));
    out << line;
}

}  // namespace

void VerdictOutcomes::add(int score, bool is_mate, bool won, bool lost) {
    if (is_mate) {
        if (score > 0) {
            ++mates_for;
            mates_for_won += won;
        }
        return;
    }
    if (score >= CONFIDENT_VERDICT) {
        ++ahead;
        ahead_won += won;
    } else if (score <= -CONFIDENT_VERDICT) {
        ++behind;
        behind_lost += lost;
    }
}

void LabelComparison::add_position(int a, int b, bool a_mate, bool b_mate, bool won, bool lost) {
    outcomes_a.add(a, a_mate, won, lost);
    outcomes_b.add(b, b_mate, won, lost);
    mates_a += a_mate;
    mates_b += b_mate;
    if (a_mate && b_mate) {
        ++mates_both;
        mates_both_same_sign += (a > 0) == (b > 0);
    }
    if (a_mate || b_mate) return;
    ++centipawns;
    if (a != 0 && b != 0) {
        ++both_nonzero;
        same_sign += (a > 0) == (b > 0);
    }
    sum_a += a;
    sum_b += b;
    sum_abs_a += std::abs(a);
    sum_abs_b += std::abs(b);
    sum_aa += double(a) * a;
    sum_bb += double(b) * b;
    sum_ab += double(a) * b;
}

void LabelComparison::print(std::ostream& out) const {
    char line[512];
    std::snprintf(line, sizeof line,
                  "compare: %llu games, %llu positions, %llu labelled in both; best moves the "
                  "same in %.1f%%\n",
                  static_cast<unsigned long long>(games),
                  static_cast<unsigned long long>(positions),
                  static_cast<unsigned long long>(compared), percent(same_best, compared));
    out << line;
    const double n = double(centipawns);
    const double mean_a = centipawns ? sum_abs_a / n : 0, mean_b = centipawns ? sum_abs_b / n : 0;
    const double cov = centipawns ? sum_ab / n - (sum_a / n) * (sum_b / n) : 0;
    const double var_a = centipawns ? sum_aa / n - (sum_a / n) * (sum_a / n) : 0;
    const double var_b = centipawns ? sum_bb / n - (sum_b / n) * (sum_b / n) : 0;
    const double correlation = var_a > 0 && var_b > 0 ? cov / std::sqrt(var_a * var_b) : 0;
    std::snprintf(line, sizeof line,
                  "centipawns (neither a mate): %llu positions; same sign in %.1f%% of those "
                  "where neither is 0; correlation %.3f\n"
                  "  mean size: A %.0f, B %.0f; B is %.1f%% of A (least squares, B = k A: "
                  "%.1f%%); B times %.1f%% is on A's scale\n",
                  static_cast<unsigned long long>(centipawns), percent(same_sign, both_nonzero),
                  correlation, mean_a, mean_b, mean_a > 0 ? 100.0 * mean_b / mean_a : 0.0,
                  sum_aa > 0 ? 100.0 * sum_ab / sum_aa : 0.0,
                  mean_b > 0 ? 100.0 * mean_a / mean_b : 0.0);
    out << line;
    std::snprintf(
        line, sizeof line, "mates: A %llu, B %llu, both %llu (the same side in %.1f%%)\n",
        static_cast<unsigned long long>(mates_a), static_cast<unsigned long long>(mates_b),
        static_cast<unsigned long long>(mates_both), percent(mates_both_same_sign, mates_both));
    out << line << "how confident verdicts ended (the side to move's game):\n";
    print_outcomes(out, "A", outcomes_a);
    print_outcomes(out, "B", outcomes_b);
}

bool add_game_pair(LabelComparison& c, const data::GameRecord& a, const data::GameRecord& b,
                   std::string* error) {
    const auto differs = [&](const std::string& what) {
        if (error) *error = "game " + std::to_string(c.games + 1) + ": " + what;
        return false;
    };
    if (a.start_fen != b.start_fen) return differs("the two start from different positions");
    if (a.plies.size() != b.plies.size()) return differs("the two have different lengths");
    const auto start = data::start_position(a, error);
    if (!start) return false;
    Color side = start->side_to_move();
    for (size_t i = 0; i < a.plies.size(); ++i, side = ~side) {
        const data::PlyRecord &pa = a.plies[i], &pb = b.plies[i];
        if (pa.played != pb.played || pa.excluded != pb.excluded)
            return differs("ply " + std::to_string(i + 1) + " differs: not the same game");
        if (pa.excluded) continue;
        ++c.compared;
        c.same_best += pa.best == pb.best;
        const bool won = a.winner && *a.winner == side, lost = a.winner && *a.winner != side;
        c.add_position(pa.score, pb.score, search::is_mate_score(pa.score),
                       search::is_mate_score(pb.score), won, lost);
    }
    ++c.games;
    c.positions += a.plies.size();
    return true;
}

bool compare_labels(const std::vector<std::string>& a, const std::vector<std::string>& b,
                    LabelComparison& result, std::string* error) {
    data::InputSet set_a, set_b;
    if (!data::open_inputs(a, set_a, error) || !data::open_inputs(b, set_b, error)) return false;
    if (set_a.files.size() != set_b.files.size()) {
        if (error)
            *error = "A has " + std::to_string(set_a.files.size()) + " files, B " +
                     std::to_string(set_b.files.size()) + ": not the same games";
        return false;
    }
    for (size_t f = 0; f < set_a.files.size(); ++f) {
        data::InputSet file_a, file_b;
        if (!data::open_inputs({set_a.files[f]}, file_a, error) ||
            !data::open_inputs({set_b.files[f]}, file_b, error))
            return false;
        std::vector<data::GameRecord> games;
        if (!data::for_each_game(
                file_a, [&](const data::GameRecord& g) { return games.push_back(g), true; },
                nullptr, error))
            return false;
        size_t next = 0;
        const std::string where = " (" + set_a.files[f] + " and " + set_b.files[f] + ")";
        const bool paired = data::for_each_game(
            file_b,
            [&](const data::GameRecord& g) {
                if (next >= games.size()) {
                    if (error) *error = "B holds more games than A" + where;
                    return false;
                }
                if (add_game_pair(result, games[next++], g, error)) return true;
                if (error) *error += where;
                return false;
            },
            nullptr, error);
        if (!paired) return false;
        if (next != games.size()) {
            if (error) *error = "A holds more games than B" + where;
            return false;
        }
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::selfplay
