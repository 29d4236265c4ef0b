import TernNet

/// The watchdog cannot see a microtask checkpoint: JavaScriptCore (2.50)
/// runs each microtask in a VM entry of its own and restarts the watchdog's
/// CPU clock there, so a callback that queues itself again (a few
/// microseconds each) never reaches the time limit, `q` or `--timeout`. The
/// guard counts the callbacks of promise reactions (`then`, and through it
/// `catch`, `finally`, `Promise.all`…), `queueMicrotask` and mutation
/// observers, and every 256th asks `reasonToEnd` with the time since the task
/// began. Once it says stop, the context's guarded callbacks return at once
/// until the task has ended, so a chain that re-queues itself ends.
///
/// Not covered: `await` resumes its function from the engine's own job,
/// which no page-visible function sees (SECURITY.md, "Budgets").
extension ScriptContext {
    /// Guarded callbacks between two checks.
    static let microtaskCheckInterval = 256

    func installMicrotaskGuard() {
        setInternal("__ternMicrotaskMayRun") { [unowned self] _ in .bool(microtaskMayRun()) }
        setInternal("__ternMicrotaskCheckInterval", value: jsc.JSValueMakeNumber!(context, Double(ScriptContext.microtaskCheckInterval)))
        runPrelude(ScriptPrelude.microtasks)
    }

    /// The guard's check: false ends this context's microtasks for the rest
    /// of the running task, and the task's entry reports why.
    private func microtaskMayRun() -> Bool {
        let owner = groupOwner ?? self
        guard let reason = reasonToEnd(runTime: EventLoop.now() - owner.groupEntryStart) else { return true }
        if microtaskStop == nil {
            microtaskStop = reason
            owner.stoppedMicrotaskContexts.append(WeakContext(context: self))
        }
        return false
    }

    /// On the group's owner, once the outermost entry has returned: lets the
    /// stopped guards run again in the next task, and says why the first one
    /// stopped (nil when none did).
    func endMicrotaskStops() -> ScriptError? {
        guard !stoppedMicrotaskContexts.isEmpty else { return nil }
        let stopped = stoppedMicrotaskContexts.compactMap(\.context)
        stoppedMicrotaskContexts = []
        let reason = stopped.lazy.compactMap(\.microtaskStop).first
        for context in stopped {
            context.microtaskStop = nil
            if context.stopReason == nil { _ = context.callInternal("__ternResetMicrotaskGuard", []) }
        }
        return reason
    }
}
