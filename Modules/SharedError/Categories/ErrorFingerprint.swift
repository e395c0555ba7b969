/// What groups reports of the same error: its type, its case, the layer the failure behind it was raised in and the
/// server's code, all taken from names (never from the order of an enum's cases or from a value), so reordering or
/// adding cases never changes the fingerprint of an existing one.
///
/// ``value`` is the one string a backend groups by: `TransferError.unknown/networking/idempotency_key_reused`
/// (`-` where a part is unknown).
public struct ErrorFingerprint: Hashable, Sendable, Codable {
    /// The error's type name, without its module: `TransferError`.
    public var type: String
    /// The case's name, without payload (`unknown`); `-` for an error that has no cases.
    public var caseName: String
    /// The layer the first failure behind the error was raised in (`networking` for a backend's answer); `-` when
    /// the error names none.
    public var layer: String
    /// The backend's error code behind it (`idempotency_key_reused`), if there was one.
    public var serverCode: String?

    /// Makes a fingerprint from its parts, as a report names them.
    public init(type: String, caseName: String, layer: String, serverCode: String? = nil) {
        self.type = type
        self.caseName = caseName
        self.layer = layer
        self.serverCode = serverCode
    }

    /// The fingerprint of `error`: its type and case by name, and the layer and server code of its first diagnostic.
    public init(of error: some CategorizedError) {
        let root = error.diagnostics.first
        self.init(naming: error, layer: root?.layer.rawValue ?? "-", serverCode: root?.serverCode)
    }

    /// The fingerprint of `error` where a layer left it out: its type and case by name, and the layer it reached
    /// that layer from (`origin`: `data` for a repository's error the domain left out), with no server code.
    public init(of error: some CategorizedError, cameFrom origin: JourneyOrigin) {
        self.init(naming: error, layer: origin.rawValue, serverCode: nil)
    }

    /// `error`'s type and case by name, with `layer` and `serverCode`.
    private init(naming error: some CategorizedError, layer: String, serverCode: String?) {
        self.init(
            type: String(describing: Swift.type(of: error)),
            caseName: error.caseName ?? "-",
            layer: layer,
            serverCode: serverCode)
    }

    /// `type.case/layer/serverCode`, with `-` for what is unknown: the string reports are grouped by.
    public var value: String {
        "\(type).\(caseName)/\(layer)/\(serverCode ?? "-")"
    }

    private enum CodingKeys: String, CodingKey {
        case type, caseName = "case", layer, serverCode
    }
}
