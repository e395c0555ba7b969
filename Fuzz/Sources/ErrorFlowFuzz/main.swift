import Foundation
import LibFuzzerDriver

#if canImport(Glibc)
    import Glibc
#endif

// `ERRORFLOW_FUZZ_TARGET=<target> ErrorFlowFuzz [libFuzzer flags] [corpus folders]`; Scripts/fuzz.sh runs it.
guard FuzzTarget.selected != nil else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("ErrorFlowFuzz: set ERRORFLOW_FUZZ_TARGET to one of: \(names)\n".utf8))
    exit(2)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { bytes, count in
        FuzzTarget.selected?.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    })
