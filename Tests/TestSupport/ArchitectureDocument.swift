public import Foundation

/// The documents tests read to compare the code with what they say: ARCHITECTURE.md and the tables in `docs/`
/// (``BoundaryTable`` reads the boundary tables).
public enum ArchitectureDocument {
    /// The package's root folder, found from this source file's path.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The file URL of ARCHITECTURE.md at the package's root.
    public static let url = root.appendingPathComponent("ARCHITECTURE.md")
    /// The file URL of `docs/boundaries.md`, every layer's boundary table.
    public static let boundaries = root.appendingPathComponent("docs/boundaries.md")
}
