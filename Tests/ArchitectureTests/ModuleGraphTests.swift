import Foundation
import Testing

@Suite("The package graph is exactly the allowed edges of docs/allowed-edges.md", .timeLimit(.minutes(3)))
struct ModuleGraphTests {
    @Test func everyTargetHasExactlyItsAllowedDependencies() async throws {
        let table = try AllowedEdges.documented()
        let manifest = try await PackageManifest.current.value

        let differences = table.differences(from: manifest.graph)

        #expect(differences.isEmpty, "\(differences.map(\.description).joined(separator: "\n"))")
    }

    @Test func theDocumentedTableObeysTheLayerRules() throws {
        let table = try AllowedEdges.documented()

        let violations = LayerRules.violations(in: table.dependencies)

        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func theRealGraphObeysTheLayerRules() async throws {
        let manifest = try await PackageManifest.current.value

        let violations = LayerRules.violations(in: manifest.graph)

        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func everyTargetLivesWhereTheLayoutSays() async throws {
        let manifest = try await PackageManifest.current.value

        for target in manifest.targets {
            let path = try #require(target.path, "\(target.name) has no explicit path")
            let ofTheDemo = LayerRules.demo.contains(target.name)
            #expect(ofTheDemo == (path.hasPrefix("Demo/") || path == "Tests/DemoTests"), "\(target.name) at \(path)")
            switch target.type {
            case "test": #expect(path == "Tests/\(target.name)")
            case "executable": #expect(["App/Main", "Demo/CLI"].contains(path), "\(target.name) at \(path)")
            case "plugin": #expect(path == "Plugins/\(target.name)")
            default:
                #expect(
                    path == "App" || path.hasPrefix("Modules/") || path.hasPrefix("Tests/") || path.hasPrefix("Demo/"),
                    "\(target.name) at \(path)")
            }
        }
    }

    @Test func theAppsTargetsNeedNothingOfTheDemo() async throws {
        let graph = try await PackageManifest.current.value.graph

        for target in graph.keys where !LayerRules.demo.contains(target) {
            #expect(
                Self.reachable(from: target, in: graph).isDisjoint(with: LayerRules.demo),
                "\(target) needs the demo, which remove-demo deletes")
        }
    }

    /// Every target `target` depends on, directly or through others.
    static func reachable(from target: String, in graph: [String: Set<String>]) -> Set<String> {
        var found: Set<String> = []
        var next = Array(graph[target] ?? [])
        while let dependency = next.popLast() {
            guard found.insert(dependency).inserted else { continue }
            next += graph[dependency] ?? []
        }
        return found
    }
}

@Suite("The graph checks can fail")
struct GraphCheckerTests {
    private let table = AllowedEdges(dependencies: [
        "Domain": ["SharedError"], "SharedError": [], "AuthFeature": ["Domain"],
    ])

    @Test func anExtraEdgeIsForbidden() {
        let actual: [String: Set<String>] = [
            "Domain": ["SharedError", "Networking"], "SharedError": [], "AuthFeature": ["Domain"],
        ]

        #expect(table.differences(from: actual) == [.forbiddenEdge(from: "Domain", to: "Networking")])
    }

    @Test func aDocumentedEdgeThatIsGoneIsReported() {
        let actual: [String: Set<String>] = ["Domain": [], "SharedError": [], "AuthFeature": ["Domain"]]

        #expect(table.differences(from: actual) == [.documentedEdgeMissing(from: "Domain", to: "SharedError")])
    }

    @Test func targetsMustAppearOnBothSides() {
        let actual: [String: Set<String>] = ["Domain": ["SharedError"], "SharedError": [], "Extra": []]

        #expect(
            table.differences(from: actual) == [
                .targetMissingFromPackage("AuthFeature"), .targetMissingFromTable("Extra"),
            ])
    }

    @Test func anyFeatureDependingOnAnotherFeatureOrTheAppBreaksTheRules() {
        let violations = LayerRules.violations(in: ["TransfersFeature": ["PaymentsFeature", "App"]])

        #expect(
            violations == [
                "TransfersFeature → App: only the executables use the app's commands",
                "TransfersFeature → PaymentsFeature: features never depend on each other",
            ])
    }

    @Test func theExecutablesUseTheAppsCommands() {
        #expect(LayerRules.violations(in: ["AppMain": ["App"], "DemoCLI": ["App", "DemoBackend"]]).isEmpty)
    }

    @Test(arguments: ["App", "AppMain", "AppTests", "Composition"])
    func anAppTargetDependingOnTheDemoBreaksTheRules(_ target: String) {
        let violations = LayerRules.violations(in: [target: ["DemoBackend", "DemoCLI"]])

        #expect(
            violations == [
                "\(target) → DemoBackend: only the demo uses the demo, so remove-demo can delete it",
                "\(target) → DemoCLI: only the demo uses the demo, so remove-demo can delete it",
            ])
    }

    @Test func aDependencyThroughAnotherTargetIsFound() {
        let graph: [String: Set<String>] = ["AppTests": ["TestSupport"], "TestSupport": ["DemoBackend"]]

        #expect(ModuleGraphTests.reachable(from: "AppTests", in: graph) == ["TestSupport", "DemoBackend"])
    }

    @Test func aFeatureDependingOnTheOtherFeatureBreaksTheRules() {
        let violations = LayerRules.violations(in: ["AuthFeature": ["PaymentsFeature"]])

        #expect(violations == ["AuthFeature → PaymentsFeature: features never depend on each other"])
    }

    @Test func domainDependingOnNetworkingBreaksTheRules() {
        let violations = LayerRules.violations(in: ["Domain": ["Networking", "SharedError"]])

        #expect(violations == ["Domain → Networking: forbidden by the layer rules"])
    }

    @Test func aStandInUsedByAnotherFeatureBreaksTheRules() {
        let violations = LayerRules.violations(in: ["PaymentsFeature": ["AuthenticationServicesStandIn"]])

        #expect(
            violations == [
                "PaymentsFeature → AuthenticationServicesStandIn: only AuthFeature may use this vendor stand-in"
            ])
    }

    @Test func theTestSupportDependingOnTheDemoBreaksTheRules() {
        let violations = LayerRules.violations(in: ["TestSupport": ["DemoBackend", "LoopbackHosting"]])

        #expect(violations == ["TestSupport → DemoBackend: only the demo uses the demo, so remove-demo can delete it"])
    }

    @Test func onlyTestsReadYAML() {
        let violations = LayerRules.violations(in: ["Networking": ["Yams"], "ContractTests": ["Yams"]])

        #expect(violations == ["Networking → Yams: only tests may use it"])
    }

    @Test func onlyTheDemoAndTheAppHostServers() {
        let violations = LayerRules.violations(in: [
            "Networking": ["LoopbackHosting"], "DemoBackend": ["LoopbackHosting"],
        ])

        #expect(violations == ["Networking → LoopbackHosting: only the demo, App and tests host servers"])
    }

    @Test func testTargetsMayUseWhatTheyTest() {
        #expect(LayerRules.violations(in: ["PaymentsFeatureTests": ["PassKitStandIn", "TestSupport"]]).isEmpty)
    }

    @Test func parsesTheTableFormat() throws {
        let markdown = """
            # Title
            ## Allowed edges
            Some prose.

            | target | may depend on |
            |---|---|
            | A | B, Logging |
            | B | — |

            ## Next
            | X | Y |
            """

        let parsed = try AllowedEdges.parse(markdown: markdown)

        #expect(parsed == AllowedEdges(dependencies: ["A": ["B", "Logging"], "B": []]))
    }

    @Test func aFileTitledAllowedEdgesIsTheSection() throws {
        let markdown = """
            # Allowed edges
            Some prose.

            | target | may depend on |
            |---|---|
            | A | B |

            # Another document's title
            | C | D |
            """

        let parsed = try AllowedEdges.parse(markdown: markdown)

        #expect(parsed == AllowedEdges(dependencies: ["A": ["B"]]))
    }

    @Test func aTargetsRowsInSeveralTablesAddUp() throws {
        let markdown = """
            ## Allowed edges
            | target | may depend on |
            |---|---|
            | A | B |
            | B | — |

            The demo's:

            | target | may depend on |
            |---|---|
            | A | Demo |
            | Demo | — |
            """

        let parsed = try AllowedEdges.parse(markdown: markdown)

        #expect(parsed == AllowedEdges(dependencies: ["A": ["B", "Demo"], "B": [], "Demo": []]))
    }

    @Test func aTargetTwiceInOneTableIsAnError() {
        let markdown = """
            ## Allowed edges
            | A | B |
            | A | C |
            """

        #expect(throws: AllowedEdges.ParseError.duplicateTarget("A")) { try AllowedEdges.parse(markdown: markdown) }
    }

    @Test func aDocumentWithoutTheTableIsAnError() {
        #expect(throws: AllowedEdges.ParseError.sectionMissing) {
            try AllowedEdges.parse(markdown: "# Nothing here")
        }
    }
}
