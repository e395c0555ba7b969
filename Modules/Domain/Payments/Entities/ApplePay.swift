/// Apple Pay as a payment method on this device.
public struct ApplePay: Hashable, Sendable, Codable {
    /// Whether Apple Pay is ready to pay with or needs a card set up first.
    public var status: ApplePayStatus

    /// Makes Apple Pay as a payment method in `status`.
    public init(status: ApplePayStatus) {
        self.status = status
    }
}

/// Whether Apple Pay can pay now on this device.
public enum ApplePayStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// A card for a supported network is set up: ready to pay.
    case available
    /// The device can pay, but no card for a supported network is set up yet.
    case needsSetup
}
