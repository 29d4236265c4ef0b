internal import CJavaScriptCore

/// Collecting the page's wrappers on demand, for tests (DOMBridge+Collection).
extension ScriptWindow {
    /// For tests: a sweep, a full collection of the engine's heap and another
    /// sweep (which releases the handles of the wrappers collected). Only
    /// where no script runs. Returns the handles left, the wrappers held
    /// strongly and weakly, and the engine's heap size in bytes.
    func collectWrappersForTesting() -> (handles: Int, strong: Int, weak: Int, heap: Double) {
        dom.sweepWrappers()
        collectGarbageForTesting()
        dom.sweepWrappers()
        var counts = (0, 0)
        if case .success(.array(let values)) = context.callInternal("__ternWrapperCounts", []),
           values.count >= 2, case .number(let strong) = values[0], case .number(let weak) = values[1] {
            counts = (Int(strong), Int(weak))
        }
        var heap = 0.0
        if let statistics = context.jsc.JSGetMemoryUsageStatistics?(context.context),
           case .number(let size) = context.convert(context.property("heapSize", of: statistics)) {
            heap = size
        }
        return (dom.liveHandleCount, counts.0, counts.1, heap)
    }

    /// For tests: a full collection of the engine's heap, and nothing else.
    func collectGarbageForTesting() {
        if let collect = context.jsc.JSSynchronousGarbageCollectForDebugging {
            collect(context.context)
        } else {
            context.jsc.JSGarbageCollect!(context.context)
        }
    }

}
