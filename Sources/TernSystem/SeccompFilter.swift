import CLinux
#if canImport(Glibc)
import Glibc
#endif

/// A seccomp-bpf program: the classic BPF the kernel runs on every system
/// call's `struct seccomp_data` (`nr` at offset 0, `arch` at 4, the six
/// arguments from 16, eight bytes each), answering allow or an error.
///
/// The program is a list of tests, each followed by its own `ret ALLOW`, so
/// no jump is longer than the next few instructions (classic BPF jumps
/// forward at most 255). A call that no test allows fails with `EPERM`
/// (libraries that probe for a file or a device see an error, not a kill);
/// a call made with another architecture's numbers kills the process.
struct SeccompFilter {
    /// A system call the filter allows, always or when its arguments say so.
    enum Rule {
        /// Allowed with any arguments.
        case always(Int)
        /// Allowed when `argument & mask == value` (the low 32 bits).
        case masked(Int, argument: Int, mask: UInt32, value: UInt32)
        /// Allowed when the whole 64-bit `argument` is `value` (a NULL pointer, a pid).
        case equal(Int, argument: Int, value: UInt64)
        /// Fails with `code` at once: a call whose absence a library handles
        /// (`clone3` answered ENOSYS makes glibc's threads use `clone`).
        case fail(Int, errno: Int32)
    }

    private(set) var instructions: [sock_filter] = []

    init(rules: [Rule]) {
        let arch = tern_audit_arch()
        // The architecture first: another ABI's numbers mean other calls.
        load(offset: 4)
        jumpIfEqual(arch, skip: 1)
        give(SECCOMP_RET_KILL_PROCESS)
        load(offset: 0)
        #if arch(x86_64)
        // x32 calls (bit 30 set) share the architecture: refused whole.
        statement(UInt16(BPF_JMP | BPF_JGE | BPF_K), 0x4000_0000, jumpTrue: 0, jumpFalse: 1)
        give(SECCOMP_RET_ERRNO | UInt32(EPERM))
        #endif
        for rule in rules {
            switch rule {
            case .always(let number):
                jumpIfEqual(UInt32(number), skip: 0, otherwise: 1)
                give(SECCOMP_RET_ALLOW)
            case .fail(let number, let code):
                jumpIfEqual(UInt32(number), skip: 0, otherwise: 1)
                give(SECCOMP_RET_ERRNO | UInt32(code))
            case .masked(let number, let argument, let mask, let value):
                // nr? → A = arg & mask; A == value? allow : refuse.
                jumpIfEqual(UInt32(number), skip: 0, otherwise: 5)
                load(offset: UInt32(16 + 8 * argument))
                statement(UInt16(BPF_ALU | BPF_AND | BPF_K), mask)
                jumpIfEqual(value, skip: 0, otherwise: 1)
                give(SECCOMP_RET_ALLOW)
                give(SECCOMP_RET_ERRNO | UInt32(EPERM))
            case .equal(let number, let argument, let value):
                // nr? → low half == value's? high half == value's? allow : refuse.
                jumpIfEqual(UInt32(number), skip: 0, otherwise: 6)
                load(offset: UInt32(16 + 8 * argument))
                jumpIfEqual(UInt32(truncatingIfNeeded: value), skip: 0, otherwise: 2)
                load(offset: UInt32(16 + 8 * argument + 4))
                jumpIfEqual(UInt32(truncatingIfNeeded: value >> 32), skip: 1, otherwise: 0)
                give(SECCOMP_RET_ERRNO | UInt32(EPERM))
                give(SECCOMP_RET_ALLOW)
            }
        }
        give(SECCOMP_RET_ERRNO | UInt32(EPERM))
    }

    /// Installs the program on every thread of the process, for good.
    /// `PR_SET_NO_NEW_PRIVS` must be set first.
    func install() throws(SystemError) {
        let installed = instructions.withUnsafeBufferPointer { buffer in
            tern_seccomp_set_filter(buffer.baseAddress, UInt16(buffer.count))
        }
        guard installed == 0 else { throw .last("seccomp") }
    }

    // MARK: Instructions

    private mutating func statement(_ code: UInt16, _ k: UInt32, jumpTrue: UInt8 = 0, jumpFalse: UInt8 = 0) {
        instructions.append(sock_filter(code: code, jt: jumpTrue, jf: jumpFalse, k: k))
    }

    private mutating func load(offset: UInt32) {
        statement(UInt16(BPF_LD | BPF_W | BPF_ABS), offset)
    }

    /// A == k: skip `skip` instructions, else `otherwise`.
    private mutating func jumpIfEqual(_ k: UInt32, skip: UInt8, otherwise: UInt8 = 0) {
        statement(UInt16(BPF_JMP | BPF_JEQ | BPF_K), k, jumpTrue: skip, jumpFalse: otherwise)
    }

    private mutating func give(_ action: UInt32) {
        statement(UInt16(BPF_RET | BPF_K), action)
    }
}
