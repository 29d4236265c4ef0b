import TernLayout
import TernNet
import TernScript
import TernSystem

/// The messages between the browser and a web content process (protocol
/// version `WebContentMessage.protocolVersion`), each a kind and a payload
/// on a `MessageChannel`. What comes from a content process is hostile: a
/// kind not listed or a payload that does not decode ends that process.
///
/// Numbers that name things across the wire: a navigation (the browser's
/// even, the content process's odd, so that both may start one), a
/// question waiting for its answer (`request`), a resource load (`load`,
/// the content process's), a history entry (`entry`), an element of the
/// last layout (`element`).
///
/// A frame's payload is the page it is for (0: the process itself; a
/// process holds its pages and their popups, which share it), then the
/// message's fields.
enum WebContentMessage {
    /// Bumped whenever a message's kind or fields change: a content process
    /// of another version is refused at its first frame.
    static let protocolVersion: UInt16 = 3
    /// A layout crosses in parts of at most this many bytes (a frame holds at most 16 MB).
    static let layoutPartSize = 4 << 20
    /// The most bytes of one layout the browser takes (a large page's is tens of megabytes).
    static let maximumLayoutSize = 1 << 30

    /// What the browser asks of a content process.
    enum ToContent: WebContentMessageBody {
        /// Answer `pong` with the same number (is it alive and reading?).
        case ping(UInt64)
        /// Exit now, cleanly.
        case shutdown
        /// The page's settings, before its first load and when they change.
        case configure(PageSettings)
        /// Load `request` (replacing the current history entry or not).
        case load(navigation: UInt64, request: Request, replacing: Bool)
        /// Show `data` of `mimeType` (in `encoding`, nil: its own or the default) with `baseURL`.
        case loadData(navigation: UInt64, data: [UInt8], mimeType: String, encoding: String?, baseURL: WebURL?)
        /// A history step: back, forward, reload, reload from origin, or the entry `entry`.
        case history(navigation: UInt64, step: HistoryStep)
        /// Stop the current navigation.
        case stop
        /// Lay the page out: answered by `layout`.
        case layout(request: UInt64, width: Int, rows: Int)
        /// Act on an element of a layout sent (0: none): answered by `interacted`.
        case interact(request: UInt64, element: UInt64, Interaction)
        /// Run a script in the page, or in its frame numbered `frame` (0: the main one): answered by `evaluated`.
        case evaluate(request: UInt64, source: String, frame: Int)
        /// The person's key activated something (HTML's activation notification).
        case userActivation
        /// The answer to a question the content process asked (a policy, a dialog).
        case answer(request: UInt64, Answer)
        /// A resource load's response, body piece, and end (nil: success).
        case resourceResponse(load: UInt64, Response)
        case resourceData(load: UInt64, [UInt8])
        case resourceDone(load: UInt64, NavigationError?)
        /// The answer to `cookies`, `storageItems` or `storageWrite`.
        case browserAnswer(request: UInt64, BrowserAnswer)
        /// The browser follows a redirect of load `load` to `request`: answered by `redirectAnswer`.
        case resourceRedirect(load: UInt64, Response, Request)
        /// Send the page's source: answered by `source`.
        case source(request: UInt64)
        /// Replace the history with `state` (`WebView.InteractionState.encoded`) and load its shown entry.
        case restore(navigation: UInt64, state: String)
        /// The first line the front end shows (the page's scroll position).
        case scroll(line: Int)
        /// A native message handler's reply to `scriptMessage` `request`: a value, or an error.
        case scriptReply(request: UInt64, value: ScriptValue?, error: String?)
        /// Write the page's text (`tern --dump`): answered by `text` parts.
        case text(request: UInt64, width: Int, rows: Int, references: Bool)
        /// The page's view is gone: the page is closed (the process ends with its last).
        case closePage
        /// Storage areas were removed (website data): the copies the process keeps are dropped.
        case storageRemoved

        /// A resource load's response, body, redirect or end.
        var isResourceStream: Bool {
            switch self {
            case .resourceResponse, .resourceData, .resourceDone, .resourceRedirect: return true
            default: return false
            }
        }

        var kind: UInt16 {
            switch self {
            case .ping: return 1
            case .shutdown: return 2
            case .configure: return 3
            case .load: return 4
            case .loadData: return 5
            case .history: return 6
            case .stop: return 7
            case .layout: return 8
            case .interact: return 9
            case .evaluate: return 10
            case .userActivation: return 11
            case .answer: return 12
            case .resourceResponse: return 13
            case .resourceData: return 14
            case .resourceDone: return 15
            case .source: return 16
            case .restore: return 17
            case .scroll: return 18
            case .scriptReply: return 19
            case .resourceRedirect: return 20
            case .browserAnswer: return 21
            case .text: return 22
            case .closePage: return 23
            case .storageRemoved: return 24
            }
        }

        func encode(to encoder: inout MessageEncoder) {
            switch self {
            case .ping(let number): encoder.encode(number)
            case .shutdown, .stop, .userActivation, .closePage, .storageRemoved: break
            case .configure(let settings): encoder.encode(settings)
            case .load(let navigation, let request, let replacing):
                encoder.encode(navigation)
                encoder.encode(request)
                encoder.encode(replacing)
            case .loadData(let navigation, let data, let mimeType, let encoding, let baseURL):
                encoder.encode(navigation)
                encoder.encode(bytes: data)
                encoder.encode(mimeType)
                encoder.encode(encoding)
                encoder.encode(baseURL)
            case .history(let navigation, let step):
                encoder.encode(navigation)
                encoder.encode(step)
            case .layout(let request, let width, let rows):
                encoder.encode(request)
                encoder.encode(width)
                encoder.encode(rows)
            case .interact(let request, let element, let interaction):
                encoder.encode(request)
                encoder.encode(element)
                encoder.encode(interaction)
            case .evaluate(let request, let source, let frame):
                encoder.encode(request)
                encoder.encode(source)
                encoder.encode(frame)
            case .answer(let request, let answer):
                encoder.encode(request)
                encoder.encode(answer)
            case .resourceResponse(let load, let response):
                encoder.encode(load)
                encoder.encode(response)
            case .resourceData(let load, let bytes):
                encoder.encode(load)
                encoder.encode(bytes: bytes)
            case .resourceDone(let load, let error):
                encoder.encode(load)
                encoder.encode(error)
            case .source(let request):
                encoder.encode(request)
            case .restore(let navigation, let state):
                encoder.encode(navigation)
                encoder.encode(state)
            case .scroll(let line):
                encoder.encode(line)
            case .scriptReply(let request, let value, let error):
                encoder.encode(request)
                encoder.encode(value)
                encoder.encode(error)
            case .resourceRedirect(let load, let response, let request):
                encoder.encode(load)
                encoder.encode(response)
                encoder.encode(request)
            case .browserAnswer(let request, let answer):
                encoder.encode(request)
                encoder.encode(answer)
            case .text(let request, let width, let rows, let references):
                encoder.encode(request)
                encoder.encode(width)
                encoder.encode(rows)
                encoder.encode(references)
            }
        }

        init(kind: UInt16, from decoder: inout MessageDecoder) throws(MessageError) {
            switch kind {
            case 1: self = .ping(try decoder.decode(UInt64.self))
            case 2: self = .shutdown
            case 3: self = .configure(try decoder.decode(PageSettings.self))
            case 4: self = .load(navigation: try decoder.decode(UInt64.self), request: try decoder.decode(Request.self),
                                 replacing: try decoder.decode(Bool.self))
            case 5: self = .loadData(navigation: try decoder.decode(UInt64.self), data: Array(try decoder.decodeBytes()),
                                     mimeType: try decoder.decode(String.self), encoding: try decoder.decodeOptional(String.self),
                                     baseURL: try decoder.decodeOptional(WebURL.self))
            case 6: self = .history(navigation: try decoder.decode(UInt64.self), step: try decoder.decode(HistoryStep.self))
            case 7: self = .stop
            case 8: self = .layout(request: try decoder.decode(UInt64.self), width: try decoder.decode(Int.self),
                                   rows: try decoder.decode(Int.self))
            case 9: self = .interact(request: try decoder.decode(UInt64.self), element: try decoder.decode(UInt64.self),
                                     try decoder.decode(Interaction.self))
            case 10: self = .evaluate(request: try decoder.decode(UInt64.self), source: try decoder.decode(String.self),
                                      frame: try decoder.decode(Int.self))
            case 11: self = .userActivation
            case 12: self = .answer(request: try decoder.decode(UInt64.self), try decoder.decode(Answer.self))
            case 13: self = .resourceResponse(load: try decoder.decode(UInt64.self), try decoder.decode(Response.self))
            case 14: self = .resourceData(load: try decoder.decode(UInt64.self), Array(try decoder.decodeBytes()))
            case 15: self = .resourceDone(load: try decoder.decode(UInt64.self), try decoder.decodeOptional(NavigationError.self))
            case 16: self = .source(request: try decoder.decode(UInt64.self))
            case 17: self = .restore(navigation: try decoder.decode(UInt64.self), state: try decoder.decode(String.self))
            case 18: self = .scroll(line: try decoder.decode(Int.self))
            case 19: self = .scriptReply(request: try decoder.decode(UInt64.self), value: try decoder.decodeOptional(ScriptValue.self),
                                         error: try decoder.decodeOptional(String.self))
            case 20: self = .resourceRedirect(load: try decoder.decode(UInt64.self), try decoder.decode(Response.self),
                                              try decoder.decode(Request.self))
            case 21: self = .browserAnswer(request: try decoder.decode(UInt64.self), try decoder.decode(BrowserAnswer.self))
            case 22: self = .text(request: try decoder.decode(UInt64.self), width: try decoder.decode(Int.self),
                                  rows: try decoder.decode(Int.self), references: try decoder.decode(Bool.self))
            case 23: self = .closePage
            case 24: self = .storageRemoved
            default: throw .malformed("unknown message kind \(kind)")
            }
        }
    }

    /// What a content process tells the browser.
    enum FromContent: WebContentMessageBody {
        /// The process is up and its sandbox closed: its pid as it sees it,
        /// the Landlock ABI it used (0: none), its address-space cap.
        case ready(processID: Int32, landlockABI: Int, addressSpaceLimit: Int)
        /// The answer to `ping`.
        case pong(UInt64)
        /// The page's observable state, whole, after it changed.
        case state(PageStateSnapshot)
        /// A step of a navigation.
        case navigation(UInt64, NavigationEvent)
        /// A question for the browser's delegates, answered by `answer`.
        case question(request: UInt64, Question)
        /// Load `request` for the page, with the credentials its navigation
        /// was given (HTTP, proxy): answered by `resource…` messages.
        case resourceRequest(load: UInt64, Request, credential: Credential?, method: Credential.Method,
                             proxyCredential: Credential?, proxyMethod: Credential.Method)
        /// The page no longer wants that load.
        case resourceCancel(load: UInt64)
        /// A part of the page laid out, for `layout`: the parts together are
        /// a `RemoteLayout?` (nil: nothing to show yet), the last says so.
        case layout(request: UInt64, part: [UInt8], isLast: Bool)
        /// What `interact` did.
        case interacted(request: UInt64, InteractionResult)
        /// The result of `evaluate`: a value (nil for undefined), or why it failed.
        case evaluated(request: UInt64, value: ScriptValue?, error: ScriptError?)
        /// The page's scripts' heap passed its limit: they were stopped.
        case scriptsStopped
        /// A console message of the page's scripts.
        case console(level: String, text: String)
        /// The page's source, for `source`.
        case source(request: UInt64, bytes: [UInt8], encoding: String)
        /// The page posted to a native message handler (`window.webkit.messageHandlers`);
        /// a request number other than 0 waits for `scriptReply`.
        case scriptMessage(request: UInt64, name: String, body: ScriptValue, frame: FrameInfo)
        /// The page opens a window for `request` (with the person's
        /// activation): answered by `browserAnswer` `.window`, the page
        /// number its view has in this process (0: none was made).
        case createWindow(request: UInt64, Request, NavigationType, WindowFeatures)
        /// The page tried to open a window without the person's activation.
        case popupBlocked(Request, NavigationType)
        /// The page closed its window (`window.close()`).
        case closeWindow
        /// The page's answer to `resourceRedirect`: the next hop's request (its header fields), or nil to stop.
        case redirectAnswer(load: UInt64, Request?)
        /// `document.cookie` read at `url`: answered by `browserAnswer`.
        case cookies(request: UInt64, url: WebURL)
        /// `document.cookie` set at `url`.
        case setCookie(url: WebURL, cookie: String)
        /// `localStorage` of `origin`: its items, or a write (a nil key clears it); answered by `browserAnswer`.
        /// (`session`: the page's `sessionStorage`, kept by the browser per view.)
        case storageItems(request: UInt64, origin: String, session: Bool)
        case storageWrite(request: UInt64, origin: String, session: Bool, key: String?, value: String?)
        /// The `about:` page for `url` (`AboutPages`): answered by `browserAnswer`.
        case aboutPage(request: UInt64, url: WebURL, fromOwnForm: Bool)
        /// A piece of the page's text, for `text`; the last says how it ended.
        case text(request: UInt64, part: [UInt8], end: PageTextOutcome?)
        /// The navigation that load `load` brought became a download (its
        /// response's policy, or its action's): the browser makes it, started
        /// by the person or not, with the name the page proposed (a
        /// `download` attribute's). Load 0: a `data:` URL, `url`, which
        /// loaded here; the browser loads it again.
        case becameDownload(load: UInt64, isUserInitiated: Bool, proposedFilename: String?, url: WebURL)

        var kind: UInt16 {
            switch self {
            case .ready: return 1
            case .pong: return 2
            case .state: return 3
            case .navigation: return 4
            case .question: return 5
            case .resourceRequest: return 6
            case .resourceCancel: return 7
            case .layout: return 8
            case .interacted: return 9
            case .evaluated: return 10
            case .scriptsStopped: return 11
            case .console: return 12
            case .source: return 13
            case .scriptMessage: return 14
            case .createWindow: return 15
            case .popupBlocked: return 16
            case .closeWindow: return 17
            case .redirectAnswer: return 18
            case .cookies: return 19
            case .setCookie: return 20
            case .storageItems: return 21
            case .storageWrite: return 22
            case .aboutPage: return 23
            case .text: return 24
            case .becameDownload: return 25
            }
        }

        func encode(to encoder: inout MessageEncoder) {
            switch self {
            case .ready(let processID, let landlockABI, let addressSpaceLimit):
                encoder.encode(UInt32(bitPattern: processID))
                encoder.encode(landlockABI)
                encoder.encode(addressSpaceLimit)
            case .pong(let number):
                encoder.encode(number)
            case .state(let state):
                encoder.encode(state)
            case .navigation(let navigation, let event):
                encoder.encode(navigation)
                encoder.encode(event)
            case .question(let request, let question):
                encoder.encode(request)
                encoder.encode(question)
            case .resourceRequest(let load, let request, let credential, let method, let proxyCredential, let proxyMethod):
                encoder.encode(load)
                encoder.encode(request)
                encoder.encode(credential)
                encoder.encode(method)
                encoder.encode(proxyCredential)
                encoder.encode(proxyMethod)
            case .resourceCancel(let load):
                encoder.encode(load)
            case .layout(let request, let part, let isLast):
                encoder.encode(request)
                encoder.encode(bytes: part)
                encoder.encode(isLast)
            case .interacted(let request, let result):
                encoder.encode(request)
                encoder.encode(result)
            case .evaluated(let request, let value, let error):
                encoder.encode(request)
                encoder.encode(value)
                encoder.encode(error)
            case .scriptsStopped, .closeWindow:
                break
            case .console(let level, let text):
                encoder.encode(level)
                encoder.encode(text)
            case .source(let request, let bytes, let encoding):
                encoder.encode(request)
                encoder.encode(bytes: bytes)
                encoder.encode(encoding)
            case .scriptMessage(let request, let name, let body, let frame):
                encoder.encode(request)
                encoder.encode(name)
                encoder.encode(body)
                encoder.encode(frame)
            case .createWindow(let question, let request, let type, let features):
                encoder.encode(question)
                encoder.encode(request)
                encoder.encode(type)
                encoder.encode(features)
            case .popupBlocked(let request, let type):
                encoder.encode(request)
                encoder.encode(type)
            case .redirectAnswer(let load, let request):
                encoder.encode(load)
                encoder.encode(request)
            case .cookies(let request, let url):
                encoder.encode(request)
                encoder.encode(url)
            case .setCookie(let url, let cookie):
                encoder.encode(url)
                encoder.encode(cookie)
            case .storageItems(let request, let origin, let session):
                encoder.encode(request)
                encoder.encode(origin)
                encoder.encode(session)
            case .storageWrite(let request, let origin, let session, let key, let value):
                encoder.encode(request)
                encoder.encode(origin)
                encoder.encode(session)
                encoder.encode(key)
                encoder.encode(value)
            case .aboutPage(let request, let url, let fromOwnForm):
                encoder.encode(request)
                encoder.encode(url)
                encoder.encode(fromOwnForm)
            case .text(let request, let part, let end):
                encoder.encode(request)
                encoder.encode(bytes: part)
                encoder.encode(end)
            case .becameDownload(let load, let isUserInitiated, let proposedFilename, let url):
                encoder.encode(load)
                encoder.encode(isUserInitiated)
                encoder.encode(proposedFilename)
                encoder.encode(url)
            }
        }

        init(kind: UInt16, from decoder: inout MessageDecoder) throws(MessageError) {
            switch kind {
            case 1:
                self = .ready(processID: Int32(bitPattern: try decoder.decode(UInt32.self)),
                              landlockABI: try decoder.decode(Int.self), addressSpaceLimit: try decoder.decode(Int.self))
            case 2: self = .pong(try decoder.decode(UInt64.self))
            case 3: self = .state(try decoder.decode(PageStateSnapshot.self))
            case 4: self = .navigation(try decoder.decode(UInt64.self), try decoder.decode(NavigationEvent.self))
            case 5: self = .question(request: try decoder.decode(UInt64.self), try decoder.decode(Question.self))
            case 6: self = .resourceRequest(load: try decoder.decode(UInt64.self), try decoder.decode(Request.self),
                                            credential: try decoder.decodeOptional(Credential.self),
                                            method: try decoder.decode(Credential.Method.self),
                                            proxyCredential: try decoder.decodeOptional(Credential.self),
                                            proxyMethod: try decoder.decode(Credential.Method.self))
            case 7: self = .resourceCancel(load: try decoder.decode(UInt64.self))
            case 8: self = .layout(request: try decoder.decode(UInt64.self), part: Array(try decoder.decodeBytes()),
                                   isLast: try decoder.decode(Bool.self))
            case 9: self = .interacted(request: try decoder.decode(UInt64.self), try decoder.decode(InteractionResult.self))
            case 10: self = .evaluated(request: try decoder.decode(UInt64.self), value: try decoder.decodeOptional(ScriptValue.self),
                                       error: try decoder.decodeOptional(ScriptError.self))
            case 11: self = .scriptsStopped
            case 12: self = .console(level: try decoder.decode(String.self), text: try decoder.decode(String.self))
            case 13: self = .source(request: try decoder.decode(UInt64.self), bytes: Array(try decoder.decodeBytes()),
                                    encoding: try decoder.decode(String.self))
            case 14: self = .scriptMessage(request: try decoder.decode(UInt64.self), name: try decoder.decode(String.self),
                                           body: try decoder.decode(ScriptValue.self), frame: try decoder.decode(FrameInfo.self))
            case 15: self = .createWindow(request: try decoder.decode(UInt64.self), try decoder.decode(Request.self),
                                          try decoder.decode(NavigationType.self), try decoder.decode(WindowFeatures.self))
            case 16: self = .popupBlocked(try decoder.decode(Request.self), try decoder.decode(NavigationType.self))
            case 17: self = .closeWindow
            case 18: self = .redirectAnswer(load: try decoder.decode(UInt64.self), try decoder.decodeOptional(Request.self))
            case 19: self = .cookies(request: try decoder.decode(UInt64.self), url: try decoder.decode(WebURL.self))
            case 20: self = .setCookie(url: try decoder.decode(WebURL.self), cookie: try decoder.decode(String.self))
            case 21: self = .storageItems(request: try decoder.decode(UInt64.self), origin: try decoder.decode(String.self),
                                          session: try decoder.decode(Bool.self))
            case 22: self = .storageWrite(request: try decoder.decode(UInt64.self), origin: try decoder.decode(String.self),
                                          session: try decoder.decode(Bool.self),
                                          key: try decoder.decodeOptional(String.self), value: try decoder.decodeOptional(String.self))
            case 23: self = .aboutPage(request: try decoder.decode(UInt64.self), url: try decoder.decode(WebURL.self),
                                       fromOwnForm: try decoder.decode(Bool.self))
            case 24: self = .text(request: try decoder.decode(UInt64.self), part: Array(try decoder.decodeBytes()),
                                  end: try decoder.decodeOptional(PageTextOutcome.self))
            case 25: self = .becameDownload(load: try decoder.decode(UInt64.self), isUserInitiated: try decoder.decode(Bool.self),
                                            proposedFilename: try decoder.decodeOptional(String.self), url: try decoder.decode(WebURL.self))
            default: throw .malformed("unknown message kind \(kind)")
            }
        }
    }
}

extension PageTextOutcome: WireCodable {
    private static let all: [PageTextOutcome] = [.written, .cutShort, .nothingToShow]

    package func encode(to encoder: inout MessageEncoder) { encoder.encode(self, in: PageTextOutcome.all) }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        self = try decoder.decode(in: PageTextOutcome.all, what: "page text outcome")
    }
}

/// A message of either direction: its kind, and its fields after the page number.
protocol WebContentMessageBody {
    var kind: UInt16 { get }
    func encode(to encoder: inout MessageEncoder)
    init(kind: UInt16, from decoder: inout MessageDecoder) throws(MessageError)
}

extension WebContentMessageBody {
    /// The frame's payload: `page`, then the fields.
    func payload(page: UInt64) -> [UInt8] {
        var encoder = MessageEncoder()
        encoder.encode(page)
        encode(to: &encoder)
        return encoder.bytes
    }

    /// The page and the message a frame holds; what does not decode whole throws.
    static func decode(_ frame: MessageChannel.Message) throws(MessageError) -> (page: UInt64, message: Self) {
        var decoder = MessageDecoder(frame.payload)
        let page = try decoder.decode(UInt64.self)
        let message = try Self(kind: frame.kind, from: &decoder)
        try decoder.finish()
        return (page, message)
    }
}

extension WindowFeatures: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        for value in [width, height, x, y] {
            encoder.encode(value != nil)
            if let value { encoder.encode(value) }
        }
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        var values: [Int?] = []
        for _ in 0..<4 { values.append(try decoder.decode(Bool.self) ? try decoder.decode(Int.self) : nil) }
        self.init(width: values[0], height: values[1], x: values[2], y: values[3])
    }
}

/// A frame as the browser's delegates see it: main or not, its document's
/// URL, its origin, and its number in the view.
extension FrameInfo: WireCodable {
    package func encode(to encoder: inout MessageEncoder) {
        encoder.encode(isMainFrame)
        encoder.encode(request?.url)
        encoder.encode(securityOrigin)
        encoder.encode(frameID)
    }

    package init(from decoder: inout MessageDecoder) throws(MessageError) {
        let isMainFrame = try decoder.decode(Bool.self)
        let url = try decoder.decodeOptional(WebURL.self)
        self.init(isMainFrame: isMainFrame, request: url.map { Request(url: $0) }, securityOrigin: try decoder.decode(String.self))
        frameID = max(0, try decoder.decode(Int.self))
    }
}
