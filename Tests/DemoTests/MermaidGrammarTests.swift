import DemoBackend
import Foundation
import Navigation
import SharedError
import TestSupport
import Testing

@testable import App
@testable import DemoCLI

/// No Mermaid parser can be installed here (it lives on npm, which this machine cannot reach), so the diagrams are
/// checked against the grammar of the part of Mermaid's sequence diagrams they use: the header, a title, declared
/// participants, `A->>B: text` messages between declared participants, and notes. Text may not hold what Mermaid
/// reads specially in a message (`;`, `#`, `%%`) or a line break.
enum MermaidSequenceGrammar {
    static func violations(in diagram: String) -> [String] {
        var lines = diagram.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first == "sequenceDiagram" else { return ["the first line must be sequenceDiagram"] }
        lines.removeFirst()
        var participants: Set<String> = []
        var found: [String] = []
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let number = index + 2
            guard line.hasPrefix("    ") else {
                found.append("line \(number): not indented as a statement")
                continue
            }
            let statement = String(line.dropFirst(4))
            if let text = statement.removingPrefix("title ") {
                found += check(text, line: number)
            } else if let declaration = statement.removingPrefix("participant ") {
                let parts = declaration.components(separatedBy: " as ")
                guard parts.count == 2, isIdentifier(parts[0]), !parts[1].isEmpty else {
                    found.append("line \(number): participant must be `ID as Label`")
                    continue
                }
                participants.insert(parts[0])
            } else if let note = statement.removingPrefix("Note over ") {
                guard let colon = note.firstIndex(of: ":"), participants.contains(String(note[..<colon])) else {
                    found.append("line \(number): a note must be over a declared participant")
                    continue
                }
                found += check(String(note[note.index(after: colon)...]), line: number)
            } else if let arrow = statement.range(of: "->>"), let colon = statement.range(of: ": ") {
                let from = String(statement[..<arrow.lowerBound])
                let to = String(statement[arrow.upperBound..<colon.lowerBound])
                for end in [from, to] where !participants.contains(end) {
                    found.append("line \(number): \(end) is not a declared participant")
                }
                found += check(String(statement[colon.upperBound...]), line: number)
            } else {
                found.append("line \(number): not a statement of the grammar: \(statement)")
            }
        }
        return found
    }

    private static func check(_ text: String, line: Int) -> [String] {
        ["; ", ";", "#", "%%"].contains { text.contains($0) } ? ["line \(line): \(text) holds ; # or %%"] : []
    }

    private static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber }
    }
}

extension String {
    fileprivate func removingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}

@MainActor
@Suite("Mermaid that tells the truth", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct MermaidJourneyTests {
    @Test(arguments: DemoScenario.allCases)
    func everyScenarioIsOneValidDiagram(_ scenario: DemoScenario) async {
        let report = await demo().run(scenario, on: scenario.plan.screen)

        let diagram = MermaidJourney.render(report)

        #expect(
            MermaidSequenceGrammar.violations(in: diagram).isEmpty,
            "\(MermaidSequenceGrammar.violations(in: diagram))\n\(diagram)")
    }

    @Test func eachStepSitsInTheLaneOfTheLayerThatRecordedItAndStartsWhereTheErrorCameFrom() async {
        let cancelled = await demo().run(.signinCancel, on: .signin)
        let offline = await demo().run(.offline, on: .payments)

        let signIn = MermaidJourney.render(cancelled)
        let network = MermaidJourney.render(offline)

        #expect(
            signIn.contains(
                "vendorSDK->>vendor: mapped [ignorable] ASAuthorizationError.canceled → SignInError.cancelled"))
        #expect(signIn.contains("data->>presentation: ignored [ignorable] SignInError.cancelled ∎"))
        #expect(!signIn.contains("backend"), "nothing came from the backend")
        #expect(
            network.split(separator: "\n").contains {
                $0.contains("transport->>networking: mapped [unhandleable] ")
                    && $0.hasSuffix("→ HTTPClientError.offline")
            }, "the transport's own failure, named by the transport, mapped by Networking")
        #expect(network.contains("presentation->>navigation: presented"))
    }

    @Test func theTourIsOneDocumentOfValidDiagrams() async {
        let reports = [
            await demo().run(.walletBanned, on: .payments), await demo().run(.profileBroken, on: .profile),
        ]

        let document = MermaidJourney.document(reports)

        let blocks = document.components(separatedBy: "```mermaid\n").dropFirst().map {
            String($0.prefix { _ in true }.components(separatedBy: "\n```")[0])
        }
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(MermaidSequenceGrammar.violations(in: block).isEmpty, "\(block)")
        }
    }

    @Test func theGrammarCheckCanFail() {
        #expect(!MermaidSequenceGrammar.violations(in: "graph LR").isEmpty)
        #expect(
            !MermaidSequenceGrammar.violations(
                in: "sequenceDiagram\n    participant a as A\n    a->>b: to an undeclared lane"
            ).isEmpty)
        #expect(
            !MermaidSequenceGrammar.violations(in: "sequenceDiagram\n    participant a as A\n    a->>a: no #1; here")
                .isEmpty)
        #expect(
            MermaidSequenceGrammar.violations(in: "sequenceDiagram\n    participant a as A\n    a->>a: fine").isEmpty)
    }

    private func demo() -> DemoRun {
        let collector = JourneyCollector()
        return DemoRun(
            options: .init(
                appVersion: "test", collector: collector, logger: quietLogger,
                backendLogger: quietLogger))
    }
}
