import Foundation

/// Faults the demo backend injects into authenticated calls, for the load run.
public struct FaultPlan: Hashable, Sendable {
    /// The share of calls that get a fault, from 0 to 1.
    public var rate: Double
    /// Seeds the draw, so that a run can be repeated.
    public var seed: UInt64
    /// The kinds of fault drawn, with equal odds; never empty (every kind unless the run chose some).
    public var kinds: [InjectedFault]

    /// The request header that names the call a request belongs to (a number), so that its faults are drawn for
    /// that call whatever order the calls arrive in.
    public static let callHeader = "X-Load-Call"

    /// Faults of the `kinds` given for a share `rate` of the calls (clamped to 0…1), drawn the same way for the
    /// same `seed`.
    public init(rate: Double, seed: UInt64, kinds: [InjectedFault] = InjectedFault.allCases) {
        self.rate = min(max(rate, 0), 1)
        self.seed = seed
        self.kinds = kinds.isEmpty ? InjectedFault.allCases : kinds
    }

    /// The kinds a comma-separated list names (``InjectedFault/name``, or `5xx` for both server errors), in the
    /// order of ``InjectedFault/allCases`` and each once, with the names that name none.
    public static func kinds(named list: String) -> (kinds: [InjectedFault], unknown: [String]) {
        var named: Set<InjectedFault> = []
        var unknown: [String] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name == "5xx" {
                named.formUnion([.serverError, .unavailable])
            } else if let kind = InjectedFault.allCases.first(where: { $0.name == name }) {
                named.insert(kind)
            } else {
                unknown.append(name)
            }
        }
        return (InjectedFault.allCases.filter(named.contains), unknown)
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

    /// What `errorflow load --faults` calls it: `500`, `503`, `429`, `slow`, `token_expired`.
    public var name: String {
        switch self {
        case .serverError: "500"
        case .unavailable: "503"
        case .rateLimited: "429"
        case .slow: "slow"
        case .expiredToken: "token_expired"
        }
    }
}

/// Draws faults and counts them.
///
/// A request that names its call (the `X-Load-Call` header: the load run numbers its calls) gets the fault drawn
/// from the seed, the call and how many requests of that call came before (a retry, a replay after a refresh), so
/// the schedule is the same in every run with the same seed whatever order the calls arrive in. Other requests
/// draw from one seeded sequence in arrival order.
actor FaultInjector {
    private let plan: FaultPlan
    private var sequence: UInt64
    private var attempts: [UInt64: UInt64] = [:]
    private(set) var counts: [InjectedFault: Int] = [:]

    init(plan: FaultPlan) {
        self.plan = plan
        sequence = plan.seed
    }

    /// The fault for this request, if it gets one.
    func draw(call: String?) -> InjectedFault? {
        var state: UInt64
        if let call, let number = UInt64(call) {
            let attempt = attempts[number, default: 0]
            attempts[number] = attempt + 1
            state = plan.seed ^ Self.mix(number &* 0x9E37_79B9_7F4A_7C15 &+ attempt)
        } else {
            sequence &+= 0x9E37_79B9_7F4A_7C15
            state = sequence
        }
        guard Self.unit(&state) < plan.rate else { return nil }
        let fault = plan.kinds[Int(Self.unit(&state) * Double(plan.kinds.count))]
        counts[fault, default: 0] += 1
        return fault
    }

    /// The next value of the SplitMix64 sequence at `state`, in `0..<1`.
    private static func unit(_ state: inout UInt64) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Double(mix(state) >> 11) / Double(UInt64(1) << 53)
    }

    /// SplitMix64's finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
