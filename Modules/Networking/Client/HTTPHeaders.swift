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
            // The chain adds names a request does not have yet: then the fields are copied once, not twice.
            if fields.contains(where: { $0.name.caseInsensitiveCompare(name) }) {
                fields.removeAll { $0.name.caseInsensitiveCompare(name) }
            }
            if let newValue { fields.append((name, newValue)) }
        }
    }

    /// Makes room for `count` fields, so that adding them copies nothing.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Adds `value` under `name`; a name already there (in any case) keeps its place and gets `value` after a comma,
    /// as HTTP joins a field sent more than once.
    public mutating func add(_ value: String, forName name: String) {
        if let index = fields.firstIndex(where: { $0.name.caseInsensitiveCompare(name) }) {
            fields[index].value += ", " + value
        } else {
            fields.append((name, value))
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
    /// Whether both are the same name but for case. Header names are ASCII: those are compared in one pass over
    /// their bytes, with no copy, and the first ASCII byte that differs (or a name that ends first) settles it. A name
    /// with any other character is compared by its lowercased form.
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool {
        var (left, right) = (utf8.makeIterator(), other.utf8.makeIterator())
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case (let byte?, _) where byte >= 0x80, (_, let byte?) where byte >= 0x80:
                return lowercased() == other.lowercased()
            case (let leftByte?, let rightByte?):
                guard leftByte.asciiLowercased == rightByte.asciiLowercased else { return false }
            case (nil, _?), (_?, nil):
                return false
            }
        }
    }
}

extension UInt8 {
    fileprivate var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self + 0x20 : self
    }
}
