import CLibXML2Memory

/// The native memory the documents of this process hold: libxml2's
/// allocations (nodes, text, attributes, names, parser state), counted by
/// the allocator Tern installs into libxml2 before it runs. The JavaScript
/// heap does not see this memory; the page's memory limit adds what the
/// page's scripts made of it (`ScriptContext.memoryLimit`).
public enum DOMMemory {
    /// Bytes libxml2 holds now, in every document of the process.
    public static var allocatedBytes: Int { Int(tern_xml_allocated_bytes()) }
}
