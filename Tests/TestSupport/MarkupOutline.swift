import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document (SVG, polyglot HTML) read with Foundation's `XMLParser`, for tests of generated pictures and
/// pages: whether it is well-formed, its elements with their attributes in document order, and its text.
package final class MarkupOutline: NSObject, XMLParserDelegate {
    /// One element: its name and attributes.
    package struct Element: Sendable {
        /// The element's name, such as `svg` or `details`.
        package let name: String
        /// Its attributes.
        package let attributes: [String: String]
    }

    /// Every element, in document order.
    package private(set) var elements: [Element] = []
    /// The text directly inside each element (not its children's), by the element's index in ``elements``.
    package private(set) var contents: [String] = []
    /// The indices of the elements open at the parser's position.
    private var open: [Int] = []
    /// The text content; each element's end adds a line break, so texts of different elements do not run together.
    package private(set) var text = ""
    /// Whether the document parsed as well-formed XML.
    package private(set) var isWellFormed = false
    /// The parser's error, when it is not well-formed.
    package private(set) var error: String?

    /// What keeps a page from being self-contained: each script, stylesheet link, image, frame, object or embed, each
    /// `src`, and each `href` that is neither a `#` anchor nor an `http(s)` link (a link is followed, not loaded).
    package var externalReferences: [String] {
        var found: [String] = []
        for element in elements {
            if ["script", "link", "img", "iframe", "object", "embed"].contains(element.name) {
                found.append(element.name)
            }
            if let source = element.attributes["src"] { found.append("src=" + source) }
            if let href = element.attributes["href"],
                !(href.hasPrefix("#") || href.hasPrefix("https://") || href.hasPrefix("http://"))
            {
                found.append("href=" + href)
            }
        }
        return found
    }

    /// Parses `document`.
    package init(_ document: String) {
        super.init()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = self
        isWellFormed = parser.parse()
        error = parser.parserError.map { "\($0)" }
    }

    package func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
        contents.append("")
    }

    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
        if let index = open.last { contents[index] += string }
    }

    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
    {
        text += "\n"
        _ = open.popLast()
    }
}
