import SharedError

/// The retries one backend's calls may still spend, shared by every request the app sends to it (a token bucket).
///
/// - A retry, and a replay after 401 `token_expired`, costs ``Settings/price``; a retry after a lost connection or a
///   408 costs ``Settings/priceAfterTimeout``, since such an attempt held the backend longest.
/// - A call answered on its first attempt puts ``Settings/refill`` back; a call answered by a retry gets that
///   retry's price back. The budget never holds more than ``Settings/capacity``.
/// - When a retry's price is more than is left, the retry is not made: the call ends with its own error, and every
///   call still makes its first attempt, so the answers that come back refill the budget.
///
/// Nothing here waits or throws; any number of tasks may spend and refill at once.
public final class RetryBudget: Sendable {
    /// The budget's size and prices.
    public struct Settings: Hashable, Sendable {
        /// What a full budget holds, and what a new one starts with.
        public var capacity: Int
        /// The price of a retry after a 5xx or a 429, and of a replay after 401 `token_expired`.
        public var price: Int
        /// The price of a retry after a lost connection or a 408.
        public var priceAfterTimeout: Int
        /// What a call answered on its first attempt puts back.
        public var refill: Int

        /// 500 to start with, 5 per retry, 10 per retry after a timeout, 1 back per answered call.
        public init(capacity: Int = 500, price: Int = 5, priceAfterTimeout: Int = 10, refill: Int = 1) {
            self.capacity = capacity
            self.price = price
            self.priceAfterTimeout = priceAfterTimeout
            self.refill = refill
        }

        /// What a retry after `kind` costs.
        public func price(after kind: HTTPClientError.Kind) -> Int {
            switch kind {
            case .connectionLost, .requestTimeout: priceAfterTimeout
            default: price
            }
        }
    }

    /// What the budget was built with.
    public let settings: Settings
    private let left: LockedState<Int>

    /// A full budget.
    public init(_ settings: Settings = Settings()) {
        self.settings = settings
        left = LockedState(settings.capacity)
    }

    /// What is left to spend.
    public var available: Int { left.withLock { $0 } }

    /// Takes `price` out and returns `true`, or takes nothing and returns `false` when less than `price` is left.
    public func spend(_ price: Int) -> Bool {
        left.withLock { left in
            guard left >= price else { return false }
            left -= price
            return true
        }
    }

    /// Takes `price` out, or whatever is left when that is less: for a replay, which is made either way.
    public func spendWhatIsLeft(upTo price: Int) {
        left.withLock { left in left -= min(left, price) }
    }

    /// Puts `amount` back, up to the capacity.
    public func refill(_ amount: Int) {
        left.withLock { left in left = min(settings.capacity, left + amount) }
    }
}
