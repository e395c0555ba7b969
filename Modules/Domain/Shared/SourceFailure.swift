public import SharedError

/// The error of one source a use case gathers from (a repository, a vendor facade): decided by its category
/// (``ErrorPolicy``), and stopping the use case when it is an app-wide condition no single source can work around.
public typealias SourceFailure = CategorizedError & Hashable
