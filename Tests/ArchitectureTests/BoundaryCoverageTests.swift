import Foundation
import Testing

@Suite("Every layer that owns errors has a boundary table, and every table a test")
struct BoundaryCoverageTests {
    @Test func noOwnerLacksATableAndNoTableLacksATest() throws {
        var owners: [String] = []
        for path in PackageRoot.swiftFiles(under: ["Modules"]) {
            owners += BoundaryCoverage.boundaryOwners(in: try PackageRoot.read(path))
        }
        var checked: Set<String> = []
        for path in PackageRoot.swiftFiles(under: ["Tests"]) where !path.hasPrefix("Tests/ArchitectureTests/") {
            checked.formUnion(BoundaryCoverage.checkedBoundaries(in: try PackageRoot.read(path)))
        }
        let documented = BoundaryCoverage.documentedBoundaries(in: try PackageRoot.read("docs/boundaries.md"))
        #expect(owners.count >= 10, "the scan found too few owners to be meaningful: \(owners)")

        let gaps = BoundaryCoverage.gaps(owners: owners, documented: documented, checked: checked)

        #expect(gaps.isEmpty, "\(gaps.joined(separator: "\n"))")
    }
}

@Suite("The boundary coverage check can fail")
struct BoundaryCoverageCheckerTests {
    @Test func findsPublicOwnersByTheirRole() {
        let source = """
            public struct RemoteTransferRepository: TransferRepository {
            public final class TransferFormViewModel {
            struct InternalUseCase {
            public struct TransferDraft {
            package actor LedgerService {
            """

        #expect(
            BoundaryCoverage.boundaryOwners(in: source) == [
                "RemoteTransferRepository", "TransferFormViewModel", "LedgerService",
            ])
    }

    @Test func readsHeadingsUpToTheirLayer() {
        let markdown = """
            ### Boundary: Router (Navigation)
            ### Boundary: RemoteTransferRepository.transfer(id:) (Data, TransfersFeature)
            ## Boundary: NotAHeadingOfThisLevel
            """

        #expect(
            BoundaryCoverage.documentedBoundaries(in: markdown) == ["Router", "RemoteTransferRepository.transfer(id:)"])
    }

    @Test func readsTheNamesTestsCheck() {
        let source = #"try BoundaryTable("SendTransferUseCase").check(x); BoundaryTable("Router")"#

        #expect(BoundaryCoverage.checkedBoundaries(in: source) == ["SendTransferUseCase", "Router"])
    }

    @Test func anOwnerWithoutATableIsAGap() {
        let gaps = BoundaryCoverage.gaps(owners: ["NewThingRepository"], documented: [], checked: [])

        #expect(gaps.count == 1)
    }

    @Test func oneTablePerMethodCoversItsType() {
        let gaps = BoundaryCoverage.gaps(
            owners: ["RemoteTransferRepository"], documented: ["RemoteTransferRepository.send"],
            checked: ["RemoteTransferRepository.send"])

        #expect(gaps.isEmpty)
    }

    @Test func aTableNoTestChecksIsAGap() {
        let gaps = BoundaryCoverage.gaps(owners: [], documented: ["Router"], checked: [])

        #expect(gaps == [#"the boundary table Router is checked by no test (BoundaryTable("Router"))"#])
    }
}
