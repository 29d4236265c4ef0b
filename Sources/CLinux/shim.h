// Linux kernel interfaces for the web content process's sandbox (TernSystem):
// the headers, and wrappers for what Swift cannot call itself (the variadic
// prctl and syscall, and macros).
#ifndef TERN_CLINUX_SHIM_H
#define TERN_CLINUX_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/sched.h>
#include <linux/seccomp.h>

/// glibc 2.34's closefrom action for posix_spawn (declared under _GNU_SOURCE only).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// The audit architecture a seccomp filter checks first (a process of another
/// ABI numbers its system calls differently); 0 where Tern has no filter.
static inline uint32_t tern_audit_arch(void) {
#if defined(__x86_64__)
    return AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
    return AUDIT_ARCH_AARCH64;
#else
    return 0;
#endif
}

/// prctl(PR_SET_NO_NEW_PRIVS, 1): execve can never grant privileges again
/// (set-user-ID files, file capabilities); needed for an unprivileged filter.
static inline int tern_set_no_new_privs(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

/// Installs a seccomp-bpf filter on every thread of the process.
static inline int tern_seccomp_set_filter(const struct sock_filter *filter, unsigned short count) {
    struct sock_fprog program = { .len = count, .filter = (struct sock_filter *)filter };
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &program);
}

/// The highest Landlock ABI the kernel offers, or -1 (errno ENOSYS or
/// EOPNOTSUPP where it has none or it is turned off).
static inline int tern_landlock_abi_version(void) {
    return (int)syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
}

/// Landlock's ruleset attributes as of ABI 6 (the system's header may be
/// older): the kernel reads the first `size` bytes, so a caller passes 8
/// bytes below ABI 4, 16 below ABI 6, 24 from 6 on.
struct tern_landlock_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

static inline int tern_landlock_create_ruleset(const struct tern_landlock_ruleset_attr *attributes, size_t size) {
    return (int)syscall(SYS_landlock_create_ruleset, attributes, size, 0);
}

#ifndef O_PATH
#define O_PATH 010000000 /* asm-generic/fcntl.h: the same on x86-64 and arm64 */
#endif

/// Opens `path` to name it in a Landlock rule (O_PATH: neither read nor written).
static inline int tern_open_path(const char *path) {
    return open(path, O_PATH | O_CLOEXEC);
}

/// Allows `access` (file rights only: the path is a file) beneath the
/// file open as `fd` (`tern_open_path`) in `ruleset`.
static inline int tern_landlock_allow_file(int ruleset, int fd, uint64_t access) {
    struct landlock_path_beneath_attr rule = { .allowed_access = access, .parent_fd = fd };
    return (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
}

static inline int tern_landlock_restrict_self(int ruleset) {
    return (int)syscall(SYS_landlock_restrict_self, ruleset, 0);
}

#endif
