internal import CJavaScriptCore
import TernDOM

/// One slot of the handle table: its node (nil once released), its
/// generation (the high bits of its handles), and the weak group its
/// wrapper was put in at the last sweep (-1: none).
struct HandleSlot {
    var node: Node?
    var generation = 0
    var group = -1
}

/// What the collection of wrappers keeps between sweeps (DOMBridge+Collection).
struct WrapperCollection {
    /// Whether each group of the last sweep is pinned (held strongly until the next).
    var groupPinned: [Bool] = []
    /// The group of each detached tree root of the last sweep, by the root's identifier.
    var groupOfRoot: [UInt: Int] = [:]
    /// Groups of the last sweep not pinned yet: while there are some, every
    /// handle a native is given is looked up (`touch`).
    var unpinned = 0
    var hasWeakGroups: Bool { unpinned > 0 }
    /// The number of handles at which the next sweep is due.
    var threshold = DOMBridge.firstSweepThreshold
}

/// Collecting wrappers and releasing handles (issue 29), as engines keep a
/// DOM wrapper alive: while its node's tree (its "opaque root") can be
/// reached. The JavaScript half is `sweep` in dom-support.js.
///
/// At a sweep (a collection point: no script running, posted to the event
/// loop after a task once the handle table has grown enough) the prelude
/// names every handle it still holds: its wrappers, strong or weakly held
/// and alive, and the nodes live ranges, node iterators and static node
/// lists hold (a live list computes its handles again). Every other
/// handle is released: its slot is emptied and its generation moves on, so
/// the old number names nothing (`node(_:)` refuses it) and the slot can
/// serve a new node under the new number. The handles kept are sorted:
/// connected nodes (and the nodes the bridge itself holds, the focused
/// element and the current script) keep strong wrappers; the wrappers of
/// each detached tree form a group, held weakly, so that they die together
/// only when no wrapper of the tree can be reached.
///
/// Between sweeps trees change, and a group must not die while the page can
/// still reach its tree: the page reaches a node only through a native
/// given a handle of its tree, or through a handle made for a node of that
/// tree. Either pins the tree's group (held strongly by the prelude until the
/// next sweep sorts the trees again): a tree joined to another, or put into
/// the document, is therefore never lost. Wrappers made between sweeps are
/// strong until the next one.
///
/// Once handles are released, the detached trees no bridge holds a node of
/// are freed, if no Swift code can hold them either (never connected, never
/// handed to the browser: Document+DroppedTrees). The
/// bridge's own holders (focused element, current script) keep strong
/// wrappers; what TernKit holds (a pending script's element, a submitted
/// form) is not known here, and such a node's wrapper, detached and
/// unreachable from the page, may be made again (its expandos and
/// listeners lost) when an event is dispatched to it later.
extension DOMBridge {
    /// Handle = generation << slotBits | slot: up to 2^24 live handles, 2^29 generations per slot.
    static let slotBits = 24
    static let slotMask = (1 << slotBits) - 1
    static let maxGeneration = (1 << 29) - 1
    /// Every handle is below 2^53 (exact in a double).
    static let handleLimit = Double(1 << 53)
    static let firstSweepThreshold = 4096

    /// Handles named now.
    var liveHandleCount: Int { handles.count }

    /// Whether the handle table grew enough since the last sweep for another.
    var sweepIsDue: Bool { handles.count >= collection.threshold }

    func installCollection(_ define: Define) {
        // The prelude's sweep: [handle] named → [group or -1] (see above).
        define("sweep") { [unowned self] a in makeNumberArray(sweep(alive: numbers(fromArray: a[0]))) }
        // Whether a handle is live, without pinning its group (the sweep asks).
        define("isHandle") { [unowned self] a in
            guard let value = a[0], jsc.JSValueGetType!(ctx, value) == kJSTypeNumber else { return makeBool(false) }
            return makeBool(liveSlot(of: number(value)) != nil)
        }
    }

    /// Runs the prelude's sweep (which calls `sweep(alive:)`). Only at a collection point.
    func sweepWrappers() {
        _ = context.callInternal("__ternSweepWrappers", [])
        // Many wrappers are held weakly now: the engine is told that a full
        // collection would find garbage (it schedules one; nothing runs here).
        if collection.unpinned >= DOMBridge.firstSweepThreshold / 4 { jsc.JSGarbageCollect!(ctx) }
    }

    /// A native was given `handle`: its tree's group, if any, is pinned.
    func touch(_ handle: Int) {
        let group = slots[handle & DOMBridge.slotMask].group
        if group >= 0 { pin(group) }
    }

    /// A node got a new handle between sweeps: if its tree was one of the
    /// last sweep's weak trees, the handle joins that group, pinned.
    func joinGroupOfRoot(of node: Node, slot: Int) {
        guard let group = collection.groupOfRoot[node.root.identifier] else { return }
        slots[slot].group = group
        pin(group)
    }

    private func pin(_ group: Int) {
        guard !collection.groupPinned[group] else { return }
        collection.groupPinned[group] = true
        collection.unpinned -= 1
        guard let value = context.property("__ternPinGroup", of: context.internals),
              let function = jsc.JSValueToObject!(ctx, value, nil) else { return }
        var argument: JSValueRef? = makeNumber(Double(group))
        _ = jsc.JSObjectCallAsFunction!(ctx, function, nil, 1, &argument, nil)
    }

    /// Releases every handle not in `alive`, then sorts those: -1 for a strong
    /// wrapper, else the group of the node's detached tree.
    /// The slot of a live handle; nil for any other number (`node(_:)`'s check).
    func liveSlot(of value: Double) -> Int? {
        guard value >= 0, value < DOMBridge.handleLimit, value == value.rounded(.towardZero) else { return nil }
        let handle = Int(value), slot = handle & DOMBridge.slotMask
        guard slot < slots.count, slots[slot].generation == handle >> DOMBridge.slotBits, slots[slot].node != nil else { return nil }
        return slot
    }

    func sweep(alive: [Double]) -> [Double] {
        var kept = [Bool](repeating: false, count: slots.count)
        for value in alive { if let slot = liveSlot(of: value) { kept[slot] = true } }
        var held: Set<Int> = []
        for node in [focusedElement, currentScript, topLayer].compactMap({ $0 }) {
            if let handle = handles[node] { held.insert(handle & DOMBridge.slotMask); kept[handle & DOMBridge.slotMask] = true }
        }
        for slot in slots.indices where !kept[slot] { if let node = slots[slot].node { release(node, slot: slot) } }
        freeDroppedNodes()

        collection.groupOfRoot = [:]
        collection.groupPinned = []
        for slot in slots.indices { slots[slot].group = -1 }
        // The documents of the engine's windows: their trees live as long as the windows.
        let windowDocuments = ([self] + peerBridges()).compactMap { $0.mainDocument.map(ObjectIdentifier.init) }
        let groups: [Double] = alive.map { value in
            // A node in a window's document is connected; a document a script
            // made (DOMParser, createHTMLDocument) is a tree like a detached one.
            guard let slot = liveSlot(of: value), let node = slots[slot].node, !held.contains(slot) else { return -1 }
            let top = node.root
            guard !top.isDocument || !windowDocuments.contains(ObjectIdentifier(top.document)) else { return -1 }
            let root = top.identifier
            let group: Int
            if let known = collection.groupOfRoot[root] {
                group = known
            } else {
                group = collection.groupPinned.count
                collection.groupOfRoot[root] = group
                collection.groupPinned.append(false)
            }
            slots[slot].group = group
            return Double(group)
        }
        collection.unpinned = collection.groupPinned.count
        collection.threshold = max(DOMBridge.firstSweepThreshold, 2 * handles.count)
        // Live lists hold handles: they compute theirs again.
        bumpVersion()
        return groups
    }

    /// After handles were released: the detached trees no bridge of the
    /// engine holds a node of are freed (Document+DroppedTrees), and the
    /// documents scripts made that no handle names any more are let go.
    private func freeDroppedNodes() {
        var named = Set<ObjectIdentifier>()
        for slot in slots { if let node = slot.node { named.insert(ObjectIdentifier(node.document)) } }
        createdDocuments.removeAll { !named.contains(ObjectIdentifier($0)) }
        let bridges = [self] + peerBridges()
        for document in [mainDocument].compactMap({ $0 }) + createdDocuments {
            document.freeDroppedTrees { node in bridges.contains { $0.handles[node] != nil } }
        }
    }

    private func release(_ node: Node, slot: Int) {
        handles.removeValue(forKey: node)
        slots[slot].node = nil
        slots[slot].generation += 1
        if slots[slot].generation < DOMBridge.maxGeneration { freeSlots.append(slot) }
    }

    /// The numbers of an array (of at most 2^24 + 1,000,000 items: handles and held nodes).
    func numbers(fromArray value: JSValueRef?) -> [Double] {
        guard let value, let object = jsc.JSValueToObject!(ctx, value, nil) else { return [] }
        let length = WebIDL.int(number(context.property("length", of: object)), in: 0...(DOMBridge.slotMask + 1_000_000))
        return (0..<length).map { number(jsc.JSObjectGetPropertyAtIndex!(ctx, object, UInt32($0), nil)) }
    }
}
