public import Foundation

/// How many values (objects, arrays, strings and keys, numbers, literals) a JSON body holds, counted on its bytes
/// without building anything: what `JSONDecoder` would make an entry of its map for, each.
///
/// The decoder's map costs tens of bytes per value, so a body under the transport's 4 MiB made of two million tiny
/// values (`[1,1,1,…]`, `[{},{},…]`) would take it past 100 MB before a single element is read. Counting first keeps
/// the decode within a bound whatever the body holds.
public enum JSONValueCount {
    /// Whether `data` holds at most `limit` values. Stops counting as soon as it is past the limit; bytes that are
    /// not JSON are counted as they come (the decoder refuses them afterwards).
    public static func isAtMost(_ limit: Int, in data: Data) -> Bool {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
            var count = 0
            var index = 0
            let end = bytes.count
            while index < end {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    count += 1
                    // Past the string, its escapes included.
                    while index < end {
                        let inside = bytes[index]
                        index += inside == UInt8(ascii: "\\") ? 2 : 1
                        if inside == UInt8(ascii: "\"") { break }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    count += 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"):
                    count += 1
                    // Past the rest of the number or literal.
                    while index < end, isPartOfScalar(bytes[index]) { index += 1 }
                default:
                    continue
                }
                if count > limit { return false }
            }
            return true
        }
    }

    /// A byte that continues a number (`-12.5e+3`) or a literal (`true`, `false`, `null`).
    private static func isPartOfScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "."),
            UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "E"):
            true
        default:
            false
        }
    }
}
