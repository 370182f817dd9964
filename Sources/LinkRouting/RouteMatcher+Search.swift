import RichMediaKitSupport

extension RouteMatcher {
    /// Ordered depth-first search from `node` with the segment starting at `segmentStart` (-1: none left).
    ///
    /// Order at each node: literal child, `<int>` child, `<uuid>` child, parameter child, `*` child, then `**`
    /// routes; with no segment left: routes ending here, then `**` routes matching zero segments. An empty or
    /// dot segment matches nothing. Returns the route index, or -1.
    func search(node: Int32, segmentStart: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Int32 {
        let current = trie.nodes[Int(node)]
        guard segmentStart >= 0 else {
            let terminal = pickRoute(in: current.terminals, bytes, scan)
            if terminal >= 0 { return terminal }
            return pickRoute(in: current.catchAlls, bytes, scan)
        }
        let (segmentEnd, escaped) = RouteBytes.segmentEnd(bytes, segmentStart, scan.pathEnd)
        if segmentEnd == segmentStart { return -1 }
        let first = bytes[segmentStart]
        if first == UInt8(ascii: ".") || first == UInt8(ascii: "%"), Self.isDotSegment(bytes, segmentStart, segmentEnd)
        {
            return -1
        }
        let next = segmentEnd < scan.pathEnd ? segmentEnd + 1 : -1
        if current.literalChildren > 0 {
            let child = literalChild(of: node, escaped: escaped, bytes, segmentStart, segmentEnd)
            if child >= 0 {
                let found = search(node: child, segmentStart: next, bytes, scan)
                if found >= 0 { return found }
            }
        }
        if current.intChild >= 0, RouteBytes.isIntSegment(bytes, segmentStart, segmentEnd) {
            let found = search(node: current.intChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if current.uuidChild >= 0, RouteBytes.isUUIDSegment(bytes, segmentStart, segmentEnd) {
            let found = search(node: current.uuidChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        let needsClean = current.parameterChild >= 0 || current.wildcardChild >= 0 || !current.catchAlls.isEmpty
        guard needsClean, RouteBytes.isCleanText(bytes, segmentStart, segmentEnd) else { return -1 }
        if current.parameterChild >= 0 {
            let found = search(node: current.parameterChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if current.wildcardChild >= 0 {
            let found = search(node: current.wildcardChild, segmentStart: next, bytes, scan)
            if found >= 0 { return found }
        }
        if !current.catchAlls.isEmpty {
            // `**` takes this segment and all the rest: each must be non-empty, not a dot segment, clean.
            var restStart = next
            while restStart >= 0 {
                var restEnd = restStart
                while restEnd < scan.pathEnd, bytes[restEnd] != UInt8(ascii: "/") { restEnd += 1 }
                guard restEnd > restStart, !Self.isDotSegment(bytes, restStart, restEnd),
                    RouteBytes.isCleanText(bytes, restStart, restEnd)
                else { return -1 }
                restStart = restEnd < scan.pathEnd ? restEnd + 1 : -1
            }
            return pickRoute(in: current.catchAlls, bytes, scan)
        }
        return -1
    }

    /// The literal child of `node` whose bytes equal the segment's decoded (and folded) bytes, or -1.
    ///
    /// A segment without escapes is hashed and compared a word at a time: the slot's length and first word
    /// settle a literal of up to eight bytes, and longer ones compare the rest word by word.
    @inline(__always)
    private func literalChild(
        of node: Int32, escaped: Bool, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> Int32 {
        if escaped { return escapedLiteralChild(of: node, bytes, start, end) }
        let fold = trie.foldsCase
        let length = end - start
        let word = RouteBytes.word(bytes, start, end)
        let prefix = fold ? RouteBytes.asciiLower(word: word) : word
        let hash = LiteralHasher.hash(parent: node, raw: bytes, start, end, fold: fold)
        return trie.slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: hash) & trie.slotMask
            while slots[slot].parent >= 0 {
                let candidate = slots[slot]
                if candidate.hash == hash, candidate.prefix == prefix, candidate.parent == node,
                    Int(candidate.length) == length
                {
                    if length <= 8 { return candidate.child }
                    let same = trie.literalBytes.withUnsafeBufferPointer { literal in
                        RouteBytes.equals(bytes, start + 8, end, literal, Int(candidate.start) + 8, lowercasing: fold)
                    }
                    if same { return candidate.child }
                }
                slot = (slot + 1) & trie.slotMask
            }
            return -1
        }
    }

    /// ``literalChild(of:escaped:_:_:_:)`` for a segment with percent escapes: hashed and compared decoded.
    private func escapedLiteralChild(
        of node: Int32, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) -> Int32 {
        let fold = trie.foldsCase
        var hasher = LiteralHasher(parent: node)
        var length = 0
        var cursor = PercentDecodingCursor(bytes: bytes, index: start, end: end)
        while let byte = cursor.next() {
            hasher.add(fold ? RouteBytes.asciiLower(byte) : byte)
            length += 1
        }
        let hash = hasher.finish()
        return trie.slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: hash) & trie.slotMask
            while slots[slot].parent >= 0 {
                let candidate = slots[slot]
                if candidate.hash == hash, candidate.parent == node, Int(candidate.length) == length {
                    let same = trie.literalBytes.withUnsafeBufferPointer { literal in
                        var offset = Int(candidate.start)
                        var decoded = PercentDecodingCursor(bytes: bytes, index: start, end: end)
                        while let byte = decoded.next() {
                            if (fold ? RouteBytes.asciiLower(byte) : byte) != literal[offset] { return false }
                            offset += 1
                        }
                        return true
                    }
                    if same { return candidate.child }
                }
                slot = (slot + 1) & trie.slotMask
            }
            return -1
        }
    }

    /// The first route in `list` (already in precedence order) whose binding and query constraints hold.
    @inline(__always)
    private func pickRoute(in list: Range<Int32>, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Int32 {
        var index = list.lowerBound
        while index < list.upperBound {
            let route = trie.routeLists[Int(index)]
            let binding = routeBindings[Int(route)]
            if binding == 0 || binding == scan.bindingKey {
                if routeConstraints[Int(route)].isEmpty || constraintsHold(for: Int(route), bytes, scan) {
                    return route
                }
            }
            index += 1
        }
        return -1
    }

    private func constraintsHold(for route: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ scan: LinkScan) -> Bool {
        let range = routeConstraints[route]
        guard !range.isEmpty else { return true }
        guard scan.queryStart >= 0 else { return false }
        return constraintBytes.withUnsafeBufferPointer { stored in
            for index in range {
                let constraint = constraints[Int(index)]
                guard
                    let value = Self.firstQueryValue(
                        bytes, scan.queryStart, scan.queryEnd, stored, Int(constraint.itemStart),
                        Int(constraint.itemLength))
                else { return false }
                if constraint.captures {
                    guard value.lowerBound < value.upperBound,
                        RouteBytes.isCleanText(bytes, value.lowerBound, value.upperBound)
                    else { return false }
                    switch constraint.type {
                    case .string: break
                    case .int: if !RouteBytes.isIntSegment(bytes, value.lowerBound, value.upperBound) { return false }
                    case .uuid: if !RouteBytes.isUUIDSegment(bytes, value.lowerBound, value.upperBound) { return false }
                    }
                } else {
                    guard
                        Self.decodedEquals(
                            bytes, value.lowerBound, value.upperBound, stored, Int(constraint.valueStart),
                            Int(constraint.valueLength))
                    else { return false }
                }
            }
            return true
        }
    }
}
