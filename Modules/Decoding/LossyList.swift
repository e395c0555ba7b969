/// A list in which one bad element does not sink the rest: it is dropped and reported with its index.
///
/// The defects of the elements that were kept (a defaulted field, a novel enum value) are reported too. Bounded
/// whatever the body holds: the list keeps the first ``DecodingReport/limit`` defects and only counts the rest
/// (``omittedDefects``), so a body of two million broken elements costs a count, not two million defects.
public struct LossyList<Element: Decodable & DefectReporting>: Decodable, DefectReporting {
    /// The elements that decoded, in their original order.
    public var elements: [Element]
    /// The first ``DecodingReport/limit`` defects, in order: one per dropped element (with its index) and those of
    /// the elements that were kept.
    public var defects: [DecodingDefect]
    /// How many defects were found beyond ``defects``; at most ``ReportCount/maximum``.
    public var omittedDefects: Int

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
        var omitted = 0
        // The count is the body's word: reserve no more than a small list needs, and let a long one grow.
        elements.reserveCapacity(min(container.count ?? 0, Self.reservedAtMost))
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                let element = try container.decode(Element.self)
                let room = max(DecodingReport.limit - defects.count, 0)
                defects.append(contentsOf: element.defects.prefix(room))
                omitted = ReportCount.sum(omitted, element.defects.count - min(room, element.defects.count))
                omitted = ReportCount.sum(omitted, element.omittedDefects)
                elements.append(element)
            } catch {
                if defects.count < DecodingReport.limit {
                    let path = container.codingPath + [ListIndex(index)]
                    defects.append(DecodingFailure(translating: error, fallbackPath: path).asDroppedElement())
                } else {
                    // Past the bound only the count grows: no key path, no detail, nothing kept per element.
                    omitted = ReportCount.sum(omitted, 1)
                }
                // A failed decode does not move the container on; skip the element explicitly.
                _ = try? container.decode(SkippedElement.self)
            }
        }
        self.elements = elements
        self.defects = defects
        self.omittedDefects = omitted
    }

    /// The most elements reserved up front, whatever count the body announces.
    static var reservedAtMost: Int { 1024 }

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
