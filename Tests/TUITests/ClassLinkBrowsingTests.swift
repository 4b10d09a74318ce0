import Testing
import ArchiveModel
@testable import TUI

/// A class description is not held by any field, but its instances name it as `$class`: the detail
/// pane and the `r` list show them (they used to say "nothing refers to #N").
@Suite struct ClassLinkBrowsingTests {
    static let demo = ArchiveDocument.open(InputBytes(DemoArchive.bytes()), name: "demo").graph

    /// The demo's class description with the most instances, and those instances.
    static func busiestClass() throws -> (id: ObjectID, instances: [ObjectID]) {
        var users: [ObjectID: [ObjectID]] = [:]
        for id in 0..<demo.objectCount {
            if let c = demo.structure(id).classObjectID { users[c, default: []].append(id) }
        }
        let busiest = try #require(users.max { $0.value.count < $1.value.count })
        return (busiest.key, busiest.value)
    }

    @Test func theReferrersListNamesTheInstances() throws {
        let (id, instances) = try Self.busiestClass()
        let text = Headless.render(graph: Self.demo, fileName: "demo", cols: 100, rows: 20, keys: ":#\(id)<Enter>r")
        #expect(text.contains("referrers of #\(id) (0 + \(instances.count) by $class)"))
        for i in instances { #expect(text.contains("#\(i)  \(Self.demo.object(i).className ?? "?")  $class"), "#\(i)") }
        #expect(!text.contains("nothing refers to"))
    }

    @Test func theDetailPaneListsInstancesAfterReferrers() throws {
        let (id, instances) = try Self.busiestClass()
        let text = Headless.render(graph: Self.demo, fileName: "demo", cols: 120, rows: 40, keys: ":#\(id)<Enter><Tab>")
        let lines = text.split(separator: "\n").map(String.init)
        let referrers = try #require(lines.firstIndex { $0.contains("│referrers (0)") })
        let heading = try #require(lines.firstIndex { $0.contains("│instances (\(instances.count))") })
        #expect(referrers < heading)
        #expect(lines[heading + 1].contains("#\(instances[0])  \(Self.demo.object(instances[0]).className ?? "?")  $class"))
    }

    @Test func enterOnAnInstanceGoesToIt() throws {
        let (id, instances) = try Self.busiestClass()
        let last = instances.count - 1
        let keys = ":#\(id)<Enter>r" + String(repeating: "j", count: last) + "<Enter><Tab>"
        let text = Headless.render(graph: Self.demo, fileName: "demo", cols: 120, rows: 40, keys: keys)
        #expect(text.contains("│object #\(instances[last])  instance"))
    }
}
