/// Faults the demo backend injects into authenticated calls, for the load run.
public struct FaultPlan: Hashable, Sendable {
    /// The share of calls that get a fault, from 0 to 1.
    public var rate: Double
    /// Seeds the draw, so that a run can be repeated.
    public var seed: UInt64

    public init(rate: Double, seed: UInt64) {
        self.rate = min(max(rate, 0), 1)
        self.seed = seed
    }
}

/// One kind of injected fault, drawn with equal odds.
public enum InjectedFault: String, Hashable, Sendable, CaseIterable {
    /// 500 with a JSON error body.
    case serverError = "500 internal"
    /// 503 with `Retry-After: 0`.
    case unavailable = "503 Retry-After 0"
    /// 429 with `Retry-After: 0`.
    case rateLimited = "429 Retry-After 0"
    /// The answer comes 150 ms late.
    case slow = "slow (150 ms)"
    /// 401 `token_expired` for this call (a server whose clock runs ahead): the client refreshes and replays.
    case expiredToken = "401 token_expired"
}

/// Draws faults from a seeded sequence and counts them.
actor FaultInjector {
    private let plan: FaultPlan
    private var random: UInt64
    private(set) var counts: [InjectedFault: Int] = [:]

    init(plan: FaultPlan) {
        self.plan = plan
        random = plan.seed
    }

    /// The fault for the next call, if it gets one.
    func draw() -> InjectedFault? {
        guard unit() < plan.rate else { return nil }
        let fault = InjectedFault.allCases[Int(unit() * Double(InjectedFault.allCases.count))]
        counts[fault, default: 0] += 1
        return fault
    }

    /// SplitMix64, as a value in `0..<1`.
    private func unit() -> Double {
        random &+= 0x9E37_79B9_7F4A_7C15
        var mixed = random
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(UInt64(1) << 53)
    }
}
