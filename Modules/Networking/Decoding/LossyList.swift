/// A list in which one bad element does not sink the rest: it is dropped and reported with its index.
///
/// The defects of the elements that were kept (a defaulted field, a novel enum value) are reported too.
public struct LossyList<Element: Decodable & DefectReporting>: Decodable, DefectReporting {
    /// The elements that decoded, in their original order.
    public var elements: [Element]
    /// One defect per dropped element (with its index) and the defects of the elements that were kept.
    public var defects: [DecodingDefect]

    /// Reads every element, dropping those that fail. Throws ``DecodingFailure`` `invalid` only when the value is not a
    /// list.
    public init(from decoder: any Decoder) throws {
        var container: any UnkeyedDecodingContainer
        do {
            container = try decoder.unkeyedContainer()
        } catch {
            throw DecodingFailure(keyPath: KeyPath.render(decoder.codingPath), kind: .invalid, detail: "not a list")
        }
        var elements: [Element] = []
        var defects: [DecodingDefect] = []
        elements.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                let element = try container.decode(Element.self)
                defects.append(contentsOf: element.defects)
                elements.append(element)
            } catch {
                let path = container.codingPath + [ListIndex(index)]
                defects.append(DecodingFailure(translating: error, fallbackPath: path).asDroppedElement())
                // A failed decode does not move the container on; skip the element explicitly.
                _ = try? container.decode(SkippedElement.self)
            }
        }
        self.elements = elements
        self.defects = defects
    }

    private struct SkippedElement: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    private struct ListIndex: CodingKey {
        var intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
