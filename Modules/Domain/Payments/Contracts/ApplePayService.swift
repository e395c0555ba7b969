public import SharedError

/// Apple Pay on this device, behind a facade over the vendor SDK. Declared here, implemented in `Data/`.
public protocol ApplePayService: Sendable {
    /// Whether the device can pay with Apple Pay, and whether a card is set up.
    func fetchApplePay() throws(ApplePayError) -> ApplePay
}

/// What the Apple Pay facade may throw.
public enum ApplePayError: LayerError, Hashable, CaseIterable {
    /// This device cannot make payments at all.
    case serviceNotAvailable

    /// Raised by the vendor facade.
    public static let owningLayer = JourneyLayer.vendor
    /// For the use case to decide: it leaves Apple Pay out.
    public var errorCase: ErrorCase {
        switch self {
        case .serviceNotAvailable: .unhandleable("serviceNotAvailable")
        }
    }
}
