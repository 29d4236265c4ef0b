/// An item of a declaration list: a declaration or (2013 draft) an at-rule.
public enum CSSDeclarationListItem: Equatable {
    case declaration(CSSDeclaration)
    case rule(CSSRule)
}
