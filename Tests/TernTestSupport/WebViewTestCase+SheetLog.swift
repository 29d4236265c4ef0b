import XCTest
import Foundation
import TernNet

extension WebViewTestCase {
    /// The requests the test server's `/sheet` logged under `key` (read past
    /// the web view, its cookies and cache): each one's headers, by lower-cased name.
    public func sheetRequests(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> [[String: String]] {
        final class Collector: ResourceLoadDelegate {
            var body: [UInt8] = []
            var done = false
            func resourceLoad(_ load: ResourceLoad, didReceive response: Response) {}
            func resourceLoad(_ load: ResourceLoad, didReceive data: UnsafeRawBufferPointer) { body.append(contentsOf: data) }
            func resourceLoad(_ load: ResourceLoad, didCompleteWith error: NavigationError?) { done = true }
        }
        let collector = Collector()
        Loader(loop: loop).load(server.request("/sheet-log?key=\(key)"), delegate: collector)
        wait(file: file, line: line) { collector.done }
        let entries = (try? JSONSerialization.jsonObject(with: Data(collector.body))) as? [[String: Any]] ?? []
        return entries.map { entry in
            var headers: [String: String] = [:]
            for pair in entry["headers"] as? [[String]] ?? [] where pair.count == 2 { headers[pair[0].lowercased()] = pair[1] }
            return headers
        }
    }
}
