/// The Apple formats recognised by their signature and not decoded (`AppleFormat`: the table), and
/// GNUstep archives (`GNUstep archive`, a format incompatible with Apple's typedstream). Each is
/// named in a note (`UnreadableGraph`) and exit status 2, never damage.
package struct RecognisedFormat: FormatDescriptor {
    package init() {}

    static let gnustep = Array("GNUstep archive".utf8)

    package func owns(_ format: ContainerFormat) -> Bool {
        switch format {
        case .apple, .gnustepArchive: true
        default: false
        }
    }

    package func displayName(of format: ContainerFormat) -> String {
        if case .apple(let apple) = format { return apple.description }
        return "GNUstep archive"
    }

    package func jsonName(of format: ContainerFormat) -> String {
        if case .apple(let apple) = format { return "apple-" + apple.jsonName }
        return "gnustep-archive"
    }

    package func probeSignature(_ bytes: InputBytes) -> ContainerFormat? {
        if bytes.matches(Self.gnustep) { return .gnustepArchive }
        return AppleFormat.identify(bytes).map { .apple($0) }
    }

    package func open(_ input: InputBytes, as format: ContainerFormat) -> FormatReading? { nil }
    package func graphKind(of format: ContainerFormat) -> GraphKind { .unreadable }
    package func isDecodable(_ format: ContainerFormat) -> Bool { false }
    package func isRecognised(_ format: ContainerFormat) -> Bool { owns(format) }

    package func notDecodedNote(_ input: InputBytes, _ format: ContainerFormat) -> Diagnostic? {
        switch format {
        case .apple(let apple):
            return apple.note(input)
        case .gnustepArchive:
            return Diagnostic(DocumentCode.gnustepArchive,
                              "this is a GNUstep NSArchiver file (\"GNUstep archive\" signature), a format incompatible with Apple's typedstream; not decoded",
                              range: ByteRange(0, Swift.min(16, input.count)))
        default:
            return nil
        }
    }
}
