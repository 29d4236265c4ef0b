import TernNet
import TernDOM

/// The fetch of one style sheet (a `<link rel=stylesheet>` or an `@import`)
/// through the page's loader, and its text decoded as CSS Syntax 3 §3.2
/// says.
final class StyleSheetLoad: ResourceLoadDelegate {
    /// Bytes past which a sheet is dropped (a sheet is text; real ones stay
    /// well under 2 MB).
    static let maximumSize = 8 << 20

    /// The URL asked for; the sheet's location (its base URL) is `finalURL`.
    let url: WebURL
    private(set) var finalURL: WebURL
    /// The decoded text, once it arrived; nil while loading or when it failed.
    private(set) var text: String?
    /// Whether the load failed because the page's sheets spent their budget.
    private(set) var overBudget = false
    private(set) var finished = false
    /// The encoding the sheet was decoded with (its imports' environment encoding).
    private(set) var encoding = "utf-8"
    private let environmentEncoding: String
    private var response: Response?
    private var bytes: [UInt8] = []
    private var failed = false
    private var load: ResourceLoad?
    private let mayRedirect: (WebURL) -> Bool
    private var completion: ((StyleSheetLoad) -> Void)?
    /// The page's budget the bytes in flight are taken from (nil: not counted),
    /// and what they took.
    private let budget: StyleSheetBudget?
    private var reserved = 0

    /// Starts `request` on `loader`. `environmentEncoding` is the referring
    /// document's (or importing sheet's) encoding; `mayRedirect` answers
    /// whether a redirect may be followed (mixed content). The bytes as
    /// they arrive are taken from `budget`, and given back when it ends.
    init(request: Request, loader: Loader, environmentEncoding: String, budget: StyleSheetBudget?,
         mayRedirect: @escaping (WebURL) -> Bool, completion: @escaping (StyleSheetLoad) -> Void) {
        url = request.url
        self.budget = budget
        finalURL = request.url
        self.environmentEncoding = environmentEncoding
        self.mayRedirect = mayRedirect
        self.completion = completion
        load = loader.load(request, delegate: self)
    }

    func cancel() {
        load?.cancel()
        load = nil
        completion = nil
        budget?.release(bytes: reserved)
        reserved = 0
    }

    func resourceLoad(_ load: ResourceLoad, willRedirectTo request: Request, from response: Response,
                      decision: @escaping (Bool) -> Void) {
        decision(mayRedirect(request.url))
    }

    func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {
        self.response = response
        finalURL = response.url
        // HTML §4.2.4 "link type stylesheet", process the linked resource: an
        // ok status, and text/css (a response without a type is let through,
        // as local files and data: URLs may have none).
        if response.statusCode != 0, !(200..<300).contains(response.statusCode) { failed = true }
        if let type = response.mimeType, !type.isEmpty, type != "text/css" { failed = true }
    }

    func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) {
        guard !failed else { return }
        let fits = bytes.count + data.count <= StyleSheetLoad.maximumSize
        guard fits, budget?.reserve(bytes: data.count) ?? true else {
            overBudget = fits
            failed = true
            bytes = []
            load.cancel()
            finish()
            return
        }
        reserved += data.count
        bytes.append(contentsOf: data)
    }

    func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) {
        if error != nil { failed = true }
        finish()
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        load = nil
        budget?.release(bytes: reserved)
        reserved = 0
        if !failed {
            encoding = StyleSheetLoad.fallbackEncoding(bytes, protocolLabel: response?.textEncodingName, environment: environmentEncoding)
            text = TextDecoding.decode(bytes, encodingLabel: encoding)
        }
        bytes = []
        let completion = self.completion
        self.completion = nil
        completion?(self)
    }

    /// CSS Syntax 3 §3.2 "determine the fallback encoding": the protocol's
    /// charset, else an `@charset "…";` at the very start (UTF-16 named
    /// there means UTF-8), else the environment's, else UTF-8. A BOM, seen
    /// when decoding, wins over all of them.
    static func fallbackEncoding(_ bytes: [UInt8], protocolLabel: String?, environment: String?) -> String {
        if let protocolLabel, let name = TextDecoding.encodingName(forLabel: protocolLabel) { return name }
        let prefix = Array("@charset \"".utf8)
        if bytes.count > prefix.count, bytes.starts(with: prefix) {
            // The label runs to the first `";` within the first 1024 bytes.
            let end = min(bytes.count - 1, prefix.count + 1024)
            var i = prefix.count
            while i < end, !(bytes[i] == 0x22 && bytes[i + 1] == 0x3B) { i += 1 }
            if i < end, let name = TextDecoding.encodingName(forLabel: String(decoding: bytes[prefix.count..<i], as: UTF8.self)) {
                return name == "utf-16be" || name == "utf-16le" ? "utf-8" : name
            }
        }
        if let environment, let name = TextDecoding.encodingName(forLabel: environment) { return name }
        return "utf-8"
    }
}
