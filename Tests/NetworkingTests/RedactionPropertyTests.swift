import Foundation
import Networking
import Redaction
import SharedError
import TestSupport
import Testing

/// Quality bar 15 at the excerpt's cut: a secret placed at every offset up to and past the 256-byte cut, in bodies of
/// random size (some longer than the redaction window), never survives in part. The filler has no letter or
/// digit and the secrets are capitals and digits, so any run of four of a secret's characters in an excerpt
/// is a leak. `ERRORFLOW_LEAK_SEEDS` tries more seeds.
@Suite("Redaction before the cut", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct RedactionPropertyTests {
    enum Shape: CaseIterable, CustomTestStringConvertible {
        /// `"accessToken":"SECRET"`, found by pattern.
        case jsonField
        /// `Bearer SECRET`, found by pattern.
        case bearer
        /// `SECRET@EXAMPLE.ORG`, found by pattern.
        case email
        /// A bare value the app holds, found only by value.
        case knownValue

        var testDescription: String { "\(self)" }

        func text(_ secret: String) -> String {
            switch self {
            case .jsonField: #""accessToken":"\#(secret)""#
            case .bearer: "Bearer \(secret)"
            case .email: "\(secret)@EXAMPLE.ORG"
            case .knownValue: secret
            }
        }
    }

    static let limit = 256

    static var seeds: [UInt64] {
        (0..<UInt64(TestBudget.count("ERRORFLOW_LEAK_SEEDS", short: 3))).map { 7_000 + $0 }
    }

    @Test(arguments: Shape.allCases, seeds)
    func noPartOfASecretSurvivesTheCut(_ shape: Shape, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for offset in 0...(Self.limit + 4) {
            let secret = Self.secret(&random)
            let known = SecretValues()
            known.register(secret, as: .token)
            let body =
                Self.filler(offset, &random) + shape.text(secret) + Self.filler(Self.tailLength(&random), &random)

            let excerpt = Redaction.excerpt(of: Data(body.utf8), limit: Self.limit, known: known) ?? ""

            let leaked = Self.fourGrams(of: secret).filter(excerpt.contains)
            #expect(leaked.isEmpty, "offset \(offset), \(body.utf8.count) bytes: \(leaked) left in \(excerpt)")
            #expect(excerpt.utf8.count <= Self.limit + "…".utf8.count)
        }
    }

    @Test func aBodyLongerThanTheWindowIsStillCutAndMarked() {
        let body = String(repeating: " ", count: Redaction.redactionWindow + 10)

        let excerpt = Redaction.excerpt(of: Data(body.utf8), limit: Self.limit)

        #expect(excerpt?.hasSuffix("…") == true)
        #expect(excerpt?.utf8.count == Self.limit + "…".utf8.count)
    }

    /// Twelve to forty capitals and digits.
    static func secret(_ random: inout SplitMix64) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<(12 + random.next(below: 29))).map { _ in alphabet[random.next(below: alphabet.count)] })
    }

    /// Mostly short tails, sometimes past the redaction window.
    static func tailLength(_ random: inout SplitMix64) -> Int {
        random.next(below: 20) == 0 ? random.next(below: 70_000) : random.next(below: 600)
    }

    static func filler(_ count: Int, _ random: inout SplitMix64) -> String {
        let alphabet = Array(" |#{}[],:".utf8)
        return String(decoding: (0..<count).map { _ in alphabet[random.next(below: alphabet.count)] }, as: UTF8.self)
    }

    static func fourGrams(of secret: String) -> [String] {
        let characters = Array(secret)
        return (0...(characters.count - 4)).map { String(characters[$0..<($0 + 4)]) }
    }
}
