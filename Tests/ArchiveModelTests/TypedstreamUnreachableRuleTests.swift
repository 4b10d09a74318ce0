import Testing
@testable import ArchiveModel
@testable import Typedstream
import FuzzSupport

/// `TypedstreamUnreachableRule`: entries no top-level value leads to. The decoder hands every object
/// it reads to the value that holds it, so the lost link is made by hand: a holder's field removed.
@Suite struct TypedstreamUnreachableRuleTests {
    /// One top-level `@` group: an NSArray-like holder whose field is an NSString; returns the bytes
    /// and the ids of the holder and the string.
    static func holderStream() -> (bytes: [UInt8], holder: Int, string: Int) {
        var w = TypedstreamWriter()
        w.header()
        w.types("@")
        let holder = w.beginObject([("Holder", 0), ("NSObject", 0)])
        w.types("@")
        let string = w.nsString("lost")
        w.endObject()
        return (w.bytes, holder, string)
    }

    /// The graph of `bytes` with the fields of object `holder` dropped.
    static func graphWithoutFields(of holder: Int, _ bytes: [UInt8]) -> TypedstreamGraph {
        var index = TypedstreamDecoder.index(InputBytes(bytes), keepingAllFields: true)
        index.keptFields[holder] = []
        index.mayHaveLostEntries = true
        return TypedstreamGraph(index)
    }

    @Test func aSoundStreamHasNoLostObjects() {
        let (bytes, _, _) = Self.holderStream()
        let graph = TypedstreamInvariants.decodeChecked(bytes)
        #expect(!graph.fullCheck().contains { $0.id == "typedstream.object.unreachable" })
    }

    @Test func anObjectNoValueReachesIsAWarningAtItsBytesWithWhatIsBehindIt() throws {
        let (bytes, holder, string) = Self.holderStream()
        let graph = Self.graphWithoutFields(of: holder, bytes)
        let lost = graph.fullCheck().filter { $0.id == "typedstream.object.unreachable" }
        // The string is lost; its class records are reached through it, so one report covers them.
        #expect(lost.count == 1)
        let d = try #require(lost.first)
        #expect(d.severity == .warning)
        #expect(d.object == string)
        #expect(d.range == graph.object(string).range)
        #expect(d.message == "object #\(string) (NSString) is not reachable from the stream's top-level values, nor 1 object only it leads to")
    }

    @Test func theHolderItselfStaysReachable() {
        let (bytes, holder, _) = Self.holderStream()
        let graph = Self.graphWithoutFields(of: holder, bytes)
        let index = GraphIndex(graph: graph)
        #expect(index?.reachable[holder] == true)
    }
}
