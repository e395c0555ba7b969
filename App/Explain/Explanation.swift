import Foundation
import Logging
import Navigation
import SharedError
import TransfersFeature

/// What `errorflow explain` says of one fingerprint: the type and case that own it and the file that declares the
/// type, its layer and category, the boundary rows that produce and handle it, what the user sees in DEV and in
/// production, and the scenarios that reproduce it. Made from what this binary holds: the types themselves
/// (``ExplainedType``), the boundary tables (``BoundaryDocument``), Navigation's ``Router`` and the executable's
/// scenarios (``ExplainedScenarios``).
struct Explanation: Encodable, Sendable {
    /// The fingerprint explained, as reports group by it.
    var fingerprint: String
    /// The type that owns it: `TransferError`.
    var type: String
    /// Its case: `unknown`.
    var caseName: String
    /// The file that declares the type, from the package's root.
    var file: String
    /// The layer that raises the type.
    var layer: String
    /// The case's category as the boundary tables (held to what the case declares) give it: `default`.
    var category: String
    /// The layer the failure behind it was raised in, as the fingerprint says (`networking`); `-` for none.
    var raisedIn: String
    /// The backend's code behind it, as the fingerprint says.
    var serverCode: String?
    /// The boundary rows whose reaction makes it.
    var producedBy: [BoundaryDocument.Row]
    /// Why no boundary row makes it, when none does.
    var producedByNone: String?
    /// The boundary rows of the layers it reaches, and what each does with it.
    var handledBy: [BoundaryDocument.Row]
    /// What the user sees, by the road the error takes.
    var userSees: [Sight]
    /// The scenarios that send a report with this fingerprint, or with the same type and case.
    var scenarios: [ReportingScenario]
    /// Why the scenarios are empty, when they are.
    var scenariosNote: String?
    /// The report it was read from, when it was given one.
    var report: ExplainedReport?

    private enum CodingKeys: String, CodingKey {
        case fingerprint, type, caseName = "case", file, layer, category, raisedIn, serverCode, producedBy
        case producedByNone, handledBy, userSees, scenarios, scenariosNote, report
    }

    /// What the user sees where the error ends, in DEV and in production, in English.
    struct Sight: Hashable, Sendable, Encodable {
        /// The boundaries the error passes on its way there: `TransferFormViewModel (Presentation, …) → Navigation`.
        var via: String
        /// What DEV shows.
        var dev: String
        /// What production shows.
        var prod: String
    }

    /// Why a fingerprint cannot be explained: one line to print.
    struct Unknown: Error, Equatable {
        let line: String
    }
}

extension Explanation {
    /// Reads a fingerprint from its one string, `Type.case/layer/serverCode` (`-` for an unknown part); `nil` when
    /// `text` is not one.
    static func fingerprint(from text: String) -> ErrorFingerprint? {
        guard text.count <= 300,
            let match = text.wholeMatch(
                of:
                    #/(?<type>[A-Za-z_][A-Za-z0-9_]*)\.(?<name>[A-Za-z_][A-Za-z0-9_]*|-)/(?<layer>[a-z-]+)/(?<code>[A-Za-z0-9_.:-]+)/#
            )
        else { return nil }
        let code = String(match.output.code)
        return ErrorFingerprint(
            type: String(match.output.type), caseName: String(match.output.name), layer: String(match.output.layer),
            serverCode: code == "-" ? nil : code)
    }

    /// The explanation of `fingerprint`, or the line that says why there is none: a type this app does not have,
    /// a case no boundary table names, or a layer no journey has. `failure` names the failure behind it in the
    /// developer detail, when a report tells it.
    @MainActor
    static func of(
        _ fingerprint: ErrorFingerprint, scenarios: [ReportingScenario], scenariosNote: String,
        failure: String? = nil, document: BoundaryDocument = .embedded
    ) throws(Unknown) -> Explanation {
        let value = fingerprint.value
        guard let owner = ExplainedType.named(fingerprint.type) else {
            throw Unknown(
                line: "no error type \(Console.echo(fingerprint.type)) in this app, so nothing reports "
                    + "\(Console.echo(value)); the layers' types: "
                    + ExplainedType.all.map(\.name).joined(separator: ", "))
        }
        let caseName = fingerprint.caseName
        let handledBy = document.rows(reaching: owner.name, case: caseName)
        let producedBy = document.rows(producing: owner.name, case: caseName)
        guard !handledBy.isEmpty || !producedBy.isEmpty else {
            throw Unknown(
                line: "\(owner.name) has no case \(Console.echo(caseName)) that docs/boundaries.md names, so nothing "
                    + "reports \(Console.echo(value))"
            )
        }
        guard fingerprint.layer == "-" || JourneyOrigin(rawValue: fingerprint.layer) != nil else {
            throw Unknown(
                line: "\(value) names the layer \(fingerprint.layer), which no journey has; the layers: "
                    + JourneyOrigin.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let categories = Array(NSOrderedSet(array: handledBy.map(\.category))).compactMap { $0 as? String }
        let matching = scenarios.filter { $0.fingerprints.contains(value) }
        let related = scenarios.filter { scenario in
            !matching.contains(scenario)
                && scenario.fingerprints.contains {
                    ($0.components(separatedBy: "/").first ?? "") == "\(owner.name).\(caseName)"
                }
        }
        let found = matching + related
        return Explanation(
            fingerprint: value, type: owner.name, caseName: caseName, file: owner.file, layer: owner.layer.rawValue,
            category: categories.isEmpty ? "—" : categories.joined(separator: ", "), raisedIn: fingerprint.layer,
            serverCode: fingerprint.serverCode, producedBy: producedBy,
            producedByNone: producedBy.isEmpty
                ? "no boundary row makes it: \(owner.name) raises it in its own layer (\(owner.layer.rawValue))" : nil,
            handledBy: handledBy,
            userSees: Roads(document: document, fingerprint: fingerprint, failure: failure).sights(
                of: owner.name, case: caseName),
            scenarios: found, scenariosNote: found.isEmpty ? scenariosNote : nil, report: nil)
    }
}

/// Follows an error from layer to layer through the boundary rows to where it ends, and asks Navigation's
/// ``Router`` what it shows there.
@MainActor
private struct Roads {
    let document: BoundaryDocument
    let fingerprint: ErrorFingerprint
    /// The journey name of the failure behind the error, when a report's breadcrumbs tell it.
    let failure: String?

    /// What the user sees of `type.caseName`, one sight per road, at most four boundaries deep.
    func sights(of type: String, case caseName: String, via: [String] = []) -> [Explanation.Sight] {
        let rows = document.rows(reaching: type, case: caseName)
        guard !rows.isEmpty, via.count < 4 else {
            // Nothing words it on the way: it reaches Navigation as it is.
            let name = "\(type).\(caseName)"
            return [router(name, category: nil, condition: nil, via: via + ["Navigation"])]
        }
        var found: [Explanation.Sight] = []
        for row in rows {
            for entry in row.errors {
                for sight in sights(of: entry, row: row, via: via + [row.boundary]) where !found.contains(sight) {
                    found.append(sight)
                }
            }
        }
        return found
    }

    private func sights(of entry: String, row: BoundaryDocument.Row, via: [String]) -> [Explanation.Sight] {
        let reaction = row.reaction
        let words = { (text: String) in [Explanation.Sight(via: via.joined(separator: " → "), dev: text, prod: text)] }
        if reaction.hasPrefix("presented → ") {
            return words("the screen presents it (\(reaction.dropFirst("presented → ".count)))")
        }
        if reaction.hasPrefix("omitted") {
            return words("nothing: the layer leaves it out (\(reaction)) and the screen shows what else it has")
        }
        if reaction == "ignored" { return words("nothing: ignored") }
        if let forwarded = reaction.components(separatedBy: "→ Navigation: ").dropFirst().first {
            let condition = AppWideCondition.allCases.first { $0.journeyName == forwarded }
            return [
                router(entry, category: Self.category(row.category), condition: condition, via: via + ["Navigation"])
            ]
        }
        if let next = reaction.components(separatedBy: "→ ").dropFirst().first,
            let name = next.wholeMatch(of: #/(?<type>[A-Za-z_][A-Za-z0-9_]*)\.(?<name>[A-Za-z_][A-Za-z0-9_]*).*/#),
            ExplainedType.named(String(name.output.type)) != nil
        {
            return sights(of: String(name.output.type), case: String(name.output.name), via: via)
        }
        return words(reaction)
    }

    /// What Navigation's router shows of an error named `name` in DEV and in production, in English.
    private func router(_ name: String, category: ErrorCategory?, condition: AppWideCondition?, via: [String])
        -> Explanation.Sight
    {
        let error = ExplainedError(
            journeyName: name, category: condition?.category ?? category ?? .default, appWideCondition: condition,
            diagnostics: [Self.diagnostic(of: fingerprint, failure: failure)])
        let shown = AppEnvironment.allCases.map { environment in
            let collector = JourneyCollector()
            let router = Router(
                environment: environment, language: .english,
                logger: Logger(label: "explain") { _ in SwiftLogNoOpLogHandler() })
            JourneyFlow.recording(into: collector) { router.handle(error, for: "explain") }
            let logged = collector.events(in: nil).filter { $0.action == .logged }.compactMap(\.to)
            return Self.describe(router) + logged.map { "; the log gets: \($0)" }.joined()
        }
        return Explanation.Sight(via: via.joined(separator: " → "), dev: shown.first ?? "", prod: shown.last ?? "")
    }

    /// The diagnostic the fingerprint tells, declared a defect where the data layer declares its server code one.
    private static func diagnostic(of fingerprint: ErrorFingerprint, failure: String?) -> Diagnostic {
        let diagnostic = Diagnostic(
            error: failure ?? "the failure behind it", layer: JourneyLayer(rawValue: fingerprint.layer) ?? .app,
            serverCode: fingerprint.serverCode)
        guard let code = fingerprint.serverCode, RemoteTransferRepository.defectCodes.contains(code) else {
            return diagnostic
        }
        return diagnostic.declaring(.defect)
    }

    private static func describe(_ router: Router) -> String {
        if let alert = router.presentedError {
            let message = alert.message.map { ": \($0)" } ?? ""
            let actions = alert.actions.isEmpty ? "" : " [\(alert.actions.map(\.label).joined(separator: ", "))]"
            return "\(alert.presentation.rawValue) \"\(alert.title)\"\(message)\(actions)"
        }
        if router.route == .signIn { return "routed to sign-in" }
        return "nothing: ignored"
    }

    /// The category a table's column names.
    private static func category(_ cell: String) -> ErrorCategory? {
        ErrorCategory(rawValue: cell)
    }
}

/// An error that stands for the one a fingerprint names, as Navigation would receive it: its name, category,
/// condition and the diagnostic the fingerprint tells.
private struct ExplainedError: CategorizedError {
    let journeyName: String
    let category: ErrorCategory
    let appWideCondition: AppWideCondition?
    let diagnostics: [Diagnostic]
}
