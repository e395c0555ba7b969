import Foundation
import TransfersFeature

/// Bodies of the transfers contract.
enum TransferBodies {
    static func transfer(_ id: String = "t-1", status: String = "completed") -> String {
        #"{"id":"\#(id)","status":"\#(status)","amount":"12.50","currency":"EUR","toAccount":"DE89","createdAt":"2026-11-23T10:00:00Z"}"#
    }

    static let validationFailed =
        #"{"error":"validation_failed","message":"no","fields":[{"field":"amount","code":"too_large","message":"x"},{"field":"toAccount","code":"invalid","message":"y"},{"field":"note","code":"brand_new_code","message":"z"}]}"#
}

extension TransferFormViewModel {
    /// Types a valid form and sends it.
    func sendForm(toAccount: String = "DE89", amount: String = "12.50", note: String = "rent") async {
        edit(toAccount: toAccount, amount: amount, currency: "EUR", note: note)
        await send()
    }
}
