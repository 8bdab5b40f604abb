import CXMLTree
import Foundation

/// An XML document as libxml2's tree (through CXMLTree, which opens libxml2 on first use): the
/// recently-used list and OpenRaster's stack.xml are read, changed and written through it. What
/// the app does not touch (other applications' elements, comments, whitespace) is written back
/// as it was read.
final class XMLTree {
    struct XMLError: Error, CustomStringConvertible {
        let description: String
    }

    private let document: OpaquePointer

    /// Parses `data` strictly: anything not well formed is an error, never a recovered shorter
    /// tree; nothing is fetched from the network and no external entity is read.
    init(data: Data) throws {
        var error = [CChar](repeating: 0, count: 256)
        let parsed = data.withUnsafeBytes { bytes in
            xmltree_parse(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count, &error, error.count)
        }
        guard let parsed else { throw XMLError(description: String(cString: error)) }
        document = parsed
    }

    /// A new document of one empty element, `rootName`.
    init(rootName: String) throws {
        guard let created = xmltree_create(rootName) else {
            throw XMLError(description: "libxml2 (Debian's libxml2), which reads and writes XML, could not be loaded")
        }
        document = created
    }

    deinit { xmltree_free(document) }

    var root: Element? { xmltree_root(document).map { Element(node: $0, tree: self) } }

    /// UTF-8 with an XML declaration; `indented` indents elements that had no whitespace of
    /// their own (new ones).
    func data(indented: Bool) throws -> Data {
        var length = 0
        guard let bytes = xmltree_write(document, indented ? 1 : 0, &length) else { throw XMLError(description: "the XML could not be written") }
        defer { xmltree_free_string(bytes) }
        return Data(bytes: bytes, count: length)
    }

    /// An element of the tree; it keeps its document alive.
    struct Element {
        fileprivate let node: OpaquePointer
        fileprivate let tree: XMLTree

        /// The name without its namespace prefix; an element made here with a prefixed name
        /// ("mime:mime-type") has that whole name.
        var localName: String { String(cString: xmltree_local_name(node)) }
        /// The name as written ("bookmark:application").
        var name: String { xmltree_prefix(node).map { String(cString: $0) + ":" + localName } ?? localName }

        /// The child elements, in order (text and comments passed over).
        var children: [Element] {
            var result: [Element] = []
            var child = xmltree_first_element(node)
            while let current = child {
                result.append(Element(node: current, tree: tree))
                child = xmltree_next_element(current)
            }
            return result
        }

        func children(named name: String) -> [Element] { children.filter { $0.name == name } }

        func attribute(_ name: String) -> String? {
            guard let value = xmltree_attribute(node, name) else { return nil }
            defer { xmltree_free_string(value) }
            return String(cString: value)
        }

        func setAttribute(_ name: String, to value: String) throws {
            guard xmltree_set_attribute(node, name, value) != 0 else { throw XMLError(description: "out of memory") }
        }

        /// A new empty element as the last child.
        @discardableResult
        func addElement(_ name: String) throws -> Element {
            guard let child = xmltree_add_element(node, name) else { throw XMLError(description: "out of memory") }
            return Element(node: child, tree: tree)
        }
    }
}
