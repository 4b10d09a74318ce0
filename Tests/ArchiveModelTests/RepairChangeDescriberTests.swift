import Testing
@testable import ArchiveModel
@testable import Typedstream
@testable import ArchiveDocuments
@testable import ArchivePresentation
@testable import ArchiveOutput
@testable import ArchiveRecovery

/// The repair report's "which field changed" (issue 42 item 4), found in one pass over each reading.
@Suite struct RepairChangeDescriberTests {
    static func object(_ values: [Int], extra: [Field] = []) -> GraphObject {
        GraphObject(id: 0, kind: .instance, className: "Root",
                    fields: values.enumerated().map { Field(key: String($0.offset), value: .scalar(.integer(Int128($0.element), width: 4))) } + extra)
    }

    @Test func theFirstFieldThatDiffersIsFoundAmongManyFields() {
        let count = 50_000
        var values = Array(0..<count)
        let here = Self.object(values)
        values[count - 3] = -1
        let there = Self.object(values)
        #expect(RepairChangeDescriber.firstDiffering(here, there)?.key == String(count - 3))
        #expect(RepairChangeDescriber.firstDiffering(here, here) == nil)
    }

    @Test func aKeyTheOtherReadingLacksDiffers() {
        let here = Self.object([1, 2], extra: [Field(key: "only here", value: .scalar(.string("x")))])
        let there = Self.object([1, 2])
        #expect(RepairChangeDescriber.firstDiffering(here, there)?.key == "only here")
        // A repeated key is compared with the other reading's first field of that key.
        let twice = Self.object([1], extra: [Field(key: "0", value: .scalar(.string("later")))])
        #expect(RepairChangeDescriber.firstDiffering(twice, Self.object([1])) == twice.fields.last)
    }

    /// A byte no decoded object holds is told by the binary plist's structure: a UID object listed in
    /// an `NS.keys` array by the list field and element, an offset-table entry by its object.
    @Test func bytesOutsideObjectsAreToldByThePlistsStructure() throws {
        let written = WriterLikelihoodTests.dictionary(keyOrder: Array(3...14))
        var order = Array(3...14)
        order.swapAt(7, 10)
        let swapped = WriterLikelihoodTests.dictionary(keyOrder: order)
        let (a, b) = (ArchiveDocument.open(InputBytes(written), name: "a").graph, ArchiveDocument.open(InputBytes(swapped), name: "b").graph)
        let places = try #require(BinaryPlistPlaces(written))
        let otherPlaces = try #require(BinaryPlistPlaces(swapped))
        let describer = RepairChangeDescriber(a, places: places)
        // The UID objects that differ: the 8th and 11th keys, #10 and #13.
        let differing = written.indices.filter { written[$0] != swapped[$0] }
        #expect(differing.count == 2)
        let first = try #require(differing.first)
        let change = describer.change(at: first, other: b, otherOffset: first, locatedIsAfter: true, undecided: false, otherPlaces: otherPlaces)
        #expect(change.place == "#1 NSDictionary NS.keys[7]")
        #expect(change.after == "#10 (\"key 7\")" && change.before == "#13 (\"key 10\")")
        #expect(!change.inLayout)
        // An offset-table entry, told by the object it places, against a reading whose entry differs.
        let tree = BinaryPlistTree(InputBytes(written))
        let entry = try #require(tree.tableEntryRange(of: 3))
        var moved = written
        moved[entry.end - 1] &+= 3
        let told = describer.change(at: entry.end - 1, other: ArchiveDocument.open(InputBytes(moved), name: "m").graph, otherOffset: entry.end - 1,
                                    locatedIsAfter: true, undecided: false, otherPlaces: try #require(BinaryPlistPlaces(moved)))
        #expect(told.place == "the offset table's entry for plist object 3")
        #expect(told.inLayout)
        #expect(told.before.hasPrefix("at offset ") && told.after.hasPrefix("at offset ") && told.before != told.after)
        // The same entry in both readings (the swap moved no object): told as the byte it is.
        let same = describer.change(at: entry.end - 1, other: b, otherOffset: entry.end - 1, locatedIsAfter: true, undecided: false,
                                    otherPlaces: otherPlaces)
        #expect(same.before != same.after)
        // The trailer's fields by name.
        #expect(BinaryPlistPlaces.trailerField(7) == "the trailer's reference width")
        #expect(BinaryPlistPlaces.trailerField(31) == "the trailer's offset-table offset")
        // Without the places (another format), the byte is told as before.
        let bare = RepairChangeDescriber(a).change(at: first, other: b, otherOffset: first, locatedIsAfter: true, undecided: false)
        #expect(bare.place.contains("in no object"))
    }
}
