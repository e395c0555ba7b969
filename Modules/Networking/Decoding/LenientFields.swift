/// The building blocks of fail-validated decoding, used inside an API model's `init(from:)`.
///
/// Each reads its key once from the container the model already opened (no wrapper opens a container of its own,
/// which is where lenient decoders usually lose their speed), and reports into the model's own defect list.
extension KeyedDecodingContainer {
    /// A required field: missing → ``DecodingFailure`` `missing`; wrong type or failing `isValid` → `invalid`.
    public func required<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        rule: String = "value breaks the contract",
        where isValid: (T) -> Bool = { _ in true }
    ) throws(DecodingFailure) -> T {
        let value: T
        do {
            value = try decode(T.self, forKey: key)
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
    public func lenient<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        rule: String = "value breaks the contract",
        defects: inout [DecodingDefect],
        where isValid: (T) -> Bool = { _ in true }
    ) -> T? {
        do {
            guard let value = try decodeIfPresent(T.self, forKey: key) else {
                defects.append(defect(key, .missing, "absent; left out"))
                return nil
            }
            guard isValid(value) else {
                defects.append(defect(key, .invalid, "\(rule); left out"))
                return nil
            }
            return value
        } catch {
            defects.append(defect(key, .invalid, "\(rule); left out"))
            return nil
        }
    }

    /// An optional field with a default: like ``lenient(_:forKey:rule:defects:where:)``, with `defaultValue` in
    /// place of `nil` and the defect saying so.
    public func defaulted<T: Decodable>(
        _ type: T.Type,
        forKey key: Key,
        default defaultValue: T,
        rule: String = "value breaks the contract",
        defects: inout [DecodingDefect],
        where isValid: (T) -> Bool = { _ in true }
    ) -> T {
        do {
            guard let value = try decodeIfPresent(T.self, forKey: key) else {
                defects.append(defect(key, .missing, "absent; replaced by a default"))
                return defaultValue
            }
            guard isValid(value) else {
                defects.append(defect(key, .invalid, "\(rule); replaced by a default"))
                return defaultValue
            }
            return value
        } catch {
            defects.append(defect(key, .invalid, "\(rule); replaced by a default"))
            return defaultValue
        }
    }

    /// A string enum with a fallback: an unknown value becomes `fallback` and a `novel` defect; an absent or
    /// mistyped value becomes `fallback` and a `missing` or `invalid` defect.
    public func withFallback<T: RawRepresentable & Decodable>(
        _ type: T.Type,
        forKey key: Key,
        fallback: T,
        defects: inout [DecodingDefect]
    ) -> T where T.RawValue == String {
        do {
            guard let raw = try decodeIfPresent(String.self, forKey: key) else {
                defects.append(defect(key, .missing, "absent; fallback used"))
                return fallback
            }
            guard let value = T(rawValue: raw) else {
                defects.append(defect(key, .novel, "value unknown to this app version; fallback used"))
                return fallback
            }
            return value
        } catch {
            defects.append(defect(key, .invalid, "not a string; fallback used"))
            return fallback
        }
    }

    private func defect(_ key: Key, _ kind: DefectKind, _ detail: String) -> DecodingDefect {
        DecodingDefect(keyPath: KeyPath.render(codingPath + [key]), kind: kind, detail: detail)
    }
}
