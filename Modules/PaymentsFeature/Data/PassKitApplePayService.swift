public import Domain
public import Logging
import PassKitStandIn
import SharedError

/// Apple Pay behind a facade over PassKit (here its stand-in): cannot make payments → `serviceNotAvailable`; can
/// pay but no card for a supported network → `needsSetup`; otherwise `available`.
public struct PassKitApplePayService: ApplePayService {
    private let supportedNetworks: [PKPaymentNetwork] = [.visa, .masterCard, .amex]
    private let device: PKSimulatedDevice.Configuration
    private let journey: JourneyRecorder

    /// - Parameter device: what the simulated device can do. On an Apple platform, drop it and import PassKit.
    public init(device: SimulatedApplePayDevice, logger: Logger) {
        self.device = device.configuration
        self.journey = JourneyRecorder(.vendor, logger: logger)
    }

    /// `available` when a card for Visa, Mastercard or Amex is set up, `needsSetup` when none is. Throws
    /// `.serviceNotAvailable` when the device cannot make payments at all.
    public func fetchApplePay() throws(ApplePayError) -> ApplePay {
        let (canPay, hasCard) = PKSimulatedDevice.$current.withValue(device) {
            (
                PKPaymentAuthorizationController.canMakePayments(),
                PKPaymentAuthorizationController.canMakePayments(usingNetworks: supportedNetworks)
            )
        }
        guard canPay else {
            journey.record(
                .mapped, from: "PassKit canMakePayments() false", to: ApplePayError.serviceNotAvailable.journeyName,
                category: ApplePayError.serviceNotAvailable.category)
            throw .serviceNotAvailable
        }
        return ApplePay(status: hasCard ? .available : .needsSetup)
    }
}

/// The device the PassKit stand-in simulates, chosen by the scenario.
public enum SimulatedApplePayDevice: String, Hashable, Sendable, CaseIterable {
    /// Can pay, with a Visa card set up.
    case ready
    /// Can pay, but no card for a supported network is set up.
    case noCardSetUp
    /// Cannot make payments at all.
    case cannotMakePayments

    var configuration: PKSimulatedDevice.Configuration {
        switch self {
        case .ready: .init(canMakePayments: true, networksWithCards: [.visa])
        case .noCardSetUp: .init(canMakePayments: true, networksWithCards: [])
        case .cannotMakePayments: .init(canMakePayments: false, networksWithCards: [])
        }
    }
}
