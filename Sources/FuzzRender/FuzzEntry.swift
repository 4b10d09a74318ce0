import FuzzRenderSupport
import FuzzSupport

/// libFuzzer entry: the input is a document plus a key script (`RenderFuzzInput`), opened and browsed
/// on a virtual 100x30 screen (`RenderFuzzing`): without keys, the fixed session that opens every pane;
/// with keys, the keys libFuzzer chose, one screen after the last. Every cell of every drawn screen must
/// be display-safe. The full `--dump`/`--json` path over whole files is the corruption campaign's
/// (`FuzzCheck.document`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.require(RenderFuzzing.problems(RenderFuzzInput(UnsafeBufferPointer(start: data, count: size))), "rendered screen")
    return 0
}
