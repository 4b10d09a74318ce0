@testable import ArchiveModel
@_spi(ArchiveInternals) @testable import ArchiveCore
import Testing

/// The column whole-file checks keep per object: -1 and offsets read back as written, four bytes each
/// until a value needs eight, then every value widened without loss.
@Suite struct OffsetColumnTests {
    @Test func valuesAndNoneReadBackAsWritten() {
        var column = OffsetColumn(capacity: 4)
        for v in [0, -1, 7, Int(UInt32.max) - 1] { column.append(v) }
        #expect((0..<column.count).map { column[$0] } == [0, -1, 7, Int(UInt32.max) - 1])
        column[1] = 42
        column[2] = -1
        #expect((0..<column.count).map { column[$0] } == [0, 42, -1, Int(UInt32.max) - 1])
    }

    @Test func aValueBeyondFourBytesWidensTheColumn() {
        var column = OffsetColumn()
        column.append(-1)
        column.append(5)
        column.append(Int(UInt32.max))  // the narrow form's "none": must not read back as -1
        column.append(1 << 40)
        #expect((0..<column.count).map { column[$0] } == [-1, 5, Int(UInt32.max), 1 << 40])
        var other = OffsetColumn()
        other.append(3)
        other[0] = Int.max
        #expect(other[0] == Int.max)
    }

    @Test func joiningColumnsKeepsOrderAndWidth() {
        var narrow = OffsetColumn(), wide = OffsetColumn()
        narrow.append(1); narrow.append(-1)
        wide.append(1 << 35); wide.append(-1)
        var joined = OffsetColumn()
        joined.append(contentsOf: narrow)
        joined.append(contentsOf: wide)
        joined.append(contentsOf: narrow)
        #expect((0..<joined.count).map { joined[$0] } == [1, -1, 1 << 35, -1, 1, -1])
    }
}
