import TernNet

/// What the navigation state machine (WebView+Navigation.swift) keeps
/// between navigations: the navigation in progress (its phase is the
/// policy stage: deciding, provisional, committed), the documents' numbering
/// and what earlier navigations granted (credentials, file access).
final class NavigationState {
    /// The navigation in progress, from the `load` call until it ends.
    var currentLoad: PageLoad?
    /// Numbers the documents committed, for same-document history entries.
    var nextDocumentID = 0
    /// The folder (or file) `loadFileURL` granted, for file: navigations.
    var fileReadAccessRoot: String?
    /// Credentials the delegate gave for the session, by protection space.
    var sessionCredentials: [ProtectionSpace: Credential] = [:]
}
