import Foundation
import HTTPTypes
import Hummingbird
import Logging
import LoopbackHosting
import NIOCore

/// What the running backend has seen: calls per path and the client reports.
actor ServerRecord {
    private var calls: [String: Int] = [:]
    private(set) var reports: [ReceivedReport] = []

    func calls(_ path: String) -> Int { calls[path] ?? 0 }
    var total: Int { calls.values.reduce(0, +) }
    func count(_ path: String) { calls[path, default: 0] += 1 }
    func append(_ report: ReceivedReport) { reports.append(report) }
}

/// Lets callers through together once `count` have arrived, or each after `within` at the latest.
actor Gathering {
    private let count: Int
    private let within: Duration
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false

    init(count: Int, within: Duration) {
        self.count = count
        self.within = within
    }

    func arrive(stopSignal: StopSignal) async {
        guard !released else { return }
        if waiting.count + 1 >= count {
            release()
            return
        }
        let within = within
        let timer = Task {
            await stopSignal.sleep(for: within)
            self.release()
        }
        await withCheckedContinuation { waiting.append($0) }
        timer.cancel()
    }

    private func release() {
        released = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}
