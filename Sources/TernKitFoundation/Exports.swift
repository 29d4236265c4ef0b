// `import TernKitFoundation` stands where WebKit code has `import WebKit`:
// it brings TernKit and Foundation (with FoundationNetworking, where
// swift-corelibs-foundation keeps URLRequest and HTTPCookie), as WebKit brings
// Foundation. TernKit itself never links Foundation (start-up speed).
@_exported import TernKit
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif
