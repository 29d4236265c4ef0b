#if canImport(Glibc)
import TernSystem
import Glibc
#endif

/// Editing text in the person's own editor (`$VISUAL`, else `$EDITOR`), for
/// textareas. The editor is run directly with the file as its last
/// argument, never through a shell, so nothing in the text or the page can
/// become a command.
enum ExternalEditor {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The editor's program and arguments, or nil when none is set.
    static func command() -> [String]? {
        for name in ["VISUAL", "EDITOR"] {
            if let value = getenv(name).map({ String(cString: $0) }) {
                let words = value.split(separator: " ").map(String.init)
                if !words.isEmpty { return words }
            }
        }
        return nil
    }

    /// Writes `text` to a private temporary file, runs the editor on it and
    /// returns what the file holds after it exits successfully.
    static func edit(_ text: String, with command: [String]) -> Result<String, Failure> {
        var template = Array("/tmp/tern-textarea-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { return .failure(Failure(description: "Cannot make a temporary file for the editor")) }
        let path = String(cString: template)
        defer { unlink(path) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { return .failure(Failure(description: "Cannot write the temporary file for the editor")) }

        let arguments = command + [path]
        guard let editor = try? ChildProcess.spawn(arguments[0], arguments: arguments, streams: .inherited) else {
            return .failure(Failure(description: "Cannot run the editor \(arguments[0])"))
        }
        guard editor.waitForTermination() == .exited(0) else {
            return .failure(Failure(description: "The editor \(arguments[0]) failed; the text was not changed"))
        }

        guard let file = fopen(path, "r") else { return .failure(Failure(description: "Cannot read the edited text")) }
        defer { fclose(file) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        // Editors end the file with a line break the field did not have.
        if result.last == 0x0A { result.removeLast() }
        return .success(String(decoding: result, as: UTF8.self))
    }
}
