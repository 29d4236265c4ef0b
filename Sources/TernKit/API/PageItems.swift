/// The links or form controls of a `PageLayout`, made on access: a large
/// page has hundreds of thousands of links, and a front end looks at a few.
public struct PageItems<Element>: RandomAccessCollection {
    public let startIndex = 0
    public let endIndex: Int
    private let item: (Int) -> Element

    init<Base: RandomAccessCollection>(_ base: Base, _ transform: @escaping (Base.Element) -> Element) where Base.Index == Int {
        endIndex = base.count
        item = { transform(base[$0]) }
    }

    public subscript(position: Int) -> Element { item(position) }
}
