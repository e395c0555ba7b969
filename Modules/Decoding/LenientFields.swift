/// The building blocks of fail-validated decoding, used inside an API model's `init(from:)`.
///
/// Each reads its key once from the container the model already opened (no wrapper opens a container of its own,
/// which is where lenient decoders usually lose their speed), and reports into the model's own defect list.
extension KeyedDecodingContainer {
    /// A required field: missing → ``DecodingFailure`` `missing`; wrong type or failing `isValid` → `invalid`.
    @inlinable
    public func required<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        rule: String = "value breaks the contract",
        where isValid: (T) -> Bool = { _ in true }
    ) throws(DecodingFailure) -> T {
        let value: T
        do {
            value = try decodeValue(T.self, forKey: key)
        } catch {
            throw DecodingFailure(translating: error, fallbackPath: codingPath + [key])
        }
        guard isValid(value) else {
            throw DecodingFailure(keyPath: KeyPath.render(codingPath + [key]), kind: .invalid, detail: rule)
        }
        return value
    }

    /// An optional field: absent or `null` → `nil` and a `missing` defect; wrong type or failing `isValid` →
    /// `nil` and an `invalid` defect.
    @inlinable
    public func lenient<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        rule: String = "value breaks the contract",
        defects: inout [DecodingDefect],
        where isValid: (T) -> Bool = { _ in true }
    ) -> T? {
        switch read(T.self, forKey: key) {
        case .value(let value) where isValid(value):
            return value
        case .missing:
            defects.append(defect(key, .missing, "absent; left out"))
        case .value, .invalid:
            defects.append(defect(key, .invalid, "\(rule); left out"))
        }
        return nil
    }

    /// An optional field with a default: like ``lenient(_:forKey:rule:defects:where:)``, with `defaultValue` in
    /// place of `nil` and the defect saying so.
    @inlinable
    public func defaulted<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        default defaultValue: T,
        rule: String = "value breaks the contract",
        defects: inout [DecodingDefect],
        where isValid: (T) -> Bool = { _ in true }
    ) -> T {
        switch read(T.self, forKey: key) {
        case .value(let value) where isValid(value):
            return value
        case .missing:
            defects.append(defect(key, .missing, "absent; replaced by a default"))
        case .value, .invalid:
            defects.append(defect(key, .invalid, "\(rule); replaced by a default"))
        }
        return defaultValue
    }

    /// A string enum with a fallback: an unknown value becomes `fallback` and a `novel` defect; an absent or
    /// mistyped value becomes `fallback` and a `missing` or `invalid` defect.
    @inlinable
    public func withFallback<T: RawRepresentable & Decodable>(
        _ type: T.Type,
        forKey key: Key,
        fallback: T,
        defects: inout [DecodingDefect]
    ) -> T where T.RawValue == String {
        switch read(String.self, forKey: key) {
        case .value(let raw):
            if let value = T(rawValue: raw) { return value }
            defects.append(defect(key, .novel, "value unknown to this app version; fallback used"))
        case .missing:
            defects.append(defect(key, .missing, "absent; fallback used"))
        case .invalid:
            defects.append(defect(key, .invalid, "not a string; fallback used"))
        }
        return fallback
    }

    /// A required identifier that arrives as a string (`"u-1"`) or an integer (`1234`), kept as a non-empty
    /// string; the keyed form of ``FlexibleID``, read without a nested decoder.
    @inlinable
    public func requiredIdentifier(forKey key: Key) throws(DecodingFailure) -> String {
        if let text = try? decode(String.self, forKey: key), !text.isEmpty { return text }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        return try required(FlexibleID.self, forKey: key).value
    }

    @usableFromInline
    func defect(_ key: Key, _ kind: DefectKind, _ detail: String) -> DecodingDefect {
        DecodingDefect(keyPath: KeyPath.render(codingPath + [key]), kind: kind, detail: detail)
    }
}

extension KeyedDecodingContainer {
    /// Decodes through the container's own overloads for the common primitives. The generic
    /// `decode(_:forKey:)` makes JSONDecoder build a nested decoding context per field (an allocation each),
    /// which would make lenient decoding slower than strict; this keeps them level.
    @inlinable
    func decodeValue<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == String.self, let value = try decode(String.self, forKey: key) as? T { return value }
        if T.self == Int.self, let value = try decode(Int.self, forKey: key) as? T { return value }
        if T.self == Double.self, let value = try decode(Double.self, forKey: key) as? T { return value }
        if T.self == Bool.self, let value = try decode(Bool.self, forKey: key) as? T { return value }
        return try decode(T.self, forKey: key)
    }

    /// One optional field, read with a single lookup: the rare absent or mistyped value costs an error, the
    /// common present one does not pay for `contains` and `decodeNil` first.
    @inlinable
    func read<T: Decodable>(_ type: T.Type, forKey key: Key) -> FieldRead<T> {
        do {
            return .value(try decodeValue(T.self, forKey: key))
        } catch DecodingError.keyNotFound(let absent, _) where absent.stringValue == key.stringValue {
            return .missing
        } catch DecodingError.valueNotFound(_, let context)
            where context.codingPath.last?.stringValue == key.stringValue
        {
            return .missing
        } catch {
            return .invalid
        }
    }
}

/// What reading an optional field found.
@usableFromInline
enum FieldRead<Value> {
    case value(Value)
    case missing
    case invalid
}
