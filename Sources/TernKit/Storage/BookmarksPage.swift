import TernDOM
import TernNet

/// `about:bookmarks`: the bookmarks as a page of links, folder by folder
/// (each folder a heading, nested ones with deeper headings; the first Tab
/// goes to the first bookmark), searchable with `about:bookmarks?q=TEXT`
/// (the form at the end); `about:bookmarks?edit=ID` shows a form
/// to change a bookmark's title, URL and folder, move it up or down, or
/// delete it; the list page has a form to make a folder.
///
/// Changes are made only when all of these hold, so that nothing but the
/// person using this page's own forms can change bookmarks:
/// - the request carries the store's `editToken` (a secret in the forms:
///   no other page can read it, and it changes with every run);
/// - it is a form submission (not a typed URL, a reload, back/forward);
/// - the page that submitted it is `about:bookmarks` itself.
/// Web pages cannot open `about:` pages other than `about:blank` at all
/// (`WebView.pageMayOpen`). A change's page is shown at the plain
/// `about:bookmarks` URL, so reloading or going back repeats nothing.
enum BookmarksPage {
    /// The page for `url`, and the URL to show it at.
    /// `fromOwnForm`: the navigation is a form submitted by `about:bookmarks`.
    static func page(for url: WebURL, bookmarks: Bookmarks, fromOwnForm: Bool) -> (html: [UInt8], url: WebURL) {
        let parameters = formParameters(in: url.search)
        func value(_ name: String) -> String? { parameters.first { $0.0 == name }?.1 }
        let plain = WebURL("about:bookmarks") ?? url
        if let action = value("action") {
            guard fromOwnForm, let token = value("token"), token == bookmarks.editToken else {
                return (list(bookmarks, query: "", message: "Nothing was changed: changes are made only with this page’s own forms."),
                        plain)
            }
            return (list(bookmarks, query: "", message: change(action, value, bookmarks: bookmarks)), plain)
        }
        if let edit = value("edit"), let id = Int64(edit), let bookmark = bookmarks.bookmark(id: id) {
            return (editForm(bookmark, bookmarks: bookmarks), url)
        }
        return (list(bookmarks, query: value("q") ?? "", message: nil), url)
    }

    /// Makes the change a form asked for; says what happened.
    private static func change(_ action: String, _ value: (String) -> String?, bookmarks: Bookmarks) -> String {
        do {
            if action == "Make folder" {
                let folder = try bookmarks.addFolder(value("folder") ?? "")
                return folder.isEmpty ? "A folder needs a name." : "Made the folder “\(folder)”."
            }
            guard let id = value("id").flatMap({ Int64($0) }), let bookmark = bookmarks.bookmark(id: id) else {
                return "That bookmark is gone."
            }
            let name = bookmark.title.isEmpty ? bookmark.url.href : bookmark.title
            switch action {
            case "Save":
                let href = (value("url") ?? "").trimmingSpaces()
                guard let url = WebURL(href) else { return "Not saved: “\(href)” is not a URL." }
                let saved = try bookmarks.update(id, title: value("title") ?? bookmark.title, url: url,
                                                 folder: value("folder") ?? bookmark.folder)
                return "Saved “\(saved.title.isEmpty ? saved.url.href : saved.title)”."
            case "Move up", "Move down":
                let siblings = bookmarks.bookmarks(in: bookmark.folder)
                guard let index = siblings.firstIndex(where: { $0.id == id }) else { return "That bookmark is gone." }
                try bookmarks.move(id, position: action == "Move up" ? max(0, index - 1) : index + 1)
                return "Moved “\(name)” \(action == "Move up" ? "up" : "down")."
            case "Delete":
                try bookmarks.delete(id)
                return "Deleted “\(name)”."
            default:
                return "Nothing was changed."
            }
        } catch {
            return "Nothing was changed: \(error)."
        }
    }

    // MARK: Pages

    private static func head(_ title: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body><h1>\(title)</h1>"
    }

    private static func list(_ bookmarks: Bookmarks, query: String, message: String?) -> [UInt8] {
        var html = head("Bookmarks")
        if let message { html += "<p><strong>\(HTMLText.escaped(message))</strong></p>" }
        // The search form comes last, so that the first Tab goes to the first bookmark.
        let search = "<h2>Search</h2><form action=\"about:bookmarks\" method=\"get\"><p><input type=\"search\" name=\"q\""
            + " value=\"\(HTMLText.escaped(query))\"> <input type=\"submit\" value=\"Search\"></p></form>"
        if !bookmarks.isPersistent {
            html += "<p>Private browsing: bookmarks made now are forgotten when Tern ends.</p>"
        }
        if !query.isEmpty {
            let found = bookmarks.entries(matching: query, limit: 1000)
            if found.isEmpty {
                html += "<p>No bookmark matches “\(HTMLText.escaped(query))”.</p>"
            } else {
                html += "<ul>" + found.map { item($0, showingFolder: true) }.joined() + "</ul>"
            }
            return Array((html + "<p><a href=\"about:bookmarks\">All bookmarks</a></p>" + search + "</body></html>").utf8)
        }
        let all = bookmarks.all()
        var byFolder: [String: [Bookmark]] = [:]
        for bookmark in all { byFolder[bookmark.folder, default: []].append(bookmark) }
        if all.isEmpty { html += "<p>No bookmarks yet.</p>" }
        if let top = byFolder[""] { html += "<ul>" + top.map { item($0, showingFolder: false) }.joined() + "</ul>" }
        for folder in bookmarks.folders() {
            let depth = min(6, 1 + folder.split(separator: "/").count)
            html += "<h\(depth)>\(HTMLText.escaped(folder.split(separator: "/").joined(separator: " / ")))</h\(depth)>"
            if let items = byFolder[folder] {
                html += "<ul>" + items.map { item($0, showingFolder: false) }.joined() + "</ul>"
            } else {
                html += "<p>(empty)</p>"
            }
        }
        html += "<h2>New folder</h2><form action=\"about:bookmarks\" method=\"get\">"
        html += "<input type=\"hidden\" name=\"token\" value=\"\(bookmarks.editToken)\">"
        html += "<p>Name (Work/Docs makes Docs in Work): <input type=\"text\" name=\"folder\" value=\"\">"
        html += " <input type=\"submit\" name=\"action\" value=\"Make folder\"></p></form>"
        return Array((html + search + "</body></html>").utf8)
    }

    private static func item(_ bookmark: Bookmark, showingFolder: Bool) -> String {
        let name = bookmark.title.isEmpty ? bookmark.url.href : bookmark.title
        var html = "<li><a href=\"\(HTMLText.escaped(bookmark.url.href))\">\(HTMLText.escaped(name))</a>"
        if !bookmark.title.isEmpty { html += " — \(HTMLText.escaped(bookmark.url.href))" }
        if showingFolder && !bookmark.folder.isEmpty { html += " (in \(HTMLText.escaped(bookmark.folder)))" }
        return html + " [<a href=\"about:bookmarks?edit=\(bookmark.id)\">edit</a>]</li>"
    }

    private static func editForm(_ bookmark: Bookmark, bookmarks: Bookmarks) -> [UInt8] {
        var html = head("Edit bookmark")
        html += "<form action=\"about:bookmarks\" method=\"get\">"
        html += "<input type=\"hidden\" name=\"token\" value=\"\(bookmarks.editToken)\">"
        html += "<input type=\"hidden\" name=\"id\" value=\"\(bookmark.id)\">"
        html += "<p>Title: <input type=\"text\" name=\"title\" size=\"60\" value=\"\(HTMLText.escaped(bookmark.title))\"></p>"
        html += "<p>URL: <input type=\"text\" name=\"url\" size=\"60\" value=\"\(HTMLText.escaped(bookmark.url.href))\"></p>"
        html += "<p>Folder: <input type=\"text\" name=\"folder\" size=\"40\" value=\"\(HTMLText.escaped(bookmark.folder))\"></p>"
        html += "<p><input type=\"submit\" name=\"action\" value=\"Save\"> <input type=\"submit\" name=\"action\" value=\"Move up\">"
        html += " <input type=\"submit\" name=\"action\" value=\"Move down\"> <input type=\"submit\" name=\"action\" value=\"Delete\"></p>"
        html += "</form>"
        let folders = bookmarks.folders()
        if !folders.isEmpty {
            html += "<p>Folders: " + folders.map { HTMLText.escaped($0) }.joined(separator: ", ") + " (empty: the top level)</p>"
        }
        html += "<p><a href=\"about:bookmarks\">Back to the bookmarks</a></p>"
        return Array((html + "</body></html>").utf8)
    }

    // MARK: Query

    /// The name/value pairs of a query string, form-decoded.
    static func formParameters(in search: String) -> [(String, String)] {
        search.drop(while: { $0 == "?" }).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (HistoryPage.formDecode(parts.first.map(String.init) ?? ""), parts.count > 1 ? HistoryPage.formDecode(String(parts[1])) : "")
        }
    }
}
