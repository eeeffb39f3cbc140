#include "tuner/tune_set.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <span>

#include "data/progress.h"
#include "data/training_stream.h"
#include "util/parallel.h"

namespace pantheon::tuner {
PANTHEON_VARIANT_BEGIN

namespace {

// Stream positions read (and traced in parallel) at a time.
constexpr size_t READ_BLOCK = 16384;
// Parts of a block traced as separate tasks.
constexpr size_t TRACE_PARTS = 16;

// Sorts terms by parameter and merges duplicates; returns the new count.
size_t merge_terms(search::EvalTerm* t, size_t n) {
    std::sort(t, t + n, [](const auto& a, const auto& b) { return a.param < b.param; });
    size_t out = 0;
    for (size_t i = 0; i < n; ++i) {
        if (out && t[out - 1].param == t[i].param)
            t[out - 1].count = int16_t(t[out - 1].count + t[i].count);
        else
            t[out++] = t[i];
    }
    size_t kept = 0;
    for (size_t i = 0; i < out; ++i)
        if (t[i].count) t[kept++] = t[i];
    return kept;
}

// Filters and traces a block of positions into `out`, in the block's order:
// fixed parts traced in parallel, each into its own set, joined in order (the
// same set with any number of threads).
void trace_block(std::span<const data::TrainingPosition> block, const data::PositionFilter& filter,
                 int threads, TuneSet& out, LoadCounts& counts) {
    std::array<TuneSet, TRACE_PARTS> parts;
    std::array<LoadCounts, TRACE_PARTS> part_counts{};
    util::run_on_threads(threads, [&] {
        tbb::parallel_for(size_t(0), TRACE_PARTS, [&](size_t w) {
            search::EvalTrace trace;
            for (size_t i = block.size() * w / TRACE_PARTS;
                 i < block.size() * (w + 1) / TRACE_PARTS; ++i) {
                const data::TrainingPosition& t = block[i];
                if (!data::filter_keeps(filter, t)) {
                    ++part_counts[w].filtered;
                    continue;
                }
                const std::optional<Position> pos = t.to_position();
                // A draw (result 0, target 0.5) exists only in games with draws;
                // elsewhere a 0 is a broken record.
                const bool result_ok =
                    t.result == 1 || t.result == -1 || (Variant::draws && t.result == 0);
                if (!pos || pos->campmate_reached() || !result_ok) {
                    ++part_counts[w].malformed;
                    continue;
                }
                const int score = search::trace_evaluation(*pos, trace);
                parts[w].add(trace, score, double(t.result_wdl()));
            }
        });
    });
    for (size_t w = 0; w < TRACE_PARTS; ++w) {
        out.append(parts[w]);
        counts.filtered += part_counts[w].filtered;
        counts.malformed += part_counts[w].malformed;
    }
}

}  // namespace

void TuneSet::add(const search::EvalTrace& trace, int engine_score, double target) {
    TunePosition p;
    p.begin = uint32_t(terms_.size());
    auto put = [&](const std::vector<search::EvalTerm>& src) {
        const size_t at = terms_.size();
        terms_.insert(terms_.end(), src.begin(), src.end());
        const size_t n = merge_terms(terms_.data() + at, src.size());
        terms_.resize(at + n);
        return uint16_t(n);
    };
    p.linear = put(trace.linear);
    p.units0 = put(trace.units[0]);
    p.units1 = put(trace.units[1]);
    p.king_rank[0] = uint8_t(trace.king_rank[0]);
    p.king_rank[1] = uint8_t(trace.king_rank[1]);
    p.target = float(target);
    p.engine_score = engine_score;
    positions_.push_back(p);
}

void TuneSet::append(const TuneSet& other) {
    const uint32_t shift = uint32_t(terms_.size());
    terms_.insert(terms_.end(), other.terms_.begin(), other.terms_.end());
    for (TunePosition p : other.positions_) {
        p.begin += shift;
        positions_.push_back(p);
    }
}

void TuneSet::split(size_t every, TuneSet& held_out) {
    TuneSet keep;
    for (size_t i = 0; i < positions_.size(); ++i) {
        const TunePosition& p = positions_[i];
        TuneSet& to = (every && i % every == every - 1) ? held_out : keep;
        TunePosition q = p;
        q.begin = uint32_t(to.terms_.size());
        to.terms_.insert(to.terms_.end(), terms_.begin() + p.begin,
                         terms_.begin() + p.begin + p.linear + p.units0 + p.units1);
        to.positions_.push_back(q);
    }
    *this = std::move(keep);
}

bool load_tune_set(const std::vector<std::string>& inputs, const LoadOptions& options, TuneSet& out,
                   LoadCounts& counts, std::ostream* progress, std::string* error) {
    data::StreamOptions so;
    so.threads = std::max(1, options.threads);
    so.shuffle_buffer = 1;  // file order: the held-out split is reproducible
    so.shuffle_chunks = false;
    data::TrainingStream stream(so);
    if (!stream.open(inputs, error)) return false;
    if (stream.total_positions() == 0) {
        if (error) *error = "the data holds no positions";
        return false;
    }
    data::Progress bar("tune: tracing", "positions", stream.total_positions(), progress);
    std::vector<data::TrainingPosition> block(READ_BLOCK);
    for (;;) {
        size_t want = block.size();
        if (options.max_positions)
            want = size_t(std::min<uint64_t>(want, options.max_positions - counts.read));
        if (want == 0) break;
        const size_t got = stream.read({block.data(), want});
        if (stream.failed()) {
            if (error) *error = stream.error();
            return false;
        }
        if (got == 0) break;
        counts.read += got;
        trace_block({block.data(), got}, options.filter, options.threads, out, counts);
        counts.kept = out.size();
        bar.update(counts.read);
    }
    bar.finish();
    if (out.size() == 0) {
        if (error)
            *error = "no positions left to tune on (" + std::to_string(counts.read) + " read, " +
                     std::to_string(counts.filtered) + " filtered, " +
                     std::to_string(counts.malformed) + " malformed)";
        return false;
    }
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::tuner
