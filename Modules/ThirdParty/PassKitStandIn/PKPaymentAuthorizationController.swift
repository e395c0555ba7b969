/// A stand-in for PassKit's `PKPaymentAuthorizationController`, with the same two class methods.
///
/// What the "device" can do is simulated through ``PKSimulatedDevice``; on an Apple platform the facade imports
/// PassKit instead and nothing else changes. Only PaymentsFeature's `Data/` imports this module.
public enum PKPaymentAuthorizationController {
    /// Whether this device can make payments at all.
    public static func canMakePayments() -> Bool {
        PKSimulatedDevice.current.canMakePayments
    }

    /// Whether the user has a card set up for at least one of `networks`.
    public static func canMakePayments(usingNetworks networks: [PKPaymentNetwork]) -> Bool {
        let device = PKSimulatedDevice.current
        return device.canMakePayments && !device.networksWithCards.isDisjoint(with: networks)
    }
}

/// A card network, as PassKit names them.
public struct PKPaymentNetwork: RawRepresentable, Hashable, Sendable {
    /// PassKit's name for the network (`Visa`, `MasterCard`).
    public let rawValue: String

    /// Makes a network from PassKit's name, as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Visa.
    public static let visa = PKPaymentNetwork(rawValue: "Visa")
    /// Mastercard.
    public static let masterCard = PKPaymentNetwork(rawValue: "MasterCard")
    /// American Express.
    public static let amex = PKPaymentNetwork(rawValue: "AmEx")
    /// Discover.
    public static let discover = PKPaymentNetwork(rawValue: "Discover")
}

/// The simulated device the stand-in answers for, carried as a task-local value so that concurrent flows (and
/// parallel tests) can each simulate their own device.
public enum PKSimulatedDevice {
    /// What a simulated device can do.
    public struct Configuration: Hashable, Sendable {
        /// Whether the device can make payments at all.
        public var canMakePayments: Bool
        /// The networks the user has a card set up for.
        public var networksWithCards: Set<PKPaymentNetwork>

        /// Makes a device; cards set up count only when it can make payments.
        public init(canMakePayments: Bool, networksWithCards: Set<PKPaymentNetwork>) {
            self.canMakePayments = canMakePayments
            self.networksWithCards = networksWithCards
        }
    }

    /// The device of the running task: by default one that can pay, with a Visa card set up.
    @TaskLocal public static var current = Configuration(canMakePayments: true, networksWithCards: [.visa])
}
