/// HTTP header fields with case-insensitive names, in the order they were set.
public struct HTTPHeaders: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    private var fields: [(name: String, value: String)] = []

    /// Makes an empty set of headers.
    public init() {}

    /// Makes headers from a literal; a name given twice (in any case) keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// The value of the first field named `name`, or `nil`; assigning replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// The fields in the order they were set, each with its name as it was set.
    public func makeIterator() -> some IteratorProtocol<(name: String, value: String)> {
        fields.makeIterator()
    }

    /// Whether both hold the same fields in the same order, names compared without case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name.caseInsensitiveCompare($1.name) && $0.value == $1.value }
    }

    /// Hashes names lowercased, so headers that are equal hash alike.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}

extension String {
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool {
        count == other.count && lowercased() == other.lowercased()
    }
}
