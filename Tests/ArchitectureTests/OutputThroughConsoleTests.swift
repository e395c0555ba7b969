import Foundation
import Testing

/// Every byte the CLI writes to stdout or stderr goes through `Console` (App/Support/Console.swift), which scrubs it by
/// value and by pattern and ends the run quietly when the reader left. A new command that writes any other way
/// bypasses both, and this guard fails.
@Suite("Output goes through Console")
struct OutputThroughConsoleTests {
    static let bypasses = [
        "FileHandle.standardOutput", "FileHandle.standardError", "print(", "fputs(", "fwrite(", "STDOUT_FILENO)",
        "STDERR_FILENO)",
    ]
    /// The writer itself, and `--output`'s, which writes to the path the user named and scrubs through Console first.
    static let writers: Set = ["App/Support/Console.swift", "App/Support/OutputDestination.swift"]

    @Test func nothingInAppOrDemoWritesToStdoutOrStderrButConsole() throws {
        let found = try PackageRoot.swiftFiles(under: ["App", "Demo"]).filter { !Self.writers.contains($0) }
            .flatMap { path in try Self.bypasses(in: PackageRoot.read(path)).map { "\(path): \($0)" } }

        #expect(found == [])
    }

    @Test func aWriteAroundConsoleIsFound() {
        let source = """
            /// Says hello with print("hi").
            func greet() {
                let fingerprint = fingerprint(of: error)
                print("hello")
                FileHandle.standardError.write(Data())
                if isatty(STDERR_FILENO) != 0 {}
            }
            """

        #expect(Self.bypasses(in: source) == [#"print("hello")"#, "FileHandle.standardError.write(Data())"])
    }

    /// The lines of `source`, outside doc comments, that write around Console; asking whether a stream is a
    /// terminal (`isatty(STDERR_FILENO) != 0`) writes nothing.
    static func bypasses(in source: String) -> [String] {
        source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.hasPrefix("//") && !$0.contains("isatty(") }
            .filter { line in
                bypasses.contains { bypass in
                    // A call such as `print(` counts only as a name of its own, not the end of `fingerprint(`.
                    line.ranges(of: bypass).contains { range in
                        range.lowerBound == line.startIndex
                            || !(line[line.index(before: range.lowerBound)].isLetter
                                || line[line.index(before: range.lowerBound)].isNumber
                                || "_.".contains(line[line.index(before: range.lowerBound)]))
                            || bypass.hasPrefix("FileHandle") || bypass.hasPrefix("STD")
                    }
                }
            }
    }
}
