import RichMediaKitSupport

/// The matcher's hot-path form of a compiled file: flat arrays of small index-based rules, so that
/// deciding a URL copies no strings or patterns (no reference counting per rule), and per entry
/// an index from the first ``levels`` bytes of the canonical path body to the rules that can
/// match them.
///
/// The index holds, per level k and byte b, the set of rules (a bitset, 64 per word) whose path
/// pattern admits b as the k-th byte of the body; the candidates for a URL are the intersection
/// over the levels its path has (plus the `/` ending the canonical path). Levels stop at the
/// first non-ASCII byte, after which `?` makes the bit-parallel analysis inexact.
///
/// The ``AASAResolvedRule``s stay the source of truth (explanations, linter, coverage); the plan
/// only refers to them by index.
final class AASAMatchPlan: Sendable {
    /// One rule, by index.
    struct Rule: Sendable {
        /// The `/` pattern in ``AASAMatchPlan/patterns``, or -1 (any path).
        var path: Int32
        /// The `#` pattern, or -1 (any fragment).
        var fragment: Int32
        /// The `?` string pattern, or -1.
        var queryString: Int32
        /// The `?` items in ``AASAMatchPlan/items`` (an empty range without a dictionary).
        var itemStart: Int32
        var itemCount: Int32
        var exclude: Bool
        var percentEncoded: Bool
        /// The part whose pattern could not be compiled (the rule never matches), or nil.
        var invalid: AASARuleTrial.Part?
        var legacy: Bool
    }

    /// A `?` dictionary item.
    struct Item: Sendable {
        var name: [UInt8]
        var pattern: Int32
    }

    /// A `details` entry: its rules are `rules[ruleStart..<(ruleStart + ruleCount)]`.
    struct Entry: Sendable {
        var appIDs: [String]
        var ruleStart: Int
        var ruleCount: Int
        /// Words per byte in the candidate index (64 rules per word).
        var words: Int
        /// Offset of this entry's candidate bitsets in ``AASAMatchPlan/rawIndex`` and
        /// ``AASAMatchPlan/decodedIndex``: `levels` × 256 × `words` words each.
        var indexStart: Int
    }

    /// How many leading path bytes the candidate index looks at.
    static let levels = 4

    let rules: ContiguousArray<Rule>
    let patterns: ContiguousArray<AASAPattern>
    let items: ContiguousArray<Item>
    let entries: ContiguousArray<Entry>
    /// Per entry, level k and byte b: the percent-encoded rules that can match a canonical path
    /// whose body has b at offset k (rules without a path pattern are in every slot; unusable
    /// rules in none).
    let rawIndex: ContiguousArray<UInt64>
    /// The same for the rules matching the percent-decoded path; empty when there are none.
    let decodedIndex: ContiguousArray<UInt64>

    init(_ compiled: [AASACompiledEntry]) {
        var rules = ContiguousArray<Rule>()
        var patterns = ContiguousArray<AASAPattern>()
        var items = ContiguousArray<Item>()
        var entries = ContiguousArray<Entry>()
        var rawIndex = ContiguousArray<UInt64>()
        var decodedIndex = ContiguousArray<UInt64>()
        let anyDecoded = compiled.contains { $0.rules.contains { !$0.percentEncoded } }
        func add(_ pattern: AASAPattern?) -> Int32 {
            guard let pattern else { return -1 }
            patterns.append(pattern)
            return Int32(patterns.count - 1)
        }
        for entry in compiled {
            let words = (entry.rules.count + 63) / 64
            let indexStart = rawIndex.count
            rawIndex.append(contentsOf: repeatElement(0, count: Self.levels * 256 * words))
            if anyDecoded { decodedIndex.append(contentsOf: repeatElement(0, count: Self.levels * 256 * words)) }
            for (offset, resolved) in entry.rules.enumerated() {
                var rule = Rule(
                    path: add(resolved.path), fragment: add(resolved.fragment), queryString: -1,
                    itemStart: Int32(items.count), itemCount: 0, exclude: resolved.exclude,
                    percentEncoded: resolved.percentEncoded, invalid: resolved.invalid?.part,
                    legacy: resolved.origin == .legacyPath)
                switch resolved.query {
                case .any: break
                case .string(let pattern): rule.queryString = add(pattern)
                case .items(let list):
                    for item in list { items.append(Item(name: item.name, pattern: add(item.pattern))) }
                    rule.itemCount = Int32(list.count)
                }
                rules.append(rule)
                guard rule.invalid == nil else { continue }
                let bit = UInt64(1) << UInt64(offset & 63)
                let possible = resolved.path?.possiblePathBytes(levels: Self.levels)
                for level in 0..<Self.levels {
                    for byte in 0..<256 where possible?[level].contains(UInt8(byte)) ?? true {
                        let slot = indexStart + (level * 256 + byte) * words + offset >> 6
                        if resolved.percentEncoded { rawIndex[slot] |= bit } else { decodedIndex[slot] |= bit }
                    }
                }
            }
            entries.append(
                Entry(
                    appIDs: entry.appIDs, ruleStart: rules.count - entry.rules.count, ruleCount: entry.rules.count,
                    words: words, indexStart: indexStart))
        }
        self.rules = rules
        self.patterns = patterns
        self.items = items
        self.entries = entries
        self.rawIndex = rawIndex
        self.decodedIndex = decodedIndex
    }
}

extension AASAPattern {
    /// For a canonicalised path pattern: per offset in the path body, the bytes that may appear
    /// there (see ``AASABitParallelMatcher/possibleBytes(after:levels:)``); nil when unknown.
    func possiblePathBytes(levels: Int) -> [ByteSet]? {
        fastPath?.possibleBytes(after: UInt8(ascii: "/"), levels: levels)
    }
}
