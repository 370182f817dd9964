import CommandLineToolkit
import Foundation
import LinkRouter

/// `link-router assetlinks fetch HOST... [--manifest FILE ...]`: fetch each host's deployed `assetlinks.json` as
/// Android's verifier does, with its includes, and give each host's verdict. The rules and the deadline live in
/// ``AssetLinksFetchChecker``; this command provides the network (``AASAFetcher``, the transport of `aasa fetch`),
/// prints the report and saves the bodies.
///
/// Exit status: 0 when no file has an error, 1 when one has, 2 for bad usage.
enum AssetLinksFetchCommand {
    static let origin = AASAFetchCommand.baseOption(
        "origin",
        help: "The base replacing https://HOST for every request, the includes' too; {host} in it\n"
            + "stands for the host (https; plain http only for 127.0.0.0/8, [::1], localhost).",
        placeholder: AssetLinksFetchChecker.hostPlaceholder)
    static let save = Option<String>(
        "save", value: "DIR", help: "Write each body that was checked to DIR/HOST.json (the file's host).")
    static let timeout = AASAFetchCommand.timeoutOption(defaultText: "default 5, as Android's verifier")
    static let format = Options.reportFormat(
        #"Text (default) or the report as JSON (sorted keys): {"ok", "errors", "warnings","#
            + "\n" + #""infos", "client", "timeoutMilliseconds", "package", "hosts": [{"host", "fileHost","#
            + "\n" + #""verdict"}], "sites": [{"host", "verdict", "request", "includes", "findings"}]}"#
            + "\n" + #"(each finding ends with "fix", the same as "hint", and "places")."#
            + "\n" + Options.annotationFormatsHelp
            + "\nFindings about a body point into DIR/HOST.json with --save, else into its URL.",
        [.text, .json, .sarif, .github, .xcode])

    static let spec = CommandSpec(
        leadingOperands: "[HOST...]",
        discussion: """
            Verifies each host's deployed file the way Android's verifier fetches it:
            https://HOST/.well-known/assetlinks.json (a wildcard host *.example.com at example.com). Only
            200 counts; redirects are not followed (an error showing where they point); the whole fetch ends
            within 5 s (--timeout), whatever the server does; at most 1 MiB; Content-Type application/json
            (Google's API checks it, AOSP's verifier does not: a warning saying both); then every lint
            diagnostic of the body, and its includes, fetched and reported with their depth (AOSP follows
            one level, Google deeper ones). With --manifest, every host of its autoVerify filters too; with
            --package and --fingerprint or --certificate, each host's verdict: verified or not-verified.
            The project file (.link-router.json in the working directory or the nearest directory above
            it, or --config FILE; see Docs/ProjectFile.md) gives what is not given: the HOSTs of its
            android.siteFiles and its manifest (neither when HOSTs are given, not the HOSTs with
            --manifest), the build variables, strings, target SDK, package, fingerprints and certificates,
            and the format; an option on the command line replaces the file's value.
            """,
        options: [
            .optional(AndroidAppOption.manifest), .repeatable(AndroidAppOption.strings),
            .repeatable(AppFilesOption.define), .optional(AndroidAppOption.targetSDK),
            .optional(AndroidAppOption.packageName).onNewUsageLine, .repeatable(AndroidAppOption.fingerprint),
            .repeatable(AndroidAppOption.certificate),
            .optional(origin).onNewUsageLine, .optional(timeout), .optional(save), .optional(format),
        ] + ProjectOption.options,
        exitStatus: ExitStatusText(
            success: "no file has an error (warnings alone)", findings: "a file has errors, or a host is not verified"),
        epilogue: """
            HOST is a host name such as example.com or *.example.com. Give HOSTs, --manifest, or both.

            EXAMPLE:
              link-router assetlinks fetch --manifest app/src/main/AndroidManifest.xml \\
                  --package com.example.app --certificate upload.pem
            """,
        defaultArguments: ProjectOption.assetLinksFetchArguments)

    static let command = Command(
        "fetch", summary: "verify each host's deployed file as Android fetches it, with its includes", spec: spec,
        run: run)

    static func run(_ arguments: ParsedArguments) async throws(CommandFailure) -> ExitStatus {
        // The checks `LinkProject.fetch(_:)` makes of a project's hosts, manifest and identity, in the same order.
        let reader = AppFilesOption.reader
        var hosts = try CommandFailure.reading { () throws(LinkProjectError) in
            try arguments.positionals.map { operand throws(LinkProjectError) in
                try ProjectInputReader.fetchHost(operand)
            }
        }
        if let manifest = try AndroidAppOption.manifest(arguments) {
            hosts += try CommandFailure.reading { () throws(LinkProjectError) in
                try reader.declaredHosts(
                    of: manifest.0, path: manifest.1, targetSDK: arguments[AndroidAppOption.targetSDK])
            }
        }
        guard !hosts.isEmpty else {
            throw .usage("missing HOST or `--manifest FILE`, e.g. `link-router assetlinks fetch example.com`")
        }
        let identity = try CommandFailure.reading { () throws(LinkProjectError) in
            try reader.fetchIdentity(
                packageName: arguments[AndroidAppOption.packageName],
                fingerprints: arguments.all(AndroidAppOption.fingerprint),
                certificates: arguments.all(AndroidAppOption.certificate))
        }
        let configuration = AssetLinksFetchConfiguration(
            origin: arguments[origin], timeout: arguments[timeout] ?? AssetLinksFetchChecker.timeout)
        let verification = await AssetLinksFetchChecker.verify(
            hosts: hosts, app: identity, configuration: configuration, transport: AASAFetcher())
        let report = verification.report
        var inputs = ReportInputs()
        for site in report.sites {
            guard let response = verification.responses[site.host], response.isOK else { continue }
            let savedPath = try arguments[save].map { directory throws(CommandFailure) in
                try write(response, host: site.host, to: directory)
            }
            inputs.add(
                .deployedAssetLinks(site.host), name: savedPath ?? response.url,
                annotationPath: savedPath ?? response.url, bytes: response.body)
        }
        try CheckOutput.output.write(report, as: arguments[format] ?? .text, inputs: inputs, json: .sortedKeys)
        return CheckOutput.output.exitStatus(report)
    }

    /// Writes a served body to `DIRECTORY/HOST.json` (`--save`), creating the directory; returns the path.
    ///
    /// Only a host that meets the rule of a host on the command line is fetched, so `HOST` has no `/` and is not
    /// `..`: the file stays inside `DIRECTORY` whatever a manifest says. Checked again here, where the name is made.
    static func write(_ response: AASAFetchResponse, host: String, to directory: String) throws(CommandFailure)
        -> String
    {
        guard AssetLinksFetchChecker.hostProblem(host) == nil, !host.contains("/"), host != ".", host != ".." else {
            throw .input("\(host): not a host name, so no file is written for it in \(directory)")
        }
        let path = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/\(host).json"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(response.body).write(to: URL(fileURLWithPath: path))
        } catch {
            throw .input("\(path): cannot write: \(error.localizedDescription)")
        }
        return path
    }
}
