import FaultInjection

/// Draws the proxy's faults and keeps those it injected.
///
/// Each route (method and path) draws from a sequence of its own: the n-th request to a route gets the fault drawn
/// from the seed, the route and n, so the same seed and the same requests give the same faults, whatever other
/// routes are called in between.
actor FaultLog {
    private let seed: UInt64
    private let rate: Double
    private var drawn: [String: UInt64] = [:]
    /// Every fault injected, in order.
    private(set) var records: [InjectedFaultRecord] = []

    init(seed: UInt64, rate: Double) {
        self.seed = seed
        self.rate = min(max(rate, 0), 1)
    }

    /// The fault for the next request to `method` `path`, drawn from `kinds`, if it gets one.
    func draw(method: String, path: String, kinds: [FaultKind]) -> FaultKind? {
        guard !kinds.isEmpty else { return nil }
        let route = "\(method) \(path)"
        let index = drawn[route, default: 0]
        drawn[route] = index + 1
        var state = SeededDraw.state(seed: seed, stream: SeededDraw.stream(named: route), index: index)
        return SeededDraw.choose(from: kinds, rate: rate, state: &state)
    }

    /// Keeps a fault that was injected, numbered, and returns its record.
    func record(method: String, path: String, fault: FaultKind, traceID: String?, effect: String)
        -> InjectedFaultRecord
    {
        let record = InjectedFaultRecord(
            number: records.count + 1, method: method, path: path, fault: fault, traceID: traceID, effect: effect)
        records.append(record)
        return record
    }
}
