/// The live entries of a queue by the hash of their id, so duplicates and cancels find them.
///
/// The index is not generic: it keys on `id.hashValue` and keeps every entry whose id has that hash. The
/// queue compares the candidates' ids itself (hash collisions put different ids in one bucket). Most ids
/// have one live entry, which is stored inline without an array.
struct EntryIndex {
    private struct Bucket {
        var first: QueueCore.Ref
        var more: [QueueCore.Ref] = []
    }

    private var buckets: [Int: Bucket] = [:]

    /// Adds a live entry whose id hashes to `hash`.
    ///
    /// - Complexity: Amortized O(1).
    mutating func insert(_ ref: QueueCore.Ref, hash: Int) {
        if buckets[hash] == nil {
            buckets[hash] = Bucket(first: ref)
        } else {
            buckets[hash]!.more.append(ref)
        }
    }

    /// Removes an entry added with `hash`.
    ///
    /// - Complexity: O(k) for k live entries whose ids share the hash.
    mutating func remove(_ ref: QueueCore.Ref, hash: Int) {
        guard var bucket = buckets[hash] else { return }
        if bucket.first == ref {
            if bucket.more.isEmpty {
                buckets[hash] = nil
                return
            }
            bucket.first = bucket.more.removeFirst()
        } else if let index = bucket.more.firstIndex(of: ref) {
            bucket.more.remove(at: index)
        }
        buckets[hash] = bucket
    }

    /// The live entries whose ids hash to `hash` and satisfy `matches`, in insertion order.
    func entries(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> [QueueCore.Ref] {
        guard let bucket = buckets[hash] else { return [] }
        return ([bucket.first] + bucket.more).filter(matches)
    }

    /// Whether a live entry whose id hashes to `hash` satisfies `matches`.
    func contains(hash: Int, where matches: (QueueCore.Ref) -> Bool) -> Bool {
        guard let bucket = buckets[hash] else { return false }
        return matches(bucket.first) || bucket.more.contains(where: matches)
    }
}
