import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-feature <Name> [--path /v1/…] [--dry-run]`: adds a
/// read-only feature that builds, passes its tests and runs in the tour: a list from `GET <path>` on a screen of its
/// own.
///
/// It writes the feature's files (Domain, Data, Presentation, View, tests, its composition, its CLI command and its
/// demo answers) and adds its lines where the package lists features: at each `new-feature:` comment, at the end of
/// the tables in `docs/` (allowed edges, error ownership, scenarios), and in the import lists of the files that need
/// it. The Domain file, the Data file, the view model, the screen and the two test files are the ones a person then
/// makes their own.
@main
struct NewFeature: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try FeatureRequest(arguments: arguments)
        let scaffold = try Scaffold(root: context.package.directoryURL, names: request.names)
        let plan = try scaffold.plan()
        for line in plan.summary { print(line) }
        if request.dryRun {
            print("new-feature: dry run, nothing changed")
            return
        }
        try plan.apply()
        let names = request.names
        print(
            """
            new-feature: \(names.module) added. Next:
              swift build --build-tests && swift test --filter "\(names.module)Tests|ArchitectureTests"
              swift run errorflow tour --screen \(names.kebab)
            Then make it yours: \(plan.yours.joined(separator: ", ")).
            """)
    }
}

/// A refusal, said in one line.
struct ScaffoldError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What the command line asked for.
struct FeatureRequest {
    let names: FeatureNames
    let dryRun: Bool

    init(arguments: [String]) throws {
        var rest = arguments
        dryRun = rest.contains("--dry-run")
        rest.removeAll { $0 == "--dry-run" }
        var path: String?
        if let index = rest.firstIndex(of: "--path") {
            guard rest.indices.contains(index + 1) else {
                throw ScaffoldError("--path needs a value, such as /v1/orders")
            }
            path = rest[index + 1]
            rest.removeSubrange(index...(index + 1))
        }
        guard rest.count == 1, let name = rest.first else {
            throw ScaffoldError("usage: new-feature <Name> [--path /v1/…] [--dry-run], for example new-feature Orders")
        }
        names = try FeatureNames(name, path: path)
    }
}

/// Every spelling of the feature's name the files need.
struct FeatureNames {
    /// `Orders`
    let type: String
    /// `orders`
    let lower: String
    /// `orders` (`purchase-orders` for `PurchaseOrders`): the command, the screen and the scenarios.
    let kebab: String
    /// `Order`: one element of the list.
    let element: String
    /// `/v1/orders`
    let path: String
    /// `OrdersFeature`
    var module: String { type + "Feature" }

    init(_ name: String, path: String?) throws {
        let letters = name.unicodeScalars
        guard let first = letters.first, ("A"..."Z").contains(first),
            letters.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
            !name.hasSuffix("Feature")
        else {
            throw ScaffoldError(
                "'\(name)' is not a feature name: use UpperCamelCase letters and digits, without 'Feature' (Orders)")
        }
        type = name
        lower = name.prefix(1).lowercased() + name.dropFirst()
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character.lowercased())
        }
        kebab = words.joined(separator: "-")
        if name.hasSuffix("ies") {
            element = name.dropLast(3) + "y"
        } else if name.hasSuffix("s"), !name.hasSuffix("ss") {
            element = String(name.dropLast())
        } else {
            element = name + "Item"
        }
        let chosen = path ?? "/v1/\(kebab)"
        guard chosen.hasPrefix("/"), !chosen.contains("{"), !chosen.contains(" ") else {
            throw ScaffoldError("--path \(chosen) is not a plain path such as /v1/\(kebab)")
        }
        self.path = chosen
    }
}

/// The files the feature adds and the lines it adds to files that exist.
struct Scaffold {
    let root: URL
    let names: FeatureNames

    init(root: URL, names: FeatureNames) throws {
        self.root = root
        self.names = names
        let module = root.appendingPathComponent("Modules/\(names.module)")
        guard !FileManager.default.fileExists(atPath: module.path) else {
            throw ScaffoldError("Modules/\(names.module) exists already")
        }
    }

    /// The changes, worked out before any is made, so a missing marker changes nothing.
    func plan() throws -> ScaffoldPlan {
        let templates = Templates(names)
        var plan = ScaffoldPlan()
        var edits: [String: String] = [:]
        func edit(_ file: String, optional: Bool = false, _ change: (String) throws -> String) throws {
            let url = root.appendingPathComponent(file)
            guard let text = try? edits[file] ?? String(contentsOf: url, encoding: .utf8) else {
                if optional { return }
                throw ScaffoldError("\(file) is missing")
            }
            edits[file] = try change(text)
        }
        func exists(_ file: String) -> Bool {
            FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path)
        }

        for (file, text) in templates.newFiles { plan.files.append((file, text)) }
        let demo = exists("Demo")
        if demo {
            for (file, text) in templates.demoFiles { plan.files.append((file, text)) }
        }

        try edit("Package.swift") { text in
            var text = try Insert.before("// new-feature: feature targets", templates.packageTarget, in: text)
            text = try Insert.before("// new-feature: composition dependencies", "\"\(names.module)\",", in: text)
            text = try Insert.before("// new-feature: app dependencies", "\"\(names.module)\",", in: text)
            return try Insert.before("// new-feature: test targets", templates.packageTestTarget, in: text)
        }
        try edit("App/Main/ErrorFlowApp.swift") {
            try Insert.before("// new-feature: commands", templates.appCommand, in: $0)
        }
        try edit("App/Explain/ExplainedTypes.swift") {
            try Insert.before("// new-feature: explained types", templates.explainedType, in: $0)
        }
        try edit("Tests/AppTests/ExplainTests.swift") {
            try Insert.before("// new-feature: explained samples", templates.explainedSamples, in: $0)
        }
        try edit("App/Screens/Screen.swift") {
            try Insert.before("// new-feature: screens", templates.screenCase, in: $0)
        }
        try edit("App/Screens/ScreenRun.swift") {
            try Insert.importing(
                names.module, into: Insert.before("// new-feature: screen runs", templates.screenRun, in: $0))
        }
        try edit("docs/openapi.yaml") { text in
            var text = try Insert.before("# new-feature: tags", templates.openAPITag, in: text)
            text = try Insert.before("# new-feature: paths", templates.openAPIPath, in: text)
            return try Insert.before("# new-feature: schemas", templates.openAPISchemas, in: text)
        }
        try edit("ARCHITECTURE.md") { try Insert.before("%% new-feature: graph", templates.graphEdges, in: $0) }
        try edit("docs/boundaries.md") {
            try Insert.before("<!-- new-feature: boundaries -->", templates.boundaryTables, in: $0)
        }
        try edit("docs/allowed-edges.md") { text in
            let text = try Markdown.appendRows(templates.edgeRows, toFirstTableOf: text, in: "docs/allowed-edges.md")
            return try Markdown.addDependency(names.module, toRowsOf: ["Composition", "App"], in: text)
        }
        try edit("docs/error-ownership.md") {
            try Markdown.appendRows([templates.ownerRow], toFirstTableOf: $0, in: "docs/error-ownership.md")
        }
        try edit("Tests/TestSupport/SampledCases.swift") { $0 + templates.sampledCases }
        if demo {
            try edit("Demo/CLI/ErrorFlowDemo.swift") {
                try Insert.before("// new-feature: commands", templates.demoCommand, in: $0)
            }
            try edit("Demo/CLI/DemoOptions.swift") {
                try Insert.before("// new-feature: screen tags", templates.screenTag, in: $0)
            }
            try edit("Demo/Backend/Scenarios/DemoScenario.swift") {
                try Insert.before("// new-feature: scenarios", templates.scenarioCases, in: $0)
            }
            try edit("Demo/Backend/Server/DemoResponder.swift") { text in
                let text = try Insert.before("// new-feature: routes", "(\"\(names.path)\", [.get, .head]),", in: text)
                return try Insert.before(
                    "// new-feature: answers", "case \"\(names.path)\": return \(names.lower)()", in: text)
            }
            try edit("Demo/CLI/ScenarioPlan.swift") {
                try Insert.before("// new-feature: plans", templates.plans, in: $0)
            }
            try edit("docs/scenarios.md") {
                try Markdown.appendRows(templates.scenarioRows, toFirstTableOf: $0, in: "docs/scenarios.md")
            }
            try edit("Tests/DemoTests/ScenarioCatalogTests.swift") {
                try Insert.before("// new-feature: expectations", templates.expectations, in: $0)
            }
        }
        plan.edits = edits.keys.sorted().map { (file: $0, text: edits[$0] ?? "") }
        plan.root = root
        plan.yours = templates.yours
        plan.summary =
            plan.files.map { "create \($0.file)" } + plan.edits.map { "edit   \($0.file)" }
            + (demo ? [] : ["(no demo in this package: no scenarios, no demo answers)"])
        return plan
    }
}

/// The scaffold's changes, ready to write.
struct ScaffoldPlan {
    var root = URL(fileURLWithPath: "/")
    var files: [(file: String, text: String)] = []
    var edits: [(file: String, text: String)] = []
    var yours: [String] = []
    var summary: [String] = []

    func apply() throws {
        for (file, text) in files + edits {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        }
        formatSwiftFiles()
    }

    /// Runs `swift format` over the Swift files it wrote, with the package's own settings, so the lint passes
    /// whatever the length of the name; a toolchain without it leaves them as written.
    private func formatSwiftFiles() {
        let swiftFiles = (files + edits).map(\.file).filter { $0.hasSuffix(".swift") }
        let format = Process()
        format.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        format.arguments = ["swift", "format", "--in-place"] + swiftFiles.map { root.appendingPathComponent($0).path }
        format.currentDirectoryURL = root
        guard (try? format.run()) != nil else {
            print("new-feature: `swift format` did not run; format the new files before the lint")
            return
        }
        format.waitUntilExit()
    }
}

/// Adding lines to a file that exists.
enum Insert {
    /// `lines` before the line holding `marker`, indented as the marker is.
    static func before(_ marker: String, _ lines: String, in text: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        guard let index = all.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == marker }) else {
            throw ScaffoldError("no `\(marker)` line to add the feature at")
        }
        let indent = String(all[index].prefix { $0 == " " })
        let added = lines.components(separatedBy: "\n").map { $0.isEmpty ? "" : indent + $0 }
        all.insert(contentsOf: added, at: index)
        return all.joined(separator: "\n")
    }

    /// `text` with its first block of imports sorted by module name, whatever their access level.
    static func sortingImports(_ text: String) -> String {
        var all = text.components(separatedBy: "\n")
        let isImport = { (line: String) in line.hasPrefix("import ") || line.hasPrefix("public import ") }
        guard let first = all.firstIndex(where: isImport) else { return text }
        let last = all[first...].firstIndex { !isImport($0) }.map { $0 - 1 } ?? all.count - 1
        let module = { (line: String) in line.components(separatedBy: " ").last ?? line }
        all.replaceSubrange(first...last, with: all[first...last].sorted { module($0) < module($1) })
        return all.joined(separator: "\n")
    }

    /// `text` with `import module` among its first import lines, which stay sorted.
    static func importing(_ module: String, into text: String) -> String {
        var all = text.components(separatedBy: "\n")
        let imports = all.indices.filter { all[$0].hasPrefix("import ") }
        guard let first = imports.first, let last = imports.last else { return "import \(module)\n" + text }
        let sorted = (all[first...last].filter { !$0.isEmpty } + ["import \(module)"]).sorted()
        all.replaceSubrange(first...last, with: sorted)
        return all.joined(separator: "\n")
    }
}

/// Adding rows to the tables in `docs/`.
enum Markdown {
    /// `rows` after the last row of the first table of `text`, the text of `file`.
    static func appendRows(_ rows: [String], toFirstTableOf text: String, in file: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        guard let tableStart = all.firstIndex(where: { $0.hasPrefix("|") }) else {
            throw ScaffoldError("\(file) has no table")
        }
        let end = all[tableStart...].firstIndex { !$0.hasPrefix("|") } ?? all.endIndex
        all.insert(contentsOf: rows, at: end)
        return all.joined(separator: "\n")
    }

    /// `text` with `module` in the "may depend on" lists of `targets`' rows in the allowed-edges table, after the
    /// last feature each lists.
    static func addDependency(_ module: String, toRowsOf targets: [String], in text: String) throws -> String {
        var all = text.components(separatedBy: "\n")
        for target in targets {
            guard let index = all.firstIndex(where: { $0.hasPrefix("| \(target) | ") }) else {
                throw ScaffoldError("docs/allowed-edges.md has no row for \(target)")
            }
            var cell = String(all[index].dropFirst("| \(target) | ".count))
            if cell.hasSuffix(" |") { cell.removeLast(2) }
            var list = cell.components(separatedBy: ", ")
            let after = (list.lastIndex { $0.hasSuffix("Feature") } ?? -1) + 1
            list.insert(module, at: after)
            all[index] = "| \(target) | " + list.joined(separator: ", ") + " |"
        }
        return all.joined(separator: "\n")
    }
}
