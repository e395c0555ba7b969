import Dispatch
import Foundation

/// SIGINT and SIGTERM as an async sequence: from `init()` until ``stop()`` the signals no longer end the process
/// but are handed to whoever waits on ``signals``, so a command can stop cleanly and say what it did.
package final class InterruptSignals {
    package let signals: AsyncStream<Int32>
    private let sources: [any DispatchSourceSignal]

    package init() {
        let (signals, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.signals = signals
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
    }

    /// Hands the signals back to their default action (ending the process).
    package func stop() {
        sources.forEach { $0.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }

    /// The first signal of `signals`; `nil` when the waiting task is cancelled.
    package static func first(of signals: AsyncStream<Int32>) async -> Int32? {
        var iterator = signals.makeAsyncIterator()
        return await iterator.next()
    }

    /// The shell's exit code for a process that stopped at `signal`: 128 + its number (130 for SIGINT).
    package static func exitCode(for signal: Int32) -> Int32 { 128 + signal }
}
