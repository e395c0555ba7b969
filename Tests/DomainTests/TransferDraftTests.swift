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

    @Test(arguments: ["-3", "-0.50", "0", "0.00"])
    func anAmountOfZeroOrBelowIsRefusedAsNotAboveZero(_ amount: String) {
        let refused = TransferDraft.validated(toAccount: "DE89", amount: amount, currency: "EUR", note: nil)

        #expect(refused == .failure(.invalid([FieldProblem(field: .amount, code: .notPositive)])))
    }

    @Test(arguments: ["-", "-x", "--3", "3-"])
    func anAmountThatIsNoNumberIsRefusedAsInvalid(_ amount: String) {
        let refused = TransferDraft.validated(toAccount: "DE89", amount: amount, currency: "EUR", note: nil)

        #expect(refused == .failure(.invalid([FieldProblem(field: .amount, code: .invalid)])))
    }

    @Test func aNoteOfBlanksIsNoNote() {
        #expect((try? makeSUT(note: "   ").get())?.note == nil)
    }

    private func makeSUT(note: String?) -> Result<TransferDraft, TransferError> {
        TransferDraft.validated(toAccount: "DE89", amount: "12.50", currency: "EUR", note: note)
    }
}
