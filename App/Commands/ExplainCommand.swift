package import ArgumentParser
import Foundation
import SharedError

/// `errorflow explain FINGERPRINT|REFERENCE|report.json`: what this build knows of an error reports group by, from
/// what is compiled into it; `Scenarios` says which scenarios the executable plays that reproduce it.
package struct ExplainCommand<Scenarios: ExplainedScenarios>: AsyncParsableCommand {
    package static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "explain",
            abstract:
                "Explain an error report's fingerprint: who owns it, what each layer does with it, what the user sees.",
            discussion: """
                Give a fingerprint (Type.case/layer/serverCode, as reports carry it), a report's reference \
                (XXXX-XXXX, looked up at --base-url) or a report's JSON file. It prints the type and case that own \
                the error and the file that declares the type, its layer and category, the rows of \
                docs/boundaries.md that produce and handle it, what the user sees in DEV and in production, the \
                scenarios that reproduce it with their commands, and for a report its breadcrumbs as text and as \
                Mermaid. Everything comes from this build: nothing is sent, except the lookup of a reference.

                Example: errorflow explain TransferError.unknown/networking/idempotency_key_reused

                Exit codes: 0 explained; 1 the backend has no report with that reference; 2 a fingerprint this app \
                does not have, or a bad argument; 3 the backend could not be used for the lookup.
                """)
    }

    @Argument(
        help: ArgumentHelp(
            "A fingerprint (TransferError.unknown/networking/idempotency_key_reused), a reference (7K3M-Q9XD) or a report's JSON file.",
            valueName: "fingerprint|reference|report.json"))
    var subject: String

    @Option(
        name: .customLong("base-url"),
        help: ArgumentHelp("The backend to look a reference up at.", valueName: "url"))
    var baseURL: String?

    @Flag(
        name: .customLong("allow-insecure-http"),
        help: "Accept a plain http --base-url whose host is not this machine.")
    var allowInsecureHTTP = false

    @Option(
        help: ArgumentHelp(
            "How long the lookup of a reference may take, in seconds (default 10).", valueName: "seconds"))
    var timeout: Double?

    @Option(help: "text or json (one object).")
    var format: ExplainFormat = .text

    package init() {}

    package func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout must be above 0 and at most 600 seconds")
        }
    }

    @MainActor
    package func run() async throws {
        let report = try await self.report()
        guard let fingerprint = report?.fingerprint ?? Explanation.fingerprint(from: subject) else {
            throw Console.refusal(
                "\(Console.echo(subject)) is neither a fingerprint (Type.case/layer/serverCode), a reference (XXXX-XXXX) nor a report's JSON file"
            )
        }
        var explanation: Explanation
        do throws(Explanation.Unknown) {
            explanation = try Explanation.of(
                fingerprint, scenarios: Scenarios.reporting, scenariosNote: Scenarios.noneNote,
                failure: report?.failure)
        } catch {
            throw Console.refusal(error.line)
        }
        explanation.report = report
        switch format {
        case .text: try Console.output(ExplanationText.render(explanation, style: Console.style))
        case .json: try Console.output(ExplanationText.json(explanation), json: true)
        }
    }

    /// The report the subject names: looked up by its reference, or read from a file; `nil` for a fingerprint.
    @MainActor
    private func report() async throws(ExitCode) -> ExplainedReport? {
        if Explanation.fingerprint(from: subject) != nil {
            if baseURL != nil {
                throw Console.refusal("--base-url is for looking up a reference; a fingerprint needs none")
            }
            return nil
        }
        let reference = subject.uppercased()
        if ReferenceLookup.isReference(reference) {
            guard let baseURL else {
                throw Console.refusal(
                    "\(reference) is a report's reference: give the backend that keeps it with --base-url")
            }
            let url = try BackendChecks.parseBaseURL(baseURL, allowingInsecureHTTP: allowInsecureHTTP)
            return try await ReferenceLookup.report(
                reference, at: url, timeout: .milliseconds(Int(((timeout ?? 10) * 1000).rounded(.up))),
                transport: ProcessTransport.shared)
        }
        if baseURL != nil {
            guard FileManager.default.fileExists(atPath: (subject as NSString).expandingTildeInPath) else {
                throw Console.refusal(
                    "\(Console.echo(subject)) is not a reference (XXXX-XXXX: 8 letters and digits); check what you copied"
                )
            }
            throw Console.refusal("--base-url is for looking up a reference; a report file needs none")
        }
        return try Self.readReport(at: subject)
    }

    /// The report in the file at `path`, or one line and exit 2.
    private static func readReport(at path: String) throws(ExitCode) -> ExplainedReport? {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        guard values?.isRegularFile == true else {
            throw Console.refusal(
                "\(Console.echo(path)) is neither a fingerprint (Type.case/layer/serverCode), a reference (XXXX-XXXX) nor a report's JSON file"
            )
        }
        guard (values?.fileSize ?? 0) <= ExplainedReport.byteLimit, let data = try? Data(contentsOf: url),
            let report = ExplainedReport.read(data)
        else {
            throw Console.refusal(
                "\(Console.echo(path)) is not an error report: a JSON object of at most 1 MiB with a fingerprint and breadcrumbs"
            )
        }
        return report
    }
}

/// The formats `explain` writes.
enum ExplainFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}
