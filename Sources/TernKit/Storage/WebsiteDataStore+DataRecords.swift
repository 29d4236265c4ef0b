import TernNet
import TernScript

/// Listing and clearing what the store keeps, by kind and by site, with
/// WKWebsiteDataStore's API: what a "clear browsing data" command or a
/// per-site data view is built on. The data is removed at once; as in
/// WebKit, the completion handlers run on a later turn of `eventLoop`.
extension WebsiteDataStore {
    /// Every kind of data a store keeps.
    public static func allWebsiteDataTypes() -> Set<WebsiteDataType> {
        [.cookies, .diskCache, .localStorage, .sessionStorage, .history]
    }

    /// One record per site that has data of `dataTypes`, sorted by display name.
    public func fetchDataRecords(ofTypes dataTypes: Set<WebsiteDataType>,
                                 completionHandler: @escaping ([WebsiteDataRecord]) -> Void) {
        var sites: [String: Set<WebsiteDataType>] = [:]
        for (type, names) in siteNames(ofTypes: dataTypes) {
            for name in names { sites[name, default: []].insert(type) }
        }
        let records = sites.map { WebsiteDataRecord(displayName: $0.key, dataTypes: $0.value) }
            .sorted { $0.displayName < $1.displayName }
        eventLoop.post { completionHandler(records) }
    }

    /// Removes the data of `dataTypes` modified at or after `date` (seconds
    /// since 1970; `-Double.infinity` or 0 for all of it). Pages already
    /// open keep what their scripts read before.
    public func removeData(ofTypes dataTypes: Set<WebsiteDataType>, modifiedSince date: Double,
                           completionHandler: @escaping () -> Void) {
        if dataTypes.contains(.cookies) { cookieJar.removeAll(modifiedSince: date) }
        if dataTypes.contains(.diskCache) { httpCache.removeAll(modifiedSince: date) }
        if dataTypes.contains(.localStorage) { localStorage.removeAll(modifiedSince: date) }
        if dataTypes.contains(.sessionStorage) { for storage in liveSessionStorages { storage.removeAll(modifiedSince: date) } }
        if dataTypes.contains(.history) { history.removeAll(modifiedSince: date) }
        if !dataTypes.isDisjoint(with: [.localStorage, .sessionStorage]) { storageAreasRemoved() }
        eventLoop.post(completionHandler)
    }

    /// Removes the data of `dataTypes` kept for the sites of `records`.
    public func removeData(ofTypes dataTypes: Set<WebsiteDataType>, for records: [WebsiteDataRecord],
                           completionHandler: @escaping () -> Void) {
        let names = Set(records.map(\.displayName))
        if dataTypes.contains(.cookies) {
            for cookie in cookieJar.allCookies where names.contains(WebsiteDataRecord.displayName(forHost: cookie.domain)) {
                cookieJar.delete(cookie)
            }
        }
        if dataTypes.contains(.diskCache) {
            httpCache.removeEntries { entry in WebURL(entry.url).map { names.contains(WebsiteDataRecord.displayName(for: $0)) } ?? false }
        }
        let originMatches: (String) -> Bool = { origin in
            WebURL(origin).map { names.contains(WebsiteDataRecord.displayName(for: $0)) } ?? false
        }
        if dataTypes.contains(.localStorage) { localStorage.removeAreas(where: originMatches) }
        if dataTypes.contains(.sessionStorage) { for storage in liveSessionStorages { storage.removeAreas(where: originMatches) } }
        if dataTypes.contains(.history) {
            history.removeEntries { names.contains(WebsiteDataRecord.displayName(for: $0.url)) }
        }
        if !dataTypes.isDisjoint(with: [.localStorage, .sessionStorage]) { storageAreasRemoved() }
        eventLoop.post(completionHandler)
    }

    /// The display names of the sites with data of each of `dataTypes`.
    private func siteNames(ofTypes dataTypes: Set<WebsiteDataType>) -> [WebsiteDataType: Set<String>] {
        var names: [WebsiteDataType: Set<String>] = [:]
        if dataTypes.contains(.cookies) {
            names[.cookies] = Set(cookieJar.allCookies.map { WebsiteDataRecord.displayName(forHost: $0.domain) })
        }
        if dataTypes.contains(.diskCache) {
            names[.diskCache] = Set(httpCache.entries().compactMap { WebURL($0.url).map(WebsiteDataRecord.displayName(for:)) })
        }
        let originNames: (WebStorage) -> [String] = { storage in
            storage.areaInfos().compactMap { WebURL($0.origin).map(WebsiteDataRecord.displayName(for:)) }
        }
        if dataTypes.contains(.localStorage) { names[.localStorage] = Set(originNames(localStorage)) }
        if dataTypes.contains(.sessionStorage) { names[.sessionStorage] = Set(liveSessionStorages.flatMap(originNames)) }
        if dataTypes.contains(.history) {
            names[.history] = Set(history.entries(limit: Int(Int32.max)).map { WebsiteDataRecord.displayName(for: $0.url) })
        }
        return names
    }
}
