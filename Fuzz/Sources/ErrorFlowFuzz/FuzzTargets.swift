import Decoding
import Foundation
import PaymentsFeature
import Redaction
import SharedError
import TransfersFeature

@testable import AuthFeature
@testable import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// The parsers that read what a backend sends, each fuzzed on its own: `ERRORFLOW_FUZZ_TARGET` names one, and its
/// seed corpus is `Fuzz/Corpus/<name>`. Besides "no crash", each target checks what must hold for any input; a
/// broken property stops the run with the input saved, like a crash.
enum FuzzTarget: String, CaseIterable {
    case cards, wallet, profile, transfer, token
    case errorBody = "error-body"
    case retryAfter = "retry-after"
    case redaction

    /// The target this process fuzzes, from `ERRORFLOW_FUZZ_TARGET`.
    static let selected = ProcessInfo.processInfo.environment["ERRORFLOW_FUZZ_TARGET"].flatMap(Self.init)

    func run(_ data: Data) {
        switch self {
        case .cards: Self.deterministic { () throws(DecodingFailure) in try PaymentCardsDecoder.decode(data) }
        case .wallet: Self.deterministic { () throws(DecodingFailure) in try WalletDecoder.decode(data) }
        case .profile: Self.deterministic { () throws(DecodingFailure) in try ProfileDecoder.decode(data) }
        case .transfer: Self.deterministic { () throws(DecodingFailure) in try TransferDecoder.decode(data) }
        case .token: Self.token(data)
        case .errorBody: Self.errorBody(data)
        case .retryAfter: Self.retryAfter(data)
        case .redaction: Self.redaction(data)
        }
    }

    /// The same bytes decode to the same value, report and failure every time.
    private static func deterministic<Value>(_ decode: () throws(DecodingFailure) -> Decoded<Value>) {
        let first = describe(decode)
        let second = describe(decode)
        require(first == second, "the same bytes decoded twice differently:\n\(first)\n\(second)")
    }

    private static func describe<Value>(_ decode: () throws(DecodingFailure) -> Decoded<Value>) -> String {
        do throws(DecodingFailure) {
            let decoded = try decode()
            return "\(decoded.value) \(decoded.report)"
        } catch {
            return "failure \(error)"
        }
    }

    /// The sign-in and refresh answer carries the secrets: its report and its failure must not depend on what the
    /// tokens say (only on whether they are there), so they cannot carry a token. Checked by decoding the body and
    /// the same body with each token's characters replaced.
    private static func token(_ data: Data) {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            _ = tokenOutcome(data)
            return
        }
        let original = try? JSONSerialization.data(withJSONObject: object)
        for key in ["accessToken", "refreshToken"] {
            guard let value = object[key] as? String else { continue }
            let filler: Character = value.contains("#") ? "Q" : "#"
            object[key] = String(repeating: filler, count: value.count)
        }
        guard let original, let replaced = try? JSONSerialization.data(withJSONObject: object) else { return }
        let outcome = tokenOutcome(original)
        require(outcome == tokenOutcome(replaced), "what the token answer reports depends on its tokens: \(outcome)")
    }

    /// The report or the failure of a token answer, without the decoded tokens themselves.
    private static func tokenOutcome(_ data: Data) -> String {
        do throws(DecodingFailure) {
            return "report \(try LenientJSONDecoder().decode(TokenResponse.self, from: data).report)"
        } catch {
            return "failure \(error)"
        }
    }

    /// Only identifiers survive from a server's error body: at most 64 identifier characters, at most 16 fields.
    private static func errorBody(_ data: Data) {
        guard let body = ServerErrorBody.parse(data) else { return }
        let codes = [body.code].compactMap { $0 } + body.fields.flatMap { [$0.field, $0.code] }
        require(body.fields.count <= 16, "more than 16 field errors kept")
        for code in codes {
            require(ErrorCode.sanitized(code) == code, "a kept code is not an identifier: \(code)")
        }
    }

    /// Any header value either parses to a non-negative delay from any moment, or is refused.
    private static func retryAfter(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8), let parsed = RetryAfter(headerValue: text) else { return }
        for now in [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_800_000_000)] {
            require(parsed.delay(from: now) >= .zero, "a negative delay for \(text)")
        }
        if case .seconds = parsed {
            require(
                RetryAfter(headerValue: String(parsed.description.dropLast(2))) == parsed, "seconds do not round-trip")
        }
    }

    /// A secret the app holds, planted anywhere in any text, never comes out of redaction, whole or in an excerpt
    /// of any length: compared as bytes, so no Unicode subtlety can hide it. The first two bytes say where the
    /// secret goes, the third how long the excerpt is; the rest is the text.
    private static func redaction(_ data: Data) {
        let head = Array(data.prefix(3))
        guard head.count == 3, let text = String(data: data.dropFirst(3), encoding: .utf8) else { return }
        let secret = "fz-Secret_7x"
        let known = SecretValues()
        known.register(secret, as: .token)
        let characters = Array(text)
        let offset = (Int(head[0]) << 8 | Int(head[1])) % (characters.count + 1)
        let planted = String(characters[..<offset]) + secret + String(characters[offset...])
        let limit = Int(head[2]) * 2
        let outputs = [
            Redaction.text(planted, known: known),
            Redaction.excerpt(of: Data(planted.utf8), limit: limit, known: known) ?? "",
            Redaction.header(name: "X-Note", value: planted, known: known),
        ]
        for output in outputs {
            require(
                Data(output.utf8).range(of: Data(secret.utf8)) == nil,
                "the planted secret survived redaction: \(output)")
        }
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data("errorflow-fuzz: \(message())\n".utf8))
        abort()
    }
}
