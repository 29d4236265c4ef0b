/// What layout does with an element beyond its style: the elements that
/// make content (images, controls, markers) or structure (lists, tables).
enum ElementRole: Hashable {
    case generic
    case anchor
    case image
    case lineBreak
    case wordBreak
    case rule
    case input
    case button
    case select
    case textarea
    case list(ordered: Bool)
    case listItem
    case definitionTerm
    case heading(Int)
    case preformatted
    case details
    case summary
    case table, rowGroup, headerGroup, footerGroup, row, cell(header: Bool), caption
    case form
    case frame
    case noscript
    case base
    /// `<mark>`: drawn in reverse video.
    case mark
    /// `input`, `select`, `textarea` or `button`.
    var isFormControl: Bool {
        switch self {
        case .input, .select, .textarea, .button: return true
        default: return false
        }
    }

    /// A heading, a table, a form or a sectioning element: the page's
    /// outline may list it.
    var mayBeInOutline: Bool {
        switch self {
        case .heading, .table, .form, .sectioning: return true
        default: return false
        }
    }

    /// An element that may be a landmark (HTML-AAM §4: `main`, `nav`,
    /// `aside`, `search`; `header`, `footer` and `section` in some places).
    case sectioning
}
