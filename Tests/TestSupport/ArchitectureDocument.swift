public import Foundation

/// ARCHITECTURE.md, which tests read to compare the code with what the document says (``BoundaryTable`` reads
/// its boundary tables).
public enum ArchitectureDocument {
    /// The file URL of ARCHITECTURE.md at the package's root, found from this source file's path.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ARCHITECTURE.md")
}
