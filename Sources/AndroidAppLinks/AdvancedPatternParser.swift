/// `PatternMatcher.parseAndVerifyAdvancedPattern` and `matchAdvancedPattern`, step for step, on UTF-16 code units.
///
/// The parsed form is Android's: an array of integers where characters are themselves and tokens are negative.
enum AdvancedPatternParser {
    static let setStart: Int32 = -1
    static let inverseSetStart: Int32 = -2
    static let setStop: Int32 = -3
    static let any: Int32 = -4
    static let rangeStart: Int32 = -5
    static let rangeStop: Int32 = -6
    static let zeroOrMore: Int32 = -7
    static let oneOrMore: Int32 = -8
    /// Android's `MAX_PATTERN_STORAGE`.
    static let maximumStorage = 2048

    static func isModifier(_ token: Int32) -> Bool {
        token == zeroOrMore || token == oneOrMore || token == rangeStart || token == rangeStop
    }

    static func parse(_ pattern: [UInt16]) throws(AndroidPatternError) -> [Int32] {
        var parsed: [Int32] = []
        var ip = 0
        let count = pattern.count
        var inSet = false
        var inRange = false
        var inCharClass = false
        func fail(_ message: String, _ offset: Int) -> AndroidPatternError {
            AndroidPatternError(message: message, offset: min(offset, count))
        }
        func ascii(_ character: Unicode.Scalar) -> UInt16 { UInt16(character.value) }
        while ip < count {
            if parsed.count > maximumStorage - 3 { throw fail("the pattern is too large", ip) }
            var c = pattern[ip]
            var add = false
            switch c {
            case ascii("["):
                if inSet {
                    add = true
                } else {
                    guard ip + 1 < count else { throw fail("a set was not terminated", ip) }
                    if pattern[ip + 1] == ascii("^") {
                        parsed.append(inverseSetStart)
                        ip += 1
                    } else {
                        parsed.append(setStart)
                    }
                    ip += 1
                    inSet = true
                    continue
                }
            case ascii("]"):
                if !inSet {
                    add = true
                } else {
                    let last = parsed[parsed.count - 1]
                    if last == setStart || last == inverseSetStart {
                        throw fail("a set must define characters", ip)
                    }
                    parsed.append(setStop)
                    inSet = false
                    inCharClass = false
                }
            case ascii("{"):
                if !inSet {
                    if parsed.isEmpty || isModifier(parsed[parsed.count - 1]) {
                        throw fail("a modifier must follow a token", ip)
                    }
                    parsed.append(rangeStart)
                    ip += 1
                    inRange = true
                }
            case ascii("}"):
                if inRange {
                    parsed.append(rangeStop)
                    inRange = false
                }
            case ascii("*"), ascii("+"):
                if !inSet {
                    if parsed.isEmpty || isModifier(parsed[parsed.count - 1]) {
                        throw fail("a modifier must follow a token", ip)
                    }
                    parsed.append(c == ascii("*") ? zeroOrMore : oneOrMore)
                }
            case ascii("."):
                if !inSet { parsed.append(any) }
            case ascii("\\"):
                guard ip + 1 < count else { throw fail("an escape at the end of the pattern", ip) }
                ip += 1
                c = pattern[ip]
                add = true
            default:
                add = true
            }
            if inSet {
                if inCharClass {
                    parsed.append(Int32(c))
                    inCharClass = false
                } else if ip + 2 < count, pattern[ip + 1] == ascii("-"), pattern[ip + 2] != ascii("]") {
                    inCharClass = true
                    parsed.append(Int32(c))
                    ip += 1
                } else {
                    parsed.append(Int32(c))
                    parsed.append(Int32(c))
                }
            } else if inRange {
                guard let end = pattern[ip...].firstIndex(of: ascii("}")) else {
                    throw fail("a range is not ended with '}'", ip)
                }
                let text = String(decoding: pattern[ip..<end], as: UTF16.self)
                let minimum: Int32
                let maximum: Int32
                if let comma = text.firstIndex(of: ",") {
                    guard let low = javaParseInt(text[..<comma]) else {
                        throw fail("the range's number format is incorrect", ip)
                    }
                    minimum = low
                    if text.index(after: comma) == text.endIndex {
                        maximum = Int32.max
                    } else {
                        guard let high = javaParseInt(text[text.index(after: comma)...]) else {
                            throw fail("the range's number format is incorrect", ip)
                        }
                        maximum = high
                    }
                } else {
                    guard let value = javaParseInt(Substring(text)) else {
                        throw fail("the range's number format is incorrect", ip)
                    }
                    (minimum, maximum) = (value, value)
                }
                if minimum > maximum { throw fail("the range's minimum is greater than its maximum", ip) }
                parsed.append(minimum)
                parsed.append(maximum)
                ip = end
                continue
            } else if add {
                parsed.append(Int32(c))
            }
            ip += 1
        }
        if inSet { throw fail("a set was not terminated", count) }
        return parsed
    }

    /// Java's `Integer.parseInt`: an optional sign, decimal digits, within 32 bits.
    static func javaParseInt(_ text: Substring) -> Int32? {
        var digits = text
        var negative = false
        if let first = digits.first, first == "+" || first == "-" {
            negative = first == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var value: Int64 = 0
        for digit in digits.utf8 {
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
            if value > Int64(Int32.max) + 1 { return nil }
        }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    private enum TokenType { case literal, any, set, inverseSet }

    static func match(_ parsed: [Int32], _ match: [UInt16]) -> Bool {
        var ip = 0
        var im = 0
        let patternCount = parsed.count
        let matchCount = match.count
        while ip < patternCount {
            let patternChar = parsed[ip]
            let tokenType: TokenType
            var tokenStart = 0
            var tokenEnd = 0
            switch patternChar {
            case any:
                tokenType = .any
                ip += 1
            case setStart, inverseSetStart:
                tokenType = patternChar == setStart ? .set : .inverseSet
                tokenStart = ip + 1
                ip += 1
                while ip < patternCount, parsed[ip] != setStop { ip += 1 }
                tokenEnd = ip - 1
                ip += 1
            default:
                tokenStart = ip
                tokenType = .literal
                ip += 1
            }
            var minimum: Int64 = 1
            var maximum: Int64 = 1
            if ip < patternCount {
                switch parsed[ip] {
                case zeroOrMore:
                    (minimum, maximum) = (0, Int64(Int32.max))
                    ip += 1
                case oneOrMore:
                    (minimum, maximum) = (1, Int64(Int32.max))
                    ip += 1
                case rangeStart:
                    minimum = Int64(parsed[ip + 1])
                    maximum = Int64(parsed[ip + 2])
                    ip += 4
                default:
                    break
                }
            }
            if minimum > maximum { return false }
            var matched: Int64 = 0
            while matched < maximum,
                matchChar(match, im + Int(matched), tokenType, parsed, tokenStart, tokenEnd)
            {
                matched += 1
            }
            if matched < minimum { return false }
            im += Int(matched)
        }
        return ip >= patternCount && im >= matchCount
    }

    private static func matchChar(
        _ match: [UInt16], _ im: Int, _ type: TokenType, _ parsed: [Int32], _ start: Int, _ end: Int
    ) -> Bool {
        guard im < match.count else { return false }
        let character = Int32(match[im])
        switch type {
        case .any:
            return true
        case .set, .inverseSet:
            var index = start
            while index < end {
                if character >= parsed[index], character <= parsed[index + 1] { return type == .set }
                index += 2
            }
            return type == .inverseSet
        case .literal:
            return character == parsed[start]
        }
    }
}
