import RichMediaKitSupport

/// A text of the timeline with a known box: set in a monospaced face with a fixed advance (`textLength`), so
/// every renderer draws it inside the box computed here, and a reader of the file computes the same box from
/// the element's `x`, `y`, `font-size`, `text-anchor` and `textLength`.
struct SVGLabel {
    enum Anchor: String {
        case start, middle, end
    }

    /// The advance of one character, as a fraction of the font size (monospaced faces are 0.6 em wide).
    static let advance = 0.6
    /// The box's top and bottom, as fractions of the font size above and below the baseline.
    static let ascent = 0.8
    static let descent = 0.25

    let text: String
    let x: Double
    let y: Double
    let size: Double
    var anchor = Anchor.start

    /// The width of `text` at `size`.
    static func width(of text: String, size: Double) -> Double {
        Double(text.count) * size * advance
    }

    var width: Double { Self.width(of: text, size: size) }

    /// The horizontal extent.
    var left: Double {
        switch anchor {
        case .start: return x
        case .middle: return x - width / 2
        case .end: return x - width
        }
    }

    var right: Double { left + width }
    var top: Double { y - size * Self.ascent }
    var bottom: Double { y + size * Self.descent }

    /// The element, with extra attributes (`fill`, `font-weight`, ...).
    func svg(_ attributes: String = "fill=\"#1f2328\"") -> String {
        let anchorAttribute = anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\""
        return "<text x=\"\(SVGNumber.text(x))\" y=\"\(SVGNumber.text(y))\" font-size=\"\(SVGNumber.text(size))\""
            + "\(anchorAttribute) textLength=\"\(SVGNumber.text(width))\" lengthAdjust=\"spacingAndGlyphs\" "
            + "\(attributes)>\(MarkupEscaping.escaped(text))</text>"
    }
}

/// Label tracks: each label goes on the first track whose last label ends before it starts, and a new track
/// is opened when none has room, so no two labels overlap however many there are.
struct LabelTracks {
    /// The right edge of the last label on each track.
    private(set) var ends: [Double] = []
    /// The space kept between two labels on a track.
    let gap: Double

    init(gap: Double = 6) {
        self.gap = gap
    }

    /// The track for a box from `left` to `right`; boxes must come in increasing `left` order.
    mutating func place(left: Double, right: Double) -> Int {
        if let track = ends.firstIndex(where: { $0 + gap <= left }) {
            ends[track] = right
            return track
        }
        ends.append(right)
        return ends.count - 1
    }

    var count: Int { ends.count }
}

/// Coordinates as the timeline writes them: rounded to a tenth, without a trailing `.0`.
enum SVGNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
