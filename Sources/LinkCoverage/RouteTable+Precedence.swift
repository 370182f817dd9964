import LinkRouting

extension RouteTable {
    /// Route indices in the order dispatch prefers them when several match the same URL.
    var precedenceOrder: [Int] {
        let ranks = patterns.map(\.precedenceRanks)
        return patterns.indices.sorted { first, second in
            if ranks[first] != ranks[second] { return ranks[first].lexicographicallyPrecedes(ranks[second]) }
            let firstBound = patterns[first].binding != .any
            let secondBound = patterns[second].binding != .any
            if firstBound != secondBound { return firstBound }
            if patterns[first].query.count != patterns[second].query.count {
                return patterns[first].query.count > patterns[second].query.count
            }
            return first < second
        }
    }
}
