#include "nnue/builtin_net.h"

#include "nnue/net_file.h"

#if defined(PANTHEON_BUILTIN_NET_PATH)
// The assembler copies the file into read-only data; CMake rebuilds this
// file when the net changes (OBJECT_DEPENDS). The symbols carry the variant's
// name: each variant's copy of this file embeds its own net.
#define PANTHEON_NET_STR2(x) #x
#define PANTHEON_NET_STR(x) PANTHEON_NET_STR2(x)
#define PANTHEON_NET_SYMBOL(part) \
    "pantheon_builtin_net_" PANTHEON_NET_STR(PANTHEON_VARIANT_NS) "_" part
extern "C" const uint8_t pantheon_builtin_net_begin[] __asm__(PANTHEON_NET_SYMBOL("begin"));
extern "C" const uint8_t pantheon_builtin_net_end[] __asm__(PANTHEON_NET_SYMBOL("end"));
__asm__(
    ".section .rodata\n"
    ".balign 64\n"
    ".globl " PANTHEON_NET_SYMBOL("begin") "\n"
    ".hidden " PANTHEON_NET_SYMBOL("begin") "\n"
    PANTHEON_NET_SYMBOL("begin") ":\n"
    ".incbin \"" PANTHEON_BUILTIN_NET_PATH
    "\"\n"
    ".globl " PANTHEON_NET_SYMBOL("end") "\n"
    ".hidden " PANTHEON_NET_SYMBOL("end") "\n"
    PANTHEON_NET_SYMBOL("end") ":\n"
    ".previous\n");
#endif

namespace pantheon::nnue {
PANTHEON_VARIANT_BEGIN

std::span<const uint8_t> builtin_net_bytes() {
#if defined(PANTHEON_BUILTIN_NET_PATH)
    return {pantheon_builtin_net_begin, pantheon_builtin_net_end};
#else
    return {};
#endif
}

bool has_builtin_net() {
    return !builtin_net_bytes().empty();
}

std::shared_ptr<const Network> load_network(const std::string& path, std::string* error) {
    auto net = std::make_shared<Network>();
    if (path.empty()) {
        if (!has_builtin_net()) {
            if (error)
                *error = "this build has no built-in " + std::string(Variant::name) + " net";
            return nullptr;
        }
        if (!deserialize_network(builtin_net_bytes(), *net, error)) return nullptr;
    } else if (!load_network_file(path, *net, error)) {
        return nullptr;
    }
    return net;
}

PANTHEON_VARIANT_END
}  // namespace pantheon::nnue
