import CCurl
#if canImport(Glibc)
import Glibc
#endif

/// libcurl's API, loaded with dlopen when the first transfer needs it: a page
/// read from a file never maps the library nor the ~25 it pulls in (TLS,
/// Kerberos, LDAP, SSH...), which cost start-up time and memory on every run.
///
/// `isAvailable` loads it; every other member requires that it is loaded.
enum Curl {
    /// The library's file name on Debian (libcurl4, libcurl4-openssl-dev's runtime).
    static let fileName = "libcurl.so.4"

    /// The functions, or nil when the library cannot be loaded.
    private static let loaded: UnsafePointer<tern_curl_api>? = load()

    /// Whether libcurl could be loaded (loading it on first use).
    static var isAvailable: Bool { loaded != nil }

    /// Whether libcurl has been loaded into this process.
    static var isLoaded: Bool { dlopen(fileName, RTLD_NOW | RTLD_NOLOAD) != nil }

    /// Why the library could not be loaded, for error messages.
    static var unavailableReason: String { "cannot load \(fileName)" }

    static var api: UnsafePointer<tern_curl_api> {
        guard let loaded else { fatalError("libcurl used before Curl.isAvailable was checked") }
        return loaded
    }

    private static func load() -> UnsafePointer<tern_curl_api>? {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else { return nil }
        var api = tern_curl_api()
        var complete = true
        func bind<T>(_ field: inout T?, _ name: String) {
            if let symbol = dlsym(handle, name) { field = unsafeBitCast(symbol, to: T.self) } else { complete = false }
        }
        bind(&api.global_init, "curl_global_init")
        bind(&api.easy_init, "curl_easy_init")
        bind(&api.easy_cleanup, "curl_easy_cleanup")
        bind(&api.easy_setopt, "curl_easy_setopt")
        bind(&api.easy_getinfo, "curl_easy_getinfo")
        bind(&api.easy_strerror, "curl_easy_strerror")
        bind(&api.easy_pause, "curl_easy_pause")
        bind(&api.slist_append, "curl_slist_append")
        bind(&api.slist_free_all, "curl_slist_free_all")
        bind(&api.multi_init, "curl_multi_init")
        bind(&api.multi_cleanup, "curl_multi_cleanup")
        bind(&api.multi_setopt, "curl_multi_setopt")
        bind(&api.multi_add_handle, "curl_multi_add_handle")
        bind(&api.multi_remove_handle, "curl_multi_remove_handle")
        bind(&api.multi_perform, "curl_multi_perform")
        bind(&api.multi_poll, "curl_multi_poll")
        bind(&api.multi_info_read, "curl_multi_info_read")
        guard complete else { return nil }
        _ = api.global_init(Int(CURL_GLOBAL_DEFAULT))
        let table = UnsafeMutablePointer<tern_curl_api>.allocate(capacity: 1)
        table.initialize(to: api)
        return UnsafePointer(table)
    }

    // MARK: Easy handles

    static func easyInit() -> UnsafeMutableRawPointer? { api.pointee.easy_init() }
    static func easyCleanup(_ easy: UnsafeMutableRawPointer) { api.pointee.easy_cleanup(easy) }
    /// `curl_easy_pause`: `CURLPAUSE_ALL` stops receiving (the socket is no
    /// longer polled, so the server waits on a full window), `CURLPAUSE_CONT`
    /// goes on; curl may deliver what it held back from inside the call.
    @discardableResult
    static func easyPause(_ easy: UnsafeMutableRawPointer, _ bitmask: Int32) -> CURLcode { api.pointee.easy_pause(easy, bitmask) }
    static func easyStrerror(_ code: CURLcode) -> String { api.pointee.easy_strerror(code).map { String(cString: $0) } ?? "curl error \(code.rawValue)" }

    @discardableResult
    static func setoptLong(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: Int) -> CURLcode {
        tern_curl_setopt_long(api, easy, option, value)
    }
    @discardableResult
    static func setoptString(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: String) -> CURLcode {
        tern_curl_setopt_string(api, easy, option, value)
    }
    @discardableResult
    static func setoptPointer(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: UnsafeMutableRawPointer?) -> CURLcode {
        tern_curl_setopt_ptr(api, easy, option, value)
    }
    @discardableResult
    static func setoptOffset(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: curl_off_t) -> CURLcode {
        tern_curl_setopt_off(api, easy, option, value)
    }
    @discardableResult
    static func setoptList(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        tern_curl_setopt_slist(api, easy, option, value)
    }
    @discardableResult
    static func setoptCallback(_ easy: UnsafeMutableRawPointer, _ option: CURLoption, _ value: tern_curl_data_callback) -> CURLcode {
        tern_curl_setopt_data_callback(api, easy, option, value)
    }
    @discardableResult
    static func getinfoLong(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO, _ value: inout Int) -> CURLcode {
        tern_curl_getinfo_long(api, easy, info, &value)
    }
    @discardableResult
    static func getinfoOffset(_ easy: UnsafeMutableRawPointer, _ info: CURLINFO, _ value: inout curl_off_t) -> CURLcode {
        tern_curl_getinfo_off(api, easy, info, &value)
    }

    /// The text fields curl gathered per certificate (CURLOPT_CERTINFO), leaf first.
    static func certificateInfo(_ easy: UnsafeMutableRawPointer) -> [[String]] {
        var info: UnsafeMutablePointer<curl_certinfo>?
        guard tern_curl_getinfo_certinfo(api, easy, &info) == CURLE_OK, let info, let lists = info.pointee.certinfo else { return [] }
        return (0..<Int(info.pointee.num_of_certs)).map { index in
            var fields: [String] = []
            var node = lists[index]
            while let current = node {
                if let data = current.pointee.data { fields.append(String(cString: data)) }
                node = current.pointee.next
            }
            return fields
        }
    }

    static func slistAppend(_ list: UnsafeMutablePointer<curl_slist>?, _ entry: String) -> UnsafeMutablePointer<curl_slist>? {
        api.pointee.slist_append(list, entry)
    }
    /// Appends a line given as bytes (a header value may hold bytes that are not UTF-8).
    static func slistAppend(_ list: UnsafeMutablePointer<curl_slist>?, bytes: [UInt8]) -> UnsafeMutablePointer<curl_slist>? {
        let cString = bytes.map { CChar(bitPattern: $0) } + [0]
        return cString.withUnsafeBufferPointer { api.pointee.slist_append(list, $0.baseAddress) }
    }
    static func slistFreeAll(_ list: UnsafeMutablePointer<curl_slist>?) { api.pointee.slist_free_all(list) }

    // MARK: Multi handles

    static func multiInit() -> UnsafeMutableRawPointer? { api.pointee.multi_init() }
    static func multiCleanup(_ multi: UnsafeMutableRawPointer) { _ = api.pointee.multi_cleanup(multi) }
    @discardableResult
    static func multiSetoptLong(_ multi: UnsafeMutableRawPointer, _ option: CURLMoption, _ value: Int) -> CURLMcode {
        tern_curl_multi_setopt_long(api, multi, option, value)
    }
    @discardableResult
    static func multiAddHandle(_ multi: UnsafeMutableRawPointer, _ easy: UnsafeMutableRawPointer) -> CURLMcode {
        api.pointee.multi_add_handle(multi, easy)
    }
    @discardableResult
    static func multiRemoveHandle(_ multi: UnsafeMutableRawPointer, _ easy: UnsafeMutableRawPointer) -> CURLMcode {
        api.pointee.multi_remove_handle(multi, easy)
    }
    @discardableResult
    static func multiPerform(_ multi: UnsafeMutableRawPointer, _ running: inout Int32) -> CURLMcode {
        api.pointee.multi_perform(multi, &running)
    }
    @discardableResult
    static func multiPoll(_ multi: UnsafeMutableRawPointer, _ fds: UnsafeMutablePointer<curl_waitfd>?, _ count: UInt32,
                          _ milliseconds: Int32, _ ready: inout Int32) -> CURLMcode {
        api.pointee.multi_poll(multi, fds, count, milliseconds, &ready)
    }
    static func multiInfoRead(_ multi: UnsafeMutableRawPointer, _ queued: inout Int32) -> UnsafeMutablePointer<CURLMsg>? {
        api.pointee.multi_info_read(multi, &queued)
    }
}
