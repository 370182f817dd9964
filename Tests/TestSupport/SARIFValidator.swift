import Foundation

/// Checks a SARIF log against the parts of the SARIF 2.1.0 schema the package's writers use (OASIS SARIF 2.1.0,
/// sections 3.13 sarifLog, 3.14 run, 3.18 tool, 3.19 toolComponent, 3.49 reportingDescriptor, 3.11
/// multiformatMessageString, 3.27 result, 3.11 message, 3.28 location, 3.29 physicalLocation, 3.4
/// artifactLocation, 3.30 region).
package enum SARIFValidator {
    /// Every violation found, as `path: problem`; empty when the log conforms.
    package static func problems(in text: String) -> [String] {
        guard let data = text.data(using: .utf8),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return ["the log is not a JSON object"] }
        var problems: [String] = []
        func require(_ condition: Bool, _ problem: String) { if !condition { problems.append(problem) } }
        require(root["version"] as? String == "2.1.0", "/version: must be \"2.1.0\"")
        let schema = root["$schema"] as? String
        require(
            schema.map { $0.hasPrefix("https://") && $0.contains("sarif") } ?? false, "/$schema: a SARIF schema URI")
        guard let runs = root["runs"] as? [[String: Any]] else { return problems + ["/runs: must be an array of runs"] }
        for (runIndex, run) in runs.enumerated() {
            let at = "/runs/\(runIndex)"
            guard let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any] else {
                problems.append("\(at)/tool/driver: required")
                continue
            }
            require((driver["name"] as? String).map { !$0.isEmpty } ?? false, "\(at)/tool/driver/name: required")
            if let columnKind = run["columnKind"] {
                require(
                    ["utf16CodeUnits", "unicodeCodePoints"].contains(columnKind as? String ?? ""),
                    "\(at)/columnKind: utf16CodeUnits or unicodeCodePoints")
            }
            let rules = driver["rules"] as? [[String: Any]] ?? []
            var ids: [String] = []
            for (index, rule) in rules.enumerated() {
                let ruleAt = "\(at)/tool/driver/rules/\(index)"
                guard let id = rule["id"] as? String, !id.isEmpty else {
                    problems.append("\(ruleAt)/id: required")
                    continue
                }
                require(!ids.contains(id), "\(ruleAt)/id: duplicate \(id)")
                ids.append(id)
                for key in ["shortDescription", "fullDescription", "help"] where rule[key] != nil {
                    require(
                        ((rule[key] as? [String: Any])?["text"] as? String).map { !$0.isEmpty } ?? false,
                        "\(ruleAt)/\(key)/text: required string")
                }
                require(rule["shortDescription"] != nil, "\(ruleAt)/shortDescription: expected")
                if let configuration = rule["defaultConfiguration"] as? [String: Any],
                    let level = configuration["level"]
                {
                    require(
                        ["none", "note", "warning", "error"].contains(level as? String ?? ""),
                        "\(ruleAt)/defaultConfiguration/level: none, note, warning or error")
                }
            }
            guard let results = run["results"] as? [[String: Any]] else {
                problems.append("\(at)/results: must be an array")
                continue
            }
            for (index, result) in results.enumerated() {
                let resultAt = "\(at)/results/\(index)"
                let ruleID = result["ruleId"] as? String
                require(ruleID != nil, "\(resultAt)/ruleId: required here")
                if let ruleID { require(ids.contains(ruleID), "\(resultAt)/ruleId: \(ruleID) has no rule") }
                if let ruleIndex = result["ruleIndex"] as? Int {
                    require(
                        ruleIndex >= 0 && ruleIndex < ids.count && ids[ruleIndex] == ruleID,
                        "\(resultAt)/ruleIndex: must point at the rule \(ruleID ?? "")")
                }
                require(
                    ["none", "note", "warning", "error"].contains(result["level"] as? String ?? ""),
                    "\(resultAt)/level: none, note, warning or error")
                require(
                    ((result["message"] as? [String: Any])?["text"] as? String).map { !$0.isEmpty } ?? false,
                    "\(resultAt)/message/text: required")
                for (suppressionIndex, suppression) in (result["suppressions"] as? [[String: Any]] ?? []).enumerated() {
                    let suppressionAt = "\(resultAt)/suppressions/\(suppressionIndex)"
                    require(
                        ["inSource", "external"].contains(suppression["kind"] as? String ?? ""),
                        "\(suppressionAt)/kind: inSource or external")
                    if let status = suppression["status"] {
                        require(
                            ["accepted", "underReview", "rejected"].contains(status as? String ?? ""),
                            "\(suppressionAt)/status: accepted, underReview or rejected")
                    }
                    if let justification = suppression["justification"] {
                        require(justification is String, "\(suppressionAt)/justification: a string")
                    }
                }
                if result["suppressions"] != nil {
                    require(result["suppressions"] is [[String: Any]], "\(resultAt)/suppressions: an array of objects")
                }
                for (locationIndex, location) in (result["locations"] as? [[String: Any]] ?? []).enumerated() {
                    let locationAt = "\(resultAt)/locations/\(locationIndex)/physicalLocation"
                    guard let physical = location["physicalLocation"] as? [String: Any] else {
                        problems.append("\(locationAt): expected")
                        continue
                    }
                    let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String
                    require(
                        uri.map { !$0.isEmpty && URL(string: $0) != nil } ?? false,
                        "\(locationAt)/artifactLocation/uri: a URI reference")
                    if let region = physical["region"] as? [String: Any] {
                        require((region["startLine"] as? Int ?? 0) >= 1, "\(locationAt)/region/startLine: >= 1")
                        if region["startColumn"] != nil {
                            require((region["startColumn"] as? Int ?? 0) >= 1, "\(locationAt)/region/startColumn: >= 1")
                        }
                    }
                }
            }
        }
        return problems
    }
}
