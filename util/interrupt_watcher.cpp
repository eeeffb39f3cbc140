#include "util/interrupt_watcher.h"

#include <cerrno>
#include <ctime>

namespace pantheon::util {

InterruptWatcher::InterruptWatcher(std::atomic<bool>& flag) : flag_(flag) {
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &mask, &old_mask_);
    thread_ = std::thread([this, mask] {
        const timespec slice{0, 100 * 1000 * 1000};  // check for shutdown every 0.1 s
        while (!done_.load()) {
            if (sigtimedwait(&mask, nullptr, &slice) > 0) flag_.store(true);
        }
    });
}

InterruptWatcher::~InterruptWatcher() {
    done_.store(true);
    thread_.join();
    pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

}  // namespace pantheon::util
