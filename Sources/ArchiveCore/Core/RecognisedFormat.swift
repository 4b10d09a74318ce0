/// The Apple formats recognised by their signature and not decoded (`AppleFormat`: the table), and
/// GNUstep archives (`GNUstep archive`, a format incompatible with Apple's typedstream). Each is
/// named in a note (`UnreadableGraph`) and exit status 2, never damage.
struct RecognisedFormat: FormatDescriptor {
    static let gnustep = Array("GNUstep archive".utf8)

    func owns(_ format: ContainerFormat) -> Bool {
        switch format {
        case .apple, .gnustepArchive: true
        default: false
        }
    }

    func displayName(of format: ContainerFormat) -> String {
        if case .apple(let apple) = format { return apple.description }
        return "GNUstep archive"
    }

    func jsonName(of format: ContainerFormat) -> String {
        if case .apple(let apple) = format { return "apple-" + apple.jsonName }
        return "gnustep-archive"
    }

    func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        if bytes.matches(Self.gnustep) { return .gnustepArchive }
        return AppleFormat.identify(bytes).map { .apple($0) }
    }

    func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { nil }
    func graphKind(of format: ContainerFormat) -> GraphKind { .unreadable }
    func isDecodable(_ format: ContainerFormat) -> Bool { false }
    func isRecognised(_ format: ContainerFormat) -> Bool { owns(format) }
}
