/// CSS Syntax 3 §3.3 "preprocess the input stream", shared by the selector
/// parser and TernCSS's tokenizer: CR, FF and CRLF become LF, NUL becomes
/// U+FFFD (a Swift String holds no surrogates), as Unicode scalars.
public enum CSSInputPreprocessing {
    /// `text`'s scalars, preprocessed. Read from its UTF-8 bytes: an ASCII
    /// byte is a scalar as it is, and a run of other bytes (never split by
    /// an ASCII one) is decoded whole, about a tenth of the instructions of
    /// going through `unicodeScalars` one at a time.
    public static func scalars(of text: String) -> [Unicode.Scalar] {
        var text = text
        return text.withUTF8 { bytes in
            // No more scalars than bytes: written in place, no append's checks per byte.
            [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { scalars, count in
                count = 0
                var previousWasCR = false
                var i = 0
                while i < bytes.count {
                    let byte = bytes[i]
                    guard byte >= 0x80 else {
                        i += 1
                        if byte == 0x0A, previousWasCR { previousWasCR = false; continue }
                        previousWasCR = byte == 0x0D
                        switch byte {
                        case 0x0D, 0x0C: scalars[count] = "\n"
                        case 0: scalars[count] = "\u{FFFD}"
                        default: scalars[count] = Unicode.Scalar(byte)
                        }
                        count += 1
                        continue
                    }
                    previousWasCR = false
                    var end = i + 1
                    while end < bytes.count, bytes[end] >= 0x80 { end += 1 }
                    for scalar in String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self).unicodeScalars {
                        scalars[count] = scalar
                        count += 1
                    }
                    i = end
                }
            }
        }
    }
}
