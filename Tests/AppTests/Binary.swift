import TestSupport

/// The app's own executable, run as a user would run it.
typealias Binary = Executable<AppExecutable>

/// `errorflow-app`, the product the app's tests run (rename it here when you rename the product).
enum AppExecutable: ExecutableName {
    static let name = "errorflow-app"
}
