// A program that enters the web content process's sandbox (TernSystem's
// `Sandbox`) and then tries what the sandbox must stop and what it must
// allow, printing one `name=result` line each; TernSystemTests read them.
//
//   probe calls        the forbidden calls, then threads and JavaScript
//   probe echo         over descriptor 3: answers each message (kind + 1)
//   probe memory MB    allocates and touches 1 MB blocks until one fails
//   probe script-heap MB   a script that grows arrays without end
import TernScript
import TernSystem
#if canImport(Glibc)
import Glibc
#endif

setvbuf(stdout, nil, _IOLBF, 0)

/// errno's name for the codes a refused call gives.
func errorName(_ code: Int32) -> String {
    switch code {
    case EPERM: return "EPERM"
    case EACCES: return "EACCES"
    case ENOSYS: return "ENOSYS"
    case ENOMEM: return "ENOMEM"
    case EAGAIN: return "EAGAIN"
    default: return "errno \(code)"
    }
}

func report(_ name: String, _ result: Int32) {
    print("\(name)=\(result < 0 ? errorName(errno) : "ok")")
}

/// Enters the sandbox as a content process does: JavaScriptCore's library
/// loaded, the file system closed before its engine starts its threads,
/// its reservations made, then the cap (`headroom` MB more) and the filter.
func enterSandbox(headroomMB: Int) -> ScriptContext? {
    let gauge = Sandbox.AddressSpaceGauge()
    _ = ScriptContext.loadEngine()
    do {
        try Sandbox.closeFileSystem()
    } catch {
        print("sandbox=\(error)")
        exit(2)
    }
    let warm = try? ScriptContext()
    _ = warm?.evaluate("1")
    let inUse = gauge.bytesInUse() ?? 0
    do {
        let report = try Sandbox.enter(addressSpaceLimit: inUse + headroomMB << 20)
        print("landlock=\(report.landlockABI.map(String.init) ?? "none")")
    } catch {
        print("sandbox=\(error)")
        exit(2)
    }
    return warm
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "calls":
    let context = enterSandbox(headroomMB: 512)
    report("open", open("/etc/passwd", O_RDONLY))
    report("openat", openat(AT_FDCWD, "/etc/hostname", O_RDONLY))
    report("create", open("/tmp/tern-sandbox-probe-\(getpid())", O_WRONLY | O_CREAT, 0o600))
    report("socket_inet", socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
    report("socket_unix", socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0))
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    let spawned = posix_spawn(&pid, "/bin/true", nil, nil, argv, environ)
    print("spawn=\(spawned == 0 ? "ok" : errorName(spawned))")
    report("execve", execve("/bin/true", argv, environ))
    report("kill_parent", kill(getppid(), 0))
    var limit = rlimit(rlim_cur: rlim_t.max, rlim_max: rlim_t.max)
    report("raise_limit", setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit))
    // What must still work: a thread, and a script in a new context.
    var thread = pthread_t()
    let made = pthread_create(&thread, nil, { _ in nil }, nil)
    if made == 0 { pthread_join(thread, nil) }
    print("thread=\(made == 0 ? "ok" : errorName(made))")
    if let script = try? ScriptContext(sharingGroupWith: context),
       case .success(let value) = script.evaluate("let s = 0; for (let i = 0; i < 1e6; i++) s += i; [s, new Array(1e5).fill(7).length].join()") {
        print("script=\(value)")
    } else {
        print("script=failed")
    }
    // The collector stops the script's thread with a signal, whose handler
    // waits in rt_sigsuspend: refused by the filter, the thread ran on and
    // the collector read registers no longer there (a crash, now and then).
    let garbage = "var kept = 0; for (var i = 0; i < 40; i++) { var a = []; for (var j = 0; j < 50000; j++) a.push({ j: j, s: 'x' + j }); kept += a.length; } kept"
    if let script = try? ScriptContext(sharingGroupWith: context), case .success(let value) = script.evaluate(garbage) {
        print("collected=\(value)")
    } else {
        print("collected=failed")
    }
case "echo":
    _ = enterSandbox(headroomMB: 256)
    let channel = MessageChannel(socket: 3, version: 1)
    while true {
        do {
            guard let message = try channel.receive(timeout: 30) else { continue }
            if message.kind == 0 { exit(0) }
            try channel.send(kind: message.kind + 1, payload: message.payload)
            try channel.flush(timeout: 30)
        } catch {
            print("echo=\(error)")
            exit(3)
        }
    }
case "memory":
    let megabytes = arguments.count > 2 ? Int(arguments[2]) ?? 64 : 64
    _ = enterSandbox(headroomMB: megabytes)
    var total = 0
    while total < 64 << 10, let block = malloc(1 << 20) {
        memset(block, 1, 1 << 20)
        total += 1
    }
    print("allocated=\(total)")
case "script-heap":
    let megabytes = arguments.count > 2 ? Int(arguments[2]) ?? 64 : 64
    let context = enterSandbox(headroomMB: megabytes)
    let result = context?.evaluate("const kept = []; for (;;) kept.push(new Array(1 << 16).fill(1.5));")
    print("script-heap=\(String(describing: result))")
default:
    print("usage: probe calls | echo | memory MB | script-heap MB")
    exit(64)
}
