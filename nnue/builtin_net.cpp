#include "nnue/builtin_net.h"

#include "nnue/net_file.h"

#if defined(PANTHEON_BUILTIN_NET_PATH)
// The assembler copies the file into read-only data; CMake rebuilds this
// file when the net changes (OBJECT_DEPENDS).
extern "C" const uint8_t pantheon_builtin_net_begin[];
extern "C" const uint8_t pantheon_builtin_net_end[];
__asm__(
    ".section .rodata\n"
    ".balign 64\n"
    ".globl pantheon_builtin_net_begin\n"
    ".hidden pantheon_builtin_net_begin\n"
    "pantheon_builtin_net_begin:\n"
    ".incbin \"" PANTHEON_BUILTIN_NET_PATH
    "\"\n"
    ".globl pantheon_builtin_net_end\n"
    ".hidden pantheon_builtin_net_end\n"
    "pantheon_builtin_net_end:\n"
    ".previous\n");
#endif

namespace pantheon::nnue {

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
            if (error) *error = "this build has no built-in net (nnue/nets/default.nnue)";
            return nullptr;
        }
        if (!deserialize_network(builtin_net_bytes(), *net, error)) return nullptr;
    } else if (!load_network_file(path, *net, error)) {
        return nullptr;
    }
    return net;
}

}  // namespace pantheon::nnue
