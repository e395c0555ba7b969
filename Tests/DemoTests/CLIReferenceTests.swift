import Foundation
import TestSupport
import Testing

/// docs/cli.md against the binary itself (`errorflow --experimental-dump-help`, ArgumentParser's description of every
/// command): every command and every option the binary takes is in the reference, every option the reference names
/// is one the binary takes, and the exit codes the help gives are the reference's.
@Suite("docs/cli.md against the binary", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct CLIReferenceTests {
    @Test func everyCommandIsInTheReferencesSynopsis() async throws {
        let (commands, reference) = try await Self.binaryAndReference()
        let synopsis =
            try #require(reference.components(separatedBy: "## Commands").dropFirst().first)
            .components(separatedBy: "```").dropFirst().first ?? ""

        let missing = commands.keys.filter { !synopsis.contains("errorflow \($0)") }.sorted()

        #expect(missing == [], "commands docs/cli.md's synopsis does not show")
    }

    @Test func everyOptionOfEveryCommandIsInTheReference() async throws {
        let (commands, reference) = try await Self.binaryAndReference()
        let documented = Self.options(in: reference)

        let missing = commands.flatMap { command, options in
            options.subtracting(documented).map { "\(command) --\($0)" }
        }.sorted()

        #expect(missing == [], "options the binary takes and docs/cli.md never names")
    }

    @Test func everyOptionTheReferenceNamesIsOneTheBinaryTakes() async throws {
        let (commands, reference) = try await Self.binaryAndReference()
        let taken = commands.values.reduce(into: Set<String>()) { $0.formUnion($1) }
            .union(["help", "version", "generate-completion-script"])

        #expect(
            Self.options(in: reference).subtracting(taken).sorted() == [],
            "options docs/cli.md names that no command takes")
    }

    @Test func theHelpsExitCodesAreTheReferences() async throws {
        let help = try await Binary.run(["--help"])
        let reference = try String(
            contentsOf: ArchitectureDocument.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let paragraph = try #require(words.components(separatedBy: "Exit codes: ").dropFirst().first)
        let inHelp = Set(paragraph.matches(of: #/(?:^|, )(\d+) /#).map { String($0.output.1) })
        let table = try #require(reference.components(separatedBy: "## Exit codes").dropFirst().first)
        let inReference = Set(
            table.matches(of: #/(?m)^\| (\d+)(?:, (\d+))? \|/#).flatMap { match in
                [String(match.output.1)] + (match.output.2.map { [String($0)] } ?? [])
            })

        #expect(!inHelp.isEmpty)
        #expect(inHelp.subtracting(inReference).sorted() == [], "codes the help gives and docs/cli.md's table lacks")
    }

    /// Each command's path (`session show`) with its long options, without `--help` and `--version`; and the text
    /// of docs/cli.md.
    static func binaryAndReference() async throws -> (commands: [String: Set<String>], reference: String) {
        let run = try await Binary.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let root = try #require(object["command"] as? [String: Any])
        var commands: [String: Set<String>] = [:]
        func walk(_ command: [String: Any], path: [String]) {
            let name = command["commandName"] as? String ?? ""
            let here = path + [name]
            if here.count > 1, name != "help", (command["subcommands"] as? [Any])?.isEmpty ?? true {
                let arguments = command["arguments"] as? [[String: Any]] ?? []
                let options = arguments.flatMap { argument in
                    (argument["names"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "long" }
                        .compactMap { $0["name"] as? String }
                }
                commands[here.dropFirst().joined(separator: " ")] = Set(options).subtracting(["help", "version"])
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { walk(sub, path: here) }
        }
        walk(root, path: [])
        let reference = try String(
            contentsOf: ArchitectureDocument.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        return (commands, reference)
    }

    /// Every `--name` the text names.
    static func options(in text: String) -> Set<String> {
        Set(text.matches(of: #/--([a-z][a-z-]*[a-z])/#).map { String($0.output.1) })
    }
}
