import ArchiveModel
import FuzzSupport
import Dispatch
import Synchronization

/// What decoding one input fully cost and found.
struct Examination: Sendable {
    var problems: [String]
    var seconds: Double
    var format: String
    var objects: Int
}

/// Decodes inputs on a worker thread so that a hang can be seen (and reported) from the main thread.
final class Examiner: Sendable {
    private let queue = DispatchQueue(label: "corruption-campaign.worker")
    private let result = Mutex<Examination?>(nil)
    let json: Bool

    init(json: Bool) { self.json = json }

    /// Everything a front end does with the input: open, full check, index, invariants, 200 outline
    /// rows, the dump (display safety and a linear line bound) and, with `json`, the JSON output.
    static func examine(_ bytes: [UInt8], json: Bool) -> Examination {
        let start = Probe.now()
        let document = ArchiveDocument.open(InputBytes(bytes), name: "campaign")
        let problems = FuzzCheck.document(document, rows: 200, json: json)
        return Examination(problems: problems, seconds: Probe.now() - start, format: "\(document.format)", objects: document.graph.objectCount)
    }

    enum Outcome {
        case finished(Examination)
        /// Finished, but only after the time limit.
        case slow(Examination)
        /// Still running after the limit plus the grace period (the worker is abandoned).
        case hung
    }

    /// Runs `examine` on the worker and waits `limit` seconds, then up to `grace` more.
    /// `hang` makes the worker sleep forever first (a testing aid for the watchdog).
    func run(_ bytes: [UInt8], limit: Double, grace: Double, hang: Bool = false) -> Outcome {
        result.withLock { $0 = nil }
        let done = DispatchSemaphore(value: 0)
        let json = self.json
        queue.async { [self] in
            while hang { Platform.sleep(seconds: 60) }
            let e = Self.examine(bytes, json: json)
            result.withLock { $0 = e }
            done.signal()
        }
        if done.wait(timeout: .now() + limit) == .success, let e = result.withLock({ $0 }) { return .finished(e) }
        if done.wait(timeout: .now() + grace) == .success, let e = result.withLock({ $0 }) { return .slow(e) }
        return .hung
    }
}
