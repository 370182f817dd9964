import RichMediaKitSupport

extension OrderedJSON {
    /// The value `value` encodes to, for printing a library value in the library's JSON shape.
    ///
    /// - Parameter value: A value of the libraries (none encodes a floating-point number).
    /// - Returns: Its JSON.
    /// - Throws: ``CommandFailure/input(_:)`` if the value cannot be written as JSON.
    package static func encoding(_ value: some Encodable) throws(CommandFailure) -> OrderedJSON {
        do {
            return try OrderedJSON(encoding: value)
        } catch {
            throw .input("cannot write the result as JSON: \(error)")
        }
    }
}
