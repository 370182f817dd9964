/// Punycode (RFC 3492) for the lint's fix of a non-ASCII host: each non-ASCII label becomes `xn--` and its
/// encoding, after Unicode lowercasing (close to IDNA's mapping for the common cases; the fix says "probably").
enum Punycode {
    /// `host` with every non-ASCII label encoded, or nil when a label cannot be encoded.
    static func hostName(_ host: String) -> String? {
        var labels: [String] = []
        for label in host.split(separator: ".", omittingEmptySubsequences: false) {
            if label.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let encoded = encode(Array(label.lowercased().unicodeScalars)) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// The RFC 3492 encoding of `input` (section 6.3), or nil on overflow.
    static func encode(_ input: [Unicode.Scalar]) -> String? {
        let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
        func digit(_ value: Int) -> Character {
            Character(Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22)))
        }
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / count
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        var output = String(String.UnicodeScalarView(input.filter(\.isASCII)))
        let basicCount = output.unicodeScalars.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = 128, delta = 0, bias = 72
        while handled < input.count {
            guard let m = input.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for scalar in input {
                let value = Int(scalar.value)
                if value < n { delta += 1 }
                if value == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
