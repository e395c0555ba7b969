import NIOCore

/// A task executor that runs every job it is given on one SwiftNIO event loop, so a task that prefers it
/// (`withTaskExecutorPreference`, `addTask(executorPreference:)`) runs its nonisolated code on the thread that also
/// does that loop's socket I/O.
///
/// A job enqueued from the loop's own thread is queued without waking anything; one enqueued from another thread
/// wakes the loop, as any task handed to it does. Jobs run in the order they were enqueued, one at a time.
/// The loop must outlive every task that prefers this executor (the transport's loops live as long as the process).
@available(macOS 15.0, iOS 18.0, *)
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { [self] in
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
