/// Which values an observation's change carries, as KVO's options do.
public struct ObservationOptions: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let new = ObservationOptions(rawValue: 1)
    public static let old = ObservationOptions(rawValue: 2)
    /// Call the handler once at once with the current value.
    public static let initial = ObservationOptions(rawValue: 4)
}

/// One change of an observed property.
public struct ObservedChange<Value> {
    /// The value before the change (with `.old`).
    public let oldValue: Value?
    /// The value after the change (with `.new`).
    public let newValue: Value?
}

/// A running observation; it ends when this token is released or invalidated.
public final class Observation {
    private var onInvalidate: (() -> Void)?

    init(onInvalidate: @escaping () -> Void) { self.onInvalidate = onInvalidate }

    public func invalidate() {
        onInvalidate?()
        onInvalidate = nil
    }

    deinit { invalidate() }
}

/// The observers of one object's properties, keyed by key path.
final class ObserverRegistry<Object: AnyObject> {
    private var observers: [AnyKeyPath: [Int: (Object, Any, Any) -> Void]] = [:]
    private var nextID = 0

    func add<Value>(_ keyPath: KeyPath<Object, Value>, options: ObservationOptions, object: Object,
                    handler: @escaping (Object, ObservedChange<Value>) -> Void) -> Observation {
        nextID += 1
        let id = nextID
        observers[keyPath, default: [:]][id] = { object, old, new in
            handler(object, ObservedChange(oldValue: options.contains(.old) ? old as? Value : nil,
                                           newValue: options.contains(.new) ? new as? Value : nil))
        }
        if options.contains(.initial) {
            let value = object[keyPath: keyPath]
            handler(object, ObservedChange(oldValue: nil, newValue: options.contains(.new) ? value : nil))
        }
        return Observation { [weak self] in self?.observers[keyPath]?[id] = nil }
    }

    /// Tells the observers of `keyPath` of a change, if the value changed.
    func changed<Value: Equatable>(_ object: Object, _ keyPath: KeyPath<Object, Value>, from old: Value, to new: Value) {
        guard old != new, let handlers = observers[keyPath], !handlers.isEmpty else { return }
        for id in handlers.keys.sorted() { handlers[id]?(object, old, new) }
    }
}
