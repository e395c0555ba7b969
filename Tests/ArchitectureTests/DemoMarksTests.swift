import Foundation
import Testing

@Suite("The app's files hold no demo marks")
struct DemoMarksTests {
    @Test func noFileOfTheAppMarksTheDemo() throws {
        let files =
            ["Package.swift"]
            + PackageRoot.swiftFiles(under: DemoMarks.appFolders).filter { path in
                !DemoMarks.demoFolders.contains { path.hasPrefix($0) }
            }
        #expect(files.contains("App/Commands/ScreenCommands.swift"), "the scan covers the app's commands")
        #expect(files.count > 100, "the scan found too few files to be meaningful")

        var marks: [String] = []
        for path in files {
            marks += DemoMarks.marks(path: path, source: try PackageRoot.read(path))
        }

        #expect(marks.isEmpty, "\(marks.joined(separator: "\n"))")
    }
}

@Suite("The demo-marks check can fail")
struct DemoMarksCheckerTests {
    private let word = "demo"

    @Test func aLineEndingInADemoCommentIsAMark() {
        let source = "import Foundation\nimport DemoBackend  // " + word

        #expect(DemoMarks.marks(path: "App/X.swift", source: source) == ["App/X.swift:2: import DemoBackend  // demo"])
    }

    @Test func aFenceAndCodeInACommentAreMarks() {
        let source = ["// \(word):begin", "let x = 1", "// \(word):end", "// without-\(word): nil"].joined(
            separator: "\n")

        #expect(DemoMarks.marks(path: "App/X.swift", source: source).count == 3)
    }

    @Test func theWordAloneIsNoMark() {
        let source =
            "/// The embedded demo backend plays the scenario.\nlet demo = 1\nlet x = demo  // the demo's count"

        #expect(DemoMarks.marks(path: "App/X.swift", source: source).isEmpty)
    }
}
