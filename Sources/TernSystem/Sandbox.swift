import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// The web content process's sandbox on Linux (SECURITY.md): once entered,
/// for good, the process cannot open a file, make a socket, start a program
/// or grow past its address-space cap. What it keeps is its memory, its
/// threads, the file descriptors it already holds (its socket to the
/// browser) and the clock.
///
/// Four layers, each on its own where the kernel lacks another:
/// `PR_SET_NO_NEW_PRIVS`; `RLIMIT_AS`; Landlock (no file-system access at
/// all; from ABI 4 no TCP bind or connect, from ABI 6 no abstract UNIX
/// sockets or signals outside the process); and a seccomp-bpf filter that
/// allows only the calls listed in `contentProcessRules`.
public enum Sandbox {
    /// What `enter` put in place.
    public struct Report: Equatable {
        /// The Landlock ABI used, nil where the kernel has none (the seccomp
        /// filter still refuses every call that opens a path).
        public var landlockABI: Int?
        /// The address-space cap set, in bytes, nil for none.
        public var addressSpaceLimit: Int?
    }

    /// Enters the sandbox. Call it before any thread starts that should not
    /// outlive it (the filter is synchronised to every thread either way),
    /// after everything that reads files is loaded (JavaScriptCore is
    /// dlopen'ed on first use: load it first).
    ///
    /// - Parameter addressSpaceLimit: `RLIMIT_AS` in bytes, soft and hard;
    ///   nil keeps the inherited limit. JavaScriptCore reserves about 5.5 GB
    ///   of address space it does not use (its JIT pool, its caged heaps), so
    ///   the cap is what the process has mapped plus the heap it may grow by
    ///   (`addressSpaceInUse()`).
    public static func enter(addressSpaceLimit: Int?) throws(SystemError) -> Report {
        guard tern_set_no_new_privs() == 0 else { throw .last("prctl(PR_SET_NO_NEW_PRIVS)") }
        if let addressSpaceLimit {
            let bytes = rlim_t(max(0, addressSpaceLimit))
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { throw .last("setrlimit(RLIMIT_AS)") }
        }
        let abi = try restrictWithLandlock()
        try SeccompFilter(rules: contentProcessRules).install()
        return Report(landlockABI: abi, addressSpaceLimit: addressSpaceLimit)
    }

    /// The bytes of address space the process has mapped now (`VmSize`),
    /// nil where /proc cannot be read. Read it before `enter`.
    public static func addressSpaceInUse() -> Int? {
        // statm's first field: the size of the mappings, in pages.
        let file = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let digits = bytes[..<count].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let pages = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
        let (total, overflow) = pages.multipliedReportingOverflow(by: Int(sysconf(Int32(_SC_PAGESIZE))))
        return overflow ? nil : total
    }

    // MARK: Landlock

    /// Landlock's file-system rights of each ABI (linux/landlock.h):
    /// execute … make-sym (1), refer (2), truncate (3), ioctl-dev (5).
    private static func fileSystemRights(abi: Int) -> UInt64 {
        var rights: UInt64 = (1 << 13) - 1
        if abi >= 2 { rights |= 1 << 13 }
        if abi >= 3 { rights |= 1 << 14 }
        if abi >= 5 { rights |= 1 << 15 }
        return rights
    }

    /// A ruleset that handles every right and allows none, applied to this
    /// process: nil where the kernel has no Landlock.
    private static func restrictWithLandlock() throws(SystemError) -> Int? {
        let abi = Int(tern_landlock_abi_version())
        guard abi >= 1 else { return nil }
        var attributes = tern_landlock_ruleset_attr(handled_access_fs: fileSystemRights(abi: abi),
                                                     handled_access_net: 0, scoped: 0)
        var size = 8
        if abi >= 4 {
            attributes.handled_access_net = 0b11 // LANDLOCK_ACCESS_NET_BIND_TCP | _CONNECT_TCP
            size = 16
        }
        if abi >= 6 {
            attributes.scoped = 0b11 // LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | _SIGNAL
            size = 24
        }
        let ruleset = tern_landlock_create_ruleset(&attributes, size)
        guard ruleset >= 0 else { throw .last("landlock_create_ruleset") }
        defer { close(ruleset) }
        guard tern_landlock_restrict_self(ruleset) == 0 else { throw .last("landlock_restrict_self") }
        return abi
    }

    // MARK: The system calls a content process makes

    /// What a content process needs after start-up: memory (JavaScriptCore's
    /// JIT maps executable pages), threads (its garbage collector and JIT
    /// compilers; `clone` only with `CLONE_THREAD`, so never a new process),
    /// locks and signals within the process, the clock, randomness, reading
    /// and writing the descriptors it holds. Nothing that names a path,
    /// makes a socket or a process, or changes a limit.
    static var contentProcessRules: [SeccompFilter.Rule] {
        let me = UInt64(UInt32(bitPattern: getpid()))
        var rules: [SeccompFilter.Rule] = [
            SYS_read, SYS_write, SYS_readv, SYS_writev, SYS_pread64, SYS_pwrite64, SYS_close, SYS_lseek,
            SYS_fstat, SYS_newfstatat, SYS_fcntl,
            SYS_mmap, SYS_mprotect, SYS_munmap, SYS_mremap, SYS_madvise, SYS_mincore, SYS_brk, SYS_membarrier,
            SYS_rt_sigaction, SYS_rt_sigprocmask, SYS_rt_sigreturn, SYS_sigaltstack, SYS_restart_syscall,
            SYS_futex, SYS_set_robust_list, SYS_get_robust_list, SYS_rseq, SYS_set_tid_address,
            SYS_sched_yield, SYS_sched_getaffinity, SYS_sched_getparam, SYS_sched_getscheduler, SYS_getpriority,
            SYS_getpid, SYS_gettid, SYS_getppid, SYS_getuid, SYS_geteuid, SYS_getgid, SYS_getegid,
            SYS_clock_gettime, SYS_clock_getres, SYS_clock_nanosleep, SYS_nanosleep, SYS_gettimeofday,
            SYS_getrandom, SYS_getrusage, SYS_sysinfo, SYS_uname,
            SYS_sendmsg, SYS_recvmsg, SYS_sendto, SYS_recvfrom, SYS_shutdown,
            SYS_ppoll, SYS_pselect6, SYS_epoll_create1, SYS_epoll_ctl, SYS_epoll_pwait, SYS_eventfd2, SYS_pipe2,
            SYS_exit, SYS_exit_group,
        ].map { .always(Int($0)) }
        #if arch(x86_64)
        rules += [SYS_poll, SYS_select, SYS_epoll_wait, SYS_getrlimit, SYS_arch_prctl].map { .always(Int($0)) }
        #endif
        rules += [
            // A thread, never a process (fork and posix_spawn clone without CLONE_THREAD).
            .masked(Int(SYS_clone), argument: 0, mask: UInt32(CLONE_THREAD), value: UInt32(CLONE_THREAD)),
            .fail(Int(SYS_clone3), errno: ENOSYS),
            // Signals only to its own threads and itself.
            .equal(Int(SYS_tgkill), argument: 0, value: me),
            .equal(Int(SYS_kill), argument: 0, value: me),
            // Limits read, never set (a new limit is the third argument).
            .equal(Int(SYS_prlimit64), argument: 2, value: 0),
            // Thread names (PR_SET_NAME, PR_GET_NAME).
            .equal(Int(SYS_prctl), argument: 0, value: UInt64(PR_SET_NAME)),
            .equal(Int(SYS_prctl), argument: 0, value: UInt64(PR_GET_NAME)),
        ]
        return rules
    }
}
