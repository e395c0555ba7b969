import Foundation
import Testing

/// The error flow's conventions are declarations the compiler checks (`LayerError.errorCase`), never values read at
/// run time: no `Mirror` in the modules, the app or the demo, and no name made from a value's description, which
/// would carry its payload (a type's name is fine).
@Suite("Nothing in the modules, the app or the demo reads a value by reflection")
struct NoReflectionTests {
    @Test func noSourceFileReflects() throws {
        let files = PackageRoot.swiftFiles(under: ["Modules", "App", "Demo"])
        #expect(files.count > 10, "the scan found too few files to be meaningful")

        var violations: [String] = []
        for path in files {
            violations += Reflection.violations(path: path, source: try PackageRoot.read(path))
        }

        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}

@Suite("The reflection guard can fail")
struct ReflectionCheckerTests {
    @Test(arguments: [
        "let payload = Mirror(reflecting: self).children.first?.value",
        "extension Wallet: CustomReflectable {}",
        #"let name = String(describing: error)"#,
        #"let name = String(reflecting: self)"#,
        #"let name = "\(type).\(String(describing: value))""#,
    ])
    func aLineThatReflectsIsFound(_ line: String) {
        #expect(Reflection.violations(path: "Modules/X.swift", source: "let a = 1\n" + line).count == 1)
    }

    @Test(arguments: [
        "let type = String(describing: type(of: error))",
        "let type = String(describing: Swift.type(of: value))",
        "let type = String(reflecting: type(of: error as any Error))",
        "let type = String(describing: Self.self)",
        "// A Mirror in a comment is prose.",
        "/// `String(describing: value)` would carry the payload.",
        "let mirrorless = customMirrorCount + 1",
    ])
    func aLineThatOnlyNamesATypeOrSpeaksOfReflectionPasses(_ line: String) {
        #expect(Reflection.violations(path: "Modules/X.swift", source: line) == [])
    }

    @Test func aViolationNamesItsFileAndLine() {
        #expect(
            Reflection.violations(path: "App/Y.swift", source: "\n\nlet m = Mirror(reflecting: 1)") == [
                "App/Y.swift:3: reads a value by reflection (Mirror)"
            ])
    }
}

/// Finds the lines of a source file that read a value by reflection.
enum Reflection {
    /// Every line of `source` (its comments left out) that uses `Mirror` or `CustomReflectable`, or describes a
    /// value rather than a type with `String(describing:)` or `String(reflecting:)`.
    static func violations(path: String, source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            let identifiers = Set(code.split { !$0.isLetter && !$0.isNumber && $0 != "_" })
            let reflecting = ["Mirror", "CustomReflectable"].filter { identifiers.contains(Substring($0)) }
            let describing = ["String(describing:", "String(reflecting:"].filter { describesAValue(code, with: $0) }
            guard let first = (reflecting + describing).first else { return nil }
            return "\(path):\(index + 1): reads a value by reflection (\(first))"
        }
    }

    /// Whether `code` calls `initializer` (`String(describing:`) with something other than a type.
    private static func describesAValue(_ code: Substring, with initializer: String) -> Bool {
        var rest = code[...]
        while let call = rest.range(of: initializer) {
            let argument = rest[call.upperBound...].drop { $0 == " " }
            let isType =
                argument.hasPrefix("type(of:") || argument.hasPrefix("Swift.type(of:")
                || argument.prefix { $0 != ")" && $0 != "," }.hasSuffix(".self")
            if !isType { return true }
            rest = rest[call.upperBound...]
        }
        return false
    }
}
