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
    static let internalModules: Set<String> = features.union(standInOwners.keys).union([
        "SharedError", "Navigation", "Networking", "Domain", "PrivateFiles", "DemoBackend", "LoopbackHosting",
        "TestSupport",
    ])

    /// Modules a library module must never use, by the module that must not. No module uses App, the executable.
    static let forbidden: [String: Set<String>] = [
        "SharedError": internalModules,
        "PrivateFiles": internalModules,
        "Domain": features.union(standInOwners.keys).union(["Networking", "Navigation", "DemoBackend", "TestSupport"]),
        "Navigation": features.union(standInOwners.keys).union(["Networking", "Domain", "DemoBackend", "TestSupport"]),
        "Networking": features.union(standInOwners.keys).union(["Domain", "Navigation", "DemoBackend", "TestSupport"]),
    ]

    static func isTestTarget(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name == "TestSupport"
    }

    /// Rule breaches in a graph (target → its dependencies), whatever the table says.
    static func violations(in graph: [String: Set<String>]) -> [String] {
        var found: [String] = []
        if graph["TestSupport"]?.contains("DemoBackend") == true {
            found.append(
                "TestSupport → DemoBackend: the tests' support must work without the demo, so it can be removed")
        }
        for (target, dependencies) in graph.sorted(by: { $0.key < $1.key }) where !isTestTarget(target) {
            for dependency in dependencies.sorted() {
                if features.contains(target), features.contains(dependency) {
                    found.append("\(target) → \(dependency): features never depend on each other")
                }
                if let owner = standInOwners[dependency], owner != target {
                    found.append("\(target) → \(dependency): only \(owner) may use this vendor stand-in")
                }
                if dependency == "App" {
                    found.append("\(target) → App: nothing depends on the composition root")
                }
                if dependency == "DemoBackend", target != "App" {
                    found.append("\(target) → DemoBackend: only App and tests may use the demo backend")
                }
                if dependency == "LoopbackHosting", !["DemoBackend", "App"].contains(target) {
                    found.append("\(target) → LoopbackHosting: only the demo backend, App and tests host servers")
                }
                if dependency == "TestSupport" {
                    found.append("\(target) → TestSupport: only tests may use the test support")
                }
                if forbidden[target]?.contains(dependency) == true {
                    found.append("\(target) → \(dependency): forbidden by the layer rules")
                }
            }
        }
        return found
    }
}
