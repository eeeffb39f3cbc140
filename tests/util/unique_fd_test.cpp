#include "util/unique_fd.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <utility>

namespace pantheon::util {
namespace {

bool is_open(int fd) {
    return ::fcntl(fd, F_GETFD) != -1;
}

TEST(UniqueFd, ClosesWhenItGoesOutOfScope) {
    int raw = -1;
    {
        const UniqueFd fd(::open("/dev/null", O_RDONLY | O_CLOEXEC));
        ASSERT_TRUE(fd.valid());
        raw = fd.get();
        EXPECT_TRUE(is_open(raw));
    }
    EXPECT_FALSE(is_open(raw));
}

TEST(UniqueFd, MovesOwnershipAndReleaseGivesItUp) {
    UniqueFd first(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    const int raw = first.get();
    UniqueFd second = std::move(first);
    EXPECT_FALSE(first.valid());
    EXPECT_EQ(second.get(), raw);
    second = UniqueFd();  // replaced: the old descriptor is closed
    EXPECT_FALSE(is_open(raw));

    UniqueFd third(::open("/dev/null", O_RDONLY | O_CLOEXEC));
    const int kept = third.release();
    EXPECT_FALSE(third.valid());
    EXPECT_TRUE(is_open(kept));
    ::close(kept);
}

}  // namespace
}  // namespace pantheon::util
