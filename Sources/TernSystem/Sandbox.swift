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
/// `PR_SET_NO_NEW_PRIVS`; `RLIMIT_AS`; Landlock (no file-system access but
/// reading `readableFiles`, what JavaScriptCore reads as it starts; from
/// ABI 4 no TCP bind or connect, from ABI 6 no abstract UNIX sockets or
/// signals outside the process); and a seccomp-bpf filter that allows only
/// the calls listed in `contentProcessRules` (no `open` at all).
public enum Sandbox {
    /// What `enter` put in place.
    public struct Report: Equatable {
        /// The Landlock ABI used, nil where the kernel has none (the seccomp
        /// filter still refuses every call that opens a path).
        public var landlockABI: Int?
        /// The address-space cap set, in bytes, nil for none.
        public var addressSpaceLimit: Int?
    }

    /// Closes the file system (Landlock, with `PR_SET_NO_NEW_PRIVS`) for
    /// this thread and every thread it starts from now on: Landlock holds
    /// the thread that asks and its descendants, not threads already
    /// running. Call it before any other thread starts (JavaScriptCore's
    /// start theirs when its first context is made), after everything that
    /// reads files is loaded (JavaScriptCore's library: load it first).
    /// The Landlock ABI used, nil where the kernel has none. Once is enough:
    /// a second call does nothing more.
    @discardableResult
    public static func closeFileSystem() throws(SystemError) -> Int? {
        if let closed = fileSystemClosed { return closed }
        guard tern_set_no_new_privs() == 0 else { throw .last("prctl(PR_SET_NO_NEW_PRIVS)") }
        let abi = try restrictWithLandlock()
        fileSystemClosed = .some(abi)
        return abi
    }
    private nonisolated(unsafe) static var fileSystemClosed: Int??

    /// Enters the sandbox: `closeFileSystem` (when not called yet), the
    /// address-space cap, and the system-call filter, which holds every
    /// thread of the process.
    ///
    /// - Parameter addressSpaceLimit: `RLIMIT_AS` in bytes, soft and hard;
    ///   nil keeps the inherited limit. JavaScriptCore reserves about 5.5 GB
    ///   of address space it does not use (its JIT pool, its caged heaps), so
    ///   the cap is what the process has mapped plus the heap it may grow by
    ///   (`addressSpaceInUse()`).
    public static func enter(addressSpaceLimit: Int?) throws(SystemError) -> Report {
        let abi = try closeFileSystem()
        if let addressSpaceLimit {
            let bytes = rlim_t(max(0, addressSpaceLimit))
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { throw .last("setrlimit(RLIMIT_AS)") }
        }
        try SeccompFilter(rules: contentProcessRules).install()
        return Report(landlockABI: abi, addressSpaceLimit: addressSpaceLimit)
    }

    /// The bytes of address space the process has mapped now (`VmSize`),
    /// nil where /proc cannot be read. Read it before `enter`.
    public static func addressSpaceInUse() -> Int? {
        AddressSpaceGauge().bytesInUse()
    }

    /// Reads the process's mapped address space, through /proc/self/statm
    /// opened when made: it reads on once the file system is closed.
    public final class AddressSpaceGauge {
        private let file: Int32

        public init() {
            file = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        }

        deinit {
            if file >= 0 { close(file) }
        }

        /// The bytes mapped now (`VmSize`); nil where /proc could not be read.
        public func bytesInUse() -> Int? {
            guard file >= 0 else { return nil }
            return Sandbox.mappedBytes(statm: file)
        }
    }

    private static func mappedBytes(statm file: Int32) -> Int? {
        // statm's first field: the size of the mappings, in pages.
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
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

    /// Files a content process may read, all that JavaScriptCore's engine
    /// reads when it starts (it aborts without them): random bytes, its
    /// main thread's stack bounds (glibc reads the process's own map), and
    /// the processors there are. None names anything of the person's.
    static let readableFiles = ["/dev/urandom", "/proc/self/maps", "/proc/stat", "/sys/devices/system/cpu/online"]

    /// A ruleset that handles every right and allows none but reading
    /// `readableFiles`, applied to this thread and those it starts: nil
    /// where the kernel has no Landlock.
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
        let readFile: UInt64 = 1 << 2 // LANDLOCK_ACCESS_FS_READ_FILE
        for path in readableFiles {
            let file = tern_open_path(path)
            guard file >= 0 else { continue }
            defer { close(file) }
            guard tern_landlock_allow_file(ruleset, file, readFile) == 0 else { throw .last("landlock_add_rule") }
        }
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
            // rt_sigsuspend: JavaScriptCore's collector stops a thread by a signal whose
            // handler waits in sigsuspend; refused, the thread ran on and the collector crashed.
            SYS_rt_sigaction, SYS_rt_sigprocmask, SYS_rt_sigreturn, SYS_rt_sigsuspend, SYS_sigaltstack, SYS_restart_syscall,
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
