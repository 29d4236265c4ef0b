import TernNet
import TernDOM

/// What `form.submit()` (or a submit button, or `requestSubmit()`) asks the
/// embedder to send: the form's method, its action resolved against the
/// document's URL, its encoding type and the name/value pairs of its
/// successful controls, in tree order
/// (https://html.spec.whatwg.org/#constructing-the-form-data-set).
package struct FormSubmission: Hashable {
    /// One name/value pair of the form data set.
    package struct Field: Hashable {
        package let name: String
        package let value: String
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// "get", "post" or "dialog" (lower case; anything else reads as "get").
    package let method: String
    /// The action attribute resolved against the document URL (the document
    /// URL itself when the attribute is missing or empty).
    package let action: WebURL
    /// "application/x-www-form-urlencoded" (the default), "multipart/form-data" or "text/plain".
    package let enctype: String
    /// The form's `target` attribute ("" when absent).
    package let target: String
    /// The successful controls' name/value pairs, in tree order.
    package let fields: [Field]
    /// The `<form>` element submitted, when known (the embedder may build
    /// the data set again from it, with files).
    package let form: Node?
    /// The submit button that submitted the form (nil for `form.submit()`).
    package let submitter: Node?

    package init(method: String, action: WebURL, enctype: String, target: String = "", fields: [Field],
                form: Node? = nil, submitter: Node? = nil) {
        self.method = method
        self.action = action
        self.enctype = enctype
        self.target = target
        self.fields = fields
        self.form = form
        self.submitter = submitter
    }
}
