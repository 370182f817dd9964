import RichMediaKitSupport

/// A partition of the 256 byte values into classes that every given byte set respects.
///
/// Two bytes in the same class are indistinguishable to every transition of the automata the partition was
/// built for, so subset constructions iterate over classes instead of bytes. Classes are ordered so that
/// the class holding the most readable byte comes first; witnesses built from the first class found
/// therefore read naturally (`a`, then digits, then capitals, then punctuation).
struct ByteClasses: Sendable {
    /// The class of every byte.
    private(set) var classOf: [UInt8]
    /// The bytes in each class.
    private(set) var members: [ByteSet]
    /// The most readable byte of each class.
    private(set) var representatives: [UInt8]

    var count: Int { members.count }

    init<S: Sequence<ByteSet>>(respecting sets: S) {
        var classes: [ByteSet] = [.all]
        var seen = Set<ByteSet>()
        for set in sets where seen.insert(set).inserted {
            var refined: [ByteSet] = []
            refined.reserveCapacity(classes.count + 1)
            for current in classes {
                let inside = current.intersection(set)
                let outside = current.subtracting(set)
                if !inside.isEmpty { refined.append(inside) }
                if !outside.isEmpty { refined.append(outside) }
            }
            classes = refined
        }
        let ranked = classes.map { set -> (ByteSet, UInt8, Int) in
            var best: UInt8 = 0
            var bestRank = Int.max
            set.forEachMember { byte in
                let rank = ByteClasses.readability(byte)
                if rank < bestRank {
                    bestRank = rank
                    best = byte
                }
            }
            return (set, best, bestRank)
        }.sorted { $0.2 < $1.2 }
        members = ranked.map(\.0)
        representatives = ranked.map(\.1)
        classOf = [UInt8](repeating: 0, count: 256)
        for (index, set) in members.enumerated() {
            set.forEachMember { classOf[Int($0)] = UInt8(index) }
        }
    }

    /// The classes whose bytes all lie in `bytes` (the partition respects `bytes`, so this is exact).
    func classes(in bytes: ByteSet) -> ByteSet {
        var result = ByteSet.empty
        // A class lies in `bytes` when its most readable byte does: a test per class rather than per byte.
        for index in representatives.indices where bytes.contains(representatives[index]) {
            result.insert(UInt8(index))
        }
        return result
    }

    /// Lower is more readable: lowercase letters, digits, capitals, unreserved punctuation, other
    /// printable ASCII, `%`, then everything else.
    static func readability(_ byte: UInt8) -> Int {
        switch byte {
        case 0x61...0x7A: return Int(byte) - 0x61
        case 0x30...0x39: return 100 + Int(byte) - 0x30
        case 0x41...0x5A: return 200 + Int(byte) - 0x41
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"): return 300 + Int(byte)
        case UInt8(ascii: "/"): return 50
        case UInt8(ascii: "%"): return 700
        case 0x21...0x7E: return 400 + Int(byte)
        default: return 1000 + Int(byte)
        }
    }
}
