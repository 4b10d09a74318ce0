import ArchiveModel

/// Built keyed archives for the security audit's tests: each risk pattern and its harmless twin.
enum SecurityAuditFixtures {
    static func graph(_ build: (inout KeyedArchiveBuilder) -> Int) -> any ObjectGraph {
        var k = KeyedArchiveBuilder()
        let root = build(&k)
        k.top = [("root", .ref(root))]
        return ArchiveDocument.open(InputBytes(k.buildBinary()), name: "fixture").graph
    }

    static func audit(_ graph: any ObjectGraph, allowed: [String]? = nil) -> SecurityAudit {
        SecurityAudit(graph: graph, allowed: allowed)
    }

    static func ids(_ audit: SecurityAudit) -> [String] { audit.findings.map(\.id) }

    /// `{"name": 7}` as an NSDictionary with a string key and a number value.
    static let dictionary = graph { k in
        let key = k.add(.string("name")), value = k.add(.int(7))
        return k.object("NSDictionary", [("NS.keys", .refs([key])), ("NS.objects", .refs([value]))])
    }

    /// An NSMutableArray of a custom object holding a string.
    static let arrayOfCustom = graph { k in
        let s = k.add(.string("x"))
        let item = k.object("MyThing", [("title", .ref(s))])
        return k.object("NSMutableArray", superclasses: ["NSArray", "NSObject"], [("NS.objects", .refs([item]))])
    }

    /// A dictionary whose value is an object whose field leads back to the dictionary.
    static let selfReference = graph { k in
        let dict = k.reserve()
        let key = k.add(.string("owner"))
        let holder = k.object("Holder", [("owner", .ref(dict))])
        let c = k.classID("NSMutableDictionary", ["NSDictionary", "NSObject"])
        k.set(dict, .object(classID: c, fields: [("NS.keys", .refs([key])), ("NS.objects", .refs([holder]))]))
        return dict
    }

    /// Twin: two objects of an app's class that refer to each other (a view and its superview).
    static let appCycle = graph { k in
        let a = k.reserve()
        let b = k.object("Node", [("parent", .ref(a))])
        k.set(a, .object(classID: k.classID("Node"), fields: [("child", .ref(b))]))
        return a
    }

    static func single(_ name: String, superclasses: [String] = ["NSObject"], _ fields: (inout KeyedArchiveBuilder) -> [(String, KeyedArchiveBuilder.Value)]) -> any ObjectGraph {
        graph { k in
            let f = fields(&k)
            return k.object(name, superclasses: superclasses, f)
        }
    }

    /// A chain of `depth` objects, each the `next` of the one before.
    static func chain(depth: Int) -> any ObjectGraph {
        graph { k in
            var next: Int?
            for _ in 0..<depth {
                next = k.object("Link", next.map { [("next", .ref($0))] } ?? [])
            }
            return next ?? 0
        }
    }
}
