/// A requirement of a protocol the project does not own, whose implementations may keep its untyped signature.
///
/// An exemption names the requirement by its USR, so it covers exactly the members the compiler says implement that
/// requirement (the symbol graph's `sourceOrigin`), never a declaration that merely looks the same. It also covers
/// the requirement itself, for a vendor stand-in that declares a copy of the vendor's protocol.
struct TypedBoundaryExemption: Equatable {
    /// The requirement's USR, as the symbol graph gives it in `sourceOrigin.identifier`.
    var requirement: String
    /// The requirement as people read it, as the symbol graph gives it in `sourceOrigin.displayName`.
    var name: String
    /// The declaration kind of the implementing member: `swift.init`, `swift.method`, …
    var kind: String
    /// The modules whose members may implement it across a boundary; `nil` for every module.
    var modules: Set<String>?
    /// Why the project cannot type it.
    var reason: String

    func covers(module: String, kind: String, origin: SymbolGraph.Relationship.Origin) -> Bool {
        origin.identifier == requirement && origin.displayName == name && kind == self.kind
            && (modules?.contains(module) ?? true)
    }

    /// The project's whole list. Keep it short: every entry is a requirement of a protocol the project does not own
    /// (or a vendor stand-in's copy of one), and the real-module test fails on an entry that covers nothing any more.
    static let project: [TypedBoundaryExemption] = [
        TypedBoundaryExemption(
            requirement: "s:Se4fromxs7Decoder_p_tKcfc",
            name: "Decodable.init(from:)",
            kind: "swift.init",
            modules: nil,
            reason: "Swift's Decodable declares `init(from:) throws`; the decoder calls it and gets `any Error` anyway"
        ),
        TypedBoundaryExemption(
            requirement: "s:SE6encode2toys7Encoder_p_tKF",
            name: "Encodable.encode(to:)",
            kind: "swift.method",
            modules: nil,
            reason: "Swift's Encodable declares `encode(to:) throws`; the encoder calls it and gets `any Error` anyway"
        ),
        TypedBoundaryExemption(
            requirement: "s:29AuthenticationServicesStandIn33ASAuthorizationControllerDelegateP"
                + "013authorizationF010controller20didCompleteWithErroryAA0eF0C_s0M0_ptF",
            name: "ASAuthorizationControllerDelegate.authorizationController(controller:didCompleteWithError:)",
            kind: "swift.method",
            modules: ["AuthenticationServicesStandIn"],
            reason: "the stand-in copies Apple's delegate, which hands over `any Error`; AuthFeature's Data/ types it"
        ),
        TypedBoundaryExemption(
            requirement: "s:14ArgumentParser20AsyncParsableCommandP3runyyYaKF",
            name: "AsyncParsableCommand.run()",
            kind: "swift.method",
            modules: ["App"],
            reason:
                "ArgumentParser declares `run() async throws` and reads whatever it throws (an exit code, a usage error)"
        ),
        TypedBoundaryExemption(
            requirement: "s:14ArgumentParser17ParsableArgumentsP8validateyyKF",
            name: "ParsableArguments.validate()",
            kind: "swift.method",
            modules: ["App"],
            reason: "ArgumentParser declares `validate() throws` and turns what it throws into a usage error"
        ),
    ]
}
