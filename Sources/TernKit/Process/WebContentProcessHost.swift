import TernNet
import TernSystem

/// The content process's side of its channel (WebKit's `WebProcess`): it
/// holds the process's pages by number — a page and the popups it opened,
/// which share it — hands each of the browser's messages to its page,
/// sends the pages' messages, and waits for the browser's answer to a
/// page's synchronous question.
final class WebContentProcessHost {
    private let channel: MessageChannel
    let loop: EventLoop
    private let sender: ChannelSender
    private var pages: [UInt64: WebPageHost] = [:]
    /// The browser closed the channel, asked to stop, or broke the protocol.
    private(set) var isFinished = false
    private(set) var failedOnProtocol = false
    /// Messages read while a script waited for the browser's answer, done on the next turn.
    private var deferred: [(page: UInt64, message: WebContentMessage.ToContent)] = []
    private var lastQuestionID: UInt64 = 0

    init(channel: MessageChannel, loop: EventLoop) {
        self.channel = channel
        self.loop = loop
        sender = ChannelSender(channel: channel, loop: loop)
        sender.onFailure = { [weak self] in self?.isFinished = true }
    }

    /// Reads and does what has come from the browser.
    func channelIsReadable() {
        handleDeferred()
        while !isFinished {
            do {
                guard let frame = try channel.receive(timeout: 0) else { return }
                let (page, message) = try WebContentMessage.ToContent.decode(frame)
                dispatch(message, to: page)
            } catch .closed {
                isFinished = true
            } catch {
                failedOnProtocol = true
                isFinished = true
            }
        }
    }

    private func handleDeferred() {
        while !deferred.isEmpty, !isFinished {
            let (page, message) = deferred.removeFirst()
            dispatch(message, to: page)
        }
    }

    private func dispatch(_ message: WebContentMessage.ToContent, to page: UInt64) {
        switch message {
        case .ping(let number): send(.pong(number), page: 0)
        case .shutdown: isFinished = true
        case .closePage: pages.removeValue(forKey: page)?.close()
        case .configure:
            // The browser's first message for a page it started makes it.
            guard page != 0 else { return }
            let host = pages[page] ?? WebPageHost(process: self, pageID: page)
            pages[page] = host
            host.receive(message)
        default:
            pages[page]?.receive(message)
        }
    }

    /// A page the browser numbered `page` for a window another page of
    /// this process opens, made with the configuration its opener gave.
    func openPage(_ page: UInt64, configuration: WebViewConfiguration, settings: PageSettings) -> WebView? {
        guard page != 0, pages[page] == nil else { return nil }
        let host = WebPageHost(process: self, pageID: page)
        pages[page] = host
        return host.makeWebView(configuration: configuration, settings: settings)
    }

    /// The number of the page `webView` shows (0: none of this process's).
    func pageID(of webView: WebView) -> UInt64 {
        pages.first { $0.value.shows(webView) }?.key ?? 0
    }

    func send(_ message: WebContentMessage.FromContent, page: UInt64) {
        guard !isFinished else { return }
        do {
            try sender.send(kind: message.kind, payload: message.payload(page: page))
        } catch {
            isFinished = true
        }
    }

    /// Asks the browser for page `page` and waits for its answer, without
    /// running the loop (a script waits in the middle of its run: nothing
    /// else of the page may run meanwhile); what else comes is done on the
    /// next turn. nil when the browser does not answer within 30 s or went away.
    func request(page: UInt64, _ make: (UInt64) -> WebContentMessage.FromContent) -> BrowserAnswer? {
        lastQuestionID += 1
        let id = lastQuestionID
        send(make(id), page: page)
        do {
            try channel.flush(timeout: 30)
            while !isFinished {
                guard let frame = try channel.receive(timeout: 30) else { return nil }
                let (to, message) = try WebContentMessage.ToContent.decode(frame)
                if to == page, case .browserAnswer(id, let answer) = message {
                    if !deferred.isEmpty { loop.post { [weak self] in self?.handleDeferred() } }
                    return answer
                }
                deferred.append((to, message))
            }
        } catch .closed {
            isFinished = true
        } catch .timedOut {
            return nil
        } catch {
            failedOnProtocol = true
            isFinished = true
        }
        return nil
    }
}
