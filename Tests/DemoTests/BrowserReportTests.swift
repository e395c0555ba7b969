import Foundation
import SharedError
import TestSupport
import Testing

@testable import App

/// The tour's HTML page in a real browser: headless Chromium loads it offline, runs its script, and the test reads
/// the DOM it ended with. `.ci/run` installs Debian's `chromium`; without one the suite is skipped, and says so.
@Suite(
    "The HTML report in a real browser", .serialized, .timeLimit(.minutes(3 * TestSlowdown.factor)),
    .enabled(if: Chromium.path != nil, "no chromium on PATH (apt-get install chromium): the browser test is skipped"))
struct BrowserReportTests {
    @Test func everyScenarioIsThereItsCellsMatchTheJSONJourneyAndNoScriptFailed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "errorflow-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        let json = try await Binary.run(["tour", "--format", "json"])
        let html = try await Binary.run(["tour", "--format", "html", "--output", page.path])
        #expect(json.status == 0 && html.status == 0, "\(json.stderr)\(html.stderr)")

        let dom = try await Chromium.dumpDOM(of: page, profile: folder.appendingPathComponent("profile"))

        #expect(dom.contains(#"data-ready="yes""#), "the page's script ran to its end")
        #expect(dom.contains(#"data-script-errors="""#), "no script error: \(dom.prefix(300))")
        let expected = try Self.cellsFromJSON(json.stdout)
        let rendered = Self.cellsFromDOM(dom)
        #expect(Set(rendered.keys) == Set(DemoScenarioNames.all), "every scenario has its row")
        for (scenario, cells) in expected {
            #expect(rendered[scenario] == cells, "\(scenario): the matrix shows what the JSON journey says")
        }
        for scenario in DemoScenarioNames.all {
            #expect(dom.contains(#"<section class="scenario" id="s-\#(scenario)""#), "\(scenario) has its section")
        }
    }

    /// Each scenario's layers and their actions, in `JourneyAction`'s order, from `tour --format json`.
    static func cellsFromJSON(_ text: String) throws -> [String: [String: String]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let scenarios = try #require(object["scenarios"] as? [[String: Any]])
        let order = JourneyAction.allCases.map(\.rawValue)
        var cells: [String: [String: String]] = [:]
        for entry in scenarios {
            let name = try #require(entry["scenario"] as? String)
            let run = try #require(entry["run"] as? [String: Any])
            let steps = try #require(run["journey"] as? [[String: Any]])
            var byLayer = Dictionary(uniqueKeysWithValues: ReportPage.layers(of: []).map { ($0.rawValue, [String]()) })
            for step in steps {
                byLayer[step["layer"] as? String ?? "?", default: []].append(step["action"] as? String ?? "?")
            }
            cells[name] = byLayer.mapValues { actions in
                actions.sorted { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
                    .joined(separator: " ")
            }
        }
        return cells
    }

    /// Each matrix row's `data-layer` → `data-actions`, as the browser holds them.
    static func cellsFromDOM(_ dom: String) -> [String: [String: String]] {
        var cells: [String: [String: String]] = [:]
        for chunk in dom.components(separatedBy: #"<tr data-scenario=""#).dropFirst() {
            let name = String(chunk.prefix { $0 != "\"" })
            let row = chunk.components(separatedBy: "</tr>").first ?? ""
            var layers: [String: String] = [:]
            for match in row.matches(of: /data-layer="([^"]*)" data-actions="([^"]*)"/) {
                layers[String(match.output.1)] = String(match.output.2)
            }
            cells[name] = layers
        }
        return cells
    }
}

/// Debian's headless Chromium, found on PATH.
enum Chromium {
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    /// The arguments that load a local page with no network, no GPU and a profile of its own.
    static func arguments(profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--virtual-time-budget=3000",
        ]
    }

    /// The page's DOM after load and script, as Chromium serialises it.
    static func dumpDOM(of page: URL, profile: URL) async throws -> String {
        guard let path else { throw ChromiumMissing() }
        let output = profile.deletingLastPathComponent().appendingPathComponent("dom.html")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments(profile: profile) + ["--dump-dom", page.absoluteString]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let ended = AsyncGateSignal()
        process.terminationHandler = { _ in ended.fire() }
        try process.run()
        let watchdog = Task {
            guard (try? await Task.sleep(for: .seconds(90))) != nil, process.isRunning else { return }
            process.terminate()
        }
        await ended.wait()
        watchdog.cancel()
        return try String(contentsOf: output, encoding: .utf8)
    }

    struct ChromiumMissing: Error {}
}
