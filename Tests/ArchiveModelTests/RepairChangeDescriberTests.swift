import Testing
@testable import ArchiveModel

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
}
