import Foundation

/// The rules of ARCHITECTURE.md's "Layer rules", as checks over a dependency graph and over `import` lines.
enum LayerRules {
    /// Every feature module, found on disk: each `Modules/*Feature` folder. A new feature is guarded the moment its
    /// folder exists, without anyone editing these rules.
    static let features: Set<String> = discoverFeatures(in: PackageRoot.url.appendingPathComponent("Modules"))

    static func discoverFeatures(in modules: URL) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: modules.path)) ?? []
        return Set(names.filter { $0.hasSuffix("Feature") })
    }

    /// Each vendor stand-in and the one feature that may import it.
    static let standInOwners = ["AuthenticationServicesStandIn": "AuthFeature", "PassKitStandIn": "PaymentsFeature"]
    static let internalModules: Set<String> = features.union(standInOwners.keys).union(demo).union([
        "SharedError", "Navigation", "Networking", "KeyedWrites", "ErrorReports", "Decoding", "Redaction", "Domain",
        "PrivateFiles", "LoopbackHosting", "TestSupport",
    ])

    /// The modules of the HTTP chain, what rides on it and the decoding of its bodies: only a feature's `Data/`
    /// imports them.
    static let dataOnly: Set<String> = ["Networking", "KeyedWrites", "ErrorReports", "Decoding", "Redaction"]

    /// The demo's targets (`Demo/`, `Tests/DemoTests`): nothing else depends on them, so the app builds, and its
    /// tests pass, once `remove-demo` has deleted them.
    static let demo: Set<String> = ["DemoBackend", "DemoCLI", "DemoTests"]

    /// The executables, the only targets that use App, the app's commands.
    static let executables: Set<String> = ["AppMain", "DemoCLI"]

    /// Modules a library module must never use, by the module that must not.
    static let forbidden: [String: Set<String>] = [
        "SharedError": internalModules,
        "PrivateFiles": internalModules,
        "Decoding": internalModules.subtracting(["SharedError"]),
        "Redaction": internalModules.subtracting(["SharedError"]),
        "Domain": features.union(standInOwners.keys).union(demo).union(dataOnly).union(["Navigation", "TestSupport"]),
        "Navigation": features.union(standInOwners.keys).union(demo).union(dataOnly).union(["Domain", "TestSupport"]),
        "Networking": features.union(standInOwners.keys).union(demo).union([
            "KeyedWrites", "ErrorReports", "Domain", "Navigation", "TestSupport",
        ]),
        "KeyedWrites": features.union(standInOwners.keys).union(demo).union([
            "ErrorReports", "Domain", "Navigation", "TestSupport",
        ]),
        "ErrorReports": features.union(standInOwners.keys).union(demo).union([
            "KeyedWrites", "Domain", "Navigation", "TestSupport",
        ]),
    ]

    /// External products only tests may use: Yams reads docs/openapi.yaml, and the app reads no YAML.
    static let testOnlyProducts: Set<String> = ["Yams"]

    static func isTestTarget(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name == "TestSupport"
    }

    /// Rule breaches in a graph (target → its dependencies), whatever the table says.
    static func violations(in graph: [String: Set<String>]) -> [String] {
        var found: [String] = []
        for (target, dependencies) in graph.sorted(by: { $0.key < $1.key }) where !demo.contains(target) {
            for dependency in dependencies.sorted() where demo.contains(dependency) {
                found.append("\(target) → \(dependency): only the demo uses the demo, so remove-demo can delete it")
            }
        }
        for (target, dependencies) in graph.sorted(by: { $0.key < $1.key }) where !isTestTarget(target) {
            for dependency in dependencies.sorted() {
                if features.contains(target), features.contains(dependency) {
                    found.append("\(target) → \(dependency): features never depend on each other")
                }
                if let owner = standInOwners[dependency], owner != target {
                    found.append("\(target) → \(dependency): only \(owner) may use this vendor stand-in")
                }
                if dependency == "App", !executables.contains(target) {
                    found.append("\(target) → App: only the executables use the app's commands")
                }
                if dependency == "LoopbackHosting", !demo.union(["App"]).contains(target) {
                    found.append("\(target) → LoopbackHosting: only the demo, App and tests host servers")
                }
                if dependency == "TestSupport" {
                    found.append("\(target) → TestSupport: only tests may use the test support")
                }
                if testOnlyProducts.contains(dependency) {
                    found.append("\(target) → \(dependency): only tests may use it")
                }
                if forbidden[target]?.contains(dependency) == true {
                    found.append("\(target) → \(dependency): forbidden by the layer rules")
                }
            }
        }
        return found
    }
}
