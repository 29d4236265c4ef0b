import TernNet
import TernSystem

/// What the person does to an element of a content process's page (the
/// `WebView` members of the same names), and what it did.
enum Interaction: WireCodable {
    case activate
    case setValue(String)
    case selectOptions([Int])
    case pressEnter
    case type(TextFieldKey)
    case finishTyping
    /// Move the page's focus here (element 0: nowhere).
    case focus
    /// Esc for the page (`sendCloseRequest`); no element.
    case closeRequest
    /// Stop the navigation in progress (`stopLoading`), answered once its delegate calls were sent; no element.
    case stop

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .activate: encoder.encode(UInt8(0))
        case .setValue(let value):
            encoder.encode(UInt8(1))
            encoder.encode(value)
        case .selectOptions(let indices):
            encoder.encode(UInt8(2))
            encoder.encode(UInt32(truncatingIfNeeded: indices.count))
            for index in indices { encoder.encode(index) }
        case .pressEnter: encoder.encode(UInt8(3))
        case .type(let key):
            encoder.encode(UInt8(4))
            encoder.encode(key)
        case .finishTyping: encoder.encode(UInt8(5))
        case .focus: encoder.encode(UInt8(6))
        case .closeRequest: encoder.encode(UInt8(7))
        case .stop: encoder.encode(UInt8(8))
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .activate
        case 1: self = .setValue(try decoder.decode(String.self))
        case 2:
            let count = try decoder.decodeCount(minimumSize: 8)
            var indices: [Int] = []
            for _ in 0..<count { indices.append(try decoder.decode(Int.self)) }
            self = .selectOptions(indices)
        case 3: self = .pressEnter
        case 4: self = .type(try decoder.decode(TextFieldKey.self))
        case 5: self = .finishTyping
        case 6: self = .focus
        case 7: self = .closeRequest
        case 8: self = .stop
        case let tag: throw .malformed("unknown interaction \(tag)")
        }
    }
}

/// What an `Interaction` did: an activation's outcome (a navigation named
/// by its number, its request and type), whether something changed, or a
/// text field's value and cursor after a key.
enum InteractionResult: WireCodable {
    case navigation(UInt64, Request, NavigationType)
    case fragment(String)
    case canceled
    case done
    case changed(Bool)
    case textField(value: String, cursor: Int)
    /// The element is not a text field of the page (or not enabled).
    case noTextField
    /// A new window was opened for it: the page numbered so in the process.
    case newWindow(page: UInt64)

    func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .navigation(let id, let request, let type):
            encoder.encode(UInt8(0))
            encoder.encode(id)
            encoder.encode(request)
            encoder.encode(type)
        case .fragment(let name):
            encoder.encode(UInt8(1))
            encoder.encode(name)
        case .canceled: encoder.encode(UInt8(2))
        case .done: encoder.encode(UInt8(3))
        case .changed(let changed):
            encoder.encode(UInt8(4))
            encoder.encode(changed)
        case .textField(let value, let cursor):
            encoder.encode(UInt8(5))
            encoder.encode(value)
            encoder.encode(cursor)
        case .noTextField: encoder.encode(UInt8(6))
        case .newWindow(let page):
            encoder.encode(UInt8(7))
            encoder.encode(page)
        }
    }

    init(from decoder: inout MessageDecoder) throws(MessageError) {
        switch try decoder.decode(UInt8.self) {
        case 0: self = .navigation(try decoder.decode(UInt64.self), try decoder.decode(Request.self), try decoder.decode(NavigationType.self))
        case 1: self = .fragment(try decoder.decode(String.self))
        case 2: self = .canceled
        case 3: self = .done
        case 4: self = .changed(try decoder.decode(Bool.self))
        case 5:
            let value = try decoder.decode(String.self)
            let cursor = try decoder.decode(Int.self)
            guard cursor >= 0, cursor <= value.utf16.count else { throw .malformed("a cursor outside its field") }
            self = .textField(value: value, cursor: cursor)
        case 6: self = .noTextField
        case 7: self = .newWindow(page: try decoder.decode(UInt64.self))
        case let tag: throw .malformed("unknown interaction result \(tag)")
        }
    }
}

extension TextFieldKey: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        switch self {
        case .character(let character):
            encoder.encode(UInt8(0))
            encoder.encode(String(character))
        case .backspace: encoder.encode(UInt8(1))
        case .delete: encoder.encode(UInt8(2))
        case .deleteToLineStart: encoder.encode(UInt8(3))
        case .deleteToLineEnd: encoder.encode(UInt8(4))
        case .deleteWordBackward: encoder.encode(UInt8(5))
        case .left: encoder.encode(UInt8(6))
        case .right: encoder.encode(UInt8(7))
        case .home: encoder.encode(UInt8(8))
        case .end: encoder.encode(UInt8(9))
        case .up: encoder.encode(UInt8(10))
        case .down: encoder.encode(UInt8(11))
        case .enter: encoder.encode(UInt8(12))
        }
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let tag = try decoder.decode(UInt8.self)
        let keys: [TextFieldKey] = [.backspace, .delete, .deleteToLineStart, .deleteToLineEnd, .deleteWordBackward,
                                    .left, .right, .home, .end, .up, .down, .enter]
        if tag == 0 {
            let text = try decoder.decode(String.self)
            guard text.count == 1, let character = text.first else { throw .malformed("a key of \(text.count) characters") }
            self = .character(character)
        } else if Int(tag) <= keys.count {
            self = keys[Int(tag) - 1]
        } else {
            throw .malformed("unknown key \(tag)")
        }
    }
}
