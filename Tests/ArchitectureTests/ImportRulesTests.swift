import Foundation
import Testing

@Suite("Every import obeys the folder rules")
struct ImportRulesTests {
    @Test func noSourceFileBreaksARule() throws {
        let files = PackageRoot.swiftFiles(under: ["Modules", "App", "Demo", "Tests"])
        #expect(files.count > 10, "the scan found too few files to be meaningful")

        var violations: [String] = []
        for path in files {
            violations += ImportRules.violations(path: path, source: try PackageRoot.read(path))
        }

        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

}

@Suite("The import rules can fail")
struct ImportRuleCheckerTests {
    @Test func readsEveryFormOfImport() {
        let source = """
            import Foundation
            public import SharedError
            @preconcurrency internal import Logging
            import struct Networking.HTTPRequest
            @testable import Domain
            // import Commented
            let important = 1
            """

        #expect(
            ImportRules.imports(in: source).map(\.module) == [
                "Foundation", "SharedError", "Logging", "Networking", "Domain",
            ])
    }

    @Test func aFeatureImportingTheOtherFeatureFails() {
        let violations = ImportRules.violations(
            path: "Modules/AuthFeature/Presentation/X.swift", source: "import PaymentsFeature")

        #expect(
            violations == [
                "Modules/AuthFeature/Presentation/X.swift:1: AuthFeature imports PaymentsFeature; features never import each other"
            ])
    }

    @Test func domainImportingNetworkingFails() {
        let violations = ImportRules.violations(path: "Modules/Domain/Payments/X.swift", source: "import Networking")

        #expect(violations == ["Modules/Domain/Payments/X.swift:1: Domain must not import Networking"])
    }

    @Test(arguments: ["Presentation", "View"])
    func onlyDataFilesImportNetworking(_ folder: String) {
        let path = "Modules/PaymentsFeature/\(folder)/X.swift"

        #expect(
            ImportRules.violations(path: path, source: "import Networking") == [
                "\(path):1: only Data/ files import Networking"
            ])
        #expect(
            ImportRules.violations(path: "Modules/PaymentsFeature/Data/X.swift", source: "import Networking").isEmpty)
    }

    @Test func onlyTheOwningFeatureImportsItsStandIn() {
        let path = "Modules/PaymentsFeature/Data/X.swift"

        #expect(
            ImportRules.violations(path: path, source: "import AuthenticationServicesStandIn") == [
                "\(path):1: only AuthFeature may import AuthenticationServicesStandIn"
            ])
        #expect(ImportRules.violations(path: path, source: "import PassKitStandIn").isEmpty)
        #expect(!ImportRules.violations(path: "App/X.swift", source: "import PassKitStandIn").isEmpty)
    }

    @Test func exportedImportsFailEverywhere() {
        #expect(!ImportRules.violations(path: "App/X.swift", source: "@_exported import SharedError").isEmpty)
    }

    @Test func navigationImportingAFeatureFails() {
        #expect(!ImportRules.violations(path: "Modules/Navigation/X.swift", source: "import AuthFeature").isEmpty)
    }

    @Test func theCompositionRootImportingTheDemoBackendFails() {
        let violations = ImportRules.violations(
            path: "Modules/Composition/ComposedApp.swift", source: "import DemoBackend")

        #expect(
            violations == [
                "Modules/Composition/ComposedApp.swift:1: only the demo imports DemoBackend; the app builds without it",
                "Modules/Composition/ComposedApp.swift:1: the composition root never imports DemoBackend; the demo supplies a configuration",
            ])
        #expect(ImportRules.violations(path: "Demo/CLI/DemoRun.swift", source: "import DemoBackend").isEmpty)
    }

    @Test(arguments: ["App/Commands/ScreenCommands.swift", "App/Main/ErrorFlowApp.swift", "Tests/AppTests/X.swift"])
    func theAppOrItsTestsImportingTheDemoFails(_ path: String) {
        for module in ["DemoBackend", "DemoCLI"] {
            #expect(
                ImportRules.violations(path: path, source: "import \(module)") == [
                    "\(path):1: only the demo imports \(module); the app builds without it"
                ])
        }
        #expect(ImportRules.violations(path: "Tests/DemoTests/X.swift", source: "import DemoCLI").isEmpty)
    }

    @Test func onlyTheExecutablesImportTheAppsCommands() {
        #expect(
            ImportRules.violations(path: "Modules/Composition/X.swift", source: "import App") == [
                "Modules/Composition/X.swift:1: only the executables import App, the app's commands"
            ])
        #expect(ImportRules.violations(path: "App/Main/ErrorFlowApp.swift", source: "import App").isEmpty)
        #expect(ImportRules.violations(path: "Demo/CLI/ErrorFlowDemo.swift", source: "import App").isEmpty)
    }

    @Test func theCompositionRootMentioningScenariosFails() {
        let source = "struct AppConfiguration {\n    var plan: ScenarioPlan\n}"

        #expect(
            ImportRules.violations(path: "Modules/Composition/AppConfiguration.swift", source: source) == [
                "Modules/Composition/AppConfiguration.swift:2: the composition root mentions scenarios; they belong to the demo"
            ])
    }

    @Test func theScanReallyCoversTheCompositionRoot() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: PackageRoot.url.appendingPathComponent(ImportRules.compositionRoot).path)

        #expect(files.contains("ComposedApp.swift"), "the guard watches the folder the composition root lives in")
    }

    @Test func featuresAreFoundOnDiskNotNamedByHand() {
        #expect(LayerRules.features.isSuperset(of: ["AuthFeature", "PaymentsFeature", "TransfersFeature"]))
        #expect(LayerRules.features.allSatisfy { $0.hasSuffix("Feature") })
    }

    @Test func aNewFeatureIsGuardedWithoutEditingTheRules() throws {
        let modules = FileManager.default.temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: modules) }
        for name in ["SharedError", "LoansFeature", "CardsFeature"] {
            try FileManager.default.createDirectory(
                at: modules.appendingPathComponent(name), withIntermediateDirectories: true)
        }

        #expect(LayerRules.discoverFeatures(in: modules) == ["LoansFeature", "CardsFeature"])
    }

    @Test(arguments: ["PaymentsFeature", "DemoBackend", "DemoCLI", "App"])
    func aFeatureImportingAnotherFeatureTheDemoOrTheAppFails(_ module: String) {
        let path = "Modules/TransfersFeature/Presentation/X.swift"

        #expect(!ImportRules.violations(path: path, source: "import \(module)").isEmpty)
    }

    @Test func ownersAreReadFromThePath() {
        #expect(ImportRules.owningModule(of: "Modules/ThirdParty/PassKitStandIn/X.swift") == "PassKitStandIn")
        #expect(ImportRules.owningModule(of: "Modules/Domain/X.swift") == "Domain")
        #expect(ImportRules.owningModule(of: "App/Commands/X.swift") == "App")
        #expect(ImportRules.owningModule(of: "App/Main/X.swift") == "AppMain")
        #expect(ImportRules.owningModule(of: "Demo/Backend/Server/X.swift") == "DemoBackend")
        #expect(ImportRules.owningModule(of: "Demo/CLI/X.swift") == "DemoCLI")
        #expect(ImportRules.owningModule(of: "Tests/AppTests/X.swift") == nil)
    }
}
