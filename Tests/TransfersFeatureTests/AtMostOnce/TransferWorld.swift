import AuthFeature
import Composition
import Domain
import Foundation
import Logging
import Navigation
import Networking
import PaymentsFeature
import SharedError
import TestSupport
import TransfersFeature

/// One generated sequence, played against the real modules: every action is a new process (a ``ComposedApp``, as
/// each CLI run is) sharing the session file, the report outbox and the pending-writes journal in one folder, over
/// a ``ModelBackend`` that records what it made. After every step it checks the promises:
///
/// - **At most once**: each intended transfer was made at most once. The user intends a transfer once per form and
///   user, and once more for each `--again`, each dismissal and each day that passes.
/// - **Nothing lost**: every transfer the backend made is in the journal (pending, or made with its receipt), unless
///   the user let it go or its key expired; a send that ended "not sent" made nothing, and one that ended "outcome
///   unknown" is pending.
/// - **Signed out stays signed out**: after a sign-out, the session file stays absent until the user signs in.
/// - **Bounded**: the journal and the outbox stay within their bytes and entries, and every call within its deadline.
@MainActor
final class TransferWorld {
    nonisolated static let baseURL = URL(string: "http://backend.test:8080")!
    nonisolated static let callTimeout = Duration.seconds(10)
    /// A small share of the journal, so that sequences fill it.
    nonisolated static let journalLimit = 3

    private let folder: URL
    private let clock = VirtualClock()
    private let backend: ModelBackend
    private var sessionFile: URL { folder.appendingPathComponent("config/session.json") }
    private var journalFile: URL { folder.appendingPathComponent("state/pending-writes.json") }
    private var outboxFile: URL { folder.appendingPathComponent("state/report-outbox.json") }

    private var user = 1
    private var signedOut = false
    private var allowance: [IntentKey: Int] = [:]
    private var letGo: Set<String> = []
    private var expiredBefore: Set<String> = []
    private var otherBackendFilled = false
    private var lockPatience = Duration.milliseconds(50)

    private struct IntentKey: Hashable {
        var user: Int
        var form: Int
    }

    init() {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("errorflow-property-\(UUID().uuidString)")
        backend = ModelBackend(clock: clock)
        backend.signOut.withLock { hook in
            hook = { [sessionFile] in
                _ = try? await FileSessionStore(path: sessionFile, logger: quietLogger).clear()
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Plays `sequence`; returns the first broken promise, with the step it broke at, or `nil`.
    func play(_ sequence: [SequenceStep]) async -> String? {
        for (index, step) in sequence.enumerated() {
            var broken = await perform(step)
            if broken == nil { broken = await check() }
            if let broken { return "step \(index + 1) (\(step)): \(broken)" }
        }
        return nil
    }

    // MARK: - Steps

    private func perform(_ step: SequenceStep) async -> String? {
        backend.script(transfers: step.transfers, refreshes: step.refreshes)
        let restore = await prepare(step.event)
        defer { restore() }
        let started = clock.now
        var broken: String?
        switch step.action {
        case .signIn(let user):
            let tokens = backend.signIn(user: user)
            try? await FileSessionStore(path: sessionFile, logger: quietLogger).save(
                StoredSession(
                    accessToken: tokens.access, refreshToken: tokens.refresh, expiresAt: nil, userID: "u-\(user)",
                    userName: "User \(user)", origin: BackendOrigin(Self.baseURL)))
            self.user = user
            signedOut = false
        case .signOut:
            _ = try? await FileSessionStore(path: sessionFile, logger: quietLogger).clear()
            signedOut = true
        case .dayPasses:
            // A new day lets each transfer be meant again, unless an earlier send of it may have been made and
            // nobody knows: that one waits for the user.
            var unresolved: Set<IntentKey> = []
            for user in 1...2 {
                for write in (try? await journal().writes(for: "u-\(user)")) ?? [] where !write.isMade {
                    if let form = Self.form(of: write) { unresolved.insert(IntentKey(user: user, form: form)) }
                }
            }
            for user in 1...2 {
                for form in SequenceStep.forms.indices where !unresolved.contains(IntentKey(user: user, form: form)) {
                    allowance[IntentKey(user: user, form: form), default: 1] += 1
                }
            }
            expiredBefore.formUnion(backend.made.map(\.key))
            backend.forgetKeys()
            clock.advance(by: .seconds(86_400))
        case .send(let form, let again):
            if again { allowance[IntentKey(user: user, form: form), default: 1] += 1 }
            broken = await send(form: form, again: again, checked: step.killAfterSuspensions == nil,
                killAfter: step.killAfterSuspensions)
        case .sendTwiceAtOnce(let form):
            async let first: String? = send(form: form, again: false, checked: false)
            async let second: String? = send(form: form, again: false, checked: false)
            let (one, other) = await (first, second)
            broken = one ?? other
        case .pending:
            for form in await pendingForms() {
                if let failed = await send(form: form, again: false, checked: false) { broken = broken ?? failed }
            }
        case .dismiss:
            await dismissOldest()
        }
        if backend.signOutRan.withLock({ ran in defer { ran = false }; return ran }) { signedOut = true }
        let took = clock.now - started
        if step.action != .dayPasses, took > Self.callTimeout * 4 { broken = broken ?? "the step took \(took) of virtual time" }
        return broken
    }

    /// Sends `form` from a new process; with `checked`, holds what the screen said to what the backend and the
    /// journal know.
    private func send(form: Int, again: Bool, checked: Bool, killAfter suspensions: Int? = nil) async -> String? {
        let madeBefore = backend.made.count
        let requestsBefore = backend.transferRequests
        let app = makeApp()
        let viewModel = app.transfer()
        let (account, amount) = SequenceStep.forms[form]
        viewModel.edit(toAccount: account, amount: amount, currency: "EUR", note: "")
        let task = Task { @MainActor in await viewModel.send(again: again) }
        backend.kill.withLock { $0 = { task.cancel() } }
        if let suspensions {
            for _ in 0..<suspensions { await Task.yield() }
            task.cancel()
        }
        await task.value
        backend.kill.withLock { $0 = nil }
        await app.settle()
        guard checked else { return nil }
        let state = viewModel.state
        switch state.error?.key {
        case "transfer.outcomeUnknown.title":
            guard await journalHolds(form: form, pending: true) else {
                return "the screen says the outcome is unknown, and the journal does not hold the transfer"
            }
        case "transfer.notSent.title", "transfer.withheld.title":
            guard backend.made.count == madeBefore else {
                return "the screen says nothing was sent, and the backend made a transfer"
            }
            if state.error?.key == "transfer.notSent.title", await journalHolds(form: form, pending: true) {
                return "the screen says nothing was sent, and an earlier send of it may have been made"
            }
            if state.error?.key == "transfer.withheld.title", backend.transferRequests != requestsBefore {
                return "the screen says the transfer was withheld, and it was sent"
            }
        default:
            break
        }
        if let receipt = state.receipt, !backend.made.contains(where: { $0.id == receipt.id }) {
            return "the screen shows a receipt (\(receipt.id)) of a transfer the backend never made"
        }
        return nil
    }

    private func makeApp() -> ComposedApp {
        var configuration = AppConfiguration(
            baseURL: Self.baseURL, sessionStore: FileSessionStore(path: sessionFile, logger: quietLogger),
            outboxFile: outboxFile, journalFile: journalFile, environment: .prod,
            applePay: PassKitApplePayService(device: .ready, logger: quietLogger),
            appleSignIn: AppleSignInFacade(userAgent: .scripted(.approve), logger: quietLogger), appVersion: "test",
            secrets: SecretValues(), logger: quietLogger, transport: backend)
        configuration.clock = clock
        configuration.random = FixedRandomSource(0.5)
        configuration.resilience = ResilienceRegistry()
        configuration.journalLockPatience = lockPatience
        configuration.journalLimit = Self.journalLimit
        configuration.chain.timeout = Self.callTimeout
        return ComposedApp(configuration)
    }

    private func journal() -> PendingWrites {
        ComposedApp.pendingWrites(
            file: journalFile, baseURL: Self.baseURL, limit: Self.journalLimit, lockPatience: lockPatience,
            now: { [clock] in clock.wallClockNow }, logger: quietLogger)
    }

    private func pendingForms() async -> [Int] {
        guard let writes = try? await journal().writes(for: "u-\(user)") else { return [] }
        let now = clock.wallClockNow
        return writes.filter { !$0.isMade && !$0.isExpired(at: now, lifetime: PendingWrites.defaultLifetime) }
            .compactMap(Self.form(of:))
    }

    private func dismissOldest() async {
        guard let oldest = try? await journal().writes(for: "u-\(user)").first(where: { !$0.isMade }),
            (try? await journal().dismiss(keyPrefix: String(oldest.key.prefix(8)), user: "u-\(user)")) != nil
        else { return }
        letGo.insert(oldest.key)
        if let form = Self.form(of: oldest) { allowance[IntentKey(user: user, form: form), default: 1] += 1 }
    }

    // MARK: - Events

    /// Does what `event` does before the step; returns what puts it back afterwards.
    private func prepare(_ event: SequenceStep.Event?) async -> () -> Void {
        lockPatience = .milliseconds(50)
        switch event {
        case nil:
            return {}
        case .journalLockHeld:
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            let held = HeldLock(on: journalFile)
            lockPatience = .zero
            return { held?.release() }
        case .journalReadableByOthers:
            guard FileManager.default.fileExists(atPath: journalFile.path) else { return {} }
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: journalFile.path)
            return { [journalFile] in
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            }
        case .journalCorrupt:
            let kept = try? Data(contentsOf: journalFile)
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data("{\"format\": \"errorflow-pending-wri".utf8).write(to: journalFile)
            try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            return { [journalFile] in
                if let kept { try? kept.write(to: journalFile) } else { try? FileManager.default.removeItem(at: journalFile) }
            }
        case .otherBackendFillsItsShare:
            guard !otherBackendFilled else { return {} }
            otherBackendFilled = true
            // Written as another backend's runs would have left it, in one go.
            let object = (try? Data(contentsOf: journalFile)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
            var writes = (object as? [String: Any])?["writes"] as? [[String: Any]] ?? []
            for index in 0..<PendingWrites.defaultLimit {
                writes.append([
                    "origin": "http://other.test:80", "basePath": "", "user": "u-9", "method": "POST",
                    "operation": "/v1/transfers", "body": #"{"amount":"\#(index)"}"#, "key": "other-\(index)",
                    "firstSent": "2026-11-26T10:00:00Z", "state": "pending", "sends": [String](), "mayBeMade": true,
                ])
            }
            try? FileManager.default.createDirectory(
                at: journalFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let data = try? JSONSerialization.data(
                withJSONObject: ["format": "errorflow-pending-writes/2", "writes": writes])
            {
                try? data.write(to: journalFile)
                try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: journalFile.path)
            }
            return {}
        }
    }

    // MARK: - The promises

    private func check() async -> String? {
        let made = backend.made
        // At most once.
        for user in 1...2 {
            for form in SequenceStep.forms.indices {
                let count = made.filter { $0.user == user && Self.form(ofBody: $0.body) == form }.count
                let allowed = allowance[IntentKey(user: user, form: form), default: 1]
                if count > allowed {
                    let keys = made.filter { $0.user == user && Self.form(ofBody: $0.body) == form }.map {
                        "\($0.id) under \($0.key.prefix(8))"
                    }
                    return "user \(user)'s transfer #\(form) was made \(count) times (\(keys.joined(separator: ", "))), and intended \(allowed)"
                }
            }
        }
        if let key = backend.forgottenKeyCameBack {
            return "a transfer was sent again under \(key.prefix(8)) after its key expired"
        }
        // Nothing lost.
        let journalled = JournalSnapshot(file: journalFile)
        guard let journalled else { return "the journal file cannot be read back" }
        for transfer in made where !letGo.contains(transfer.key) && !expiredBefore.contains(transfer.key) {
            if !journalled.keys.contains(transfer.key) {
                return "the backend made \(transfer.id) under \(transfer.key.prefix(8)), and the journal lost it"
            }
        }
        // Signed out stays signed out.
        if signedOut, FileManager.default.fileExists(atPath: sessionFile.path) {
            return "the user signed out, and the session file is back"
        }
        // Bounded.
        if journalled.bytes > PendingWrites.byteLimit { return "the journal holds \(journalled.bytes) bytes" }
        if journalled.mine > Self.journalLimit { return "the journal holds \(journalled.mine) writes" }
        let outbox = (try? FileManager.default.attributesOfItem(atPath: outboxFile.path)[.size] as? Int) ?? 0
        if outbox > 1 << 20 { return "the report outbox holds \(outbox) bytes" }
        return nil
    }

    private func journalHolds(form: Int, pending: Bool) async -> Bool {
        guard let writes = try? await journal().writes(for: "u-\(user)") else { return false }
        return writes.contains { Self.form(of: $0) == form && $0.isMade != pending }
    }

    private static func form(of write: KeyedWrite) -> Int? {
        form(ofBody: write.identity.body)
    }

    private static func form(ofBody body: String) -> Int? {
        let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
        return SequenceStep.forms.firstIndex { $0.toAccount == object?["toAccount"] && $0.amount == object?["amount"] }
    }
}

/// The journal file as a test reads it: by its JSON, without the app's code.
private struct JournalSnapshot {
    var keys: Set<String> = []
    var bytes = 0
    var mine = 0

    /// `nil` when the file is there and is not JSON (a step may have left it corrupt on purpose; it is put back
    /// before the check).
    init?(file: URL) {
        guard let data = try? Data(contentsOf: file) else { return }
        bytes = data.count
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let writes = object["writes"] as? [[String: Any]] ?? []
        keys = Set(writes.compactMap { $0["key"] as? String })
        mine = writes.filter { $0["origin"] as? String == BackendOrigin(TransferWorld.baseURL).value }.count
    }
}
