import AppSiteAssociation
import RichMediaKitSupport

extension AASAPattern {
    /// The pattern's language over the bytes of the part it is matched against, built exactly as
    /// ``AASAAutomaton`` builds its matcher (so `?` is one UTF-8 encoded scalar, `*` any run of bytes).
    ///
    /// - Parameter bytes: the bytes the part can hold (`*` and `?` are restricted to them).
    /// - Returns: the language.
    func language(over bytes: ByteSet = .all) -> NFA {
        Self.language(of: elements, over: bytes)
    }

    private static func language(of elements: [Element], over bytes: ByteSet) -> NFA {
        .concatenation(elements.map { language(of: $0, over: bytes) })
    }

    private static func language(of element: Element, over bytes: ByteSet) -> NFA {
        switch element {
        case .byte(let byte): return .byte(ByteSet([byte]))
        case .byteClass(let set): return .byte(set)
        case .anyRun: return .run(bytes)
        case .anyCharacter:
            let continuation = NFA.byte(ByteSet(0x80...0xBF))
            return .union([
                .byte(ByteSet(0x00...0x7F).intersection(bytes)),
                NFA.byte(ByteSet(0xC2...0xDF)).then(continuation),
                NFA.byte(ByteSet(0xE0...0xEF)).then(continuation).then(continuation),
                NFA.byte(ByteSet(0xF0...0xF4)).then(continuation).then(continuation).then(continuation),
            ])
        case .alternation(let branches): return .union(branches.map { language(of: $0, over: bytes) })
        }
    }
}
