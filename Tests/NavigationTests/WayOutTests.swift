import Navigation
import SharedError
import TestSupport
import Testing

/// Every error any screen presents offers the user at least one way out, whichever screen, error case and
/// environment: walked over every sampled case of every screen's error (``PresentedErrors``), so a new case, a
/// screen's new words or a change to Navigation's alerts cannot leave the user with nothing to do.
@MainActor
@Suite("Every presented error offers a way out", .timeLimit(.minutes(3 * TestSlowdown.factor)))
struct WayOutTests {
    @Test func everyPresentedErrorOfEveryScreenOffersAtLeastOneAction() async {
        let presented = await PresentedErrors.all()

        let withoutAWayOut = presented.filter { $0.presented.actions.isEmpty }

        #expect(withoutAWayOut.map(\.description) == [])
    }

    /// The walk reaches every screen in both environments and both kinds of error a screen presents, its own and
    /// Navigation's; a walk that found nothing would pass the property above.
    @Test func theWalkReachesEveryScreenItsOwnWordsAndNavigationsAlerts() async {
        let presented = await PresentedErrors.all()

        #expect(
            Set(presented.map(\.screen)) == [
                "signin", "profile", "payments", "wallet", "transfer send", "transfer status",
            ])
        #expect(Set(presented.map(\.environment)) == Set(AppEnvironment.allCases))
        #expect(presented.contains { $0.presented.key == "error.default.title" })
        #expect(presented.contains { $0.presented.key == "transfer.fieldsToFix.title" })
        #expect(presented.contains { $0.presented.key == "wallet.inReview.pending.title" })
    }

    @Test(arguments: [
        ("transfer send", "TransferError.insufficientFunds", ["sendLess", "openWallet"]),
        ("transfer status", "TransferError.notFound", ["checkTransferID"]),
        ("transfer send", "TransferError.invalid(amount)", ["fixFields"]),
        ("wallet", "WalletPageError.inReview(pending)", ["checkLater"]),
        ("wallet", "WalletPageError.inReview(beingProcessed)", ["checkLater"]),
        ("transfer send", "TransferError.withheld(recordUnusable)", ["contactSupport"]),
        ("transfer send", "TransferError.withheld(recordFull)", ["checkPendingTransfers"]),
        ("transfer send", "TransferError.withheld(earlierSendUnresolved)", ["openWallet"]),
        ("transfer send", "TransferError.withheld(alreadyMade)", ["sendAgain"]),
    ])
    func theErrorsThatOfferedNoneOfferTheirOwn(_ screen: String, _ error: String, _ kinds: [String]) async {
        let presented = await PresentedErrors.all().filter { $0.screen == screen && $0.error == error }

        #expect(!presented.isEmpty, "\(screen) presents \(error)")
        for found in presented {
            #expect(found.presented.actions.map(\.action.kind) == kinds, "\(found)")
        }
    }
}
