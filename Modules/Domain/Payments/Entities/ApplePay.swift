/// Apple Pay as a payment method on this device.
public struct ApplePay: Hashable, Sendable, Codable {
    public var status: ApplePayStatus

    public init(status: ApplePayStatus) {
        self.status = status
    }
}

public enum ApplePayStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// A card for a supported network is set up: ready to pay.
    case available
    /// The device can pay, but no card for a supported network is set up yet.
    case needsSetup
}
