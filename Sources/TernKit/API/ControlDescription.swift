/// What `PageControl` reads from its element, read once: for a control of
/// a page in a content process, whose element is there, not here.
struct ControlDescription: Equatable {
    var allowsMultipleSelection: Bool
    var selectedIndices: Set<Int>
    var label: String
    var accessibleName: String

    init(allowsMultipleSelection: Bool, selectedIndices: Set<Int>, label: String, accessibleName: String) {
        self.allowsMultipleSelection = allowsMultipleSelection
        self.selectedIndices = selectedIndices
        self.label = label
        self.accessibleName = accessibleName
    }

    init(_ control: PageControl) {
        self.init(allowsMultipleSelection: control.allowsMultipleSelection, selectedIndices: control.selectedIndices,
                  label: control.label, accessibleName: control.accessibleName)
    }
}
