import Domain
import Testing

/// The form's own checks, before anything is sent: here the note's length at its limit.
@Suite("TransferDraft")
struct TransferDraftTests {
    @Test func aNoteOfTheLimitIsSentAndOneCharacterMoreIsRefused() {
        let longest = String(repeating: "n", count: TransferDraft.noteLimit)

        let accepted = makeSUT(note: longest)
        let refused = makeSUT(note: longest + "n")

        #expect((try? accepted.get())?.note == longest)
        #expect(refused == .failure(.invalid([FieldProblem(field: .note, code: .tooLarge)])))
    }

    @Test func aNoteOfBlanksIsNoNote() {
        #expect((try? makeSUT(note: "   ").get())?.note == nil)
    }

    private func makeSUT(note: String?) -> Result<TransferDraft, TransferError> {
        TransferDraft.validated(toAccount: "DE89", amount: "12.50", currency: "EUR", note: note)
    }
}
