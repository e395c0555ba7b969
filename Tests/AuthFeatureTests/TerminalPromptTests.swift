import AuthenticationServicesStandIn
import Foundation
import SharedError
import Testing

/// The stand-in's sign-in sheet on a terminal: it asks on stderr (never stdout), asks again on an answer it does
/// not know, and takes the end of input as a cancel.
@Suite("The terminal sign-in prompt")
struct TerminalPromptTests {
    @Test(arguments: [
        (["a"], ASScriptedAnswer.approve), (["yes"], .approve), (["c"], .cancel), (["f"], .fail), (["u"], .unknown),
        (["maybe", "", "a"], .approve), ([], .cancel), (["what?"], .cancel),
    ])
    func understandsTheAnswerOrAsksAgain(_ lines: [String], _ expected: ASScriptedAnswer) async throws {
        let (sut, written) = makeSUT(lines: lines)

        let result = await sut.decide(on: ASAuthorizationAppleIDRequest())

        let answered: ASScriptedAnswer =
            switch result {
            case .success: .approve
            case .failure(.authorization(let error)): Self.answer(for: error)
            case .failure(.foreign(let error)): throw error
            }
        #expect(answered == expected)
        let questions = written().components(separatedBy: "Continue as Ada Lovelace?").count - 1
        #expect(
            questions
                == max(1, lines.count + (lines.last.map { ["a", "yes", "c", "f", "u"].contains($0) } == true ? 0 : 1)))
    }

    private func makeSUT(lines: [String]) -> (ASTerminalPromptUserAgent, () -> String) {
        let input = LockedState(lines)
        let output = LockedState("")
        let sut = ASTerminalPromptUserAgent(
            readLine: { input.withLock { $0.isEmpty ? nil : $0.removeFirst() } },
            write: { text in output.withLock { $0 += text } })
        return (sut, { output.withLock { $0 } })
    }

    private static func answer(for error: ASAuthorizationError) -> ASScriptedAnswer {
        switch error.code {
        case .canceled: .cancel
        case .failed: .fail
        default: .unknown
        }
    }
}
