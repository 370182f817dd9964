// Codes print as codes: `print(finding.source)` writes what the command's output and JSON write.

extension AASAFetchFinding.Source: CustomStringConvertible {
    /// The source as the command and JSON write it (its raw value).
    public var description: String { rawValue }
}

extension AASAFetchResponse.TransportFailure: CustomStringConvertible {
    /// The failure's code as JSON writes it (its raw value).
    public var description: String { rawValue }
}

extension AASAFetchReport.CDNCopy.State: CustomStringConvertible {
    /// The CDN copy's state as the command and JSON write it, such as `not-compared` (its raw value).
    public var description: String { rawValue }
}
