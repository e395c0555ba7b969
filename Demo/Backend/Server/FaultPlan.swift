public import FaultInjection
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
        let named = FaultKind.kinds(named: list, among: FaultKind.backendKinds)
        return (InjectedFault.allCases.filter { named.kinds.contains($0.kind) }, named.unknown)
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

    /// The shared vocabulary's kind (FaultInjection), whose name `errorflow load --faults` and `errorflow proxy`
    /// use.
    public var kind: FaultKind {
        switch self {
        case .serverError: .serverError
        case .unavailable: .unavailable
        case .rateLimited: .rateLimited
        case .slow: .slow
        case .expiredToken: .expiredToken
        }
    }

    /// What `errorflow load --faults` calls it: `500`, `503`, `429`, `slow`, `token_expired`.
    public var name: String { kind.rawValue }
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
            state = SeededDraw.state(seed: plan.seed, stream: number, index: attempt)
        } else {
            sequence &+= SeededDraw.golden
            state = sequence
        }
        guard let fault = SeededDraw.choose(from: plan.kinds, rate: plan.rate, state: &state) else { return nil }
        counts[fault, default: 0] += 1
        return fault
    }
}
