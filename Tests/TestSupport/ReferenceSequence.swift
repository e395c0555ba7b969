public import SharedError

extension ErrorReferences {
    /// References made in the order `texts` gives them, each a reference in its format, then again from the first:
    /// a test knows which reference the next error report gets.
    public static func sequence(_ texts: String...) -> ErrorReferences {
        let references = texts.compactMap(ErrorReference.init)
        precondition(references.count == texts.count && !references.isEmpty, "not references: \(texts)")
        let next = LockedState(0)
        return ErrorReferences {
            next.withLock { index in
                defer { index = (index + 1) % references.count }
                return references[index]
            }
        }
    }
}

extension ErrorReference {
    /// A reference for a report whose reference a test does not look at: `7F3K-9Q2M`.
    public static let sample: ErrorReference = {
        var generator = SplitMix64(seed: 1)
        return ErrorReference("7F3K-9Q2M") ?? .random(using: &generator)
    }()
}
