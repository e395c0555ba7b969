/// Checks each source file's `import` lines against the folder rules.
enum ImportRules {
    struct Import: Equatable {
        var module: String
        var line: Int
        var isExported: Bool
    }

    /// The modules a Swift file imports, with access levels, attributes and `import struct M.T` forms understood.
    static func imports(in source: String) -> [Import] {
        var found: [Import] = []
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = rawLine.split(whereSeparator: \.isWhitespace).map(String.init)
            var isExported = false
            while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
                if first == "@_exported" { isExported = true }
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            var moduleWord = words[1]
            if declarationKinds.contains(moduleWord), words.count >= 3 {
                moduleWord = words[2]
            }
            let module = String(moduleWord.prefix { $0 != "." })
            found.append(Import(module: module, line: index + 1, isExported: isExported))
        }
        return found
    }

    /// Every breach in one file; `path` is relative to the package root.
    static func violations(path: String, source: String) -> [String] {
        let owner = owningModule(of: path)
        var found: [String] = []
        for statement in imports(in: source) {
            let module = statement.module
            let place = "\(path):\(statement.line)"
            if statement.isExported {
                found.append("\(place): @_exported import \(module) hides a dependency")
            }
            if let owner, LayerRules.features.contains(owner) {
                if LayerRules.features.contains(module), module != owner {
                    found.append("\(place): \(owner) imports \(module); features never import each other")
                }
                let needsData = LayerRules.dataOnly.contains(module) || LayerRules.standInOwners[module] != nil
                if needsData, !path.contains("/Data/") {
                    found.append("\(place): only Data/ files import \(module)")
                }
            }
            if let standInOwner = LayerRules.standInOwners[module], owner != standInOwner, !isTest(path) {
                found.append("\(place): only \(standInOwner) may import \(module)")
            }
            if let owner, LayerRules.forbidden[owner]?.contains(module) == true {
                found.append("\(place): \(owner) must not import \(module)")
            }
            if module == "App", !isTest(path), !LayerRules.executables.contains(owner ?? "") {
                found.append("\(place): only the executables import App, the app's commands")
            }
            if LayerRules.demo.contains(module), !isDemo(path) {
                found.append("\(place): only the demo imports \(module); the app builds without it")
            }
            if module == "DemoBackend", isCompositionRoot(path) {
                found.append(
                    "\(place): the composition root never imports DemoBackend; the demo supplies a configuration")
            }
        }
        if isCompositionRoot(path) {
            found += compositionViolations(path: path, source: source)
        }
        return found
    }

    /// The folder of the composition root, which builds the production app and knows nothing of the demo.
    static let compositionRoot = "Modules/Composition/"

    private static func isCompositionRoot(_ path: String) -> Bool {
        path.hasPrefix(compositionRoot)
    }

    /// Lines of the composition root that speak of scenarios: the demo's business, never the app's.
    static func compositionViolations(path: String, source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.lowercased().contains("scenario")
                ? "\(path):\(index + 1): the composition root mentions scenarios; they belong to the demo" : nil
        }
    }

    /// `Modules/NAME/...` → NAME, `Modules/ThirdParty/NAME/...` → NAME, `App/Main/...` → AppMain, `App/...` → App,
    /// `Demo/Backend/...` → DemoBackend, `Demo/CLI/...` → DemoCLI.
    static func owningModule(of path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        if parts.first == "App" { return parts.count > 2 && parts[1] == "Main" ? "AppMain" : "App" }
        if parts.first == "Demo", parts.count > 2 { return "Demo" + parts[1] }
        guard parts.first == "Modules", parts.count > 2 else { return nil }
        return parts[1] == "ThirdParty" && parts.count > 3 ? parts[2] : parts[1]
    }

    private static func isTest(_ path: String) -> Bool {
        path.hasPrefix("Tests/")
    }

    /// A file of the demo: its targets' sources and its tests.
    private static func isDemo(_ path: String) -> Bool {
        path.hasPrefix("Demo/") || path.hasPrefix("Tests/DemoTests/")
    }

    private static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var",
    ]
}
