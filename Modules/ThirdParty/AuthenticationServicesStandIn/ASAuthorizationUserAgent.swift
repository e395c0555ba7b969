public import Foundation

/// Decides an authorization request in place of the system's sign-in sheet.
public protocol ASAuthorizationUserAgent: Sendable {
    /// Decides `request`: an authorization on approval, or the failure the sheet reports. Must finish even when nobody
    /// answers (treat it as a cancel).
    func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, ASSheetFailure>
}

/// How the sheet can fail: with the SDK's own error, or with an error of another domain that the SDK passes
/// through (as real SDKs sometimes do). The controller hands either to its delegate as Apple's does: untyped.
public enum ASSheetFailure: Error, Hashable, Sendable {
    /// A failure the SDK reports with its own code.
    case authorization(ASAuthorizationError)
    /// An error that is not an `ASAuthorizationError` at all.
    case foreign(CocoaError)

    /// The error as the delegate receives it.
    var reported: any Error {
        switch self {
        case .authorization(let error): error
        case .foreign(let error): error
        }
    }
}

/// The answers a person can give, and the failures the SDK can report.
public enum ASScriptedAnswer: String, Hashable, Sendable, CaseIterable {
    /// Approve, and hand out a credential for Ada Lovelace.
    case approve
    /// Cancel, as closing the sheet does.
    case cancel
    /// Fail with `ASAuthorizationError.failed`.
    case fail
    /// Fail with `ASAuthorizationError.unknown`.
    case unknown
    /// Fail with `ASAuthorizationError.invalidResponse`.
    case invalidResponse
    /// Fail with `ASAuthorizationError.notHandled`.
    case notHandled
    /// Fail with `ASAuthorizationError.notInteractive`.
    case notInteractive
    /// An error that is not an `ASAuthorizationError` at all, as SDKs sometimes pass through.
    case foreign
}

/// Answers every request the same way, for scripts and tests.
public struct ASScriptedUserAgent: ASAuthorizationUserAgent {
    /// The answer given to every request.
    public let answer: ASScriptedAnswer
    /// The identity token to hand out on approval.
    public let identityToken: String

    /// Makes an agent that always gives `answer`; on approval it hands out `identityToken`.
    public init(answer: ASScriptedAnswer, identityToken: String = "apple-identity:ada") {
        self.answer = answer
        self.identityToken = identityToken
    }

    /// The scripted answer, at once: an authorization for Ada Lovelace on approval, otherwise the matching failure.
    public func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, ASSheetFailure> {
        switch answer {
        case .approve:
            var name = PersonNameComponents()
            name.givenName = "Ada"
            name.familyName = "Lovelace"
            return .success(
                ASAuthorization(
                    credential: ASAuthorizationAppleIDCredential(
                        user: "001234.ada", identityToken: Data(identityToken.utf8), fullName: name,
                        email: "ada@example.com")))
        case .cancel: return .failure(.authorization(ASAuthorizationError(.canceled)))
        case .fail: return .failure(.authorization(ASAuthorizationError(.failed)))
        case .unknown: return .failure(.authorization(ASAuthorizationError(.unknown)))
        case .invalidResponse: return .failure(.authorization(ASAuthorizationError(.invalidResponse)))
        case .notHandled: return .failure(.authorization(ASAuthorizationError(.notHandled)))
        case .notInteractive: return .failure(.authorization(ASAuthorizationError(.notInteractive)))
        case .foreign: return .failure(.foreign(CocoaError(.featureUnsupported)))
        }
    }
}

/// Asks a person on a terminal, as the system sheet would.
///
/// The question goes to stderr, so stdout stays the screen's (`signin --format json > out.json` is JSON). An
/// answer it does not know is asked again; the end of input (Ctrl-D, a closed stdin) is a cancel, as closing the
/// sheet would be.
public struct ASTerminalPromptUserAgent: ASAuthorizationUserAgent {
    private let readLine: @Sendable () -> String?
    private let write: @Sendable (String) -> Void
    private let identityToken: String

    /// Makes a prompt that reads answers with `readLine` and writes questions with `write` (stderr by default).
    public init(
        identityToken: String = "apple-identity:ada",
        readLine: @escaping @Sendable () -> String? = { Swift.readLine() },
        write: @escaping @Sendable (String) -> Void = ASTerminalPromptUserAgent.writeToStandardError
    ) {
        self.readLine = readLine
        self.write = write
        self.identityToken = identityToken
    }

    /// Asks until a known answer is typed, then answers as ``ASScriptedUserAgent`` would; the end of input is a cancel.
    public func decide(on request: ASAuthorizationAppleIDRequest) async -> Result<ASAuthorization, ASSheetFailure> {
        write("Sign in with Apple (stand-in)\n")
        var answer: ASScriptedAnswer?
        while answer == nil {
            write("  Continue as Ada Lovelace? [a]pprove, [c]ancel, [f]ail, [u]nknown: ")
            guard let line = readLine() else {
                write("\n")
                answer = .cancel
                break
            }
            answer = Self.answer(for: line)
            if answer == nil { write("  Please answer a, c, f or u.\n") }
        }
        return await ASScriptedUserAgent(answer: answer ?? .cancel, identityToken: identityToken).decide(on: request)
    }

    /// Writes the prompt where a person sees it and a pipe of stdout does not.
    @Sendable public static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The answer a typed line means, or `nil` for one this prompt does not know.
    static func answer(for line: String) -> ASScriptedAnswer? {
        switch line.trimmingCharacters(in: .whitespaces).lowercased() {
        case "a", "approve", "y", "yes": .approve
        case "c", "cancel", "n", "no": .cancel
        case "f", "fail": .fail
        case "u", "unknown": .unknown
        default: nil
        }
    }
}
