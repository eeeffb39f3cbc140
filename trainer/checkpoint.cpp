#include "trainer/checkpoint.h"

#include <bit>
#include <cstdio>
#include <cstring>

#include "data/byte_io.h"
#include "data/checksum.h"
#include "data/posix_file.h"
#include "nnue/architecture.h"
#include "util/atomic_file.h"

namespace pantheon::trainer {
PANTHEON_VARIANT_BEGIN

namespace {

constexpr char MAGIC[8] = {'P', 'N', 'T', 'C', 'K', 'P', 'T', '1'};
// 2 added the loss since the last log row; 3 the parent net, and the
// configuration hash without the length limits.
constexpr uint32_t VERSION = 3;
constexpr uint32_t OLDEST_VERSION = 1;
constexpr uint32_t FIRST_VERSION_WITHOUT_LIMITS = 3;
constexpr uint64_t MAX_TEXT_BYTES = 1 << 16;  // a path or a digest

uint64_t bits(double v) {
    return std::bit_cast<uint64_t>(v);
}
double from_bits(uint64_t v) {
    return std::bit_cast<double>(v);
}

void put_floats(std::vector<uint8_t>& out, const float* data, size_t n) {
    data::ByteWriter w(out);
    w.u64(n);
    const size_t at = out.size();
    out.resize(at + n * sizeof(float));
    std::memcpy(out.data() + at, data, n * sizeof(float));  // little-endian hosts only
}

bool get_floats(data::ByteReader& r, float* data, size_t n) {
    if (r.u64() != n) return false;
    const auto bytes = r.take(n * sizeof(float));
    if (r.failed()) return false;
    std::memcpy(data, bytes.data(), bytes.size());
    return true;
}

void put_text(data::ByteWriter& w, const std::string& text) {
    w.u64(text.size());
    w.bytes({reinterpret_cast<const uint8_t*>(text.data()), text.size()});
}

bool get_text(data::ByteReader& r, std::string& text) {
    const uint64_t n = r.u64();
    if (r.failed() || n > MAX_TEXT_BYTES || n > r.remaining()) return false;
    const auto bytes = r.take(size_t(n));
    if (r.failed()) return false;
    text.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    return true;
}

}  // namespace

bool save_checkpoint(const std::string& path, const TrainConfig& config, Model& model, Adam& adam,
                     const RunState& s, std::string* error) {
    std::vector<uint8_t> out(MAGIC, MAGIC + 8);
    data::ByteWriter w(out);
    w.u32(VERSION);
    w.u32(nnue::arch::hash());
    w.u64(config_hash(config));
    w.u64(s.step);
    w.u64(s.positions);
    w.u64(s.epoch);
    w.u64(s.consumed);
    w.u64(bits(s.seconds));
    w.u64(adam.steps());
    w.u64(bits(s.loss_sum));
    w.u64(s.loss_steps);
    w.u64(s.log.size());
    for (const LogRow& r : s.log) {
        w.u64(r.step);
        w.u64(r.positions);
        w.u64(r.epoch);
        for (double v : {r.train_loss, r.val_loss, r.lr, r.lambda, r.seconds, r.rate})
            w.u64(bits(v));
    }
    put_text(w, s.parent_path);
    put_text(w, s.parent_sha256);
    const std::vector<ParamArray> params = parameter_arrays(model);
    for (size_t a = 0; a < params.size(); ++a) {
        put_floats(out, params[a].data, params[a].size);
        put_floats(out, adam.first()[a].data(), params[a].size);
        put_floats(out, adam.second()[a].data(), params[a].size);
    }
    data::ByteWriter(out).u64(data::checksum64(out));

    return util::write_file_atomically(path, out, error);
}

bool load_checkpoint(const std::string& path, const TrainConfig& config, Model& model, Adam& adam,
                     RunState& s, std::string* error) {
    auto fail = [&](const std::string& why) {
        if (error) *error = path + ": " + why;
        return false;
    };
    data::PosixFile file;
    std::string why;
    if (!file.open_read(path, &why)) return fail(why);
    const uint64_t size = file.size();
    if (size < 8 + 8) return fail("not a training checkpoint (too short)");
    std::vector<uint8_t> bytes(size);
    if (!file.pread_all(bytes, 0, &why)) return fail(why);
    if (std::memcmp(bytes.data(), MAGIC, 8) != 0) return fail("not a training checkpoint");
    data::ByteReader tail({bytes.data() + size - 8, 8});
    if (tail.u64() != data::checksum64({bytes.data(), size - 8}))
        return fail("checksum mismatch: the checkpoint is damaged");
    data::ByteReader r({bytes.data() + 8, size - 16});
    const uint32_t version = r.u32();
    if (version < OLDEST_VERSION || version > VERSION) return fail("unknown checkpoint version");
    if (r.u32() != nnue::arch::hash())
        return fail("the checkpoint is of another network architecture");
    if (r.u64() != config_hash(config, version < FIRST_VERSION_WITHOUT_LIMITS))
        return fail(
            "the checkpoint was made with another training configuration (data, seed, batch, "
            "optimizer, loss or filters differ)");
    RunState loaded;
    loaded.step = r.u64();
    loaded.positions = r.u64();
    loaded.epoch = r.u64();
    loaded.consumed = r.u64();
    loaded.seconds = from_bits(r.u64());
    const uint64_t adam_steps = r.u64();
    if (version >= 2) {
        loaded.loss_sum = from_bits(r.u64());
        loaded.loss_steps = r.u64();
    }
    const uint64_t rows = r.u64();
    if (r.failed() || rows > r.remaining() / 80) return fail("damaged log");
    for (uint64_t i = 0; i < rows; ++i) {
        LogRow row;
        row.step = r.u64();
        row.positions = r.u64();
        row.epoch = r.u64();
        for (double* v :
             {&row.train_loss, &row.val_loss, &row.lr, &row.lambda, &row.seconds, &row.rate})
            *v = from_bits(r.u64());
        loaded.log.push_back(row);
    }
    if (version >= 3 &&
        (!get_text(r, loaded.parent_path) || !get_text(r, loaded.parent_sha256)))
        return fail("damaged parent net record");
    // Read into copies so a failure leaves the model and optimizer untouched.
    Model m;
    Adam a = adam;
    const std::vector<ParamArray> params = parameter_arrays(m);
    for (size_t i = 0; i < params.size(); ++i) {
        if (!get_floats(r, params[i].data, params[i].size) ||
            !get_floats(r, a.first()[i].data(), params[i].size) ||
            !get_floats(r, a.second()[i].data(), params[i].size))
            return fail("damaged or truncated parameters");
    }
    if (r.failed() || !r.at_end()) return fail("unexpected size");
    a.set_steps(adam_steps);
    model = std::move(m);
    adam = std::move(a);
    s = std::move(loaded);
    return true;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::trainer
