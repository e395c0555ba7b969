public import Foundation

/// Gzip streams for tests, made by hand (Foundation on Linux has no compression): a body that inflates far beyond
/// its size, as a hostile backend would send.
public enum Gzip {
    /// A gzip stream of `count` zero bytes: one literal, then back-references of 258 bytes at distance 1 in a fixed
    /// Huffman block, 13 bits each, so it inflates about 160 times. Its trailer's checksum is exact up to 16 MiB;
    /// a larger one is a bomb, which a client must refuse long before the trailer.
    public static func zeros(count: Int) -> Data {
        var bits = BitWriter()
        bits.write(1, count: 1)  // the final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var left = count
        if left > 0 {
            bits.writeCode(0b0011_0000, length: 8)  // literal 0
            left -= 1
        }
        var references = left / 258
        left %= 258
        if references >= 24 {
            // Eight references are 104 bits, 13 whole bytes: once the bit offset has settled, each group of eight
            // adds the same 13 bytes.
            bits.writeReferences(8)
            let start = bits.bytes.count
            bits.writeReferences(8)
            let group = Array(bits.bytes[start...])
            let groups = references / 8 - 2
            bits.append(repeating: group, count: groups)
            references -= (groups + 2) * 8
        }
        bits.writeReferences(references)
        for _ in 0..<left { bits.writeCode(0b0011_0000, length: 8) }
        bits.writeCode(0, length: 7)  // end of block
        var data = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        data.append(contentsOf: bits.allBytes)
        data.append(contentsOf: littleEndian(count <= 16 << 20 ? crc32OfZeros(count) : 0))
        data.append(contentsOf: littleEndian(UInt32(truncatingIfNeeded: count)))
        return data
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func crc32OfZeros(_ count: Int) -> UInt32 {
        // For a zero byte, the byte step is the table entry of the low byte: eight shifts of it.
        let table: [UInt32] = (0..<256).map { entry in
            var crc = UInt32(entry)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            return crc
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<count { crc = table[Int(crc & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}

/// Packs bits least significant first, as deflate does; Huffman codes go most significant bit first.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var current: UInt8 = 0
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
        for index in 0..<count { push(UInt8((value >> index) & 1)) }
    }

    /// `count` back-references of 258 bytes at distance 1 (length code 285, distance code 0).
    mutating func writeReferences(_ count: Int) {
        for _ in 0..<count {
            writeCode(0b1100_0101, length: 8)
            writeCode(0b00000, length: 5)
        }
    }

    /// Whole bytes, written while the bit offset is where it was when `group` was written.
    mutating func append(repeating group: [UInt8], count: Int) {
        bytes.reserveCapacity(bytes.count + group.count * count)
        for _ in 0..<count { bytes.append(contentsOf: group) }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        for index in stride(from: length - 1, through: 0, by: -1) { push(UInt8((code >> index) & 1)) }
    }

    private mutating func push(_ bit: UInt8) {
        current |= bit << used
        used += 1
        if used == 8 {
            bytes.append(current)
            current = 0
            used = 0
        }
    }

    var bytesWithTail: [UInt8] { used > 0 ? bytes + [current] : bytes }
}

extension BitWriter {
    fileprivate var allBytes: [UInt8] { bytesWithTail }
}
