/// The four screens the CLI can show.
enum Screen: String, Hashable, Sendable, CaseIterable, Codable {
    case payments
    case wallet
    case signin
    case profile
}
