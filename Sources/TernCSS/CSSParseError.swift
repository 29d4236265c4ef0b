/// The syntax errors the parse entry points report (names as in css-parsing-tests).
public enum CSSParseError: Error, Equatable {
    case empty, invalid, extraInput
}
