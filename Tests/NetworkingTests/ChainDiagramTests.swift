import Foundation
import Networking
import TestSupport
import Testing

/// ARCHITECTURE.md draws the chain; `HTTPChain.order` is the chain. The drawing names the same decorators in the
/// same order, or this fails.
@Suite("The chain's diagram")
struct ChainDiagramTests {
    @Test func theDiagramNamesTheDecoratorsInTheChainsOrder() throws {
        let document = try String(contentsOf: ArchitectureDocument.url, encoding: .utf8)
        let section = try #require(document.components(separatedBy: "## The HTTP client chain").dropFirst().first)
        let diagram = try #require(section.components(separatedBy: "```").dropFirst().first)
        let drawn = diagram.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\s*(?:└\s*)?([A-Za-z]+HTTPClient)\b/).map { String($0.1) }
        }

        #expect(drawn == HTTPChain.order.map(\.rawValue))
    }
}
