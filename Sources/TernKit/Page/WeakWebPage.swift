/// A web page held weakly, as a window holds the windows it opened.
struct WeakWebPage {
    weak var webPage: WebPage?
}
