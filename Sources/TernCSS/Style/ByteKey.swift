#if canImport(Glibc)
import Glibc
#endif

/// A cache key made of bytes (`Node.appendLocalSelectorKey`), hashed in one
/// pass over its buffer: `[UInt8]`'s own hashing feeds the hasher a byte at
/// a time, which cost the style engine's caches more than their lookups.
struct ByteKey: Hashable {
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: ByteKey, b: ByteKey) -> Bool {
        a.bytes.count == b.bytes.count
            && a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
